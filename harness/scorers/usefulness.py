"""Usefulness: the output would have helped the host, i.e. it cites decisive evidence and agrees
with the host's judgement."""

from __future__ import annotations

from harness.scorers.base import Score, ScoreContext, scorer
from harness.scorers.evidence import decisive_cited
from harness.scorers.parity import parity_match


@scorer("usefulness")
def usefulness(ctx: ScoreContext) -> Score:
    match = parity_match(ctx)
    decisive = list(ctx.package.host.decisive_evidence)
    cited = decisive_cited(ctx)
    if match is None:
        return Score({"useful": None}, "no host judgement for this stage, usefulness unknown")
    # A package without decisive evidence cannot ask for it; agreement alone decides then.
    cites_enough = bool(cited) or not decisive
    useful = bool(match) and cites_enough
    why = [
        "agrees with the host" if match else "disagrees with the host",
        f"cites decisive {', '.join(cited)}" if cited
        else ("no decisive evidence named by the host" if not decisive
              else f"cites none of {', '.join(decisive)}"),
    ]  # fmt: skip
    return Score({"useful": useful}, ("useful: " if useful else "not useful: ") + "; ".join(why))
