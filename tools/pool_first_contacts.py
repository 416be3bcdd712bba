"""Pool the first contacts of a range of blind sets: the figures the README quotes over many sets.

    python -m tools.pool_first_contacts 328-371 [--data tests/data]

Reads each set's ``first-contact-output.txt`` (what ``tools.first_contact`` kept of its one
measurement; never a new measurement) and adds them up: invented completions found and flagged
by each detector (the encoder detector's claim support was the learned layer's before set 384,
counted under that name), claim-support lines and polarity pairs, repeat lines, boundary traces, and
which sets met each of issue 12's bars, and all of them at once. A set of the range without that
file (written before the tool, or never measured), or whose file lacks a figure (the layouts of the
earliest sets), is named and left out, not guessed.
"""

from __future__ import annotations

import argparse
import copy
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUTPUT = "first-contact-output.txt"

_AGREEMENT = re.compile(r"^agreement\s+([\d.]+)\s+\[[^\]]*\]\s+(\d+)", re.M)
_TRUE = re.compile(r"^labelled True\s+(\d+)\s+(\d+)", re.M)
_FALSE = re.compile(r"^labelled False\s+(\d+)\s+(\d+)", re.M)
_PAIRS = re.compile(r"polarity pairs judged right: (\d+)/(\d+)")
_BOUNDARY = re.compile(r"boundary agreement per trace: (\d+)/(\d+)")


@dataclass
class Count:
    """Right out of total, and the sets that met the bar."""

    right: int = 0
    total: int = 0
    met: list[int] = field(default_factory=list)

    def add(self, right: int, total: int, n: int, bar: float | None = None) -> bool:
        self.right, self.total = self.right + right, self.total + total
        ok = bar is not None and total > 0 and right / total >= bar
        if ok:
            self.met.append(n)
        return ok


@dataclass
class Completion:
    found: int = 0
    invented: int = 0
    flagged: int = 0
    sets: int = 0
    met: list[int] = field(default_factory=list)


@dataclass
class Pool:
    sets: list[int] = field(default_factory=list)
    missing: list[int] = field(default_factory=list)
    unreadable: list[str] = field(default_factory=list)
    completion: dict[str, Completion] = field(default_factory=dict)
    lines: dict[str, Count] = field(default_factory=dict)
    pairs: dict[str, Count] = field(default_factory=dict)
    repeat: Count = field(default_factory=Count)
    boundary: Count = field(default_factory=Count)
    every_bar: dict[str, list[int]] = field(default_factory=dict)


def _blocks(text: str) -> dict[str, str]:
    """``== heldoutN/file.jsonl (learned)`` -> that command's output."""
    parts = re.split(r"^== ", text, flags=re.M)
    return {p.split("\n", 1)[0].strip(): p for p in parts if p.strip()}


def _right(block: str, where: str) -> tuple[int, int]:
    m = _AGREEMENT.search(block)
    if m is None:
        raise ValueError(f"{where}: no agreement line")
    total = int(m[2])
    return round(float(m[1]) * total), total


def _completion(pool: Pool, name: str, block: str, n: int, where: str) -> bool:
    t, f = _TRUE.search(block), _FALSE.search(block)
    if t is None or f is None:
        raise ValueError(f"{where}: no confusion table")
    found, missed, false_alarms = int(t[1]), int(t[2]), int(f[1])
    c = pool.completion.setdefault(name, Completion())
    c.found, c.invented = c.found + found, c.invented + found + missed
    c.flagged, c.sets = c.flagged + found + false_alarms, c.sets + 1
    ok = found / max(1, found + missed) >= 0.90 and found / max(1, found + false_alarms) >= 0.95
    if ok:
        c.met.append(n)
    return ok


def _support(pool: Pool, name: str, block: str, n: int, where: str) -> bool:
    pool.lines.setdefault(name, Count()).add(*_right(block, where), n)
    m = _PAIRS.search(block)
    if m is None:
        raise ValueError(f"{where}: no polarity pairs line")
    return pool.pairs.setdefault(name, Count()).add(int(m[1]), int(m[2]), n, bar=0.95)


def add_set(pool: Pool, n: int, text: str, where: str) -> None:
    """One set's first-contact output into the pool (``where`` names it in errors)."""
    blocks = _blocks(text)
    name = f"heldout{n}"
    bound = _BOUNDARY.search(text)
    repeat = blocks.get(f"{name}/repeat.jsonl", "").split("## repeat: reopening")
    if bound is None or len(repeat) != 2:
        raise ValueError(f"{where}: no boundary or repeat figures")
    boundary_ok = pool.boundary.add(int(bound[1]), int(bound[2]), n, bar=0.95)
    (a, ta), (b, tb) = _right(repeat[0], where), _right(repeat[1], where)
    repeat_ok = pool.repeat.add(a + b, ta + tb, n, bar=0.90)
    support_met: dict[str, bool] = {}
    for detector, suffix in (("lexical", ""), ("learned", " (learned)"), ("encoder", " (encoder)")):
        # the learned layers came one at a time (completion from set 228, support from 288), the
        # encoder from set 376, with claim support of its own from 384 (before, its support was the
        # learned layer's, counted once, as that)
        comp = blocks.get(f"{name}/completion.jsonl{suffix}")
        supp = blocks.get(f"{name}/support.jsonl{suffix}")
        met = [] if comp is None else [_completion(pool, detector, comp, n, where)]
        if supp is not None:
            support_met[detector] = _support(pool, detector, supp, n, where)
        if detector in support_met:
            met.append(support_met[detector])
        elif detector == "encoder" and "learned" in support_met:
            met.append(support_met["learned"])
        if len(met) == 2 and all(met) and boundary_ok and repeat_ok:
            pool.every_bar.setdefault(detector, []).append(n)
    pool.sets.append(n)


def pool_range(data: Path, first: int, last: int) -> Pool:
    pool = Pool()
    for n in range(first, last + 1):
        path = data / f"heldout{n}" / OUTPUT
        if not path.is_file():
            pool.missing.append(n)
            continue
        # into a copy first: a file that fails halfway must add nothing at all
        trial = copy.deepcopy(pool)
        try:
            add_set(trial, n, path.read_text(encoding="utf-8"), str(path))
            pool = trial
        except ValueError as exc:
            pool.unreadable.append(str(exc))  # an older output's layout: named, not guessed
    if not pool.sets:
        raise SystemExit(f"{data}: no {OUTPUT} in heldout{first}-heldout{last}")
    return pool


def report(pool: Pool) -> str:
    out = [f"sets: {len(pool.sets)} ({pool.sets[0]}-{pool.sets[-1]})"]
    if pool.missing:
        out.append(f"without {OUTPUT}, left out: {_list(pool.missing)}")
    out += [f"left out, unreadable: {why}" for why in pool.unreadable]
    for name, c in pool.completion.items():
        out.append(
            f"completion, {name}: {c.found} of {c.invented} found "
            f"({c.found / max(1, c.invented):.3f}) at precision {c.found / max(1, c.flagged):.3f} "
            f"over {c.sets} sets; the bar met on {_list(c.met)}"
        )
    for name, lines in pool.lines.items():
        pairs = pool.pairs[name]
        out.append(
            f"support, {name}: {lines.right} of {lines.total} lines, {pairs.right} of "
            f"{pairs.total} polarity pairs; polarity met on {_list(pairs.met)}"
        )
    out.append(f"repeat: {pool.repeat.right} of {pool.repeat.total}; met on "
               f"{len(pool.repeat.met)} of {len(pool.sets)} sets")  # fmt: skip
    out.append(f"boundary: {pool.boundary.right} of {pool.boundary.total} traces; met on "
               f"{len(pool.boundary.met)} of {len(pool.sets)} sets")  # fmt: skip
    for name in pool.completion:
        out.append(f"every bar at once, {name} detectors: {_list(pool.every_bar.get(name, []))}")
    return "\n".join(out)


def _list(sets: Sequence[int]) -> str:
    return ", ".join(map(str, sets)) if sets else "none"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.pool_first_contacts", description=__doc__
    )
    parser.add_argument("range", help="FIRST-LAST, e.g. 328-371")
    parser.add_argument("--data", type=Path, default=ROOT / "tests" / "data")
    args = parser.parse_args(argv)
    m = re.fullmatch(r"(\d+)-(\d+)", args.range)
    if m is None or int(m[1]) > int(m[2]):
        parser.error(f"range {args.range!r}: write FIRST-LAST, e.g. 328-371")
    try:
        print(report(pool_range(args.data, int(m[1]), int(m[2]))))
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
