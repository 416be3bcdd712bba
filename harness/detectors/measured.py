"""How far each text detector can be trusted: its figures at first contact with the newest blind
set (docs/labelled-sets.md, the blind protocol), shown in every report beside the metrics it makes.

A report that says "0 invented completions" means "0 that the detector caught". Which share of
invented completions it catches on text nobody tuned it to is known only from a blind set's first
contact, so the report quotes that figure next to the counts instead of leaving the reader to
assume a perfect detector. The table is data, updated by hand when a blind set is measured;
``tests/test_detector_trust.py`` checks that each row's set and figures are the ones its
``FIRST_CONTACT.md`` records.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FirstContact:
    """One detector's figures on one judgement at first contact with a blind set."""

    scorer: str  # the scorer whose metrics the judgement makes
    judgement: str  # the labelled-set kind: completion, support, repeat
    detector: str
    blind_set: str  # the folder under tests/data holding the set and its FIRST_CONTACT.md
    measured: str  # when, and on which commit
    figure: str  # as FIRST_CONTACT.md states it
    reading: str  # what it means for the scorer's metrics


FIRST_CONTACTS: tuple[FirstContact, ...] = (
    FirstContact(
        scorer="invented_completion",
        judgement="completion",
        detector="lexical",
        blind_set="heldout7",
        measured="2026-12-02 07:24 UTC at ca55b30",
        figure="recall 0.866, precision 0.910",
        reading="it missed about 1 invented completion in 7 and flagged about 1 in 11 wrongly: "
        "its counts are lower bounds, and a gate of 0 events can pass a model that invents some",
    ),
    FirstContact(
        scorer="evidence_fidelity",
        judgement="support",
        detector="lexical",
        blind_set="heldout7",
        measured="2026-12-02 07:24 UTC at ca55b30",
        figure="three-class agreement 0.717, polarity pairs 24/46",
        reading="it errs towards 'unsupported' and misses about 2 contradictions in 5: "
        "supported-claim rates are lower bounds",
    ),
    FirstContact(
        scorer="repeat_checks",
        judgement="repeat",
        detector="lexical",
        blind_set="heldout7",
        measured="2026-12-02 07:24 UTC at ca55b30",
        figure="check matching 25/26, reopening 25/28",
        reading="about one reopening judgement in ten is wrong",
    ),
)


def trust_rows(detectors: dict[str, str]) -> list[dict[str, object]]:
    """One row per scorer of the run whose text judgements a measured detector made
    (``detectors``: scorer -> detector name, as run.json records them)."""
    rows: list[dict[str, object]] = []
    for fc in FIRST_CONTACTS:
        if detectors.get(fc.scorer) != fc.detector:
            continue
        rows.append(
            {
                "metrics": f"{fc.scorer}.*",
                "detector": fc.detector,
                "first contact": f"{fc.figure} (blind set {fc.blind_set}, {fc.measured})",
                "reading": fc.reading,
            }
        )
    return rows
