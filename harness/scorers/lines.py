"""``scores.jsonl`` written canonically: each record as compact JSON with sorted keys, the file
sorted by (package, stage, scorer), so the same run gives the same bytes; ``SortedLines`` writes
that order case by case without holding the run's scores in memory."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path

import orjson
from pydantic import BaseModel

from harness.schema import ScoreRecord

#: orjson hands these to ``_not_plain`` instead of writing them its own way: a datetime, a
#: dataclass or a subclass of str, int, dict or list is written as pydantic writes it, by
#: ``_dumped`` (orjson writes datetimes with "+00:00" where pydantic writes "Z"); so is any
#: other type orjson does not know, but for a pydantic model.
_PLAIN = (
    orjson.OPT_SORT_KEYS
    | orjson.OPT_PASSTHROUGH_DATETIME
    | orjson.OPT_PASSTHROUGH_DATACLASS
    | orjson.OPT_PASSTHROUGH_SUBCLASS
)


def _not_plain(value: object) -> object:
    # A model in a scorer's details (the citation a claim gave): its JSON form, as pydantic
    # writes a model it finds in a field of any type.
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    raise TypeError(type(value).__name__)


def score_line(record: ScoreRecord) -> bytes:
    # Keys sorted, compact, UTF-8: canonical. orjson writes the shortest float form (1e-6 where
    # json wrote 1e-06); both read back as the same number.
    data: dict[str, object] = {
        "package": record.package,
        "stage": str(record.stage),
        "agent": record.agent,
        "model": record.model,
        "scorer": record.scorer,
        "labels": record.labels,
        "values": record.values,
        "explanation": record.explanation,
        "details": record.details,
    }
    if record.detector is not None:
        data["detector"] = record.detector  # structural scorers name no detector
    try:
        # A score is plain JSON data (str keys, str, numbers, bools, None, lists and tuples):
        # written straight away, the same bytes as through pydantic (which cost twice as much).
        return orjson.dumps(data, default=_not_plain, option=_PLAIN)
    except orjson.JSONEncodeError:
        return _dumped(record)


def _dumped(record: ScoreRecord) -> bytes:
    """A score holding more than plain JSON data (a datetime, a set, a number past 64 bits, a
    key that is not a string), turned into JSON data by pydantic first."""
    data = record.model_dump(mode="json")
    if data.get("detector") is None:
        data.pop("detector", None)  # structural scorers name no detector
    try:
        return orjson.dumps(data, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)
    except orjson.JSONEncodeError:  # an integer past 64 bits in a scorer's details
        return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                          allow_nan=False).encode()  # fmt: skip


def serialise(records: Iterable[ScoreRecord]) -> bytes:
    """Canonical JSON lines, sorted by (package, stage, scorer)."""
    lines = sorted((r.package, str(r.stage), r.scorer, score_line(r)) for r in records)
    return b"".join(line + b"\n" for *_, line in lines)


def case_lines(records: Sequence[ScoreRecord]) -> tuple[tuple[str, str], bytes]:
    """One case's records (not none) as its (package, stage) and its canonical lines."""
    key = (records[0].package, str(records[0].stage))
    lines = sorted((r.scorer, score_line(r)) for r in records)
    return key, b"".join(line + b"\n" for _, line in lines)


class SortedLines:
    """``serialise``'s bytes, written case by case without holding them: each case's lines go to
    a scratch file as they are scored, and only (package, stage) -> where they are stays in
    memory until the cases are copied out in order."""

    def __init__(self, path: Path) -> None:
        # A file with no name, beside the scores: nothing is left behind when the process dies
        # (``shadow run`` scores while it replays, and a replay may be killed and resumed).
        self._scratch = tempfile.TemporaryFile(dir=path.parent)  # noqa: SIM115 (closed by close())
        self._index: dict[tuple[str, str], tuple[int, int]] = {}
        self._offset = 0

    def add(self, records: Sequence[ScoreRecord]) -> None:
        if records:
            self.add_case(*case_lines(records))

    def add_case(self, key: tuple[str, str], blob: bytes) -> None:
        """One case's lines as ``case_lines`` made them (in another process, perhaps)."""
        if key in self._index:
            raise ValueError(f"{key[0]}/{key[1]} scored twice")
        self._scratch.write(blob)
        self._index[key] = (self._offset, len(blob))
        self._offset += len(blob)

    def write(self, path: Path) -> dict[tuple[str, str], tuple[int, int]]:
        """Write the file; returns where each case's lines landed in it (offset, length)."""
        self._scratch.flush()
        placed: dict[tuple[str, str], tuple[int, int]] = {}
        written = 0
        try:
            with path.open("wb") as out:
                for key in sorted(self._index):
                    offset, length = self._index[key]
                    self._scratch.seek(offset)
                    out.write(self._scratch.read(length))
                    placed[key] = (written, length)
                    written += length
        finally:
            self.close()
        return placed

    def close(self) -> None:
        self._scratch.close()
