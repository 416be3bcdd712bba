"""What ``shadow validate`` checks in a package beyond its schema.

The schema refuses what cannot be loaded at all; these rules flag a package that loads but
cannot be a true record of what the host saw, so its cases would score the model against an
impossible situation. Each rule takes a package and the time of the check and returns
``(field, message)`` findings; ``CHECKS`` is the one list of them (add a rule there).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from harness.schema import Package

Finding = tuple[str, str]
Check = Callable[[Package, datetime], list[Finding]]


def _iso(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def context_after_recording(package: Package, now: datetime) -> list[Finding]:
    """The context is frozen at ``recorded_at``: no item of it, nor the activation, can be later."""
    found: list[Finding] = []
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


def host_outcome_in_future(package: Package, now: datetime) -> list[Finding]:
    """The host outcome may be learned after the recording, but not after the check itself."""
    found: list[Finding] = []
    for i, receipt in enumerate(package.host.receipts):
        if receipt.at > now:
            found.append((f"host.receipts.{i}.at", f"{_iso(receipt.at)} is in the future"))
    for i, check in enumerate(package.host.checks):
        if check.at > now:
            found.append((f"host.checks.{i}.at", f"{_iso(check.at)} is in the future"))
    return found


CHECKS: tuple[Check, ...] = (context_after_recording, host_outcome_in_future)


def check_package(package: Package, now: datetime | None = None) -> list[Finding]:
    """Every rule's findings on one package, in ``CHECKS`` order."""
    moment = now or datetime.now(UTC)
    return [finding for check in CHECKS for finding in check(package, moment)]
