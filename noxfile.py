"""Developer sessions: ``nox -s tests lint typecheck``."""

from __future__ import annotations

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
