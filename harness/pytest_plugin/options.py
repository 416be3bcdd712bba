"""The plugin's command-line options; they do nothing while no suite item is collected."""

from __future__ import annotations

import pytest

#: The runner when neither the command line nor a suite names one.
DEFAULT_RUNNER = "reference"


def add_options(parser: pytest.Parser) -> None:
    group = parser.getgroup(
        "shadow", "shadow case suites (inert unless a shadow-suite file is collected)"
    )
    group.addoption(
        "--shadow-runner", metavar="SPEC",
        help="runner for every suite: reference, reference:credulous, recorded:<model>, "
             "command:<argv...>, python:<module:function>, pi[:<model>], openai:<model>",
    )  # fmt: skip
    group.addoption(
        "--shadow-opt", action="append", default=[], metavar="KEY=VALUE",
        help="runner option, repeatable (e.g. outputs_dir=recordings/outputs)",
    )  # fmt: skip
    group.addoption(
        "--shadow-out", metavar="DIR", help="run directory (default reports/runs/<run-id>)"
    )
    group.addoption(
        "--shadow-resume", metavar="DIR",
        help="continue the interrupted pytest run in DIR: stored cases are judged, not run again",
    )  # fmt: skip
    group.addoption(
        "--shadow-shard", metavar="K/N", help="only shard K of N (stable split by package id)"
    )
    group.addoption(
        "--shadow-recordings", action="append", metavar="PATH",
        help="recordings to use instead of the suites' own (repeatable; files, folders or globs)",
    )  # fmt: skip
    group.addoption(
        "--shadow-score-workers", default="auto", metavar="N",
        help="processes that score cases replayed ahead of their items (default auto: one per "
             "usable core for sessions of 500 cases or more with a recorded runner, else 1: "
             "each item scores its own case); the scores are the same bytes whatever N",
    )  # fmt: skip
    group.addoption(
        "--shadow-no-report", action="store_true",
        help="results, scores and run.json only: no report (as `shadow report RUN_DIR` writes later)",
    )  # fmt: skip


def key_value(text: str) -> tuple[str, str]:
    """One ``--shadow-opt KEY=VALUE``."""
    key, sep, value = str(text).partition("=")
    if not sep or not key:
        raise pytest.UsageError(f"--shadow-opt {text!r}: expected KEY=VALUE")
    return key, value
