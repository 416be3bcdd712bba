"""A pi session file (``docs/session-format.md`` in badlogic/pi-mono, version 3) as the evidence
items of a package skeleton.

The session is a tree of entries linked by ``id``/``parentId``; the conversation that counts is
the path from the last entry (the leaf) to the root. Each message on it becomes one evidence item:

- user and custom messages -> ``message``; assistant text -> ``session`` (what the agent said is a
  claim, never proof);
- a tool result -> ``receipt`` with ``data.status`` ``succeeded`` or ``failed`` (the tool really
  ran: this is what proves an action), ``data.action`` ``pi.<tool>`` and the target from the call;
- a bash execution -> ``receipt`` (exit code 0 succeeded, else failed);
- compaction and branch summaries -> ``journal`` (a summary, not a record).

The host outcome is left empty: only the host knows what it really did (see the README). A bad
line is reported with its line number and skipped; the rest is kept.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from harness.schema import Package, Stage
from harness.schema.package import Activation, EvidenceItem, HostOutcome

_MAX_TEXT = 4000


@dataclass
class Imported:
    package: Package
    problems: list[str] = field(default_factory=list)


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [
            str(p.get("text", ""))
            for p in content
            if isinstance(p, dict) and p.get("type") == "text"
        ]
        return "\n".join(part for part in parts if part)
    return ""


def _when(entry: dict[str, Any], message: dict[str, Any] | None) -> datetime | None:
    stamp = entry.get("timestamp")
    if isinstance(stamp, str):
        try:
            parsed = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
        except ValueError:
            parsed = None
        if parsed is not None:
            return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)
    millis = (message or {}).get("timestamp")
    if isinstance(millis, int | float) and not isinstance(millis, bool):
        return datetime.fromtimestamp(millis / 1000, tz=UTC)
    return None


def _target(args: Any) -> str:
    if not isinstance(args, dict):
        return ""
    for key in ("path", "file_path", "command", "pattern", "url"):
        if isinstance(args.get(key), str):
            return str(args[key])
    return ""


def read_entries(
    path: Path,
) -> tuple[dict[str, Any] | None, list[tuple[int, dict[str, Any]]], list[str]]:
    header: dict[str, Any] | None = None
    entries: list[tuple[int, dict[str, Any]]] = []
    problems: list[str] = []
    with path.open("r", encoding="utf-8", errors="replace") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                value = json.loads(line)
            except json.JSONDecodeError as exc:
                problems.append(f"{path}:{number}: not JSON ({exc.msg}); line skipped")
                continue
            if not isinstance(value, dict) or not isinstance(value.get("type"), str):
                problems.append(f"{path}:{number}: type: missing; line skipped")
                continue
            if value["type"] == "session":
                header = header or value
                continue
            if not isinstance(value.get("id"), str):
                problems.append(f"{path}:{number}: id: missing; line skipped")
                continue
            entries.append((number, value))
    return header, entries, problems


def leaf_path(entries: list[tuple[int, dict[str, Any]]]) -> list[tuple[int, dict[str, Any]]]:
    """Root-to-leaf entries of the branch ending at the last entry (a v1 file has no parents:
    every entry is on the one line)."""
    if not entries:
        return []
    by_id = {entry["id"]: (number, entry) for number, entry in entries}
    if all("parentId" not in entry for _n, entry in entries):
        return entries
    path: list[tuple[int, dict[str, Any]]] = []
    current: tuple[int, dict[str, Any]] | None = entries[-1]
    seen: set[str] = set()
    while current is not None and current[1]["id"] not in seen:
        seen.add(current[1]["id"])
        path.append(current)
        parent = current[1].get("parentId")
        current = by_id.get(parent) if isinstance(parent, str) else None
    return list(reversed(path))


def _items(
    path: Path, chain: list[tuple[int, dict[str, Any]]], problems: list[str]
) -> list[EvidenceItem]:
    items: list[EvidenceItem] = []
    calls: dict[str, dict[str, Any]] = {}
    source = f"pi-session/{path.name}"
    for number, entry in chain:
        kind = entry["type"]
        message = entry.get("message") if isinstance(entry.get("message"), dict) else None
        at = _when(entry, message)
        if at is None:
            problems.append(f"{path}:{number}: timestamp: missing or unreadable; entry skipped")
            continue
        ident = f"pi:{entry['id']}"

        def add(
            evidence_kind: Any,
            text: str,
            data: dict[str, Any] | None = None,
            ident: str = ident,
            at: datetime = at,
        ) -> None:
            if text.strip() or data:
                items.append(
                    EvidenceItem(
                        id=ident,
                        kind=evidence_kind,
                        source=source,
                        at=at,
                        text=text[:_MAX_TEXT],
                        data=data,
                    )
                )

        if kind in ("compaction", "branch_summary"):
            add("journal", str(entry.get("summary", "")))
        elif kind == "custom_message":
            add("message", _text(entry.get("content")))
        elif kind == "message" and message is not None:
            role = message.get("role")
            if role == "user":
                add("message", _text(message.get("content")), {"from": "user"})
            elif role == "assistant":
                content = message.get("content")
                for part in content if isinstance(content, list) else []:
                    if isinstance(part, dict) and part.get("type") == "toolCall":
                        calls[str(part.get("id"))] = part
                add("session", _text(content), {"from": "assistant", "model": message.get("model")})
            elif role == "toolResult":
                call = calls.get(str(message.get("toolCallId")), {})
                tool = str(message.get("toolName") or call.get("name") or "tool")
                status = "failed" if message.get("isError") else "succeeded"
                target = _target(call.get("arguments"))
                output = _text(message.get("content"))
                add(
                    "receipt",
                    f"pi.{tool} {target}: {status}\n{output}".strip(),
                    {"action": f"pi.{tool}", "status": status, "target": target},
                )
            elif role == "bashExecution":
                code = message.get("exitCode")
                status = "succeeded" if code == 0 else "failed"
                command = str(message.get("command", ""))
                add(
                    "receipt",
                    f"bash {command}: {status} (exit {code})\n{message.get('output', '')}".strip(),
                    {"action": "pi.bash", "status": status, "target": command},
                )
            elif role in ("compactionSummary", "branchSummary"):
                add("journal", str(message.get("summary", "")))
            elif role == "custom":
                add("message", _text(message.get("content")))
    return items


def import_pi_session(
    path: Path,
    *,
    package_id: str | None = None,
    agent: str = "pi",
    stages: list[Stage] | None = None,
    question: str | None = None,
) -> Imported:
    header, entries, problems = read_entries(path)
    items = _items(path, leaf_path(entries), problems)
    if not items:
        raise ValueError(f"{path}: no messages to import")
    first = min(item.at for item in items)
    last = max(item.at for item in items)
    session_id = str((header or {}).get("id") or path.stem)
    safe = "".join(ch if ch.isalnum() or ch in "-._" else "-" for ch in session_id)[:60].strip("-.")
    users = [item.text for item in items if item.kind == "message"]
    package = Package(
        id=package_id or f"pi-session-{safe or 'unnamed'}",
        agent=agent,
        recorded_at=last + timedelta(seconds=1),
        activation=Activation(kind="event", cause=f"imported pi session {path.name}", at=first),
        question=question or (users[-1][:500] if users else "What happened in this session?"),
        stages=stages or [Stage("reconcile")],
        context=items,
        host=HostOutcome(),
        labels={"origin": "pi-session"},
    )
    return Imported(package=package, problems=problems)
