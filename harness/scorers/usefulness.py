"""Usefulness: the output would have helped the host, i.e. it agrees with the host's judgement
(parity) and cites the decisive evidence (evidence fidelity). Derived: it reads those two scorers'
values for the case, never the case itself."""

from __future__ import annotations

from harness.metrics.spec import rate
from harness.scorers.base import Inputs, Score, derived
from harness.scorers.evidence import evidence_fidelity
from harness.scorers.parity import parity
from harness.scorers.values import UsefulnessValues


@derived(
    "usefulness",
    inputs=(parity, evidence_fidelity),
    values=UsefulnessValues,
    metrics=[rate("useful", better="higher", description="share of runs judged useful")],
)
def usefulness(scores: Inputs) -> Score[UsefulnessValues]:
    match = scores.of(parity).values["match"]
    evidence = scores.of(evidence_fidelity)
    if match is None:
        return Score({"useful": None}, "no host judgement for this stage, usefulness unknown")
    decisive = [d for d in evidence.details if d.get("kind") == "decisive"]
    cited = [str(d["evidence"]) for d in decisive if d.get("cited")]
    # A package without decisive evidence cannot ask for it; agreement alone decides then.
    cites_enough = bool(cited) or not decisive
    useful = match and cites_enough
    why = [
        "agrees with the host" if match else "disagrees with the host",
        f"cites decisive {', '.join(cited)}" if cited
        else ("no decisive evidence named by the host" if not decisive
              else f"cites none of {', '.join(str(d['evidence']) for d in decisive)}"),
    ]  # fmt: skip
    return Score({"useful": useful}, ("useful: " if useful else "not useful: ") + "; ".join(why))
