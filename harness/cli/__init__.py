"""The ``shadow`` command: argument parsing and printing only.

Each subcommand lives in its own module with ``add_parser(subparsers)`` and ``run(args) -> int``;
``COMMANDS`` lists them explicitly so that ``shadow --help`` reads as the table of contents.
"""

from __future__ import annotations

import argparse
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


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    code: int = _module(args.command).run(args)
    return code


if __name__ == "__main__":
    raise SystemExit(main())
