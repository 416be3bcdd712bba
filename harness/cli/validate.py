"""``shadow validate PATH...``: check recorded packages and recorded outputs, count them."""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from tabulate import tabulate

from harness.loading import (
    LoadError,
    LoadFailed,
    find_jsonl,
    load_packages,
    load_recorded_outputs,
)
from harness.package_checks import check_package
from harness.schema import STAGES, Package, RecordedOutput
from harness.untrusted.display import printable


def add_parser(sub: Any) -> None:
    p = sub.add_parser("validate", help="check recorded packages and outputs; count per stage")
    p.add_argument("paths", nargs="*", type=Path, default=[Path("recordings")])
    p.add_argument("--strict", action="store_true", help="stop at the first error")


def _stage_table(packages: list[Package]) -> str:
    agents = sorted({p.agent for p in packages})
    counts = Counter((str(stage), p.agent) for p in packages for stage in p.stages)
    rows = []
    for stage in STAGES:
        per_agent = [counts[(str(stage), agent)] for agent in agents]
        rows.append([str(stage), *per_agent, sum(per_agent)])
    rows.append(["packages", *[sum(p.agent == a for p in packages) for a in agents], len(packages)])
    headers = ["stage", *map(printable, agents), "total"]
    return tabulate(rows, headers=headers, tablefmt="github")


def _output_table(outputs: list[RecordedOutput]) -> str:
    counts = Counter((o.model, str(o.stage)) for o in outputs)
    models = sorted({o.model for o in outputs})
    rows = [
        [printable(m), *[counts[(m, str(s))] for s in STAGES], sum(o.model == m for o in outputs)]
        for m in models
    ]
    return tabulate(rows, headers=["model", *[str(s) for s in STAGES], "total"], tablefmt="github")


def _cross_check(
    packages: list[Package], outputs: list[RecordedOutput], origins: list[tuple[str, int]]
) -> list[LoadError]:
    """A recorded output must answer a known package through a stage that package lists."""
    by_id = {p.id: p for p in packages}
    errors = []
    for output, (file, line) in zip(outputs, origins, strict=True):
        package = by_id.get(output.package)
        if package is None:
            errors.append(LoadError(file, line, "package", f"unknown package {output.package!r}"))
        elif output.stage not in package.stages:
            errors.append(
                LoadError(
                    file,
                    line,
                    "stage",
                    f"package {output.package!r} does not list stage {output.stage!s}",
                )
            )
    return errors


def run(args: argparse.Namespace) -> int:
    # Input errors exit 2, as everywhere: a path that is not there, or nothing to validate in it.
    missing = [p for p in args.paths if not p.exists()]
    if missing:
        print(f"error: {missing[0]}: no such file or directory", file=sys.stderr)
        return 2
    if not find_jsonl(args.paths, outputs=False) and not find_jsonl(args.paths, outputs=True):
        print(f"error: no *.jsonl file under {', '.join(map(str, args.paths))}", file=sys.stderr)
        return 2
    try:
        packages = load_packages(args.paths, strict=args.strict)
        output_files = find_jsonl(args.paths, outputs=True)
        outputs = load_recorded_outputs(output_files, strict=args.strict)
    except LoadFailed as exc:
        print(f"error: {printable(exc.error)}", file=sys.stderr)
        return 1
    errors = [*packages.errors, *outputs.errors]
    for package, (file, line) in zip(packages.items, packages.origins, strict=True):
        errors.extend(LoadError(file, line, where, why) for where, why in check_package(package))
    if packages.items:
        errors.extend(_cross_check(packages.items, outputs.items, outputs.origins))
    for error in errors:
        print(f"error: {printable(error)}", file=sys.stderr)
    print(_stage_table(packages.items))
    if outputs.items:
        print()
        print(_output_table(outputs.items))
    print(
        f"\n{len(packages.items)} packages, {len(outputs.items)} recorded outputs, "
        f"{len(errors)} error(s)"
    )
    if not packages.items and not outputs.items:
        # Nothing usable at all (an empty file, pretty-printed JSON): an input error, like a
        # missing path, not a package with a bad field.
        print("error: the files hold no package and no recorded output", file=sys.stderr)
        return 2
    if args.strict and errors:
        return 1
    return 1 if errors else 0
