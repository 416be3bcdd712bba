"""Streaming readers for recordings: packages and recorded outputs.

A bad line never sinks a load: it becomes a ``LoadError`` naming file, line and field, and the rest
still loads. Readers stream line by line so a large corpus never sits in memory as text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
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
    "Located",
    "Span",
    "find_jsonl",
    "find_package_files",
    "iter_loaded",
    "load_packages",
    "load_recorded_outputs",
    "parse_line",
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


@dataclass(frozen=True)
class Span:
    """Where a line sits in its file: byte offset and length (line break included)."""

    offset: int
    length: int


@dataclass(frozen=True)
class Located(Generic[T]):
    """One loaded item and where it came from."""

    item: T
    path: Path
    line: int
    span: Span


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
    for number, _, value in _read_lines(path):
        yield number, value


PRETTY_JSON = (
    "expected JSON Lines (one JSON object per line); this looks like pretty-printed JSON "
    "(`jq -c .` writes it as JSON Lines)"
)


def _read_lines(path: Path) -> Iterator[tuple[int, Span, dict[str, Any] | LoadError]]:
    """As ``read_jsonl``, with where each line sits in the file (byte offset, length)."""
    name = str(path)
    first = True
    with path.open("rb") as handle:
        for line in read_lines(handle):
            span = Span(line.offset, line.length)
            if line.too_long:
                message = f"longer than {MAX_LINE_BYTES} bytes"
                yield line.number, span, LoadError(name, line.number, "<line>", message)
                first = False
                continue
            if line.blank:
                continue
            value = parse_line(name, line.number, line.data)
            if first and isinstance(value, LoadError) and line.data.strip() in (b"{", b"["):
                # One object spread over many lines: one clear error, not one per line.
                yield line.number, span, LoadError(name, line.number, "<file>", PRETTY_JSON)
                return
            first = False
            yield line.number, span, value


def parse_line(name: str, number: int, raw: bytes) -> dict[str, Any] | LoadError:
    """One JSON-lines line as a JSON object, or the LoadError that says why it is not one."""
    try:
        return parse_json_object(raw)
    except BadInput as exc:
        return LoadError(name, number, exc.where, exc.message)


def reread(model: type[T], path: Path, span: Span) -> T | str:
    """The item on the line at ``span``, read and validated again, or why it no longer reads.

    Readers that keep only where each line is (not the items) call this when they need one."""
    with path.open("rb") as handle:
        handle.seek(span.offset)
        value = parse_line(str(path), 0, handle.read(span.length))
    if isinstance(value, LoadError):
        return value.message
    try:
        return model.model_validate(value)
    except ValidationError as exc:
        return str(exc)


class PackageIndex:
    """Packages by id as where their lines are, each read again from its line when asked.

    Replay and scoring both keep a large corpus this way instead of whole; the last ``keep``
    packages stay in memory, since a package's stages are handled one after the other."""

    def __init__(self, keep: int) -> None:
        self._keep = keep
        self._files: list[Path] = []
        self._where: dict[str, tuple[int, Span]] = {}
        self._recent: dict[str, Package] = {}

    def add(self, path: Path, package_id: str, span: Span) -> None:
        if not self._files or self._files[-1] != path:
            self._files.append(path)
        self._where[package_id] = (len(self._files) - 1, span)

    def ids(self) -> Iterator[str]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)

    def __contains__(self, package_id: object) -> bool:
        return package_id in self._where

    def get(self, package_id: str) -> tuple[Path, Package | str]:
        """The package's file and the package, or why its line no longer reads as one.

        Raises ``KeyError`` for an id the index does not hold."""
        file, span = self._where[package_id]
        path = self._files[file]
        kept = self._recent.get(package_id)
        if kept is not None:
            return path, kept
        package = reread(Package, path, span)
        if isinstance(package, Package):
            if len(self._recent) >= self._keep:
                del self._recent[next(iter(self._recent))]
            self._recent[package_id] = package
        return path, package


def line_ids(files: Sequence[Path]) -> Iterator[tuple[Path, Span, str]]:
    """(file, where, id) of every line that parses as an object with a string ``id``, not
    validated: for readers that validate a line only when its item is wanted. Files that cannot
    be read and lines that do not parse are passed over (``iter_loaded`` names them)."""
    for path in files:
        try:
            for _, span, value in _read_lines(path):
                if isinstance(value, dict) and isinstance(value.get("id"), str):
                    yield path, span, value["id"]
        except OSError:
            continue


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
    for entry in iter_loaded(model, files, key, strict=strict):
        if isinstance(entry, LoadError):
            loaded.errors.append(entry)
        else:
            loaded.items.append(entry.item)
            loaded.origins.append((str(entry.path), entry.line))
    return loaded


def iter_loaded(
    model: type[T],
    files: Sequence[Path],
    key: Any,
    *,
    strict: bool = False,
    keep: Callable[[dict[str, Any]], bool] | None = None,
) -> Iterator[Located[T] | LoadError]:
    """Each valid item with where it came from, or a LoadError, line by line: a caller that
    keeps only an index holds no more than one item at a time. A repeated ``key(item)`` is an
    error naming the first occurrence. ``keep``: a parsed line it refuses is skipped without
    being validated (a reader that wants a few items of many)."""
    seen: dict[Any, tuple[str, int]] = {}

    def fail(error: LoadError) -> LoadError:
        if strict:
            raise LoadFailed(error)
        return error

    for path in files:
        if not path.exists():
            yield fail(LoadError(str(path), 0, "<file>", "no such file or directory"))
            continue
        if not path.is_file():
            # A FIFO or device would block the reader; a folder cannot be read as lines.
            yield fail(LoadError(str(path), 0, "<file>", "not a regular file"))
            continue
        lines = _read_lines(path)
        while True:
            try:
                number, span, value = next(lines)
            except StopIteration:
                break
            except OSError as exc:
                yield fail(LoadError(str(path), 0, "<file>", f"cannot read: {exc.strerror or exc}"))
                break
            if isinstance(value, LoadError):
                yield fail(value)
                continue
            if keep is not None and not keep(value):
                continue
            try:
                item = model.model_validate(value)
            except ValidationError as exc:
                for error in validation_errors(str(path), number, exc):
                    yield fail(error)
                continue
            item_key = key(item)
            if item_key in seen:
                first_file, first_line = seen[item_key]
                yield fail(
                    LoadError(
                        str(path),
                        number,
                        "id" if model is Package else "package",
                        f"duplicate {item_key!r} (first at {first_file}:{first_line})",
                    )
                )
                continue
            seen[item_key] = (str(path), number)
            yield Located(item, path, number, span)


def load_packages(paths: Sequence[Path], *, strict: bool = False) -> Loaded[Package]:
    """Load every package under ``paths`` (files or folders)."""
    files = find_package_files([Path(p) for p in paths])
    return _load(Package, files, lambda p: p.id, strict=strict)


def recorded_output_files(paths: Sequence[Path]) -> list[Path]:
    """The ``*.jsonl`` files of recorded outputs: files as given, folders searched below."""
    files: list[Path] = []
    for root in (Path(p) for p in paths):
        files.extend([root] if root.is_file() else sorted(root.rglob("*.jsonl")))
    return files


def recorded_output_key(output: RecordedOutput) -> tuple[str, str, str]:
    return (output.model, output.package, str(output.stage))


def load_recorded_outputs(paths: Sequence[Path], *, strict: bool = False) -> Loaded[RecordedOutput]:
    """Load recorded stage outputs; a folder is searched for ``*.jsonl`` below it."""
    return _load(RecordedOutput, recorded_output_files(paths), recorded_output_key, strict=strict)
