"""Every ``--json`` output has a published schema (schemas/output/) and keeps to it (issue 11).

One sample ledger (the four sample sessions, a small evening played at the table with a
buy-in, a house rule, a corrupted copy for ``loo check``) is driven through every command
with ``--json``; each output is validated against its command's schema. The schemas must
be current both ways: every key a schema requires is in the output (validation), no key
is printed that the schema does not know (closed shapes), and every key a schema declares
is printed by some run here (nothing stale). A new command with ``--json`` and no schema,
or a command without ``--json``, fails.
"""

from __future__ import annotations

import importlib.util
import json
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer.main
from cli_kit import BuiltOnce
from jsonschema import Draft202012Validator, FormatChecker

from loo_ledger.cli import app

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "schemas" / "output"
# Four of the sample sessions, in this order (their ids below): 1 five-card, 2 irish, 3 lou,
# 4 three-card.
SAMPLES = [ROOT / "sample_sessions" / f"{name}.json" for name in (
    "five-card-pam-saturday", "irish-sunday", "lou-game", "three-card-mixed-friday")]
runner = BuiltOnce()  # the program's command built once for the module


def json_commands() -> dict[str, Any]:
    """Every command of the app by its words ("seat add"), groups with a callback included.
    (Typer carries its own copy of click, so commands are told apart by their attributes.)"""
    out: dict[str, Any] = {}

    def walk(cmd: Any, words: tuple[str, ...]) -> None:
        group = callable(getattr(cmd, "list_commands", None))
        if words and (not group or cmd.invoke_without_command):
            out[" ".join(words)] = cmd
        if group:  # its commands loaded as asked for (Click's list_commands, get_command)
            ctx = typer.Context(cmd, info_name="loo")
            for name in cmd.list_commands(ctx):
                walk(cmd.get_command(ctx, name), (*words, name))

    walk(typer.main.get_command(app), ())
    assert {"hand", "seat add", "variants", "variants show"} <= set(out)
    return out


def has_json(cmd: Any) -> bool:
    return any("--json" in getattr(p, "opts", ()) for p in cmd.params)


def schema_name(words: str) -> str:
    return words.replace(" ", "-")


def load(name: str) -> dict[str, Any]:
    return json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))


# -- the schemas are there ---------------------------------------------------------------


def test_every_command_has_json():
    missing = [w for w, c in json_commands().items() if not has_json(c)]
    assert missing == [], f"commands without --json: {missing}"


def test_every_json_command_has_a_schema_and_every_schema_a_command():
    wanted = {schema_name(w) for w, c in json_commands().items() if has_json(c)}
    present = {p.name.removesuffix(".schema.json") for p in SCHEMAS.glob("*.schema.json")}
    assert wanted - present == set(), "no schema in schemas/output/ for these --json commands"
    assert present - wanted == set(), "schemas for commands that do not exist"


def test_schemas_are_valid_2020_12_with_the_projects_id():
    for path in SCHEMAS.glob("*.schema.json"):
        schema = json.loads(path.read_text(encoding="utf-8"))
        Draft202012Validator.check_schema(schema)
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert schema["$id"] == f"https://loo-ledger.github.io/schemas/output/{path.name}"


def test_schema_files_are_what_the_script_writes():
    spec = importlib.util.spec_from_file_location("output_schemas",
                                                  ROOT / "scripts" / "output_schemas.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for name, text in module.rendered().items():
        assert (SCHEMAS / name).read_text(encoding="utf-8") == text, (
            f"{name} is stale: run python scripts/output_schemas.py")


# -- a sample ledger through every command -----------------------------------------------


def run(db: Path, *args: Any, stdin: bytes | None = None, code: int = 0) -> Any:
    result = runner.invoke(app, ["--db", str(db), *map(str, args)], input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code == code, f"loo {' '.join(map(str, args))}:\n{result.output}"
    return json.loads(result.stdout) if "--json" in args else result


# (schema, arguments): the sample ledger's four sessions are 1 five-card, 2 irish, 3 lou,
# 4 three-card; session 5 is played below; session 6 is imported from standard input.
SCRIPT: list[tuple[str, tuple[Any, ...]]] = [
    ("import", ("import", "--dry-run", "--json", *SAMPLES)),
    ("import", ("import", "--json", *SAMPLES)),
    ("import", ("import", "--dry-run", "--json", SAMPLES[0])),   # already in: already_imported
    ("new", ("new", "Ann's", "--players", "Ann,Ben,Cat", "--buy-in", "100",
             "--unit-value", "0.05", "--currency", "GBP", "--json")),
    ("hand", ("hand", "Ann=1", "Ben=1", "Cat=1", "--json")),
    ("hand", ("hand", "Ann=2", "Ben=0", "Cat=1", "--json")),
    ("amend", ("amend", "1", "Ann=1", "Ben=1", "Cat=1", "--note", "fixed", "--json")),
    ("seat-add", ("seat", "add", "Dov", "--json")),
    ("seat-leave", ("seat", "leave", "Dov", "--json")),
    ("seat-add", ("seat", "add", "Dov", "--json")),
    ("hand", ("hand", "Ann=pass", "Cat=pass", "Dov=pass", "--json")),
    ("undo", ("undo", "--yes", "--json")),
    ("rules-save", ("rules", "save", "mine", "--from", "three-card", "-r", "loo=unlimited",
                    "--json")),
    ("rules-list", ("rules", "list", "--json")),
    ("rules-show", ("rules", "show", "mine", "--json")),
    ("rules-save", ("rules", "save", "spare", "--variant", "three-card", "--json")),
    ("rules-delete", ("rules", "delete", "spare", "--yes", "--json")),
    ("variants", ("variants", "--json")),
    ("variants-show", ("variants", "show", "lou", "--json")),
    ("sessions", ("sessions", "--json")),
    ("hands", ("hands", "--json")),
    ("hands", ("hands", "--since", "2000-01-01", "--json")),
    ("hands", ("hands", "--audit", "--json")),
    ("balances", ("balances", "--json")),
    ("balances", ("balances", "-s", "3", "--json")),
    ("pool", ("pool", "--json")),
    ("pool", ("pool", "-s", "3", "--json")),
    ("table", ("table", "--json")),
    ("table", ("table", "-s", "3", "--json")),
    ("stats", ("stats", "--json")),
    ("stats", ("stats", "--all", "--json")),
    ("settle-up", ("settle-up", "--json")),
    ("settle-up", ("settle-up", "-s", "4", "--json")),
    ("players", ("players", "--json")),
    ("paid", ("paid", "Ann", "ben", "0.05", "--note", "cash", "--advance", "--json")),
    ("settle-up", ("settle-up", "--all", "--json")),
    ("season-new", ("season", "new", "All", "--since", "2000-01-01", "--sessions", "2",
                    "--json")),
    ("season-list", ("season", "list", "--json")),
    ("season-show", ("season", "show", "all", "--json")),
    ("standings", ("standings", "--json")),
    # the Irish evening alone: every kind of line (exchanges included) and every key of
    # the schema, a quarter of the lines (each bootstrapped) of the four evenings together
    ("leaks", ("leaks", "--all", "--min-hands", "1", "-s", "2", "--json")),
    ("season-rename", ("season", "rename", "All", "Ever", "--json")),
    ("season-delete", ("season", "delete", "ever", "--json")),
    ("player-merge", ("player", "merge", "Cat", "Ann", "--json")),
    ("replay", ("replay", "--json")),
    ("replay", ("replay", "1", "--variant", "three-card", "--json")),
    ("chart", ("chart", "--json")),
    ("chart", ("chart", "--pool-size", "--json")),
    ("chart", ("chart", "--all", "--json")),
    ("explain", ("explain", "2", "--json")),
    ("check", ("check", "--json")),
    ("datasette-metadata", ("datasette-metadata", "--json")),
    ("path", ("path", "--json")),
    ("schema", ("schema", "--json")),
    ("schema", ("schema", "balances", "--json")),
    ("rules-set", ("rules", "set", "loo=unlimited", "--json")),
    ("session-rename", ("session", "rename", "Ann's again", "--json")),
    ("player-rename", ("player", "rename", "Dov", "Dora", "--json")),
    ("close", ("close", "--json")),
    ("reopen", ("reopen", "--json")),
    ("use", ("use", "4", "--json")),
    ("session-delete", ("session", "delete", "1", "--yes", "--json")),
]


@pytest.fixture(scope="module")
def outputs(tmp_path_factory) -> list[tuple[str, tuple[Any, ...], Any]]:
    """(schema, arguments, parsed output) for every run of SCRIPT and the runs after it."""
    tmp = tmp_path_factory.mktemp("json")
    db = tmp / "loo.db"
    out = [(name, args, run(db, *args)) for name, args in SCRIPT]
    out.append(("import", ("import", "-", "--json"),
                run(db, "import", "-", "--json", stdin=SAMPLES[0].read_bytes())))
    out.append(("export", ("export", "-o", tmp / "s.json", "--json"),
                run(db, "export", "-s", "4", "-o", tmp / "s.json", "--json")))
    out.append(("backup", ("backup", "--json"), run(db, "backup", tmp / "b.db", "--json")))
    for ledger in (tmp / "new.db", db):  # restored where there was none, then over one
        out.append(("restore", ("restore", "--json"),
                    run(ledger, "restore", tmp / "b.db", "--yes", "--json")))
    broken = tmp / "broken.db"
    with sqlite3.connect(db) as source, sqlite3.connect(broken) as copy:
        source.backup(copy)  # the ledger may keep recent writes in its WAL file
    with sqlite3.connect(broken) as conn:
        conn.execute("UPDATE sessions SET pool = pool + 1 WHERE id = 2")
        conn.execute("UPDATE session_totals SET hands = hands - 1 WHERE session_id = 2")
    out.append(("check", ("check", "--json"), run(broken, "check", "--json", code=1)))
    out.append(("stats", ("stats", "-s", "2", "--json"), run(broken, "stats", "-s", "2",
                                                           "--json")))
    cards = tmp / "cards.db"  # issue 12: a hand with its cards, walked through by explain
    run(cards, "new", "Cards", "--players", "Ann,Ben,Cat", "--dealer", "Cat", "--json")
    run(cards, "hand", "Ann=stand", "Ben=stand", "Cat=stand", "--turned", "3c", "--cards",
        "Ah 3h 5h", "--cards", "Ks 4d 4s", "--cards", "Kd Qs Qd", "--json")
    out.append(("explain", ("explain", "1", "--json"), run(cards, "explain", "1", "--json")))
    out.append(("stats", ("stats", "-s", "3", "--json"), run(db, "stats", "-s", "3", "--json")))
    out += money_tab_runs(tmp / "weeks.db") + chips_runs(tmp / "ruled.db")
    out.append(("serve", ("serve", "--port", "0", "--json"), served(db)))
    return out


def money_tab_runs(db: Path) -> list[tuple[str, tuple[Any, ...], Any]]:
    """Issue 21 item 5: a window whose payments settled other evenings, a party capped by
    its balance over all time and one left owed; payments listed and one removed. Irish at
    £1.00 a chip: week 1 C +9, D -9; week 2 B +9, C -9; D pays B 5 (it settles D's week 1
    and B's week 2) and C 2 for week 1. Then a pool of money carried into a session."""
    money = ("--variant", "irish", "--players", "A,B,C,D", "--unit-value", "1.00",
             "--currency", "GBP")
    run(db, "new", "W1", *money, "--dealer", "D", "--when", "2026-03-02", "--json")
    run(db, "hand", "A=pass", "B=pass", "C=stand", "D=pass", "--json")
    run(db, "close", "--json")
    run(db, "new", "W2", *money, "--dealer", "C", "--when", "2026-03-09", "--json")
    run(db, "hand", "D=pass", "A=pass", "B=stand", "C=pass", "--json")
    out = [("paid", ("paid",), run(db, "paid", "D", "B", "5", "--when", "2026-03-10", "--json")),
           ("paid", ("paid", "--for"), run(db, "paid", "D", "C", "2", "--for", "1", "--json")),
           ("settle-up", ("settle-up", "--since"),
            run(db, "settle-up", "--since", "2026-03-05", "--json")),
           ("payments-list", ("payments", "list"), run(db, "payments", "list", "--json")),
           ("payments-remove", ("payments", "remove"),
            run(db, "payments", "remove", "2", "--json"))]
    carry = db.with_name("carry.db")
    run(carry, "new", "m", "--players", "A,B,C,D", "--dealer", "D", "--unit-value", "0.05",
        "--json")
    run(carry, "hand", "A=1", "B=0", "C=1", "D=1", "--json")
    run(carry, "close", "--json")
    run(carry, "new", "n", "--players", "A,B,C,D", "--carry-from", "1", "--unit-value", "0.05",
        "--json")
    return [*out, ("balances", ("balances",), run(carry, "balances", "--json"))]


def chips_runs(db: Path) -> list[tuple[str, tuple[Any, ...], Any]]:
    """Sessions with no money value (issue 22 item 13), a table ruling's loo (issue 21 item
    6) and a pool carried in (item 8): three-card, A B C D."""
    run(db, "new", "x", "--players", "A,B,C,D", "--dealer", "D", "--when", "2026-01-01",
        "--json")
    run(db, "hand", "A=1", "B=0", "C=1", "D=1", "--json")
    run(db, "hand", "A=1", "B=2", "C=0", "D=pass", "--paid", "C=-4", "--table-ruling",
        "went easy", "--json")
    out = [("pool", ("pool",), run(db, "pool", "--json")),
           ("settle-up", ("settle-up",), run(db, "settle-up", "--json"))]
    run(db, "close", "--json")
    run(db, "new", "y", "--players", "A,B,C,D", "--dealer", "D", "--carry-from", "1",
        "--when", "2026-02-01", "--json")
    run(db, "hand", "A=1", "B=1", "C=1", "D=0", "--json")
    out += [("balances", ("balances",), run(db, "balances", "--json")),
            ("settle-up", ("settle-up", "--since"),
             run(db, "settle-up", "--since", "2026-01-15", "--json"))]
    return out


def served(db: Path) -> Any:
    """`loo serve --port 0 --json`'s one line, from the real command in a process of its own
    (it serves until it is stopped, which is done once the line is read)."""
    server = subprocess.Popen([sys.executable, "-m", "loo_ledger", "--db", str(db), "serve",
                               "--port", "0", "--json"], stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        return json.loads(server.stdout.readline())
    finally:
        server.terminate()
        server.wait(timeout=60)


def test_every_output_validates_against_its_schema(outputs):
    for name, args, value in outputs:
        validator = Draft202012Validator(load(name), format_checker=FormatChecker())
        errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(value)]
        assert errors == [], f"loo {' '.join(map(str, args))} vs {name}.schema.json"


def test_every_schema_is_exercised(outputs):
    assert {p.name.removesuffix(".schema.json") for p in SCHEMAS.glob("*.schema.json")} == {
        name for name, _, _ in outputs}


def _seen(schema: dict, value: Any, path: str, found: set[str], declared: set[str]) -> None:
    """Record, for ``value`` read by ``schema``, every declared property path and those
    present (anyOf: the branch the value matches)."""
    if "anyOf" in schema:
        for i, branch in enumerate(schema["anyOf"]):
            matches = Draft202012Validator(branch).is_valid(value)
            _seen(branch, value if matches else None, f"{path}|{i}", found, declared)
        return
    for key, sub in schema.get("properties", {}).items():
        declared.add(f"{path}.{key}")
        if isinstance(value, dict) and key in value:
            found.add(f"{path}.{key}")
        _seen(sub, value.get(key) if isinstance(value, dict) else None, f"{path}.{key}",
              found, declared)
    if "items" in schema:
        for item in value if isinstance(value, list) and value else [None]:
            _seen(schema["items"], item, f"{path}[]", found, declared)
    if isinstance(schema.get("additionalProperties"), dict) and isinstance(value, dict):
        for item in value.values() or [None]:
            _seen(schema["additionalProperties"], item, f"{path}{{}}", found, declared)


def test_no_schema_declares_a_key_that_no_output_has(outputs):
    stale = []
    for name in {n for n, _, _ in outputs}:
        found: set[str] = set()
        declared: set[str] = set()
        for n, _, value in outputs:
            if n == name:
                _seen(load(name), value, "$", found, declared)
        stale += [f"{name}: {p}" for p in sorted(declared - found)]
    assert stale == []


def test_closed_shapes_say_so():
    """Every object with properties lists them all (additionalProperties false), except the
    hand records, which are the session format's and open to x- fields."""
    def walk(node: Any, where: str) -> list[str]:
        if isinstance(node, list):
            return [p for i, n in enumerate(node) for p in walk(n, f"{where}/{i}")]
        if not isinstance(node, dict):
            return []
        bad = [where] if "properties" in node and node.get("additionalProperties") is not False \
            else []
        return bad + [p for k, v in node.items() for p in walk(v, f"{where}/{k}")]

    for path in SCHEMAS.glob("*.schema.json"):
        assert walk(json.loads(path.read_text(encoding="utf-8")), path.name) == []


# -- values worked by hand ---------------------------------------------------------------


def test_hand_json_is_what_was_written(tmp_path):
    """tests/conftest.py's hand 1, worked by hand from RULES.md: three-card, D deals a simple
    pool; P = D's ante 9, 3 a trick; A, C, D one trick each, B none: looed, pays 9.
    Deltas A +3, B -9, C +3, D -9 + 3 = -6; the pool keeps B's 9, so the next pool (hand 2)
    is double, dealt by A, the next seat to the left."""
    db = tmp_path / "loo.db"
    run(db, "new", "T", "--players", "A,B,C,D", "--dealer", "D")
    out = run(db, "hand", "A=1", "B=0", "C=1", "D=1", "--json")
    assert (out["action"], out["session"], out["hand"]) == ("hand", 1, 1)
    s = out["settlement"]
    assert s["deltas"] == {"A": 3, "B": -9, "C": 3, "D": -6}
    assert (s["pool_in"], s["pot"], s["pool_after"], s["looed"]) == (0, 9, 9, ["B"])
    moves = sorted((m["from"], m["to"], m["amount"], m["kind"]) for m in s["movements"])
    assert moves == sorted([("D", "pool", 9, "ante"), ("pool", "A", 3, "share"),
                            ("pool", "C", 3, "share"), ("pool", "D", 3, "share"),
                            ("B", "pool", 9, "loo")])
    assert out["table"] == {"closed": False, "pool": 9, "next_hand": 2, "next_dealer": "A",
                            "double": True, "deal": "declared", "present": ["A", "B", "C", "D"]}
    undone = run(db, "undo", "--yes", "--json")
    assert undone["hand"] == 1
    assert (undone["table"]["next_dealer"], undone["table"]["pool"]) == ("D", 0)


def test_check_json_names_the_session_of_each_finding(tmp_path, good_file, good_session, save):
    """Session 2 is GOOD_SESSION's first two hands, which leave 9 in the pool (worked by
    hand in tests/test_cli.py); its stored pool is then set to 5."""
    db = tmp_path / "loo.db"
    good_session["hands"] = good_session["hands"][:2]
    run(db, "import", good_file, save(tmp_path / "two.json", good_session))
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE sessions SET pool = 5 WHERE id = 2")
    findings = run(db, "check", "--json", code=1)
    assert findings and {f["session"] for f in findings} == {2}
    assert any(f["code"] == "CHECK_STATE" and f["hand"] == 2 and "pool 5 stored, the hands "
               "leave 9" in f["message"] for f in findings)
