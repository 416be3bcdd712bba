"""``shadow policy show [--policy FILE]``: the effective policy, a file merged over the defaults.

Printed as YAML, which ``--policy`` reads back: what is shown is exactly what the gate decides
with. A policy that does not validate is an error with exit 2, naming the file and the field.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import yaml

from harness.metrics.registry import METRICS
from harness.policy import PolicyError, load_policy


def add_parser(sub: Any) -> None:
    p = sub.add_parser("policy", help="print the effective promotion policy (defaults merged)")
    actions = p.add_subparsers(dest="action", metavar="ACTION")
    show = actions.add_parser(
        "show",
        help="print the policy a --policy FILE gives once merged over the shipped defaults",
        description=(
            "Print the effective policy as YAML: the shipped defaults, or FILE merged over them "
            "(tables key by key, lists replaced whole; base = 'none' in FILE stands alone)."
        ),
    )
    show.add_argument("--policy", type=Path, default=None, metavar="FILE")
    show.add_argument(
        "--metrics", action="store_true", help="also list the metrics a gate may name"
    )


def run(args: argparse.Namespace) -> int:
    if args.action != "show":
        print("usage: shadow policy show [--policy FILE] [--metrics]", file=sys.stderr)
        return 2
    try:
        policy = load_policy(args.policy)
    except PolicyError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    source = str(args.policy) if args.policy else "the shipped default policy"
    merged = " merged over the shipped defaults" if args.policy and policy.base == "default" else ""
    print(f"# effective policy: {source}{merged}")
    data = policy.model_dump(mode="json", exclude_none=True)
    print(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100), end="")
    if args.metrics:
        print("\n# metrics a gate may name:")
        for name, spec in METRICS.items():
            print(f"#   {name} ({spec.kind}): {spec.description}")
    return 0
