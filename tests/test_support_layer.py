"""The learned support layer: the shipped weights are the ones the shipped sets train, it judges
claims (hard negatives among them) as a user relies on, says why, and draws few false supports on
real model text."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import pytest

from harness.calibrate.formats import LabelledEvidence, SupportLine, read_set
from harness.calibrate.judge_lines import judge_set
from harness.calibrate.metrics import pairs_right as pairs_judged_right
from harness.detectors.base import SupportQuestion
from harness.detectors.layer_features import COLUMNS
from harness.detectors.learned import LearnedDetector
from harness.detectors.support_layer import SupportLayer
from harness.schema import EvidenceItem
from tests.layer_helpers import assert_trained_or_measured
from tools.support_layer import Judged, mismatched, pairs_right, set_files, train

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
LAYER = ROOT / "harness" / "detectors" / "layer"
AT = datetime(2026, 10, 14, 9, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def detector() -> LearnedDetector:
    return LearnedDetector()


def _receipt(status: str, said: str) -> EvidenceItem:
    return EvidenceItem(id="r1", kind="receipt", source="host/receipts/r1.json", at=AT,
                        text=f"message.send to patrick: note about the proofs, {said}",
                        data={"action": "message.send", "target": "patrick", "status": status})  # fmt: skip


QUEUED = _receipt("queued", "queued")
DELIVERED = _receipt("succeeded", "delivered 09:02")
BEAT = EvidenceItem(id="h1", kind="heartbeat", source="journal", at=AT,
                    text="Heartbeat: no reply from Ines yet; render still running.")  # fmt: skip

CASES = (
    ("Patrick has the note about the proofs.", QUEUED, "contradicted"),
    ("Patrick does not have the note about the proofs yet.", QUEUED, "supported"),
    ("Patrick has the note about the proofs.", DELIVERED, "supported"),
    ("Patrick never got the note about the proofs.", DELIVERED, "contradicted"),
    ("Ines has not replied yet.", BEAT, "supported"),
    ("Ines has replied.", BEAT, "contradicted"),
    ("The render is finished.", BEAT, "contradicted"),
    # Hard negatives: evidence of another thing, however done or negated its words.
    ("The invoice for the gallery was paid.", DELIVERED, "unsupported"),
    ("The quarterly sales rose by 4.5%.", BEAT, "unsupported"),
    ("The test results are passed.", BEAT, "unsupported"),
)


@pytest.mark.parametrize(("claim", "item", "label"), CASES)
def test_claims_judged_as_their_evidence_says(
    detector: LearnedDetector, claim: str, item: EvidenceItem, label: str
) -> None:
    assert detector.support(SupportQuestion(claim, [item])).label == label


@pytest.mark.xfail(strict=True, reason="known miss: 'still' in an item leans to contradicted, and "
                   "the layer has no feature for a claim that echoes the item's ongoing state")  # fmt: skip
def test_a_claim_echoing_an_ongoing_state_is_supported(detector: LearnedDetector) -> None:
    assert detector.support(SupportQuestion("The render is still running.", [BEAT])).label == (
        "supported"
    )


def test_a_verdict_says_what_weighed_and_what_the_rules_said(detector: LearnedDetector) -> None:
    verdict = detector.support(SupportQuestion("Patrick has the note about the proofs.", [QUEUED]))
    assert verdict.detector == "learned"
    assert verdict.why.startswith("learned layer: contradicted p(supported) ")
    assert "(lexical: contradicted; weighing most towards contradicted: " in verdict.why
    assert "; lexical reason: " in verdict.why


def test_weights_of_another_shape_or_labels_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "layer").mkdir()
    monkeypatch.setattr("harness.detectors.layer_features.resources.files", lambda _: tmp_path)
    manifest = {"labels": ["supported", "contradicted", "unsupported"], "intercepts": [0, 0, 0]}
    (tmp_path / "layer" / "support.json").write_text(json.dumps(manifest))
    np.save(tmp_path / "layer" / "support.npy", np.zeros((10, 3), dtype=np.float32))
    with pytest.raises(ValueError, match=r"layer/support.npy: \(10, 3\) weights"):
        SupportLayer.shipped()
    np.save(tmp_path / "layer" / "support.npy", np.zeros((COLUMNS, 3), dtype=np.float32))
    manifest["labels"] = ["contradicted", "supported", "unsupported"]
    (tmp_path / "layer" / "support.json").write_text(json.dumps(manifest))
    with pytest.raises(ValueError, match="labels"):
        SupportLayer.shipped()


def _line(id_: str, claim: str, text: str) -> SupportLine:
    evidence = LabelledEvidence(id="e1", kind="note", source="notes", at=AT, text=text)
    return SupportLine(id=id_, scene="s", agent="uhdim", claim=claim, evidence=[evidence],
                       label="supported")  # fmt: skip


def test_mismatched_lines_put_a_claim_to_the_set_befores_evidence() -> None:
    sets = {"heldout7": [_line("a1", "Seven paid.", "paid seven"), _line("a2", "x", "y")],
            "heldout10": [_line("b1", "Ten sent.", "sent ten"), _line("b2", "Ten2.", "t"),
                          _line("b3", "Ten3.", "u")]}  # fmt: skip

    def judge(name: str, id_: str, pair: str | None, claim: str,
              evidence: list[LabelledEvidence], label: str) -> Judged:  # fmt: skip
        return Judged(name, id_, pair, ["supported", "contradicted", "unsupported"].index(label),
                      2, (claim, evidence[0].text))  # fmt: skip

    rows = mismatched(sets, judge)  # type: ignore[arg-type]
    # Every second line of 10 (b1, b3), each with the line of 7 at the same place, cycling.
    assert [(r.set, r.id, r.evidence_of, r.features, r.label) for r in rows] == [
        ("heldout10", "b1", "heldout7", ("Ten sent.", "paid seven"), 2),
        ("heldout10", "b3", "heldout7", ("Ten3.", "paid seven"), 2),
    ]


def test_polarity_pairs_are_counted_within_their_own_set() -> None:
    rows = [Judged(s, i, p, 0, 0, ()) for s in ("heldout1", "heldout2")
            for i, p in (("a", "b"), ("b", "a"))]  # fmt: skip
    # Set 1's pair right, set 2's 'b' wrong: one of two pairs, though the ids repeat.
    assert pairs_right(rows, [0, 0, 0, 1]) == (1, 2)


def test_every_labelled_set_trained_the_layer_or_was_its_first_contact() -> None:
    # a retrain: python -m tools.support_layer train
    assert_trained_or_measured(LAYER / "support.json", set_files(DATA), "support.jsonl (learned)")


def test_retraining_on_the_manifest_sets_gives_the_shipped_weights(tmp_path: Path) -> None:
    # The lexical verdict is a feature: a change to the support rules fails this test until the
    # layer is retrained (python -m tools.support_layer train --sets-of <manifest>).
    manifest = json.loads((LAYER / "support.json").read_text())
    train(DATA, tmp_path, lam=manifest["lam"], only=set(manifest["sets"]))
    shipped, again = SupportLayer.shipped(), np.load(tmp_path / "support.npy")
    assert again.shape == (COLUMNS, 3)
    # Within the optimiser's tolerance, which another CPU's BLAS kernels land elsewhere in (up
    # to 0.002 apart, 2026-12-06): the completion layer's test says how far stale weights are.
    assert float(np.max(np.abs(shipped.weights - again))) < 1e-2
    fresh = json.loads((tmp_path / "support.json").read_text())
    # The intercepts converge more loosely than the weights: on one machine (an AVX-512 EPYC,
    # 2026-12-07) the same sets gave 0.529, 0.528 and 0.545 for the first against the shipped
    # 0.541 with OpenBLAS's default kernel and threads, the Haswell kernel and one thread, the
    # weights within 0.0034 each time. The weights above are what catches a stale layer.
    assert np.allclose(fresh["intercepts"], shipped.intercepts, atol=3e-2)
    assert fresh["sets"] == manifest["sets"]
    assert fresh["mismatched"] == manifest["mismatched"]


def test_real_model_text_draws_few_false_supports(detector: LearnedDetector) -> None:
    # Real SmolLM2 claims (never trained on; development sets: the mismatched lines were added
    # after reading them). The rules get 144 of 146 right (143 before session 33); each of the
    # layer's three versions 141, every miss a claim labelled unsupported (README, "The learned
    # support layer").
    right = wrong_support = 0
    for name in ("real_smollm2", "real_smollm2d"):
        outcomes, problems = judge_set(read_set(DATA / name / "support.jsonl"), detector)
        assert not problems
        right += sum(o.labelled == o.predicted for o in outcomes)
        wrong_support += sum(o.labelled == "unsupported" != o.predicted for o in outcomes)
    assert right >= 141
    assert wrong_support <= 5


#: The support layer's lines right and polarity pairs right at each set's first contact
#: (tests/data/heldoutN/FIRST_CONTACT.md): 288-291 met its first version (the second trained on
#: them, so for it these are development floors), 292-303 the second (the third trained on them,
#: development floors for it), 304-383 the third, which never trained on them. Eleven floors
#: sit one or two lines below their first contact ("see above"): the third version was refitted
#: (same sets, 1-303) to the claim-support rules of session 36, whose verdicts its features
#: read; over 304-343 the refit gets 3,654 lines and 1,433 pairs right against 3,646 and 1,425
#: before it, the change spread unevenly over the sets (a refit moves a few lines either way).
LEARNED_FIRST_CONTACT = {
    "heldout288": (92, 37),
    "heldout289": (96, 38),
    "heldout290": (88, 35),
    "heldout291": (91, 35),
    "heldout292": (90, 35),
    "heldout293": (94, 37),
    "heldout294": (89, 35),
    "heldout295": (93, 37),
    "heldout296": (93, 35),
    "heldout297": (90, 36),
    "heldout298": (93, 36),
    "heldout299": (86, 33),
    "heldout300": (86, 34),
    "heldout301": (92, 35),
    "heldout302": (89, 34),
    "heldout303": (93, 36),
    "heldout304": (93, 37),  # first contact (94, 38); see above
    "heldout305": (92, 36),
    "heldout306": (90, 35),  # first contact (92, 36); see above
    "heldout307": (86, 35),
    "heldout308": (95, 38),  # first contact (96, 38); see above
    "heldout309": (96, 38),  # first contact (98, 39); see above
    "heldout310": (75, 28),
    "heldout311": (90, 36),
    "heldout312": (92, 36),
    "heldout313": (89, 34),  # first contact (90, 34); see above
    "heldout314": (96, 38),
    "heldout315": (93, 38),
    "heldout316": (94, 38),
    "heldout317": (93, 35),  # first contact (94, 36); see above
    "heldout318": (86, 34),
    "heldout319": (96, 38),  # first contact (97, 38); see above
    "heldout320": (83, 32),
    "heldout321": (86, 32),  # first contact (87, 33); see above
    "heldout322": (87, 34),
    "heldout323": (91, 36),
    "heldout324": (87, 33),  # first contact (89, 34); see above
    "heldout325": (84, 34),
    "heldout326": (90, 35),
    "heldout327": (93, 36),
    "heldout328": (94, 35),
    "heldout329": (90, 36),
    "heldout330": (89, 33),
    "heldout331": (91, 34),  # first contact (92, 35); see above
    "heldout332": (91, 35),
    "heldout333": (92, 35),
    "heldout334": (90, 36),  # first contact (91, 36); see above
    "heldout335": (90, 36),
    "heldout336": (87, 35),
    "heldout337": (92, 35),
    "heldout338": (94, 37),
    "heldout339": (92, 35),
    "heldout340": (88, 33),
    "heldout341": (93, 36),
    "heldout342": (97, 39),
    "heldout343": (96, 38),
    "heldout344": (90, 36),
    "heldout345": (97, 39),
    "heldout346": (86, 36),
    "heldout347": (86, 33),
    "heldout348": (86, 33),
    "heldout349": (89, 35),
    "heldout350": (89, 36),
    "heldout351": (89, 34),
    "heldout352": (91, 37),
    "heldout353": (82, 31),
    "heldout354": (86, 33),
    "heldout355": (95, 38),
    "heldout356": (88, 35),
    "heldout357": (94, 37),
    "heldout358": (76, 27),
    "heldout359": (89, 34),
    "heldout360": (92, 37),
    "heldout361": (96, 38),
    "heldout362": (88, 36),
    "heldout363": (84, 34),
    "heldout364": (83, 32),
    "heldout365": (82, 32),
    "heldout366": (93, 38),
    "heldout367": (95, 39),
    "heldout368": (84, 31),
    "heldout369": (94, 37),
    "heldout370": (91, 35),
    "heldout371": (93, 36),
    "heldout372": (88, 34),
    "heldout373": (89, 35),
    "heldout374": (91, 36),
    "heldout375": (84, 32),
    "heldout376": (88, 35),
    "heldout377": (86, 35),
    "heldout378": (79, 33),
    "heldout379": (89, 34),
    "heldout380": (89, 35),
    "heldout381": (94, 38),
    "heldout382": (92, 37),
    "heldout383": (86, 34),
    # The fourth version (session 41, trained on every set, 1-383: for it each floor above is a
    # development floor) met 384-387 first, at 1196d67, 2026-12-07 10:18-10:20 UTC.
    "heldout384": (90, 33),
    "heldout385": (91, 36),
    "heldout386": (98, 40),
    "heldout387": (98, 38),
    # Its second round, at bfce315 (judging as 1196d67), 2026-12-07 10:48-10:53 UTC.
    "heldout388": (91, 37),
    "heldout389": (99, 39),
    "heldout390": (87, 33),
    "heldout391": (95, 38),
    # Measured once at 5a24e22, 2026-12-07 11:27-11:29 UTC.
    "heldout392": (92, 38),
    "heldout393": (91, 35),
    "heldout394": (90, 37),
    "heldout395": (96, 38),
    # Measured once at 1843913, 2026-12-07 13:39-13:45 UTC.
    "heldout396": (93, 37),
    "heldout397": (80, 28),
    "heldout398": (94, 39),
    "heldout399": (95, 38),
    "heldout400": (90, 35),
    "heldout401": (85, 32),
    "heldout402": (87, 31),
    "heldout403": (94, 37),
    # Measured once at 19d9596, 2026-12-07 18:22-18:36 UTC.
    "heldout404": (82, 30),
    "heldout405": (98, 39),
    "heldout406": (92, 36),
    "heldout407": (85, 32),
    # Measured once at da48c34, 2026-12-07 19:38-19:44 UTC.
    "heldout408": (87, 34),
    "heldout409": (78, 29),
    "heldout410": (73, 29),
    "heldout411": (94, 39),
    # Measured once at 92e649d, 2026-12-07 21:14-21:24 UTC.
    "heldout412": (89, 36),
    "heldout413": (86, 35),
    "heldout414": (95, 37),
    "heldout415": (91, 36),
    # Measured once at d82209a, 2026-12-08 00:04-00:21 UTC.
    "heldout416": (89, 33),
    "heldout417": (81, 32),
    "heldout418": (90, 36),
    # first contact 93: the rule read off 419 that makes "circled back with" a send (48dfae7) moved
    # the layer's features on b419-sup-s06 (a claim beside a plan to circle back), one line
    "heldout419": (92, 37),
}


@pytest.mark.parametrize(("folder", "floors"), sorted(LEARNED_FIRST_CONTACT.items()))
def test_no_fewer_right_than_at_first_contact(
    detector: LearnedDetector, folder: str, floors: tuple[int, int]
) -> None:
    outcomes, problems = judge_set(read_set(DATA / folder / "support.jsonl"), detector)
    assert not problems
    assert sum(o.labelled == o.predicted for o in outcomes) >= floors[0]
    assert pairs_judged_right(outcomes)[0] >= floors[1]
