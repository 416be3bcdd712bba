"""Rules of the package format that a schema alone cannot state, checked by ``shadow validate``.

Each rule is one function of a loaded package returning ``(field, message)`` problems, and
``check_package`` runs them all: the one place the documented rules live (see
recordings/README.md and docs). A package that breaks one still loads and runs; validate reports
it as ``file:line: field: message`` and exits 1.
"""

from __future__ import annotations

from collections.abc import Callable

from harness.schema import Package

Problem = tuple[str, str]


def stages_have_expectations(package: Package) -> list[Problem]:
    """``host.expect`` holds the host's judgement for every stage the package lists."""
    return [
        (f"host.expect.{stage}", f"stage {stage} is listed in stages but has no expectation")
        for stage in package.stages
        if package.host.expect.for_stage(stage) is None
    ]


def receipts_match_their_evidence(package: Package) -> list[Problem]:
    """A host receipt's status is the status its evidence item records."""
    problems = []
    for i, receipt in enumerate(package.host.receipts):
        item = package.evidence(receipt.id)
        data = item.data if item is not None and isinstance(item.data, dict) else {}
        shown = data.get("status")
        if isinstance(shown, str) and shown != receipt.status:
            problems.append(
                (
                    f"host.receipts.{i}.status",
                    f"{receipt.status!r}, but evidence {receipt.id!r} says {shown!r}",
                )
            )
    return problems


def host_only_receipts_stay_out(package: Package) -> list[Problem]:
    """A receipt dated after ``recorded_at`` is one the host learned of later: it belongs to the
    host outcome only, and shown as evidence (above all a succeeded one) it would prove a
    completion nobody could have known of when the session was recorded."""
    return [
        (
            f"host.receipts.{i}.at",
            f"a {receipt.status} receipt dated {receipt.at.isoformat()}, after recorded_at "
            f"{package.recorded_at.isoformat()}, is also evidence item {receipt.id!r}; "
            "host-only receipts stay out of the context",
        )
        for i, receipt in enumerate(package.host.receipts)
        if receipt.at > package.recorded_at and package.evidence(receipt.id) is not None
    ]


RULES: tuple[Callable[[Package], list[Problem]], ...] = (
    stages_have_expectations,
    receipts_match_their_evidence,
    host_only_receipts_stay_out,
)


def check_package(package: Package) -> list[Problem]:
    return [problem for rule in RULES for problem in rule(package)]
