"""The encoder detector's claim support (harness/detectors/encoder.py, ``support_encoder`` adapter):
its numpy pass gives torch's label probabilities, its verdict is the label most probable by the
mean of the encoder's and the support layer's probabilities, and an adapter that is no support
judge is refused.

torch's answers are in ``tests/data/support_encoder_reference.json``, written with the adapter by
``python -m tools.support_encoder export`` (README, "The encoder detector"). The tests that run the
model need the ``encoder`` extra and the base model package; CI installs both.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest

from harness.calibrate.formats import SupportLine, items, read_set
from harness.calibrate.judge_lines import judge_set
from harness.detectors import make_detector
from harness.detectors.base import SUPPORT_LABELS, DetectorError, SupportQuestion
from harness.detectors.encoder import EncoderDetector, EncoderJudge
from harness.detectors.minilm import ADAPTED, LAYERS
from harness.detectors.support_layer import support_features
from tests.encoder_helpers import LAYER, needs_model

DATA = Path(__file__).parent / "data"
REFERENCE = json.loads((DATA / "support_encoder_reference.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def judge() -> EncoderJudge:
    return EncoderJudge.shipped("support_encoder")


def _softmax(z: np.ndarray) -> np.ndarray:
    e = np.exp(z - z.max())
    out: np.ndarray = e / e.sum()
    return out


@needs_model
def test_the_numpy_pass_gives_torchs_label_probabilities(judge: EncoderJudge) -> None:
    got = np.array([_softmax(judge.encoder.logits(r["ids"], r["type_ids"])) for r in REFERENCE])
    want = np.array([r["torch_p"] for r in REFERENCE])
    assert got.shape == want.shape == (41, 3)
    assert np.abs(got - want).max() < 1e-4
    # Not one answer for every pair: each label is the most probable for some reference line.
    assert set(want.argmax(axis=1)) == {0, 1, 2}


@needs_model
def test_the_tokenizer_gives_the_ids_the_adapter_was_trained_on(judge: EncoderJudge) -> None:
    fitting = [r for r in REFERENCE if r["transformers_ids"] is not None]
    assert len(fitting) == 40
    for r in fitting:
        ids, _ = judge.tokens.pair(r["sentence"], r["receipts"])
        assert ids == r["transformers_ids"] == r["ids"]


def test_the_shipped_adapter_is_the_one_its_manifest_names() -> None:
    manifest = json.loads((LAYER / "support_encoder.json").read_text("utf-8"))
    blob = (LAYER / "support_encoder.npz").read_bytes()
    assert hashlib.sha256(blob).hexdigest() == manifest["adapter_sha256"]
    assert len(blob) < 1_000_000
    assert manifest["labels"] == list(SUPPORT_LABELS)
    with (LAYER / "support_encoder.npz").open("rb") as fh:
        adapter = dict(np.load(fh))
    maps = [f"encoder.encoder.layer.{i}.{m}" for i in range(LAYERS) for m in ADAPTED]
    assert sorted(adapter) == sorted(
        [f"{m}.{ab}" for m in maps for ab in "AB"] + ["head.bias", "head.weight"]
    )
    assert adapter["head.weight"].shape == (3, 384)


def test_the_sets_it_was_trained_on_are_unchanged() -> None:
    # A labelled line fixed after training leaves the adapter stale: retrain, then export.
    manifest = json.loads((LAYER / "support_encoder.json").read_text("utf-8"))
    below = manifest["recipe"]["below"]
    assert len(manifest["sets"]) >= 300
    for name, digest in manifest["sets"].items():
        assert int(name.split("/")[0].removeprefix("heldout")) < below
        assert hashlib.sha256((DATA / name).read_bytes()).hexdigest() == digest, name


def _question() -> SupportQuestion:
    line = SupportLine.model_validate(
        {"id": "s1", "scene": "s", "agent": "uhdim", "claim": "Mara has the rebook note.",
         "label": "contradicted",
         "evidence": [{"id": "r1", "kind": "receipt", "source": "outbox/receipts",
                       "at": "2026-08-14T08:05:00Z",
                       "text": "message.send to mara: wind-hold rebook note, queued",
                       "data": {"action": "message.send", "target": "mara", "status": "queued"}}]}
    )  # fmt: skip
    return SupportQuestion(line.claim, items(line.evidence))


@needs_model
def test_the_verdict_is_the_label_most_probable_by_the_mean(judge: EncoderJudge) -> None:
    detector = EncoderDetector(support_judge=judge)
    q = _question()
    verdict = detector.support(q)
    encoder = judge.support(q)
    lexical = detector.learned.lexical.support(q)
    layer, _ = detector.learned.support_layer.weigh(support_features(q, lexical))
    mean = {k: (encoder[k] + layer[k]) / 2 for k in SUPPORT_LABELS}
    assert verdict.label == max(mean, key=lambda k: mean[k]) == "contradicted"
    assert f"contradicted {encoder['contradicted']:.2f}" in verdict.why
    assert f"contradicted {layer['contradicted']:.2f}" in verdict.why
    assert verdict.detector == "encoder"
    assert sum(encoder.values()) == pytest.approx(1.0)


@needs_model
def test_an_adapter_that_is_no_support_judge_is_refused() -> None:
    completion_judge = EncoderJudge.shipped("encoder")
    with pytest.raises(DetectorError, match="not a support judge"):
        completion_judge.support(_question())


@needs_model
def test_a_support_adapter_folder_loads_as_the_shipped_one_does(
    tmp_path: Path, judge: EncoderJudge
) -> None:
    for name in ("support_encoder.npz", "support_encoder.json"):
        (tmp_path / name).write_bytes((LAYER / name).read_bytes())
    detector = make_detector("encoder", {"support_adapter": str(tmp_path)})
    assert isinstance(detector, EncoderDetector)
    q = _question()
    assert detector.support_judge.support(q) == pytest.approx(judge.support(q))


#: The encoder detector's claim-support lines right and polarity pairs right at each set's first
#: contact (tests/data/heldoutN/FIRST_CONTACT.md; 384-387 measured once at 1196d67, 2026-12-07
#: 10:18-10:20 UTC). The adapter trained on sets 1-383: every set before them is a development set.
SUPPORT_FIRST_CONTACT = {
    **{"heldout384": (93, 36), "heldout385": (97, 39), "heldout386": (96, 39)},
    **{"heldout387": (100, 40)},
    # The second round, at bfce315 (judging as 1196d67), 2026-12-07 10:48-10:53 UTC.
    **{"heldout388": (97, 40), "heldout389": (99, 39), "heldout390": (91, 36)},
    **{"heldout391": (98, 39)},
    # Measured once at 5a24e22, 2026-12-07 11:27-11:29 UTC.
    **{"heldout392": (94, 38)},
    **{"heldout393": (97, 39)},
    **{"heldout394": (95, 38)},
    **{"heldout395": (96, 38)},
    # Measured once at 1843913, 2026-12-07 13:39-13:45 UTC.
    **{"heldout396": (96, 38)},
    **{"heldout397": (74, 23)},
    **{"heldout398": (96, 39)},
    **{"heldout399": (99, 40)},
    **{"heldout400": (93, 36)},
    **{"heldout401": (92, 38)},
    **{"heldout402": (89, 33)},
    **{"heldout403": (95, 37)},
    # Measured once at 19d9596, 2026-12-07 18:22-18:36 UTC.
    **{"heldout404": (94, 36)},
    **{"heldout405": (98, 39)},
    **{"heldout406": (95, 37)},
    **{"heldout407": (91, 35)},
    # Measured once at da48c34, 2026-12-07 19:38-19:44 UTC.
    **{"heldout408": (89, 34)},
    **{"heldout409": (79, 30)},
    **{"heldout410": (81, 33)},
    **{"heldout411": (96, 39)},
    # Measured once at 92e649d, 2026-12-07 21:14-21:24 UTC.
    **{"heldout412": (96, 39)},
    **{"heldout413": (93, 37)},
    **{"heldout414": (93, 35)},
    **{"heldout415": (94, 37)},
    # Measured once at d82209a, 2026-12-08 00:04-00:21 UTC.
    **{"heldout416": (89, 33)},
    **{"heldout417": (79, 32)},
    **{"heldout418": (95, 38)},
    **{"heldout419": (96, 39)},
}


@needs_model
@pytest.mark.parametrize(("folder", "floor"), sorted(SUPPORT_FIRST_CONTACT.items()))
def test_no_fewer_lines_and_pairs_right_than_at_first_contact(
    judge: EncoderJudge, folder: str, floor: tuple[int, int]
) -> None:
    outcomes, problems = judge_set(
        read_set(DATA / folder / "support.jsonl"), EncoderDetector(support_judge=judge)
    )
    assert not problems
    right = {o.id: o.labelled == o.predicted for o in outcomes}
    lines = [ln for ln in read_set(DATA / folder / "support.jsonl").lines
             if isinstance(ln, SupportLine)]  # fmt: skip
    pairs = {frozenset({ln.id, ln.pair}) for ln in lines if ln.pair}
    assert sum(right.values()) >= floor[0]
    assert sum(all(right[i] for i in p) for p in pairs) >= floor[1]
