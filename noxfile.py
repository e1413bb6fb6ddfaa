"""The project's habits, one command each: ``nox -s test``, ``lint``, ``typecheck``,
``bench``, ``docs`` (``nox`` alone runs test, lint, typecheck and docs, as .ci/run does).

Why nox and not a Justfile: it is Python, like everything else here, so it needs no other
tool than ``pip install nox``, runs the same on every OS, and each session is a small
function that can take arguments (``nox -s test -- tests/rules``). The sessions run in the
environment nox is started from (``python=False``): the project's ``.venv``, set up as
CONTRIBUTING.md says, so a habit costs what its command costs and nothing more.
"""

from __future__ import annotations

import nox

nox.options.sessions = ["test", "lint", "typecheck", "docs"]


@nox.session(python=False)
def test(session: nox.Session) -> None:
    """The whole suite on every core; arguments go to pytest (``-- -n0 tests/rules``)."""
    # bytecode allowed, as scripts/test allows it: pytest keeps the test modules' rewritten
    # form instead of working it out again in every worker at every run
    session.run("python", "-m", "pytest", "-n", "auto", *session.posargs,
                env={"PYTHONDONTWRITEBYTECODE": ""})


@nox.session(python=False)
def lint(session: nox.Session) -> None:
    """ruff, on everything that is Python."""
    session.run("ruff", "check", "loo_ledger", "tests", "benchmarks", "scripts", "noxfile.py")


@nox.session(python=False)
def typecheck(session: nox.Session) -> None:
    """``mypy --strict`` on the whole package, as .ci/run does (pyproject.toml lists the
    modules not yet strict)."""
    session.run("mypy", "--strict", "loo_ledger")


@nox.session(python=False)
def bench(session: nox.Session) -> None:
    """The benchmark table (docs/benchmarks.md); arguments go to benchmarks/run.py
    (``-- --only ratio,hand``, ``-- --quick``)."""
    session.run("python", "benchmarks/run.py", *session.posargs)


@nox.session(python=False)
def docs(session: nox.Session) -> None:
    """Write the generated documents: the CLI reference (docs/cli.md), the JSON Schemas of
    the session file and of every ``--json`` output; their tests fail until this is run."""
    session.run("python", "scripts/cli_reference.py", "--write")
    session.run("python", "scripts/session_schema.py")
    session.run("python", "scripts/output_schemas.py")
