"""Speed rewrites that must decide exactly what the plain form decides: ``roots.shared`` with
``same_root`` written out, and ``repeat.loops`` writing out only the args of tools called often
enough to loop."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from harness.schema import ToolCall
from harness.scorers.repeat import LOOP_MIN, loops
from harness.text.roots import same_root, shared

# Short roots over few letters, so that equal roots, clipped forms and near misses all occur.
_ROOTS = st.frozensets(st.text(alphabet="abrs", min_size=1, max_size=9), max_size=8)


@given(_ROOTS, _ROOTS)
def test_shared_is_same_root_pair_by_pair(wanted: frozenset[str], have: frozenset[str]) -> None:
    plain = frozenset(w for w in wanted if w in have or any(same_root(w, h) for h in have))
    assert shared(wanted, have) == plain


def _plain_loops(calls: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    counts: Counter[tuple[str, str]] = Counter()
    first: dict[tuple[str, str], int] = {}
    for index, (tool, args) in enumerate(calls):
        key = (tool, json.dumps(args, sort_keys=True, default=str))
        counts[key] += 1
        first.setdefault(key, index)
    return [
        {"kind": "loop", "tool": tool, "args": args, "calls": n, "first_event": first[(tool, args)]}
        for (tool, args), n in sorted(counts.items())
        if n >= LOOP_MIN
    ]


class _Trace:
    """The one field ``loops`` reads of a context."""

    def __init__(self, trace: list[ToolCall]) -> None:
        self.trace = trace


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["read", "grep", "ls"]), st.sampled_from([{}, {"p": 1}, {"p": 2}])
        ),
        max_size=12,
    )
)
def test_loops_are_the_same_whatever_is_skipped(calls: list[tuple[str, dict[str, Any]]]) -> None:
    trace = [ToolCall(tool=t, args=a) for t, a in calls]
    ctx: Any = _Trace(trace)
    assert loops(ctx) == _plain_loops(calls)
