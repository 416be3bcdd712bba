"""Progress of a replay: a tqdm bar on a terminal, plain periodic lines elsewhere (CI logs).

Progress goes to stderr so that stdout keeps the summary and the run directory line.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from typing import IO, Protocol

from tqdm import tqdm


class Progress(Protocol):
    def update(self, status: str) -> None: ...

    def close(self) -> None: ...


def _tally(counts: Counter[str]) -> str:
    # "failed" on the line means every run that did not complete, with the exceptions spelled out.
    bad = counts["failed"] + counts["timed_out"] + counts["interrupted"]
    text = f"ok={counts['completed']} failed={bad}"
    if counts["timed_out"]:
        text += f" (timed_out={counts['timed_out']})"
    if counts["error"]:
        text += f" errors={counts['error']}"
    return text


class NullProgress:
    def update(self, status: str) -> None:
        return None

    def close(self) -> None:
        return None


class LineProgress:
    """``[  120/1234] 9.7%  ok=118 failed=2`` every ``every`` runs or ``seconds``, and at the end."""

    def __init__(
        self, total: int, done: int = 0, *, stream: IO[str] | None = None, seconds: float = 30.0
    ) -> None:
        self.total = total
        self.done = done
        self.counts: Counter[str] = Counter()
        self.stream = stream or sys.stderr
        # About twenty lines for a long run, and none closer than ten runs apart for a short one.
        self.every = max(10, (total - done) // 20)
        self.seconds = seconds
        self._last_print = time.monotonic()
        self._since_print = 0
        self._width = len(str(total))

    def update(self, status: str) -> None:
        self.done += 1
        self.counts[status] += 1
        self._since_print += 1
        now = time.monotonic()
        if self._since_print >= self.every or now - self._last_print >= self.seconds:
            self._print(now)

    def _print(self, now: float) -> None:
        share = 100.0 * self.done / self.total if self.total else 100.0
        self.stream.write(
            f"[{self.done:>{self._width}}/{self.total}] {share:.1f}%  {_tally(self.counts)}\n"
        )
        self.stream.flush()
        self._last_print = now
        self._since_print = 0

    def close(self) -> None:
        if self._since_print:
            self._print(time.monotonic())


class BarProgress:
    def __init__(self, total: int, done: int = 0) -> None:
        self.counts: Counter[str] = Counter()
        self.bar = tqdm(total=total, initial=done, unit="run", dynamic_ncols=True, file=sys.stderr)

    def update(self, status: str) -> None:
        self.counts[status] += 1
        self.bar.set_postfix_str(_tally(self.counts), refresh=False)
        self.bar.update(1)

    def close(self) -> None:
        self.bar.close()


def make_progress(total: int, done: int = 0, *, enabled: bool = True) -> Progress:
    if not enabled:
        return NullProgress()
    if sys.stderr.isatty():
        return BarProgress(total, done)
    return LineProgress(total, done)
