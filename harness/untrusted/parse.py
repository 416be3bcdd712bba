"""Bounded JSON for everything the harness did not write itself, and for what it stored.

Packages, recorded outputs, runner envelopes, trace lines, stored results, policies and suites are
all untrusted: a value that parses may still be one no later step can handle. ``parse_json`` turns
text into a value or a ``BadInput`` naming the field, never a traceback; ``check_value`` holds a
value parsed some other way (TOML, YAML, a Python runner) to the same bounds; ``read_lines`` reads a
JSON-lines file with bounded memory per line and any line ending.

The bounds, and why each exists:

* non-finite numbers (``NaN``, ``Infinity``, ``1e999``): JSON has none, Python's parser accepts them,
  and a stored ``inf`` comes back as ``null`` and poisons every later read of the file;
* nesting depth: deep nesting makes the parser and pydantic raise ``RecursionError``;
* integer digits: Python refuses to convert integers of more than 4,300 digits to text, so one
  such value crashes any report that prints it; past 308 digits an integer is not even a float;
* lone surrogates (``"\\ud800"``): they parse, but cannot be written as UTF-8 to a child's stdin, a
  trace or a report, so every later step fails on them;
* line length: one line of a JSON-lines file is read whole, so its size is memory.

orjson parses first and refuses by itself all but deep nesting; only text it refuses, or text with
more brackets than the depth bound, pays for the standard library and the full walk.
"""

from __future__ import annotations

import json
import math
import re
import sys
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any, Literal, NamedTuple

import orjson
import yaml

MAX_DEPTH = 64
#: Integers are bounded by what a float can hold (about 1.8e308, so 309 digits at most).
MAX_INT_DIGITS = 308
#: The trace-file cap of a sandboxed run: a stored trace line or recorded output may hold that much.
MAX_LINE_BYTES = 32 * 1024**2

#: The largest integer a float holds; orjson reads integers past 64 bits as floats, so past this
#: an integer is refused on every path.
_INT_LIMIT = int(sys.float_info.max)

_LINE_BREAK_KEPT = re.compile(rb"(\r\n|\r|\n)")


class BadInput(ValueError):
    """A value the harness will not take: ``where`` is the field path (``<line>`` for the whole)."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.message = message


@dataclass(frozen=True)
class LoadError:
    """A line of an input or stored file that was not taken, and why: ``file:line: field: message``
    (line 0 for the file as a whole)."""

    file: str
    line: int
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.field}: {self.message}"


class _Constant:
    """What the parser makes of ``NaN``/``Infinity``: a marker the walk reports with its path."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name


def _path(parent: str, key: object) -> str:
    return f"{parent}.{key}" if parent else str(key)


def _outer(path: str, parts: int = 4) -> str:
    # A path 64 levels deep says nothing more than where the nesting starts.
    head = path.split(".")
    return ".".join(head[:parts]) + (".…" if len(head) > parts else "") if path else "<line>"


def _surrogate(text: str) -> str | None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        return f"lone surrogate \\u{ord(text[exc.start]):04x} at character {exc.start} (not valid Unicode)"
    return None


def _check_scalar(value: object, where: str) -> None:
    if isinstance(value, _Constant):
        raise BadInput(where, f"{value.name} is not a number JSON allows (non-finite)")
    if isinstance(value, float):
        if not math.isfinite(value):
            raise BadInput(where, f"non-finite number ({value!r}); every number must be finite")
    elif isinstance(value, int) and not isinstance(value, bool):
        if abs(value) > _INT_LIMIT:
            raise BadInput(where, f"integer too large for a float (over {MAX_INT_DIGITS} digits)")
    elif isinstance(value, str):
        problem = _surrogate(value)
        if problem:
            raise BadInput(where, problem)


def check_value(value: Any, where: str = "") -> None:
    """Raise ``BadInput`` for the first value past a bound: a non-finite float, an integer of
    more than ``MAX_INT_DIGITS`` digits, a string or key with a lone surrogate, or nesting deeper
    than ``MAX_DEPTH``. Iterative, and each container is visited once (YAML aliases share them)."""
    stack: list[tuple[Any, str, int]] = [(value, where, 0)]
    seen: set[int] = set()
    while stack:
        item, at, depth = stack.pop()
        if isinstance(item, dict | list | tuple):
            if depth >= MAX_DEPTH:
                raise BadInput(_outer(at), f"nested deeper than {MAX_DEPTH} levels")
            if id(item) in seen:
                continue
            seen.add(id(item))
            if isinstance(item, dict):
                for key, child in item.items():
                    if isinstance(key, str):
                        problem = _surrogate(key)
                        if problem:
                            raise BadInput(at or "<line>", f"key {key!r}: {problem}")
                    stack.append((child, _path(at, key), depth + 1))
            else:
                stack.extend((child, _path(at, i), depth + 1) for i, child in enumerate(item))
        else:
            _check_scalar(item, at or "<line>")


def parse_json(data: bytes | str) -> Any:
    """Parse one JSON text within the bounds, or raise ``BadInput`` saying what is wrong.

    orjson first: it is several times faster, and it refuses by itself everything past a bound
    but nesting (non-finite numbers, integers past 64 bits, lone surrogates, invalid UTF-8), so
    its values need only the depth check. Whatever it refuses goes to the standard library,
    which accepts those values for ``check_value`` to name, and words the syntax errors.
    """
    try:
        value = orjson.loads(data)
    except orjson.JSONDecodeError:
        return _parse_slow(data)
    if isinstance(data, bytes):
        brackets = data.count(b"[") + data.count(b"{")
    else:
        brackets = data.count("[") + data.count("{")
    if brackets > MAX_DEPTH and _nested_too_deep(value):
        check_value(value)  # names the path where the nesting passes the bound
    return value


def _nested_too_deep(value: Any) -> bool:
    """Whether containers nest ``MAX_DEPTH`` deep, level by level: containers only, no paths
    built. For orjson's values, which need only this of ``check_value``'s checks; many lines
    hold more than ``MAX_DEPTH`` brackets side by side (a score's details), few nest."""
    level = [value] if isinstance(value, dict | list) else []
    for _depth in range(MAX_DEPTH):
        below: list[Any] = []
        for item in level:
            children = item.values() if isinstance(item, dict) else item
            below.extend(c for c in children if isinstance(c, dict | list))
        if not below:
            return False
        level = below
    return True


def _parse_slow(data: bytes | str) -> Any:
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise BadInput("<line>", f"not UTF-8: {exc.reason} at byte {exc.start}") from None
    else:
        text = data
    try:
        value = json.loads(text, parse_constant=_Constant)
    except json.JSONDecodeError as exc:
        raise BadInput(
            "<line>", f"invalid JSON: {exc.msg} (line {exc.lineno} column {exc.colno})"
        ) from None
    except RecursionError:
        raise BadInput("<line>", f"nested deeper than {MAX_DEPTH} levels") from None
    except ValueError:
        # The only other ValueError json raises: an integer past Python's conversion limit.
        raise BadInput(
            "<line>", f"integer too large for a float (over {MAX_INT_DIGITS} digits)"
        ) from None
    check_value(value)
    return value


def lenient_decoder() -> json.JSONDecoder:
    """A decoder for model replies: raw control characters allowed in strings, NaN and Infinity
    kept as markers for ``check_value`` to refuse by name. Its values must go through
    ``check_value``."""
    return json.JSONDecoder(strict=False, parse_constant=_Constant)


def parse_json_object(data: bytes | str) -> dict[str, Any]:
    """``parse_json`` for a format whose lines are objects."""
    value = parse_json(data)
    if not isinstance(value, dict):
        raise BadInput("<line>", f"expected a JSON object, got {type(value).__name__}")
    return value


def parse_config(text: str, kind: Literal["toml", "yaml"]) -> Any:
    """A TOML or YAML document (policies, suites) held to the same bounds as JSON: both formats
    have their own infinities (``inf``, ``.inf``) and let nesting and integers grow unbounded."""
    try:
        value = tomllib.loads(text) if kind == "toml" else yaml.safe_load(text)
    except (tomllib.TOMLDecodeError, yaml.YAMLError) as exc:
        raise BadInput("<file>", f"not valid {kind}: {exc}") from None
    except RecursionError:
        raise BadInput("<file>", f"nested deeper than {MAX_DEPTH} levels") from None
    except ValueError:
        # int() past Python's conversion limit, raised by both parsers' integer constructors.
        raise BadInput(
            "<file>", f"integer too large for a float (over {MAX_INT_DIGITS} digits)"
        ) from None
    check_value(value)
    return value


class Line(NamedTuple):
    """One line of a JSON-lines file: its 1-based number, bytes (no line break), and where it
    sits (byte offset and length, line break included). ``too_long`` lines carry no data;
    ``terminated`` is False for a last line with no line break.

    A named tuple, not a frozen dataclass: one is made per stored line, and a frozen dataclass
    sets each of its six fields through ``object.__setattr__``."""

    number: int
    data: bytes
    offset: int = 0
    length: int = 0
    terminated: bool = True
    too_long: bool = False

    @property
    def blank(self) -> bool:
        return not self.too_long and not self.data.strip()


def read_lines(
    handle: IO[bytes], *, max_bytes: int = MAX_LINE_BYTES, chunk: int = 1 << 16
) -> Iterator[Line]:
    """The lines of a binary stream, split at LF, CRLF or a lone CR (JSON text never holds a raw
    CR, so a CR can only end a line), holding at most ``max_bytes`` of one line in memory; a longer
    line is yielded as ``too_long`` and skipped to its end."""
    number = 0
    start = 0  # byte offset of the current line
    pending: list[bytes] = []  # the start of the current line, block by block
    size = 0  # its length so far, kept or not
    overflow = False
    held_cr = False  # a CR ending a block may be the first half of a CRLF
    while block := handle.read(chunk):
        if held_cr:
            block = b"\r" + block
        held_cr = block.endswith(b"\r")
        if held_cr:
            block = block[:-1]
        if b"\r" in block:
            parts = _LINE_BREAK_KEPT.split(block)  # piece, break, piece, break, ..., rest
            pieces, breaks = parts[0::2], [len(brk) for brk in parts[1::2]]
        else:
            # The common case, LF only: bytes.split is many times faster than the regex.
            pieces, breaks = block.split(b"\n"), None
        for i in range(len(pieces) - 1):
            piece = pieces[i]
            number += 1
            length = size + len(piece) + (1 if breaks is None else breaks[i])
            if overflow or size + len(piece) > max_bytes:
                yield Line(number, b"", start, length, too_long=True)
            elif pending:
                yield Line(number, b"".join([*pending, piece]), start, length)
            else:
                yield Line(number, piece, start, length)
            start += length
            pending, size, overflow = [], 0, False
        rest = pieces[-1]
        size += len(rest)
        if not overflow:
            pending.append(rest)
            if size > max_bytes:
                pending, overflow = [], True
    length = size + (1 if held_cr else 0)
    if overflow:
        yield Line(number + 1, b"", start, length, terminated=held_cr, too_long=True)
    elif size or held_cr:
        yield Line(number + 1, b"".join(pending), start, length, terminated=held_cr)
