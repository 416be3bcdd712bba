"""The ``shadow`` command: argument parsing and printing only.

Each subcommand lives in its own module with ``add_parser(subparsers)`` and ``run(args) -> int``;
``COMMANDS`` lists them explicitly so that ``shadow --help`` reads as the table of contents.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import sys
from collections.abc import Sequence
from types import ModuleType

#: Subcommand name -> module under harness.cli. Imported lazily so `shadow validate` stays quick.
COMMANDS: dict[str, str] = {
    "validate": "validate",
    "schema": "schema_cmd",
    "run": "run",
    "merge": "merge",
    "score": "score",
    "record": "record",
    "gate": "gate",
    "policy": "policy_cmd",
    "show": "show",
    "init": "init_cmd",
    "report": "report",
    "compare": "compare",
    "history": "history",
    "calibrate": "calibrate",
    "model": "model",
    "cassette": "cassette",
    "import": "import_cmd",
}


def _module(name: str) -> ModuleType:
    return importlib.import_module(f"harness.cli.{COMMANDS[name]}")


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="shadow", description="Phase 0 shadow evaluation of Pi stages."
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    wanted = None
    if argv:
        first = next((a for a in argv if not a.startswith("-")), None)
        wanted = first if first in COMMANDS else None
    for name in COMMANDS:
        if wanted is None or name == wanted:
            _module(name).add_parser(sub)
        else:
            sub.add_parser(name)
    return parser


#: The collector's thresholds for a ``shadow`` process (Python's are 700, 10, 10).
GC_THRESHOLDS = (10_000, 20, 20)


def _as_a_program() -> None:
    """Collector settings for a ``shadow`` process, which makes millions of small objects that
    all die young (parsed lines, validated records, scores) beside a large heap that lives to
    the end (pandas, scipy, matplotlib, the schemas): at Python's defaults the collector walked
    that heap again and again, 2.2 s of a 34 s end-to-end run at 8,640 cases. What is loaded by
    now is frozen (never walked again), and young objects are collected less often."""
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def main(argv: Sequence[str] | None = None) -> int:
    program = argv is None  # the command itself, not a caller in a longer-lived process
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    if program:
        _as_a_program()
    code: int = _module(args.command).run(args)
    return code


if __name__ == "__main__":
    raise SystemExit(main())
