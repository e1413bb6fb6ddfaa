"""The command line end to end, with figures worked by hand from shared/spec/RULES.md.

The session is tests/conftest.py's GOOD_SESSION: three-card (ante 9 white by the dealer,
limited loo of 9, a simple pool is played by everyone, a pool with chips carried is
double and has a miss), seats A B C D clockwise, D deals first, the pool starts empty.
The deal passes to the left, i.e. to the next seat: D, then A, then B.

Hand 1, D deals a simple pool. P = 0 + D's ante 9 = 9, 3 a trick.
    A, C, D win one trick each: +3 each. B wins none: looed, pays L = 9.
    deltas A +3, B -9, C +3, D -9 + 3 = -6; pool after = 9 - 9 paid out + 9 loo = 9.
Hand 2, A deals; 9 carried, so a double pool. P = 9 + A's ante 9 = 18, 6 a trick.
    B stands, C passes, D takes the miss, A stands; B 2 tricks, A 1, D 0.
    deltas A -9 + 6 = -3, B +12, C 0 (passed), D -9 (looed); pool after = 18 - 18 + 9 = 9.
Hand 3, B deals; 9 carried, double. P = 9 + B's ante 9 = 18. Everyone passes, so the
    dealer takes P: B -9 + 18 = +9, the others 0; pool after 0.
Nets: A 3 - 3 + 0 = 0, B -9 + 12 + 9 = 12, C 3 + 0 + 0 = 3, D -6 - 9 + 0 = -15;
    they sum to 0 and the pool is back to 0.
Money at 0.05 GBP a white chip: A £0.00, B £0.60, C £0.15, D -£0.75.
"""

from __future__ import annotations

import json
import re

import pytest
import typer.main
from rich_tables import cells

from loo_ledger.cli import app

PLAYERS = ["A", "B", "C", "D"]

# Worked by hand in the module docstring.
HANDS = [
    {"number": 1, "dealer": "D", "double": False, "pool_in": 0, "pot": 9,
     "deltas": {"A": 3, "B": -9, "C": 3, "D": -6}, "pool_after": 9},
    {"number": 2, "dealer": "A", "double": True, "pool_in": 9, "pot": 18,
     "deltas": {"A": -3, "B": 12, "C": 0, "D": -9}, "pool_after": 9},
    {"number": 3, "dealer": "B", "double": True, "pool_in": 9, "pot": 18,
     "deltas": {"A": 0, "B": 9, "C": 0, "D": 0}, "pool_after": 0},
]
NETS = {"A": 0, "B": 12, "C": 3, "D": -15}

# A second evening, for the two-file import and for money at -27 white.
# Hand 1, D deals a simple pool: P = 9, 3 a trick. A wins all three and takes the whole
#     9: +9. B and C played and won nothing: looed 9 each. D antes 9 and is looed 9: -18.
#     Pool after = 9 - 9 + 3 x 9 = 27.
# Hand 2, A deals; 27 carried, double. P = 27 + 9 = 36. B and C pass, D stands, A stands.
#     A wins all three and takes 36: -9 + 36 = +27. D is looed: -9. Pool after = 9.
# Nets: A 9 + 27 = 36, B -9, C -9, D -18 - 9 = -27; sum -9 = minus the pool of 9.
# Money at 0.05: A £1.80, B -£0.45, C -£0.45, D -27 x 0.05 = -£1.35, pool £0.45.
SECOND = {
    "format": "loo-session/1",
    "name": "Second night",
    "variant": "three-card",
    "unit": {"name": "white chip", "value": "0.05", "currency": "GBP"},
    "players": PLAYERS,
    "first_dealer": "D",
    "hands": [
        {"tricks": {"A": 3}},
        {"declarations": {"B": "pass", "C": "pass", "D": "stand", "A": "stand"},
         "tricks": {"A": 3, "D": 0}},
    ],
}

PRESETS = ["three-card", "bicycle", "poker-book", "lanterloo", "britannica", "irish",
           "undivided", "five-card", "britannica-five-card", "lou"]


def test_balances_json(loo, good_db):
    result = loo(good_db, "balances", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["session"] == 1
    assert data["pool"] == 0
    assert [(p["name"], p["net"]) for p in data["players"]] == [
        ("A", 0), ("B", 12), ("C", 3), ("D", -15)]
    assert [p["money"] for p in data["players"]] == ["0.00", "0.60", "0.15", "-0.75"]
    assert data["unit"] == {"name": "white chip", "value": "0.05", "currency": "GBP"}


def test_hands_json(loo, good_db, good_session):
    result = loo(good_db, "hands", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [{k: h[k] for k in HANDS[0]} for h in data] == HANDS
    # Every dealt player has a delta; each hand conserves chips.
    for h in data:
        assert sum(h["deltas"].values()) + h["pool_after"] - h["pool_in"] == 0
    # The raw record is kept as given.
    assert [h["record"] for h in data] == good_session["hands"]
    assert [h["outcome"] for h in data][2] == "all-pass"


def test_balances_table(loo, good_db):
    result = loo(good_db, "balances")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Balances: Test night (session 1; white chip)" in out
    # Column widths: player 6 ("player", "(pool)"), net 3, money 6 ("-£0.75").
    lines = [line.rstrip() for line in out.splitlines()]
    assert " D      \u2502 -15 \u2502 -£0.75" in lines
    assert " B      \u2502 +12 \u2502  £0.60" in lines
    rows = cells(out)
    assert rows["A"] == ["0", "£0.00"]
    assert rows["B"] == ["+12", "£0.60"]
    assert rows["C"] == ["+3", "£0.15"]
    assert rows["D"] == ["-15", "-£0.75"]
    assert rows["(pool)"] == ["0", "£0.00"]


def test_money_minus_27_white(loo, tmp_path, save):
    db = tmp_path / "loo.db"
    assert loo(db, "import", save(tmp_path / "second.json", SECOND)).exit_code == 0
    data = json.loads(loo(db, "balances", "--json").stdout)
    assert data["pool"] == 9
    assert [(p["name"], p["net"], p["money"]) for p in data["players"]] == [
        ("A", 36, "1.80"), ("B", -9, "-0.45"), ("C", -9, "-0.45"), ("D", -27, "-1.35")]
    rows = cells(loo(db, "balances").stdout)
    assert rows["D"] == ["-27", "-£1.35"]
    assert rows["A"] == ["+36", "£1.80"]
    assert rows["(pool)"] == ["9", "£0.45"]


def test_no_money_without_a_unit_value(loo, tmp_path, good_session, save):
    good_session["unit"] = {"name": "white chip"}
    db = tmp_path / "loo.db"
    assert loo(db, "import", save(tmp_path / "s.json", good_session)).exit_code == 0
    data = json.loads(loo(db, "balances", "--json").stdout)
    assert all("money" not in p for p in data["players"])
    rows = cells(loo(db, "balances").stdout)
    assert rows["D"] == ["-15", ""]
    assert "£" not in loo(db, "balances").stdout


def test_sessions_lists_it(loo, good_db):
    data = json.loads(loo(good_db, "sessions", "--json").stdout)
    assert len(data) == 1
    s = data[0]
    assert (s["id"], s["name"], s["variant"], s["players"], s["hands"], s["pool"],
            s["current"]) == (1, "Test night", "three-card", 4, 3, 0, True)
    table = loo(good_db, "sessions")
    assert table.exit_code == 0
    row = cells(table.stdout)["*"]  # id, name, date (the day it was recorded), status...
    assert row[:2] + row[3:7] == ["1", "Test night", "open", "three-card", "4", "3"]
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", row[2])


def test_export_then_import_gives_the_same(loo, good_db, tmp_path):
    exported = loo(good_db, "export")
    assert exported.exit_code == 0, exported.output
    path = tmp_path / "exported.json"
    path.write_text(exported.stdout, encoding="utf-8")
    fresh = tmp_path / "fresh.db"
    assert loo(fresh, "import", path).exit_code == 0
    for cmd in (["hands", "--json"], ["balances", "--json"]):
        assert loo(fresh, *cmd).stdout == loo(good_db, *cmd).stdout
    assert json.loads(loo(fresh, "balances", "--json").stdout)["players"][3]["net"] == -15


def test_export_output_file(loo, good_db, tmp_path, good_session):
    out = tmp_path / "out.json"
    result = loo(good_db, "export", "-o", out)
    assert result.exit_code == 0, result.output
    assert out.exists()
    # Nothing else was recorded, so the export is the file as imported.
    assert json.loads(out.read_text(encoding="utf-8")) == good_session
    assert result.stdout == ""
    assert str(out) in result.stderr


def test_variants_lists_the_ten_presets(loo, tmp_path):
    db = tmp_path / "loo.db"
    data = json.loads(loo(db, "variants", "--json").stdout)
    assert [v["name"] for v in data] == PRESETS
    assert {v["name"]: v["source"] for v in data}["britannica"] == "001"
    table = loo(db, "variants")
    assert table.exit_code == 0
    assert list(cells(table.stdout)) == PRESETS


def test_variants_show_britannica(loo, tmp_path):
    result = loo(tmp_path / "loo.db", "variants", "show", "britannica", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["name"] == "britannica"
    params = {p["parameter"]: p for p in data["parameters"]}
    assert (params["ante_model"]["value"], params["ante_model"]["source"]) == ("stakes", "001")
    assert params["revoke_penalty"]["value"] == "blenheim"
    assert params["loo"]["value"] == "unlimited"


def test_variants_show_with_a_house_rule(loo, tmp_path):
    db = tmp_path / "loo.db"
    table = loo(db, "variants", "show", "three-card", "--rule", "loo=unlimited")
    assert table.exit_code == 0, table.output
    assert cells(table.stdout)["loo"][:2] == ["unlimited", "house rule"]
    # A parameter not overridden keeps the preset's value and source.
    assert cells(table.stdout)["ante"][:2] == ["9", "000"]
    data = json.loads(loo(db, "variants", "show", "three-card", "-r", "loo=unlimited",
                          "--json").stdout)
    loo_param = {p["parameter"]: p for p in data["parameters"]}["loo"]
    assert (loo_param["value"], loo_param["source"]) == ("unlimited", "house rule")


def _commands():
    """Every command path, with its click command object (a group's commands are loaded
    when asked for: Click's list_commands and get_command)."""
    root = typer.main.get_command(app)
    out = [((), root)]

    def walk(cmd, path):
        if not callable(getattr(cmd, "list_commands", None)):
            return
        ctx = typer.Context(cmd, info_name="loo")
        for name in cmd.list_commands(ctx):
            sub = cmd.get_command(ctx, name)
            out.append((path + (name,), sub))
            walk(sub, path + (name,))

    walk(root, ())
    return out


@pytest.fixture(scope="module")
def commands() -> dict:
    """Every command by its path, walked once for the module (the tests only read them)."""
    return {" ".join(p): c for p, c in _commands()}


def test_the_commands_are_all_there(commands):
    names = set(commands)
    assert {"import", "export", "check", "sessions", "hands", "balances", "variants",
            "variants show"} <= names


@pytest.mark.parametrize("path", [" ".join(p) for p, _ in _commands()])
def test_help_of_every_command(loo, tmp_path, commands, path):
    cmd = commands[path]
    result = loo(tmp_path / "loo.db", *path.split(), "--help")
    assert result.exit_code == 0, result.output
    assert "Usage" in result.stdout
    assert cmd.help, f"{path or 'loo'} has no help text"
    for param in cmd.params:
        assert getattr(param, "help", None), f"{path or 'loo'}: {param.name} has no help text"
        if param.param_type_name == "option" and not param.hidden:  # an old name is hidden
            assert param.opts[0] in result.stdout
    assert "--help" in result.stdout and "Show this message and exit" in result.stdout


def test_two_files_in_one_command(loo, tmp_path, good_file, save):
    db = tmp_path / "loo.db"
    second = save(tmp_path / "second.json", SECOND)
    result = loo(db, "import", good_file, second)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [f"imported {good_file} as session 1",
                                          f"imported {second} as session 2"]
    sessions = json.loads(loo(db, "sessions", "--json").stdout)
    assert [(s["id"], s["name"], s["hands"], s["pool"], s["current"]) for s in sessions] == [
        (1, "Test night", 3, 0, False), (2, "Second night", 2, 9, True)]
    # Without --session, the reports are about the second (current) session.
    assert json.loads(loo(db, "balances", "--json").stdout)["session"] == 2
    assert [h["number"] for h in json.loads(loo(db, "hands", "--json").stdout)] == [1, 2]
    first = json.loads(loo(db, "balances", "--session", "1", "--json").stdout)
    assert {p["name"]: p["net"] for p in first["players"]} == NETS
