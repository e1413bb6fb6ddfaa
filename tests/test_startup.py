"""Issue 10: `loo --help` and the read-only commands start as fast as a bare Typer app, so
they must not import what they do not use. Each check runs the command in a fresh
interpreter and lists the modules it loaded (timing is measured in benchmarks/); each
distinct command line is run once for the module (``modules_of``) and its list asked by
every check about it."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

#: Loaded by `loo --help`, these would each cost milliseconds for nothing.
NOT_FOR_HELP = ("loo_ledger.domain.settlement.engine", "loo_ledger.domain.settlement.session",
                "loo_ledger.domain.next.legal", "loo_ledger.domain.cards.play",
                "loo_ledger.store.writer", "loo_ledger.store.ledger", "loo_ledger.store.db",
                "loo_ledger.services.table", "loo_ledger.formats.sessionfile", "sqlite3",
                "sqlite_utils", "loo_ledger.formats.limits")

# (the arguments as given, the modules as a repr: the child itself loads no json)
RUN = """
import atexit, sys
sys.argv = ["loo", *sys.argv[1:]]
atexit.register(lambda: sys.stderr.write("\\nMODULES " + repr(sorted(sys.modules))))
from loo_ledger.cli import main
main()
"""


def loaded(*args: str) -> list[str]:
    """The modules `loo ARGS` had loaded when it finished (standard output piped)."""
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE")}
    done = subprocess.run([sys.executable, "-c", RUN, *args], capture_output=True,
                          text=True, env={**env, "COLUMNS": "100"}, timeout=60)
    modules: list[str] = ast.literal_eval(done.stderr.rsplit("MODULES ", 1)[1].strip())
    return modules


@pytest.fixture(scope="module")
def modules_of() -> Callable[..., list[str]]:
    """``loaded``, run once per distinct command line of this module."""
    seen: dict[tuple[str, ...], list[str]] = {}

    def of(*args: str) -> list[str]:
        if args not in seen:
            seen[args] = loaded(*args)
        return seen[args]
    return of


@pytest.fixture(scope="module")
def good_db(good_template: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The good session's ledger, for this module's reading commands."""
    db = tmp_path_factory.mktemp("startup") / "loo.db"
    shutil.copyfile(good_template, db)
    return db


@pytest.fixture(scope="module")
def hand_db(good_template: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of it for `loo hand`, run once (modules_of) whichever check asks first."""
    db = tmp_path_factory.mktemp("startup") / "hand.db"
    shutil.copyfile(good_template, db)
    return db


def test_help_loads_no_engine_no_store_and_no_database(modules_of) -> None:
    # the list is read from cli.COMMANDS: no command's module is imported for it
    from loo_ledger.cli import COMMANDS
    modules = modules_of("--help")
    assert not [m for m in NOT_FOR_HELP if m in modules]
    defining = {f"loo_ledger.cli.{where.split(':')[0]}" for where, _, _ in COMMANDS.values()}
    assert "loo_ledger.cli.table_cmds" in defining and not defining & set(modules)


def test_balances_loads_no_engine_and_no_writer(modules_of, good_db: Path) -> None:
    # a read of two rows: the ledger, and nothing of the engine, the writer or the codecs
    modules = modules_of("--db", str(good_db), "balances")
    assert "loo_ledger.store.ledger" in modules
    assert not [m for m in ("loo_ledger.domain.settlement.engine", "loo_ledger.domain.rules.model",
                            "loo_ledger.store.writer", "loo_ledger.store.derive",
                            "loo_ledger.store.records", "msgspec") if m in modules]
    # built from its own module (cli.COMMANDS), without what `loo hands` needs: its filters,
    # its cells and the chips' formats (some 3 ms, docs/benchmarks.md)
    assert "loo_ledger.cli.balances_cmd" in modules
    assert not [m for m in ("loo_ledger.cli.reports", "loo_ledger.cli.filter_opts",
                            "loo_ledger.services.reports.cells") if m in modules]


def test_balances_loads_babel_only_for_a_session_with_a_unit_of_value(tmp_path: Path) -> None:
    """Babel's locale data are most of what `loo balances` costs beyond the reference
    (docs/benchmarks.md): a session without a unit of value writes no money, so it must
    not load them; one with a unit (0.05 GBP: before any hand every net is 0 chips, written
    "£0.00") does, so the check can fail."""
    from typer.testing import CliRunner

    from loo_ledger.cli import app
    db = str(tmp_path / "loo.db")
    for args in (["new", "Plain", "--players", "Ann,Ben,Cat"],
                 ["new", "Money", "--players", "Ann,Ben,Cat", "--unit-value", "0.05",
                  "--currency", "GBP"]):
        made = CliRunner().invoke(app, ["--db", db, *args])
        assert made.exit_code == 0, made.output
    plain = loaded("--db", db, "balances", "--session", "Plain")
    money = loaded("--db", db, "balances")  # the current session: the last one started
    assert not [m for m in plain if m == "babel" or m.startswith("babel.")]
    assert "babel.numbers" in money
    # "£0.00" is shown as it is (cli/visible.as_they_are), without unicodedata and the
    # lookalike data that text needing escapes loads (about 1 ms; a name typed with
    # --session is checked with them)
    assert not {"unicodedata", "loo_ledger.formats.lookalike"} & set(money)


def test_pool_settles_nothing_again(modules_of, good_db: Path) -> None:
    # the next deal is the domain's answer (legal, deal) asked of the table as stored, and
    # the last hand's loos its stored movements: nothing that settles a hand, not the writer
    modules = modules_of("--db", str(good_db), "pool")
    assert "loo_ledger.store.ledger" in modules and "loo_ledger.domain.next.legal" in modules
    # (domain.settlement.wording, which words the stored loos, settles nothing)
    settling = {f"loo_ledger.domain.settlement.{name}"
                for name in ("engine", "session", "book", "lou", "tricks", "rulings")}
    assert not [m for m in modules if m in settling or (
        m.startswith("loo_ledger.") and not m.startswith("loo_ledger.domain.settlement")
        and any(word in m for word in ("settle", "replay", "writer", "derive")))]
    assert "rich" not in modules
    # the antes due are legal's answer too: not the reading of a record (next/plan.py) and
    # the problems' codes it names (problem.py; some 9 million instructions together), nor
    # what the codec writes a hand with (formats/handcodec.py: a read writes no hand)
    assert not {"loo_ledger.domain.next.plan", "loo_ledger.problem",
                "loo_ledger.formats.handcodec"} & set(modules)
    # built from its own module (cli.COMMANDS), not with the commands that record hands
    assert "loo_ledger.cli.pool_cmd" in modules
    assert not [m for m in ("loo_ledger.cli.table_cmds",
                            "loo_ledger.cli.options") if m in modules]


def test_commands_that_print_text_load_no_json(modules_of, good_db: Path, hand_db: Path) -> None:
    """The standard library's json (some 5 million instructions, docs/benchmarks.md) is
    for --json, --nl and the CSV's nested cells: `loo pool`, `loo balances` and `loo hand`
    printing text do without it (the store's own JSON is msgspec's, store/codec.py; the
    page check reads its rows as they are). `loo pool --json` loads it, so the check can
    fail."""
    for args in (("--db", str(good_db), "pool"), ("--db", str(good_db), "balances"),
                 ("--db", str(hand_db), "hand", "A=1", "B=1", "C=1", "D=0")):
        assert "json" not in modules_of(*args), args
    assert "json" in modules_of("--db", str(good_db), "pool", "--json")


def test_a_hand_at_the_table_loads_what_it_uses(modules_of, hand_db: Path) -> None:
    modules = modules_of("--db", str(hand_db), "hand", "A=1", "B=1", "C=1", "D=0")
    # nothing of the session-file reader, the migrations or the reports, nor the store's
    # row types (TypedDicts for the type checker, ~1.5 ms to build)
    assert "loo_ledger.store.writer" in modules
    assert not [m for m in ("loo_ledger.formats.sessionfile", "loo_ledger.formats.reader",
                            "sqlite_utils", "loo_ledger.services.reports", "rich",
                            "loo_ledger.store.rows")
                if m in modules]
    # names of plain printable ASCII are shown as they are, without unicodedata (~1 ms)
    assert "loo_ledger.cli.visible" in modules and "unicodedata" not in modules


def test_the_listing_names_every_command_in_its_panel() -> None:
    """`loo --help` lists the commands panel by panel, in the order of cli.COMMANDS, the
    table's first; session and sessions, player and players side by side."""
    from typer.testing import CliRunner

    from loo_ledger import cli
    listing = CliRunner().invoke(cli.app, ["--help"], env={"COLUMNS": "100"}).output
    panels: dict[str, list[str]] = {}
    for block in listing.split("╭─ ")[1:]:
        title, _, body = block.partition(" ─")
        panels[title] = [line.split()[1] for line in body.splitlines()
                         if line.startswith("│ ") and line[2] != " "]
    assert list(panels) == ["Options", "At the table", "Reports and analysis",
                            "Season and money", "The ledger", "Rules and players"]
    rows = [name for title, names in panels.items() if title != "Options" for name in names]
    assert rows == list(cli.COMMANDS)
    assert rows[:7] == ["new", "use", "hand", "amend", "undo", "pool", "close"]
    assert len(rows) == 37 and {"seat", "rules", "session", "player", "variants"} <= set(rows)
    ledger, people = panels["The ledger"], panels["Rules and players"]
    assert ledger.index("session") == ledger.index("sessions") + 1
    assert people.index("player") == people.index("players") + 1


def test_summaries_reflow_at_every_width() -> None:
    """A summary is one line of text: at 60 columns it wraps where rich wraps it, never at a
    line break of the source (the old listing broke 'table' and 'hands' mid-row)."""
    from typer.testing import CliRunner

    from loo_ledger import cli
    assert not [name for name, (_, _, summary) in cli.COMMANDS.items() if "\n" in summary]
    wide = CliRunner().invoke(cli.app, ["--help"], env={"COLUMNS": "200"}).output
    for name, (_, _, summary) in cli.COMMANDS.items():  # one row each at 200 columns
        assert any(name in line and summary in line for line in wide.splitlines()), name
    narrow = CliRunner().invoke(cli.app, ["hand", "--help"], env={"COLUMNS": "60"}).output
    assert "Record the next hand and print who takes what, who is" in narrow


def test_a_piped_table_loads_no_rich(tmp_path: Path) -> None:
    # the variants table (no ledger needed) written to a pipe: the plain writer, no rich
    modules = loaded("--db", str(tmp_path / "none.db"), "variants")
    assert "loo_ledger.cli.render" in modules
    assert not [m for m in modules if m == "rich" or m.startswith("rich.")]


def test_a_command_line_loads_only_the_module_of_its_command(modules_of) -> None:
    modules = modules_of("seat", "--help")
    assert "loo_ledger.cli.seats_rules" in modules
    assert not [m for m in ("loo_ledger.cli.table_cmds", "loo_ledger.cli.reports",
                            "loo_ledger.cli.session_cmds") if m in modules]


def test_a_mistyped_command_is_refused_naming_the_nearest() -> None:
    from typer.testing import CliRunner

    from loo_ledger import cli
    wrong = CliRunner().invoke(cli.app, ["balanse"], env={"COLUMNS": "100"})
    assert wrong.exit_code == 2
    assert "No such command 'balanse'. Did you mean 'balances'?" in wrong.output
    far = CliRunner().invoke(cli.app, ["zzz"], env={"COLUMNS": "100"})
    assert far.exit_code == 2 and "No such command 'zzz'." in far.output
    assert "Did you mean" not in far.output


def test_options_before_the_command_still_run_it(tmp_path) -> None:
    from typer.testing import CliRunner

    from loo_ledger import cli
    made = CliRunner().invoke(cli.app, ["--db", str(tmp_path / "l.db"), "--", "new", "Night",
                                        "--players", "Ann,Ben,Cat"])
    assert made.exit_code == 0, made.output
    assert made.output.startswith("session 1 'Night' started: Ann, Ben, Cat")


def test_the_cli_uses_no_private_api_and_leaves_python_alone() -> None:
    """No Typer/Click internals (typer.main but its public get_command, typer._click), no
    switching of the collector, no os._exit or atexit internals, in any cli module."""
    import re

    package = Path(__file__).resolve().parent.parent / "loo_ledger" / "cli"
    banned = re.compile(r"typer\.main\.(?!get_command\b)\w|from typer\.main import|_click"
                        r"|\bgc\.|import gc|os\._exit|atexit\._")
    found = [f"{p.name}: {m.group(0)}" for p in sorted(package.glob("*.py"))
             for m in banned.finditer(p.read_text(encoding="utf-8"))]
    assert found == []


#: What only `loo serve` needs (issue 23): its web server, its page and its QR code.
SERVE_ONLY = ("starlette", "uvicorn", "segno", "h11", "anyio", "loo_ledger.web")


def test_only_serve_loads_the_web_server(modules_of, good_db: Path, hand_db: Path) -> None:
    for args in (["--help"], ["--db", str(good_db), "balances"],
                 ["--db", str(good_db), "pool"], ["--db", str(good_db), "hands"],
                 ["--db", str(hand_db), "hand", "A=1", "B=1", "C=1", "D=0"],
                 ["--db", str(good_db), "serve", "--help"]):
        modules = modules_of(*args)
        assert not [m for m in modules if m.split(".")[0] in SERVE_ONLY
                    or m.startswith("loo_ledger.web")], args


def test_only_loo_table_loads_textual(modules_of, good_db: Path, hand_db: Path) -> None:
    # issue 23: Textual (and the screen built on it) is loaded by `loo table` alone
    def textual(modules: list[str]) -> list[str]:
        return [m for m in modules if m == "textual" or m.startswith(("textual.",
                                                                      "loo_ledger.tui"))]
    for args in (["--help"], ["--db", str(good_db), "balances"],
                 ["--db", str(good_db), "pool"], ["--db", str(good_db), "hands"],
                 ["--db", str(hand_db), "hand", "A=1", "B=1", "C=1", "D=0"],
                 ["--db", str(good_db), "explain", "1"], ["table", "--help"]):
        assert not textual(modules_of(*args)), args


def test_standings_loads_no_season_services_and_no_csv_writer(good_template: Path,
                                                               tmp_path: Path) -> None:
    """`loo standings` starts without what only other season commands need (issue 24's
    figures, benchmarks/season.py): the season services (services/seasons.py, for `loo
    season new/list/rename/delete`) and the CSV writer with the evening's reports it
    brings (services/reports/csvout.py, evening.py)."""
    db = tmp_path / "loo.db"
    shutil.copyfile(good_template, db)
    modules = loaded("--db", str(db), "standings")
    assert "loo_ledger.services.analysis.standings" in modules   # it did its work
    assert not {"loo_ledger.services.seasons", "loo_ledger.services.reports.csvout",
                "loo_ledger.services.reports.evening"} & set(modules)


def test_stats_loads_not_what_replay_and_settle_up_need(modules_of, good_db: Path) -> None:
    """`loo stats` shares its module (cli/analysis_cmds.py) with `loo replay` and `loo
    settle-up`: it reads the stored totals, so it loads neither the engine and the replay
    nor the money owed, a season's tab or the progress bar (rich) they use."""
    modules = modules_of("--db", str(good_db), "stats")
    assert "loo_ledger.services.analysis.stats" in modules   # it did its work
    assert not [m for m in ("loo_ledger.domain.settlement.engine", "loo_ledger.store.writer",
                            "loo_ledger.services.analysis.resettle",
                            "loo_ledger.services.analysis.settle_up",
                            "loo_ledger.services.analysis.season", "loo_ledger.cli.progress",
                            "rich") if m in modules]


def test_a_variant_loads_the_problems_only_when_a_rule_is_refused() -> None:
    """`variant()` words a refused rule as Problems (``errors.Problem``, with the 90 codes
    of ProblemCode); a variant whose rules are sound never loads them, whoever asks."""
    probe = ("import sys\n"
             "from loo_ledger.domain.rules.variants import variant\n"
             "from loo_ledger.errors import VariantError\n"
             "v = variant('three-card', {'loo': 'mixed', 'loo_limit': '60'})\n"
             "print(v.loo_limit, 'loo_ledger.problem' in sys.modules)\n"
             "try:\n"
             "    variant('three-card', {'loo': 'sometimes'})\n"
             "except VariantError as exc:\n"
             "    print([p.code for p in exc.problems], 'loo_ledger.problem' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=60, check=True)
    assert done.stdout.splitlines() == ["60 False", "['BAD_VALUE'] True"]
