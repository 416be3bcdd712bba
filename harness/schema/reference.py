"""The field reference of ``docs/format.md``, generated from the models so it cannot drift.

``docs/format.md`` is prose written by hand around one generated block per format (between
``<!-- fields: NAME -->`` and ``<!-- /fields -->``); each block is the tables of its root model
and every model nested in it, one row per field: name, type, required or default, description.
A test regenerates every block and compares; ``python -m harness.schema.reference docs/format.md``
rewrites them after a model changed.
"""

from __future__ import annotations

import enum
import json
import re
import sys
import types
import typing
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from pydantic_core import PydanticUndefined


def formats() -> dict[str, list[type[BaseModel]]]:
    """Format name (as the doc's markers spell it) -> its root models."""
    # Imported here: the policy and run-directory models import this package.
    from harness.policy.models import Policy
    from harness.rundir.meta import RunMeta
    from harness.schema import (
        CONTRACTS,
        Invocation,
        Package,
        RecordedOutput,
        RunRecord,
        ScoreRecord,
    )

    return {
        "package": [Package],
        "invocation": [Invocation],
        "recorded-output": [RecordedOutput],
        "stage-results": list(CONTRACTS.values()),
        "run-json": [RunMeta],
        "results-line": [RunRecord],
        "scores-line": [ScoreRecord],
        "policy": [Policy],
    }


def _models_in(annotation: Any) -> Iterator[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        yield annotation
        return
    for arg in typing.get_args(annotation):
        yield from _models_in(arg)


def models_of(roots: list[type[BaseModel]], skip: set[type[BaseModel]]) -> list[type[BaseModel]]:
    """The roots and every model nested in them, depth first, each once (``skip``: already
    documented in an earlier format)."""
    out: list[type[BaseModel]] = []

    def visit(model: type[BaseModel]) -> None:
        if model in out or model in skip:
            return
        out.append(model)
        for info in model.model_fields.values():
            for nested in _models_in(info.annotation):
                visit(nested)

    for root in roots:
        visit(root)
    return out


def label(model: type[BaseModel]) -> str:
    """A model's heading: its name, with its package's where two documented models share one
    (the invocation's Budget and the policy's)."""
    if model.__module__.startswith("harness.policy") and model.__name__ in _SHARED_NAMES:
        return f"Policy{model.__name__}"
    return model.__name__


#: Names a policy model shares with a format model; the policy's is headed Policy<Name>.
_SHARED_NAMES = frozenset({"Budget"})


def type_name(annotation: Any) -> str:
    """A field's type in words a host author reads (``list of EvidenceItem``)."""
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin is typing.Annotated:
        return type_name(args[0])
    if origin is typing.Literal:
        return "one of " + ", ".join(f"`{a}`" for a in args)
    if origin in (typing.Union, types.UnionType):
        names = [type_name(a) for a in args if a is not type(None)]
        optional = " or null" if type(None) in args else ""
        return " or ".join(names) + optional
    if origin is list:
        return f"list of {type_name(args[0])}" if args else "list"
    if origin is dict:
        return f"map of {type_name(args[0])} to {type_name(args[1])}" if args else "map"
    if annotation is typing.Any:
        return "any JSON value"
    if isinstance(annotation, type):
        if issubclass(annotation, BaseModel):
            return f"[{label(annotation)}](#{label(annotation).lower()})"
        if issubclass(annotation, enum.Enum):
            return "stage name" if annotation.__name__ == "Stage" else annotation.__name__
        if annotation is datetime:
            return "timestamp (ISO 8601 with a time zone)"
        return {"str": "string", "int": "integer", "float": "number", "bool": "boolean"}.get(
            annotation.__name__, annotation.__name__
        )
    return str(annotation)


def _default(info: Any) -> str:
    if info.is_required():
        return "required"
    value = info.default
    if value is PydanticUndefined:
        value = info.default_factory() if info.default_factory is not None else None
    if isinstance(value, BaseModel):
        return "its defaults"
    return f"`{json.dumps(value, default=str)}`"


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _extra(model: type[BaseModel]) -> str:
    extra = model.model_config.get("extra")
    if extra == "forbid":
        return "Unknown fields are an error."
    if extra == "allow":
        return "Unknown fields are kept."
    return "Unknown fields are ignored."


def model_table(model: type[BaseModel]) -> str:
    doc = _cell((model.__doc__ or "").strip().split("\n\n")[0])
    # The base classes' docstrings say what every model of theirs does, not what this one holds.
    if model.__doc__ in {c.__doc__ for c in model.__mro__[1:] if c is not object}:
        doc = ""
    extra = "" if "unknown" in doc.lower() else _extra(model)
    lines = [f"#### {label(model)}", "", " ".join(p for p in (doc, extra) if p), ""]
    lines += ["| field | type | default | meaning |", "| --- | --- | --- | --- |"]
    for name, info in model.model_fields.items():
        shown = info.alias or name
        lines.append(
            f"| `{shown}` | {_cell(type_name(info.annotation))} | {_cell(_default(info))} | "
            f"{_cell(info.description or '')} |"
        )
    return "\n".join(lines)


def blocks() -> dict[str, str]:
    """Format name -> its generated block (a model documented in an earlier format is linked,
    not repeated)."""
    seen: set[type[BaseModel]] = set()
    out = {}
    for name, roots in formats().items():
        models = models_of(roots, seen)
        seen.update(models)
        out[name] = "\n\n".join(model_table(m) for m in models)
    return out


def undocumented() -> list[str]:
    """``Model.field`` of every documented field without a description."""
    seen: set[type[BaseModel]] = set()
    missing = []
    for roots in formats().values():
        for model in models_of(roots, seen):
            seen.add(model)
            missing += [
                f"{model.__name__}.{name}"
                for name, info in model.model_fields.items()
                if not info.description
            ]
    return missing


_BLOCK = re.compile(r"(<!-- fields: ([a-z-]+) -->\n)(?:.*?\n)??(<!-- /fields -->)", re.S)


def render_doc(text: str) -> str:
    """The doc with every generated block replaced by its current version; a marker naming no
    format is an error."""
    generated = blocks()

    def replace(match: re.Match[str]) -> str:
        name = match.group(2)
        if name not in generated:
            raise KeyError(f"docs/format.md: no format named {name!r}; known: {list(generated)}")
        return f"{match.group(1)}\n{generated[name]}\n\n{match.group(3)}"

    return _BLOCK.sub(replace, text)


def main(argv: list[str]) -> int:
    path = Path(argv[0] if argv else "docs/format.md")
    path.write_text(render_doc(path.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
