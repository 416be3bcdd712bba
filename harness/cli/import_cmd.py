"""``shadow import pi-session FILE.jsonl``: a pi session as a package skeleton (evidence only)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from harness.importers.pi_session import import_pi_session
from harness.schema import Stage


def add_parser(sub: Any) -> None:
    p = sub.add_parser("import", help="turn another tool's transcript into a package skeleton")
    kinds = p.add_subparsers(dest="import_kind", metavar="KIND", required=True)
    pi = kinds.add_parser("pi-session", help="a pi session file (JSON lines) as evidence items")
    pi.add_argument("file", type=Path)
    pi.add_argument("--id", dest="package_id", help="package id (default pi-session-<session id>)")
    pi.add_argument("--agent", default="pi", help="the host agent the package belongs to")
    pi.add_argument(
        "--stage",
        action="append",
        choices=[str(s) for s in Stage],
        help="stage (repeatable; default reconcile)",
    )
    pi.add_argument(
        "--question", help="the question the stage answers (default: the last user message)"
    )
    pi.add_argument("--out", type=Path, help="append the package line here (default stdout)")


def run(args: argparse.Namespace) -> int:
    try:
        imported = import_pi_session(
            args.file,
            package_id=args.package_id,
            agent=args.agent,
            stages=[Stage(s) for s in args.stage] if args.stage else None,
            question=args.question,
        )
    except (OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for problem in imported.problems:
        print(f"warning: {problem}", file=sys.stderr)
    line = imported.package.model_dump_json(exclude_defaults=False) + "\n"
    if args.out is None:
        sys.stdout.write(line)
    else:
        with args.out.open("a", encoding="utf-8") as handle:
            handle.write(line)
        print(
            f"wrote package {imported.package.id} ({len(imported.package.context)} evidence items) to {args.out}",
            file=sys.stderr,
        )
    return 0
