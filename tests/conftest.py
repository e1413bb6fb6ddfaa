"""Shared fixtures for the CLI tests: one hand-worked session, a runner, a database dump.

Test modules do not ``from conftest import``; everything here is a fixture (the rule
tests' builders are tests/rules/rules_kit.py, a helper module).

The session (three-card, seats A B C D clockwise, D deals first, pool empty) is worked
by hand from shared/spec/RULES.md in tests/test_cli.py; test_bad_input.py and
test_check.py reuse it as "a good session already in the database".
"""

from __future__ import annotations

import contextlib
import copy
import importlib
import json
import os
import shutil
import sqlite3
import tempfile
from pathlib import Path

import pytest
from cli_kit import BuiltOnce
from hypothesis import settings

from loo_ledger.cli import app
from loo_ledger.store.ledger import Ledger

# The hypothesis properties take their number of examples from the profile, unless a test
# pins a smaller one because each example is dear (a database written, a process run):
# "default" (50) is a developer's run, with the rest of the suite; "ci" (200, set by
# .ci/run) is four times that on every change that lands; "thorough" (1000,
# HYPOTHESIS_PROFILE=thorough) is for a change to the rules or the readers. No deadline:
# how long one example takes is the machine's load, not a property (speed is benchmarks/').
settings.register_profile("default", max_examples=50, deadline=None)
settings.register_profile("ci", max_examples=200, deadline=None)
settings.register_profile("thorough", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

# The tests' folders (tmp_path, tmp_path_factory, tempfile) in memory where there is a RAM
# disk, unless TMPDIR names another place: every write of the ledger is a commit that
# waits for the disk (fsync), about 40 ms for a new ledger on this machine's disk and
# nothing in memory. What is proved is the same: SQLite's locks, its write-ahead log and
# a process that dies halfway behave alike there (only a power cut does not, which no
# test makes). Set here, before pytest makes its first folder. Only where the RAM disk has
# room for a whole run (pytest keeps each test's folder until the run ends): a container's
# /dev/shm is often 64 MiB, which the suite would fill.
RAM_DISK = Path("/dev/shm")
RAM_DISK_ROOM = 2 << 30


def _ram_disk_has_room() -> bool:
    if "TMPDIR" in os.environ or not RAM_DISK.is_dir() or not os.access(RAM_DISK, os.W_OK):
        return False
    fs = os.statvfs(RAM_DISK)
    return fs.f_bavail * fs.f_frsize >= RAM_DISK_ROOM


if _ram_disk_has_room():
    tempfile.tempdir = str(RAM_DISK)

def pytest_sessionstart(session: pytest.Session) -> None:
    """The package under test compiled once, as ``pip install`` compiles a package it
    installs: where PYTHONDONTWRITEBYTECODE is set (an editable install then never gets its
    .pyc files), each pytest worker and each of the suite's ``loo`` processes would compile
    every module it imports again, about a quarter of a process-heavy test's cost. Nothing
    is compiled where the .pyc files are current, nor where the package cannot be written."""
    import compileall

    import loo_ledger
    compileall.compile_dir(Path(loo_ledger.__file__).parent, quiet=2)


def pytest_collection(session: pytest.Session) -> None:
    """On a fresh clone, pytest rewrites each test module's asserts as it first imports it
    and keeps the result in tests/__pycache__ (about 6 CPU-s for the suite on the two-core
    machine). The workers of ``-n 2`` collect in the same order, so each rewrote nearly
    every module, side by side. The second worker imports the modules it is to collect
    from the last to the first before collecting: the two meet in the middle, and each
    rewrites about half and reads the rest as the other wrote it. Where tests/__pycache__
    is current this only imports early what collecting imports anyway; a module that fails
    to import (or skips itself) is left for collecting to report."""
    if os.environ.get("PYTEST_XDIST_WORKER") != "gw1":
        return
    config = session.config
    chosen = [(config.invocation_params.dir / arg.split("::")[0]).resolve()
              for arg in config.args]
    for path in sorted(Path(__file__).parent.glob("test_*.py"), reverse=True):
        if (any(path == c or c in path.parents for c in chosen)
                and not config.hook.pytest_ignore_collect(collection_path=path, config=config)):
            with contextlib.suppress(Exception, pytest.skip.Exception):
                importlib.import_module(path.stem)


GOOD_SESSION = {
    "format": "loo-session/1",
    "name": "Test night",
    "variant": "three-card",
    "unit": {"name": "white chip", "value": "0.05", "currency": "GBP"},
    "players": ["A", "B", "C", "D"],
    "first_dealer": "D",
    "opening_pool": 0,
    "hands": [
        # 1: D deals a simple pool (everyone plays, no declarations).
        {"tricks": {"A": 1, "B": 0, "C": 1, "D": 1}},
        # 2: A deals a double pool: B stands, C passes, D takes the miss, A stands.
        {"trump": "hearts",
         "declarations": {"B": "stand", "C": "pass", "D": "miss", "A": "stand"},
         "tricks": {"B": 2, "D": 0, "A": 1}},
        # 3: B deals a double pool and everybody passes.
        {"declarations": {"C": "pass", "D": "pass", "A": "pass", "B": "pass"}},
    ],
}


def write_json(path: Path, obj) -> Path:
    path.write_text(json.dumps(obj, indent=2), encoding="utf-8")
    return path


def dump(db: Path) -> str:
    """Every row and every table definition of the database, as SQL text."""
    conn = sqlite3.connect(db)
    try:
        return "\n".join(conn.iterdump())
    finally:
        conn.close()


@pytest.fixture
def good_session() -> dict:
    """A fresh deep copy of GOOD_SESSION, safe to edit."""
    return copy.deepcopy(GOOD_SESSION)


@pytest.fixture
def save():
    """``save(path, obj)`` writes obj as JSON and returns path."""
    return write_json


@pytest.fixture
def dump_db():
    """``dump_db(path)``: the whole database as SQL text (sqlite3's iterdump)."""
    return dump


@pytest.fixture(scope="session")
def loo():
    """``loo(db, *args)`` runs the CLI in process with ``--db db``; wide terminal for tables.
    One for the session (it keeps nothing from one call to the next: each call's state is
    its Click context's), so that a module's fixture can build its ledger once."""
    runner = BuiltOnce()

    def run(db: Path, *args: str, input: str | None = None):
        result = runner.invoke(app, ["--db", str(db), *map(str, args)], input=input,
                               env={"COLUMNS": "200"})
        # Ended by exiting (0, 1 or 2), never by an exception escaping the program.
        assert result.exception is None or isinstance(result.exception, SystemExit), (
            f"uncaught {result.exception!r}; output: {result.output}")
        return result

    return run


@pytest.fixture
def run(loo):
    """The same as ``loo``, under the name the interactive tests use: ``run(db, *args,
    input=KEYS)``."""
    return loo


@pytest.fixture
def good_file(tmp_path) -> Path:
    return write_json(tmp_path / "good.json", copy.deepcopy(GOOD_SESSION))


@pytest.fixture(scope="session")
def good_source(tmp_path_factory) -> Path:
    """GOOD_SESSION as a file, written once per test process, for the fixtures that build
    a ledger once for a module (a test that edits the file takes ``good_file``)."""
    return write_json(tmp_path_factory.mktemp("good_source") / "good.json",
                      copy.deepcopy(GOOD_SESSION))


@pytest.fixture(scope="session")
def good_template(tmp_path_factory, loo) -> Path:
    """GOOD_SESSION imported once per test process (a new ledger, its migrations, the
    import): ``good_db`` copies this file, which no test opens."""
    folder = tmp_path_factory.mktemp("good_template")
    db = folder / "loo.db"
    result = loo(db, "import", write_json(folder / "good.json", copy.deepcopy(GOOD_SESSION)))
    assert result.exit_code == 0, result.output
    # closed, the ledger is this one file: no -wal beside it holding part of the import
    assert sorted(p.name for p in folder.iterdir()) == ["good.json", "loo.db"]
    return db


@pytest.fixture
def good_db(tmp_path, good_file, good_template) -> Path:
    """A database holding GOOD_SESSION as session 1 (a copy of ``good_template``: the same
    file `loo import good.json` makes on a new ledger)."""
    db = tmp_path / "loo.db"
    shutil.copyfile(good_template, db)
    return db


@pytest.fixture(scope="session")
def fresh_db(tmp_path_factory):
    """``fresh_db(folder, name="loo.db")``: a new, empty ledger at ``folder / name``, a copy
    of one made once per test process (``Ledger.open`` on a new file), which no test opens."""
    template = tmp_path_factory.mktemp("empty_template") / "template.db"
    Ledger.open(template).close()

    def make(folder: Path, name: str = "loo.db") -> Path:
        path = folder / name
        shutil.copyfile(template, path)
        return path

    return make


@pytest.fixture(scope="session")
def sample_ledger(tmp_path_factory, loo):
    """``sample_ledger(path)``: a ledger holding the sample session ``path`` (a file of
    sample_sessions/), made by `loo import path` on a new ledger (which must exit 0) once
    per test process, whichever module asks first; closed, and opened by no test: a test
    reads or writes a copy of it (``copy_ledger``)."""
    folder = tmp_path_factory.mktemp("samples")
    made: dict[Path, Path] = {}

    def ledger(path: Path) -> Path:
        if path not in made:
            db = folder / f"{path.stem}.db"
            result = loo(db, "import", path)
            assert result.exit_code == 0, result.output
            made[path] = db
        return made[path]

    return ledger


@pytest.fixture(scope="session")
def copy_ledger():
    """``copy_ledger(built, folder, name="loo.db")``: a copy of a ledger that a module's
    fixture built once (closed: no write-ahead log beside it), for one test to write to."""
    def copy(built: Path, folder: Path, name: str = "loo.db") -> Path:
        assert not built.with_name(built.name + "-wal").exists(), f"{built} is still open"
        path = folder / name
        shutil.copyfile(built, path)
        return path

    return copy


class OnlyDoctestsWhereTheyAre:
    """The doctests are the package's (``--doctest-modules``), and only its modules whose
    text has an example (``>>>``) are searched for them: the test modules and their
    helpers hold none, and three quarters of the package's modules none either (a search
    of every object of each module in every worker, for nothing). That every module of
    the package imports is tests/test_packaging.py's.

    A plugin registered by :func:`pytest_configure`, not a hook of this conftest: a
    conftest's collection hooks see only the files under its own folder (tests/), and
    the package's modules are outside it (as a hook here, it searched all of them)."""

    @pytest.hookimpl(wrapper=True)
    def pytest_collect_file(self, file_path: Path, parent: pytest.Collector):
        collected = yield
        if file_path.suffix != ".py":
            return collected
        if Path(__file__).parent in file_path.parents or \
                ">>>" not in file_path.read_text(encoding="utf-8"):
            return [c for c in collected if type(c).__name__ != "DoctestModule"]
        return collected


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(OnlyDoctestsWhereTheyAre(), "only-doctests-where-they-are")
