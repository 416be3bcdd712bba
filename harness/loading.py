"""Streaming readers for recordings: packages and recorded outputs.

A bad line never sinks a load: it becomes a ``LoadError`` naming file, line and field, and the rest
still loads. Readers stream line by line so a large corpus never sits in memory as text.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from harness.schema import Package, RecordedOutput
from harness.untrusted.parse import (
    MAX_LINE_BYTES,
    BadInput,
    LoadError,
    parse_json_object,
    read_lines,
)

__all__ = [
    "OUTPUTS_DIR",
    "LoadError",
    "LoadFailed",
    "Loaded",
    "find_jsonl",
    "find_package_files",
    "load_packages",
    "load_recorded_outputs",
    "read_jsonl",
    "validation_errors",
]

T = TypeVar("T", bound=BaseModel)

#: Recorded outputs live under a folder of this name; package discovery skips it.
OUTPUTS_DIR = "outputs"


class LoadFailed(Exception):
    """Raised in strict mode at the first bad line."""

    def __init__(self, error: LoadError) -> None:
        super().__init__(str(error))
        self.error = error


@dataclass
class Loaded(Generic[T]):
    items: list[T] = field(default_factory=list)
    errors: list[LoadError] = field(default_factory=list)
    #: Where each item came from, by index in ``items``: (file, line).
    origins: list[tuple[str, int]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors


def _loc_to_field(loc: Iterable[int | str]) -> str:
    return ".".join(str(part) for part in loc) or "<line>"


def validation_errors(file: str, line: int, exc: ValidationError) -> list[LoadError]:
    errors = []
    for err in exc.errors(include_url=False):
        message = str(err["msg"])
        where = _loc_to_field(err["loc"])
        # Cross-field checks raise "field.path: message"; lift the path into the field column.
        if message.startswith("Value error, "):
            message = message.removeprefix("Value error, ")
            head, sep, rest = message.partition(": ")
            if sep and " " not in head:
                where = head if where == "<line>" else f"{where}.{head}"
                message = rest
        errors.append(LoadError(file, line, where, message))
    return errors


def read_jsonl(path: Path) -> Iterator[tuple[int, dict[str, Any] | LoadError]]:
    """Yield (line number, object) per non-blank line, or a LoadError for a line that is not a
    JSON object within the bounds of ``harness.untrusted.parse`` (any line ending, bounded size,
    depth and numbers); a bad line never stops the lines after it."""
    name = str(path)
    with path.open("rb") as handle:
        for line in read_lines(handle):
            if line.too_long:
                yield (
                    line.number,
                    LoadError(name, line.number, "<line>", f"longer than {MAX_LINE_BYTES} bytes"),
                )
                continue
            if line.blank:
                continue
            try:
                value = parse_json_object(line.data)
            except BadInput as exc:
                yield line.number, LoadError(name, line.number, exc.where, exc.message)
                continue
            yield line.number, value


def find_jsonl(paths: Sequence[Path], *, outputs: bool) -> list[Path]:
    """Every *.jsonl under ``paths``, sorted; package files (``outputs=False``) skip any folder
    named ``outputs``, recorded-output files (``outputs=True``) are only those inside one."""
    found: set[Path] = set()
    for root in paths:
        candidates = [root] if root.is_file() else sorted(root.rglob("*.jsonl"))
        for path in candidates:
            inside = OUTPUTS_DIR in path.parent.parts
            if inside == outputs:
                found.add(path)
    return sorted(found)


def find_package_files(paths: Sequence[Path]) -> list[Path]:
    return find_jsonl(paths, outputs=False)


def _load(
    model: type[T],
    files: Sequence[Path],
    key: Any,
    *,
    strict: bool,
) -> Loaded[T]:
    loaded: Loaded[T] = Loaded()
    seen: dict[Any, tuple[str, int]] = {}

    def fail(error: LoadError) -> None:
        if strict:
            raise LoadFailed(error)
        loaded.errors.append(error)

    def take(path: Path, number: int, value: dict[str, Any] | LoadError) -> None:
        if isinstance(value, LoadError):
            fail(value)
            return
        try:
            item = model.model_validate(value)
        except ValidationError as exc:
            for error in validation_errors(str(path), number, exc):
                fail(error)
            return
        item_key = key(item)
        if item_key in seen:
            first_file, first_line = seen[item_key]
            fail(
                LoadError(
                    str(path),
                    number,
                    "id" if model is Package else "package",
                    f"duplicate {item_key!r} (first at {first_file}:{first_line})",
                )
            )
            return
        seen[item_key] = (str(path), number)
        loaded.items.append(item)
        loaded.origins.append((str(path), number))

    for path in files:
        if not path.exists():
            fail(LoadError(str(path), 0, "<file>", "no such file or directory"))
            continue
        if not path.is_file():
            # A FIFO or device would block the reader; a folder cannot be read as lines.
            fail(LoadError(str(path), 0, "<file>", "not a regular file"))
            continue
        try:
            for number, value in read_jsonl(path):
                take(path, number, value)
        except OSError as exc:
            fail(LoadError(str(path), 0, "<file>", f"cannot read: {exc.strerror or exc}"))
    return loaded


def load_packages(paths: Sequence[Path], *, strict: bool = False) -> Loaded[Package]:
    """Load every package under ``paths`` (files or folders)."""
    files = find_package_files([Path(p) for p in paths])
    return _load(Package, files, lambda p: p.id, strict=strict)


def load_recorded_outputs(paths: Sequence[Path], *, strict: bool = False) -> Loaded[RecordedOutput]:
    """Load recorded stage outputs; a folder is searched for ``*.jsonl`` below it."""
    files: list[Path] = []
    for root in (Path(p) for p in paths):
        files.extend([root] if root.is_file() else sorted(root.rglob("*.jsonl")))
    return _load(RecordedOutput, files, lambda o: (o.model, o.package, str(o.stage)), strict=strict)
