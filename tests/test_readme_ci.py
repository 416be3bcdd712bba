"""The README's CI example fails the job when it should: no `|| true`, and every `shadow`
command in it is one the CLI accepts (so a renamed flag breaks this test, not a user's CI)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import yaml

from harness.cli import build_parser

README = Path(__file__).resolve().parents[1] / "README.md"


def _workflow() -> dict[str, object]:
    text = README.read_text(encoding="utf-8")
    section = text.split("### CI: shards, merge, gate", 1)[1]
    block = re.search(r"```yaml\n(.*?)```", section, re.S)
    assert block is not None
    # GitHub's ${{ ... }} expressions are not plain YAML inside flow mappings: stand one in.
    loaded = yaml.safe_load(block.group(1).replace("${{ matrix.shard }}", "1"))
    assert isinstance(loaded, dict)
    return loaded


def _commands() -> list[str]:
    jobs = _workflow()["jobs"]
    assert isinstance(jobs, dict)
    return [step["run"] for job in jobs.values() for step in job["steps"] if "run" in step]


def test_the_ci_example_never_swallows_a_failure() -> None:
    commands = _commands()
    assert commands and not any("|| true" in c or "|| exit 0" in c for c in commands)
    assert any(c.startswith("shadow gate merged") for c in commands)


def test_every_shadow_command_of_the_ci_example_parses() -> None:
    for command in _commands():
        for part in command.split("&&"):
            argv = shlex.split(part)
            if not argv or argv[0] != "shadow":
                continue
            args = build_parser(argv[1:]).parse_args(argv[1:])
            assert args.command == argv[1]
