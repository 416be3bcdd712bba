"""The scene: one package under construction.

A template stages one situation it knows the truth of by calling a Scene's methods: the evidence
methods write context items (each dated no later than ``recorded_at``), the host-outcome methods
record what the host really did, and the stage methods inherited from ``StageExpectations`` write
what each stage is expected to conclude. Every draw goes through ``rng``, so the order of calls
is part of the output: reordering two calls changes the bytes written.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from tools.gen_corpus.build import JSON, day, minute, ts
from tools.gen_corpus.expect import StageExpectations
from tools.gen_corpus.wording import AGENT_PROJECTS, PEOPLE


@dataclass
class Scene(StageExpectations):
    """Collects context and host outcome for one package; templates fill it from their truth."""

    rng: random.Random
    agent: str
    now: datetime
    question: str = ""
    activation: JSON = field(default_factory=dict)
    context: list[JSON] = field(default_factory=list)
    receipts: list[JSON] = field(default_factory=list)
    checks: list[JSON] = field(default_factory=list)
    settled: list[str] = field(default_factory=list)
    duplicate_risks: list[JSON] = field(default_factory=list)
    decisive: list[str] = field(default_factory=list)
    expect: dict[str, JSON] = field(default_factory=dict)
    subject: JSON = field(default_factory=dict)
    cooldowns: list[JSON] = field(default_factory=list)
    closed: list[str] = field(default_factory=list)
    quiet_hours: JSON | None = None
    wip_limit: int | None = None
    #: focus items the template knows to be stale: not counted as open tasks
    stale: set[str] = field(default_factory=set)
    #: 'action:target' pairs the situation tempts a draft to assert although nothing proves them
    tempting: list[str] = field(default_factory=list)
    draft_include: list[str] | None = None
    used_people: set[str] = field(default_factory=set)
    used_numbers: set[int] = field(default_factory=set)
    fillers_used: set[str] = field(default_factory=set)

    @property
    def me(self) -> str:
        """The agent's name as it signs its own words."""
        return self.agent.capitalize()

    # ---- randomness ----
    def pick(self, options: Sequence[Any]) -> Any:
        return options[self.rng.randrange(len(options))]

    def project(self) -> str:
        return str(self.pick(AGENT_PROJECTS[self.agent]))

    def person(self) -> tuple[str, str]:
        free = [p for p in PEOPLE if p not in self.used_people]
        who = self.pick(free)
        self.used_people.add(who)
        return who, PEOPLE[who]

    def number(self, low: int = 100, high: int = 999) -> int:
        while True:
            n = self.rng.randint(low, high)
            if n not in self.used_numbers:
                self.used_numbers.add(n)
                return n

    def ago(self, *, days: float = 0, hours: float = 0, minutes: float = 0) -> datetime:
        return self.now - timedelta(days=days, hours=hours, minutes=minutes)

    def later(self, *, days: float = 0, hours: float = 0, minutes: float = 0) -> datetime:
        return self.now + timedelta(days=days, hours=hours, minutes=minutes)

    def mins(self, low: int, high: int) -> datetime:
        """A moment between ``low`` and ``high`` minutes before recorded_at, to the second."""
        return self.now - timedelta(seconds=self.rng.randint(low * 60, high * 60))

    def set_clock(self, hour: int, minute_: int) -> None:
        # Only before any evidence exists: earlier items are placed relative to ``now``.
        assert not self.context, "set_clock after evidence was added"
        self.now = self.now.replace(hour=hour, minute=minute_, second=self.rng.randint(0, 59))

    # ---- evidence ----
    def _unique(self, wanted: str) -> str:
        taken = {item["id"] for item in self.context}
        candidate, n = wanted, 2
        while candidate in taken:
            candidate, n = f"{wanted}-{n}", n + 1
        return candidate

    def add(
        self, kind: str, ident: str, source: str, at: datetime, text: str, data: JSON | None = None
    ) -> str:
        if at > self.now:
            raise ValueError(f"evidence {ident} dated after recorded_at")
        ident = self._unique(ident)
        item: JSON = {"id": ident, "kind": kind, "source": source, "at": ts(at), "text": text}
        if data is not None:
            item["data"] = data
        self.context.append(item)
        return ident

    def receipt(
        self, action: str, target: str, status: str, at: datetime, text: str, **extra: Any
    ) -> str:
        """A worker receipt; in the context only if it existed at recorded_at (else host-only)."""
        n = self.number(100, 9999)
        ident = f"receipt:deleg-{n}"
        self.receipts.append(
            {"id": ident, "action": action, "target": target, "status": status, "at": ts(at)}
        )
        if at <= self.now:
            data: JSON = {"action": action, "target": target, "status": status, **extra}
            self.add("receipt", ident, f"blackbox/delegations/{n}.json", at, text, data)
        return ident

    def journal(self, at: datetime, text: str, asserts: Iterable[tuple[str, str]] = ()) -> str:
        data = {"asserts": [{"action": a, "target": t} for a, t in asserts]}
        return self.add(
            "journal",
            f"journal#{minute(at)}",
            f"private/journal/{self.agent}/{day(at)}.md",
            at,
            text,
            data,
        )

    def message(
        self, at: datetime, sender: str, to: str, thread: str, text: str, *, unread: bool
    ) -> str:
        peer = sender if sender != self.agent else to
        data = {"from": sender, "to": to, "thread": thread, "unread": unread}
        return self.add(
            "message",
            f"message:{peer}#{minute(at)}",
            f"inbox/{self.agent}/{peer}.jsonl",
            at,
            text,
            data,
        )

    def message_from(
        self, at: datetime, who: str, text: str, *, unread: bool, thread: str | None = None
    ) -> str:
        """A message ``who`` sent the agent, signed with their name (default thread ``thread:<who>``)."""
        return self.message(
            at, who, self.agent, thread or f"thread:{who}", f"{PEOPLE[who]}: {text}", unread=unread
        )

    def focus(self, at: datetime, item: str, state: str, text: str, *, stale: bool = False) -> str:
        ident = self.add(
            "focus",
            f"focus:{item}",
            f"private/focus/{self.agent}.json",
            at,
            text,
            {"item": item, "state": state},
        )
        if stale:
            self.stale.add(ident)
        return ident

    def reminder(self, at: datetime, name: str, state: str, text: str) -> str:
        n = self.number(10, 99)
        return self.add(
            "reminder",
            f"reminder:rem-{n}",
            f"private/reminders/{self.agent}.json",
            at,
            text,
            {"reminder": name, "state": state},
        )

    def heartbeat(self, at: datetime, outcome: str, checks: Sequence[str], text: str) -> str:
        return self.add(
            "heartbeat",
            f"heartbeat#{minute(at)}",
            f"blackbox/heartbeat/{self.agent}.jsonl",
            at,
            text,
            {"outcome": outcome, "checks": list(checks)},
        )

    def registry(
        self,
        at: datetime,
        project: str,
        path: str,
        expected: str,
        actual: str,
        intended: bool | None,
        text: str,
    ) -> str:
        data = {
            "path": path,
            "expected_sha256": expected,
            "actual_sha256": actual,
            "intended": intended,
        }
        return self.add(
            "registry", f"registry:{project}/{path}", f"registry/{project}.json", at, text, data
        )

    def artifact(
        self,
        at: datetime,
        name: str,
        path: str,
        digest: str | None,
        measurements: JSON,
        text: str,
        worker: str = "artifact.inspect",
    ) -> str:
        data = {"path": path, "sha256": digest, "measurements": measurements}
        return self.add(
            "artifact", f"artifact:{name}", f"workers/{worker}/{name}.json", at, text, data
        )

    def says(self, at: datetime, text: str) -> str:
        """A session turn in the agent's own voice."""
        return self.note("session", at, f"{self.me}: {text}")

    def note(self, kind: str, at: datetime, text: str) -> str:
        """Prose without structure: a session turn, a compressed history summary or a memory."""
        if kind == "session":
            return self.add(
                kind, f"session#{minute(at)}", f"private/sessions/{self.agent}.jsonl", at, text
            )
        if kind == "history":
            return self.add(
                kind, f"history#{minute(at)}", f"blackbox/history/{day(at)}.md", at, text
            )
        return self.add(kind, f"memory:{minute(at)}", f"blackbox/memory/{self.agent}.md", at, text)

    # ---- host outcome ----
    def check(self, kind: str, target: str, *, redundant: bool, seconds: int = 40) -> None:
        at = self.now + timedelta(seconds=seconds + 7 * len(self.checks))
        self.checks.append({"kind": kind, "target": target, "at": ts(at), "redundant": redundant})

    def duplicate(self, action: str, target: str, receipt: str | None) -> None:
        self.duplicate_risks.append({"action": action, "target": target, "receipt": receipt})

    def cooldown(self, kind: str, until: datetime) -> None:
        self.cooldowns.append({"kind": kind, "until": ts(until)})

    def decide(self, *ids: str) -> None:
        self.decisive = list(ids)

    def wake(self, kind: str, cause: str, seconds_before: int = 20) -> None:
        self.activation = {
            "kind": kind,
            "cause": cause,
            "at": ts(self.now - timedelta(seconds=seconds_before)),
        }
