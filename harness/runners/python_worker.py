"""Worker process of the ``python`` runner: ``python -m harness.runners.python_worker module:function``.

Reads the invocation JSON from stdin, calls ``function(invocation: dict)`` and prints the
envelope it returns as JSON on stdout (the command protocol). A ``"trace"`` list in the returned
mapping is moved to the trace file named by ``trace_policy.trace_file``. Whatever the function
prints goes to stderr, so stdout holds the envelope alone.

Exit codes: 0 answered; 1 the function raised or returned something that is not a mapping (the
runner records a ``failed`` envelope); 3 the target could not be loaded (the runner's
infrastructure is broken); 2 usage. ``--check`` only loads the target.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import sys
import traceback
from collections.abc import Callable, Mapping
from typing import Any

EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_LOAD = 3


def load_target(target: str) -> Callable[[dict[str, Any]], Any]:
    module_name, sep, attr = target.partition(":")
    if not sep or not module_name or not attr:
        raise ValueError(f"target must be 'module:function', got {target!r}")
    value: Any = importlib.import_module(module_name)
    for part in attr.split("."):
        value = getattr(value, part)
    if not callable(value):
        raise TypeError(f"{target} is not callable")
    return value  # type: ignore[no-any-return]


def _as_mapping(value: Any) -> Mapping[str, Any]:
    if hasattr(value, "model_dump"):
        value = value.model_dump(mode="json")
    if not isinstance(value, Mapping):
        raise TypeError(f"the function returned {type(value).__name__}, not an envelope mapping")
    return value


def main(argv: list[str]) -> int:
    if len(argv) not in (1, 2) or (len(argv) == 2 and argv[1] != "--check"):
        print(
            "usage: python -m harness.runners.python_worker module:function [--check]",
            file=sys.stderr,
        )
        return EXIT_USAGE
    try:
        function = load_target(argv[0])
    except Exception as exc:
        print(f"cannot load {argv[0]}: {type(exc).__name__}: {exc}", file=sys.stderr)
        return EXIT_LOAD
    if len(argv) == 2:
        return 0
    invocation = json.load(sys.stdin)
    try:
        with contextlib.redirect_stdout(sys.stderr):
            envelope = dict(_as_mapping(function(invocation)))
    except Exception as exc:
        traceback.print_exc(file=sys.stderr)
        print(f"{type(exc).__name__}: {exc}", file=sys.stderr)
        return EXIT_FAILED
    trace = envelope.pop("trace", None)
    trace_file = (invocation.get("trace_policy") or {}).get("trace_file")
    if trace and trace_file:
        with open(trace_file, "a", encoding="utf-8") as handle:
            for event in trace:
                handle.write(json.dumps(_as_mapping(event), ensure_ascii=False) + "\n")
    json.dump(envelope, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
