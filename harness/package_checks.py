"""Rules of the package format that a schema alone cannot state, checked by ``shadow validate``.

Each rule is one function of a loaded package returning ``(field, message)`` problems, and
``check_package`` runs them all: the one place the documented rules live (see
recordings/README.md and docs). A package that breaks one still loads and runs; validate reports
it as ``file:line: field: message`` and exits 1.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

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


def _iso(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def context_not_after_recording(package: Package) -> list[Problem]:
    """The context is frozen at ``recorded_at``: no item of it, nor the activation, can be later
    (an evidence item, above all a succeeded receipt, dated 2099 proves what had not happened)."""
    found: list[Problem] = []
    if package.activation.at > package.recorded_at:
        found.append((
            "activation.at",
            f"{_iso(package.activation.at)} is after recorded_at {_iso(package.recorded_at)}",
        ))  # fmt: skip
    for i, item in enumerate(package.context):
        if item.at > package.recorded_at:
            status = (item.data or {}).get("status") if item.kind == "receipt" else None
            what = f"a {status} receipt" if isinstance(status, str) else f"{item.kind} {item.id!r}"
            found.append((
                f"context.{i}.at",
                f"{what} dated {_iso(item.at)}, after recorded_at {_iso(package.recorded_at)}; "
                "the context cannot hold what had not happened",
            ))  # fmt: skip
    return found


def host_outcome_not_in_future(package: Package) -> list[Problem]:
    """The host outcome may be learned after the recording, but not after the check itself."""
    now = datetime.now(UTC)
    found: list[Problem] = []
    for i, receipt in enumerate(package.host.receipts):
        if receipt.at > now:
            found.append((f"host.receipts.{i}.at", f"{_iso(receipt.at)} is in the future"))
    for i, check in enumerate(package.host.checks):
        if check.at > now:
            found.append((f"host.checks.{i}.at", f"{_iso(check.at)} is in the future"))
    return found


RULES: tuple[Callable[[Package], list[Problem]], ...] = (
    stages_have_expectations,
    receipts_match_their_evidence,
    host_only_receipts_stay_out,
    context_not_after_recording,
    host_outcome_not_in_future,
)


def check_package(package: Package) -> list[Problem]:
    return [problem for rule in RULES for problem in rule(package)]
