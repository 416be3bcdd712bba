"""The boundary checks' walks over a value (``json_strings``, ``embedded_trace_events``) take
exact types first: they find what the walks over the ABCs found, in the same order, for parsed
JSON and for the other mappings and sequences a runner may hand over."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Any

import pytest

from harness.boundary.paths import json_strings
from harness.boundary.result import TRACE_TYPES, embedded_trace_events


def _strings_by_abc(value: Any, key: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield key, value
    elif isinstance(value, Mapping):
        for k, v in value.items():
            yield from _strings_by_abc(v, str(k).lower())
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings_by_abc(item, key)


def _events_by_abc(value: Any) -> int:
    count, stack = 0, [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Mapping):
            if item.get("type") in TRACE_TYPES and any(
                f in item for f in ("tool", "path", "text", "output", "message", "call_id")
            ):
                count += 1
            stack.extend(v for v in item.values() if isinstance(v, Mapping | list))
        elif isinstance(item, list):
            stack.extend(v for v in item if isinstance(v, Mapping | list))
    return count


class _Text(str):
    pass


def _value(rng: random.Random, depth: int = 0) -> Any:
    leaves: list[Any] = ["rm -rf", "input/a", _Text("cmd"), 3, 2.5, True, None, "tool_call"]
    if depth > 4 or rng.random() < 0.35:
        return rng.choice(leaves)
    keys = ["Tool", "path", "text", "Command", "x", 7]
    made = {rng.choice(keys): _value(rng, depth + 1) for _ in range(rng.randint(0, 4))}
    if rng.random() < 0.3:
        made["type"] = rng.choice(["tool_call", "message", "note"])
    kind = rng.randrange(4)
    if kind == 0:
        return made
    if kind == 1:
        return MappingProxyType(made)
    items = [_value(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return items if kind == 2 else tuple(items)


@pytest.mark.parametrize("seed", range(200))
def test_the_walks_find_what_the_abc_walks_found(seed: int) -> None:
    value = _value(random.Random(seed))
    assert json_strings(value) == list(_strings_by_abc(value))
    assert embedded_trace_events(value) == _events_by_abc(value)
