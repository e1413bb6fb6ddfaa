"""Issue 10: `loo --help` and the read-only commands start as fast as a bare Typer app, so
they must not import what they do not use. Each check runs the command in a fresh
interpreter and lists the modules it loaded (timing is measured in benchmarks/)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

#: Loaded by `loo --help`, these would each cost milliseconds for nothing.
NOT_FOR_HELP = ("loo_ledger.domain.settle", "loo_ledger.domain.replay",
                "loo_ledger.domain.legal", "loo_ledger.domain.cardplay",
                "loo_ledger.store.writer", "loo_ledger.store.ledger", "loo_ledger.store.db",
                "loo_ledger.services.table", "loo_ledger.formats.sessionfile", "sqlite3",
                "sqlite_utils", "loo_ledger.formats.limits")

RUN = """
import atexit, json, sys
sys.argv = ["loo", *json.loads(sys.argv[1])]
atexit.register(lambda: sys.stderr.write("\\nMODULES " + json.dumps(sorted(sys.modules))))
from loo_ledger.cli import main
main()
"""


def loaded(*args: str) -> list[str]:
    """The modules `loo ARGS` had loaded when it finished (standard output piped)."""
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE")}
    done = subprocess.run([sys.executable, "-c", RUN, json.dumps(args)], capture_output=True,
                          text=True, env={**env, "COLUMNS": "100"}, timeout=60)
    return json.loads(done.stderr.rsplit("MODULES ", 1)[1])


def test_help_loads_no_engine_no_store_and_no_database() -> None:
    modules = loaded("--help")
    assert "loo_ledger.cli.table_cmds" in modules  # the commands were read for the list
    assert not [m for m in NOT_FOR_HELP if m in modules]


def test_balances_loads_no_engine_and_no_writer(good_db: Path) -> None:
    # a read of two rows: the ledger, and nothing of the engine, the writer or the codecs
    modules = loaded("--db", str(good_db), "balances")
    assert "loo_ledger.store.ledger" in modules
    assert not [m for m in ("loo_ledger.domain.settle", "loo_ledger.domain.model",
                            "loo_ledger.store.writer", "loo_ledger.store.derive",
                            "loo_ledger.store.records", "msgspec") if m in modules]


def test_pool_settles_nothing_again(good_db: Path) -> None:
    # the next deal is the domain's answer (legal, deal) asked of the table as stored, and
    # the last hand's loos its stored movements: nothing that settles a hand, not the writer
    modules = loaded("--db", str(good_db), "pool")
    assert "loo_ledger.store.ledger" in modules and "loo_ledger.domain.legal" in modules
    assert not [m for m in modules if m.startswith("loo_ledger.") and any(
        word in m for word in ("settle", "replay", "book", "lou", "writer", "derive"))]
    assert "rich" not in modules
    # built from its own module (cli.ALONE), not with the commands that record hands
    assert "loo_ledger.cli.pool_cmd" in modules
    assert not [m for m in ("loo_ledger.cli.table_cmds", "loo_ledger.cli.hand_opts",
                            "loo_ledger.cli.options") if m in modules]


def test_a_hand_at_the_table_loads_what_it_uses(good_db: Path, tmp_path: Path) -> None:
    import shutil
    db = tmp_path / "hand.db"
    shutil.copyfile(good_db, db)
    modules = loaded("--db", str(db), "hand", "A=1", "B=1", "C=1", "D=0")
    # nothing of the session-file reader, the migrations or the reports
    assert "loo_ledger.store.writer" in modules
    assert not [m for m in ("loo_ledger.formats.sessionfile", "loo_ledger.formats.reader",
                            "sqlite_utils", "loo_ledger.services.reports", "rich")
                if m in modules]
    # names of plain printable ASCII are shown as they are, without unicodedata (~1 ms)
    assert "loo_ledger.cli.visible" in modules and "unicodedata" not in modules


def test_a_command_of_its_own_module_keeps_its_place_in_the_listing() -> None:
    from loo_ledger import cli
    names = [cli._name(c) for c in cli.app.registered_commands]
    assert names[:7] == ["new", "use", "hand", "amend", "undo", "pool", "close"]
    for name in cli.ALONE:
        assert any(name in names for names, _ in cli.STEPS)


def test_a_piped_table_loads_no_rich(tmp_path: Path) -> None:
    # the variants table (no ledger needed) written to a pipe: the plain writer, no rich
    modules = loaded("--db", str(tmp_path / "none.db"), "variants")
    assert "loo_ledger.cli.render" in modules
    assert not [m for m in modules if m == "rich" or m.startswith("rich.")]


def test_the_steps_name_every_command_of_the_app() -> None:
    from loo_ledger import cli
    names = {g.name for g in cli.app.registered_groups} | {
        cli._name(c) for c in cli.app.registered_commands}
    assert names == set().union(*(n for n, _ in cli.STEPS))


def test_a_command_built_alone_is_the_command_of_the_whole_app(monkeypatch) -> None:
    from typer.testing import CliRunner

    from loo_ledger import cli
    full, runner = cli.app, CliRunner()
    monkeypatch.setattr(cli, "_built", {})  # build each command alone, as main() does
    for names, _ in cli.STEPS:
        for name in sorted(names):
            alone = cli.only(name)
            assert alone is not None
            assert [cli._name(c) for c in alone.registered_commands] + [
                g.name for g in alone.registered_groups] == [name]
            helps = [runner.invoke(a, [name, "--help"], env={"COLUMNS": "100"}).output
                     for a in (alone, full)]
            assert helps[0] == helps[1] and f" {name} " in helps[0].split("Usage:")[1]


def test_the_command_word() -> None:
    from loo_ledger.cli import _command_word
    assert _command_word(["balances"]) == "balances"
    assert _command_word(["--db", "x.db", "hand", "Ann=1"]) == "hand"
    assert _command_word(["--db=x.db", "seat", "add"]) == "seat"
    assert _command_word(["--help"]) is None
    assert _command_word(["--db", "x.db", "--version"]) is None
    assert _command_word([]) is None and _command_word(["--db", "x.db"]) is None


def test_the_listing_is_the_whole_app_for_help_and_runs_what_it_lists(tmp_path,
                                                                       monkeypatch) -> None:
    import typer.testing
    from typer.main import get_command

    from loo_ledger import cli
    monkeypatch.setattr(typer.testing, "_get_command", lambda command: command)  # Click's
    runner = typer.testing.CliRunner()
    for width in ("60", "100", "200"):
        for args in (["--help"], [], ["-h"]):
            helps = [runner.invoke(root, args, env={"COLUMNS": width}).output
                     for root in (cli._listing(cli.app), get_command(cli.app))]
            assert helps[0] == helps[1] and "balances" in helps[0]
    listing = cli._listing(cli.app)
    unknown = runner.invoke(listing, ["balanse"], env={"COLUMNS": "100"})
    assert unknown.exit_code == 2 and "No such command 'balanse'" in unknown.output
    # a command line the listing must run (options before '--'): the command is built first
    db = tmp_path / "l.db"
    made = runner.invoke(listing, ["--db", str(db), "--", "new", "Night", "--players",
                                   "Ann,Ben,Cat"])
    assert made.exit_code == 0, made.output
    assert made.output.startswith("session 1 'Night' started: Ann, Ben, Cat")
