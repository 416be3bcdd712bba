"""What each stage is expected to conclude: one method per stage, mixed into ``Scene``.

Each method writes the stage's expectation and the subject fields that stage reads. Fields the
finished scene determines (preflight inventory, draft ``must_not_assert``) are left for
``assemble`` to compute, so a template cannot type them wrong.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tools.gen_corpus.build import JSON, base


class StageExpectations:
    # Declared here for the type checker; Scene provides them as dataclass fields.
    rng: random.Random
    subject: JSON
    expect: dict[str, JSON]
    tempting: list[str]
    draft_include: list[str] | None

    def reconcile(
        self, belief: str, status: str, facts: Sequence[tuple[str, bool, Sequence[str]]]
    ) -> None:
        self.subject["belief"] = belief
        self.expect["reconcile"] = {
            "status": status,
            "facts": [{"claim": c, "holds": h, "evidence": list(e)} for c, h, e in facts],
        }

    def reconcile_either(
        self, true_belief: str, false_belief: str, facts: Sequence[tuple[str, bool, Sequence[str]]]
    ) -> None:
        """The host may put the belief either way round; the expected status follows the wording."""
        if self.rng.random() < 0.5:
            self.reconcile(true_belief, "supported", facts)
        else:
            self.reconcile(false_belief, "contradicted", facts)

    def preflight(self, mode: str, repeat_risk: Sequence[str] | None = None) -> None:
        # Inventory and default repeat risk are filled in at build time from the finished scene.
        self.expect["preflight"] = {"recommended_mode": mode, "repeat_risk": repeat_risk}

    def inquire(self, keywords: Sequence[str], citations: Sequence[str]) -> None:
        self.expect["inquire"] = {"answer_keywords": list(keywords), "citations": list(citations)}

    def analyze(
        self,
        artifacts: Sequence[JSON],
        checks: Sequence[str],
        verdict: str,
        anomalies: Sequence[str],
    ) -> None:
        self.subject["artifacts"] = list(artifacts)
        self.subject["checks"] = list(checks)
        self.expect["analyze"] = {"verdict": verdict, "anomalies": list(anomalies)}

    def plan(self, goal: str, decisions: Sequence[str], writes: Sequence[str]) -> None:
        self.subject["goal"] = goal
        self.expect["plan"] = {
            "host_decisions_required": list(decisions),
            "write_capabilities": list(writes),
        }

    def execute(
        self,
        goal: str,
        artifacts: Sequence[JSON],
        reads: Sequence[tuple[str, str, str]],
        outputs: Sequence[str],
    ) -> None:
        """``reads`` are (id, capability, acceptance) read steps; each output gets a write step."""
        assert all(p.startswith("output/") for p in outputs)
        self.subject["execute_goal"] = goal
        self.subject["execute_artifacts"] = list(artifacts)
        steps = [{"id": i, "capability": c, "mode": "read", "acceptance": a} for i, c, a in reads]
        steps += [
            {
                "id": f"write-{base(p).replace('.', '-')}",
                "capability": "artifact.write",
                "mode": "read",
                "acceptance": f"{p} written and declared with its sha256",
            }
            for p in outputs
        ]
        self.subject["plan"] = steps
        self.expect["execute"] = {"artifacts": list(outputs)}

    def critique(
        self, sentences: Sequence[tuple[str, bool]], kind: str, recommendation: str | None = None
    ) -> None:
        """``sentences`` are (sentence, supported); unsupported ones are the expected findings."""
        unsupported = [s for s, ok in sentences if not ok]
        if recommendation is None:
            recommendation = "not_ready" if unsupported else "ready_for_host_review"
        assert not (unsupported and recommendation != "not_ready"), "an overclaim is never ready"
        self.subject["draft"] = " ".join(s for s, _ in sentences)
        self.subject["draft_kind"] = kind
        self.expect["critique"] = {
            "recommendation": recommendation,
            "unsupported_claims": unsupported,
        }

    def draft(
        self, purpose: str, must_include: Sequence[str], tempting: Sequence[str] = ()
    ) -> None:
        self.subject["purpose"] = purpose
        self.draft_include = list(must_include)
        self.tempting.extend(tempting)
        self.expect["draft"] = {}
