"""The leak finder's per-session tallies (store/leak_tallies.py), kept by the one writer,
filled by m023, held to the hands by ``loo check``; and ``loo leaks``' filters, answered
from the tallies (``--pool``) or from the hands (``--seat``).

The evening is tests/evenings.py FOUR_HANDS (Ann Ben Cat Dov at positions 0-3, Dov deals
first), worked by hand in tests/test_leaks.py's docstring:

  hand  dealer  pool  Ann      Ben      Cat      Dov
  1     Dov     9     1t +3    1t +3    1t +3    0t -18   (simple: all play, no choice)
  2     Ann     18 D  pass -9  3t +18   0t -9    pass 0
  3     Ben     18 D  1t +6    1t -3    0t -9    miss 1t +6
  4     Cat     18 D  0t -9    3t +18   pass -9  pass 0

Dov's tallies (``first``: hand number * 1024 + the place among the hand's choices, or among
its dealt seats for ``dealt``):
  dealt, simple: hand 1, n 1, chips -18; dealt order Ann Ben Cat Dov: place 3 -> 1027.
  dealt, double: hands 2-4, n 3, chips 0 + 6 + 0 = 6; hand 2's order Ben Cat Dov Ann:
    place 2 -> 2050.
  after-loo, double (looed in hand 1, 0 tricks): he passes in hand 2, n 1, chips 0. Hand
    2's choices in order: Ben stand, Ben miss (stand), Cat stand, Cat miss (stand), Dov
    stand line (pass), Dov after-loo (pass)...: place 5 -> 2053.
  miss, double: hand 3, n 1, chips +6. Hand 3's choices: Cat stand, Cat after-loo (Cat
    was looed in hand 2), Cat miss (stand), Dov stand line, Dov miss (miss): place 4 ->
    3076.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from evenings import four_hands
from season_kit import five_card_exchanges

from loo_ledger.store.ledger import Ledger

DOV = {("dealt", 0, ""): [1, -18, 1027], ("dealt", 1, ""): [3, 6, 2050],
       ("after-loo double", 1, "pass"): [1, 0, 2053],
       ("miss double", 1, "miss"): [1, 6, 3076]}


def _tallies(db: Path, name: str) -> dict[tuple[str, int, str], list[int]]:
    conn = sqlite3.connect(db)
    try:
        return {(line, double, choice): [n, chips, first]
                for line, double, choice, n, chips, first in conn.execute(
                    "SELECT line, double, choice, n, chips, first FROM leak_tallies "
                    "WHERE name = ?", (name,))}
    finally:
        conn.close()


def _check(loo: Any, db: Path) -> tuple[int, list[dict[str, Any]]]:
    out = loo(db, "check", "--json")
    return out.exit_code, json.loads(out.stdout)


def test_tallies_worked_by_hand(loo: Any, tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    four_hands(loo, db)
    dov = _tallies(db, "Dov")
    assert {k: dov[k] for k in DOV} == DOV
    # his stand line in hand 2: seat 3, two stood before (Ben, Cat), passed: place 4
    assert dov[("stand double 3 2", 1, "pass")] == [1, 0, 2052]


def test_an_undo_and_an_amendment_rewrite_them(loo: Any, tmp_path: Path) -> None:
    """Undo hand 4 (Dov passed, 0): his double hands are 2 and 3, n 2, chips 6. Amend hand
    3 to Dov passing (Ann=1 Ben=1 Cat=1 Dov=pass: nobody takes the miss): his miss tally
    goes, and hand 3 is a pass on his stand line at seat 2, one stood before (Cat)."""
    db = tmp_path / "t.db"
    four_hands(loo, db)
    assert loo(db, "undo", "--yes").exit_code == 0
    dov = _tallies(db, "Dov")
    assert dov[("dealt", 1, "")] == [2, 6, 2050]
    assert loo(db, "amend", "3", "Ann=1", "Ben=1", "Cat=1", "Dov=pass").exit_code == 0
    dov = _tallies(db, "Dov")
    assert ("miss double", 1, "miss") not in dov
    assert dov[("stand double 2 1", 1, "pass")][:2] == [1, 0]
    assert _check(loo, db) == (0, [])


def test_a_deleted_session_takes_them_with_it(loo: Any, tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    four_hands(loo, db)
    assert loo(db, "session", "delete", "1", "--yes").exit_code == 0
    assert _tallies(db, "Dov") == {}


def test_check_reports_a_tally_changed_behind_its_back(loo: Any, tmp_path: Path) -> None:
    """Dov's miss tally made n 2: check names it (n, chips, first hand stored against what
    the hands give: 1, 6, hand 3) and fails; --repair derives it again."""
    db = tmp_path / "t.db"
    four_hands(loo, db)
    conn = sqlite3.connect(db)
    with conn:
        conn.execute("UPDATE leak_tallies SET n = 2 WHERE name = 'Dov' AND line = 'miss double'")
    conn.close()
    code, found = _check(loo, db)
    assert code == 1
    assert [(p["code"], p["player"]) for p in found] == [("CHECK_LEAK_TALLIES", "Dov")]
    assert found[0]["message"] == (
        "session 1: Dov's leak tally 'miss double miss' in double hands (leak_tallies): n, "
        "chips, first hand 2, 6, 3 stored, the hands give 1, 6, 3")
    assert loo(db, "check", "--repair").exit_code == 0
    assert _check(loo, db) == (0, [])


def test_the_migration_fills_them_for_an_older_ledger(loo: Any, tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    four_hands(loo, db)
    conn = sqlite3.connect(db)
    with conn:   # the ledger as m022 left it
        conn.execute("DROP TABLE leak_tallies")
        conn.execute("DELETE FROM _sqlite_migrations WHERE name = 'm023_leak_tallies'")
        conn.execute("PRAGMA user_version = 22")
    conn.close()
    Ledger.open(db).close()
    dov = _tallies(db, "Dov")
    assert {k: dov[k] for k in DOV} == DOV
    assert _check(loo, db) == (0, [])


def _lines(loo: Any, db: Path, *args: str) -> dict[str, Any]:
    out = loo(db, "leaks", "Dov", "--min-hands", "1", *args, "--json")
    assert out.exit_code == 0, out.output
    return json.loads(out.stdout)["players"][0]


def test_pool_filter_from_the_tallies(loo: Any, tmp_path: Path) -> None:
    """--pool double: Dov's 3 double hands. The nets there: Ann -9 + 6 - 9 = -12, Ben
    18 - 3 + 18 = 33, Cat -27, Dov 6: the winners beside him, Ben. Eldest line (value
    stand 4.5, pass 0; Dov 0 of 1, Ben 1 of 1): 100 * 1 / 3 * -4.5 = -150. Miss (value
    miss 6, stand 1.8; Dov 1 of 1, Ben 0 of 2): 100 * 1 / 3 * (6 - 1.8) = +140.
    --pool simple: hand 1 alone, where nobody chooses: no line; the winners Ann, Ben, Cat
    (+3 each)."""
    db = tmp_path / "t.db"
    four_hands(loo, db)
    double = _lines(loo, db, "--pool", "double")
    assert (double["hands"], double["net"], double["winners"]) == (3, 6, ["Ben"])
    assert [(line["text"], line["cost"]) for line in double["lines"]] == [
        ("stands from the eldest seat in a double pool, nobody stood before", -150.0),
        ("takes the miss in a double pool", 140.0)]
    simple = _lines(loo, db, "--pool", "simple")
    assert (simple["hands"], simple["net"], simple["winners"], simple["lines"]) == (
        1, -18, ["Ann", "Ben", "Cat"], [])


def test_seat_filter_from_the_hands(loo: Any, tmp_path: Path) -> None:
    """--seat eldest (answered from the hands): Dov was eldest in hand 4 alone (pass, 0):
    H 1. The eldest: Ann in hand 1 (+3), Ben in hand 2 (+18), Cat in hand 3 (-9): the
    winners beside him Ann and Ben. The eldest line: Ben stand +18, Cat stand -9, Dov
    pass 0: value stand 4.5; Dov 0 of 1, Ben 1 of 1 (Ann had no choice):
    100 * 1 / 1 * -4.5 = -450. His miss was from seat 2: not selected."""
    db = tmp_path / "t.db"
    four_hands(loo, db)
    eldest = _lines(loo, db, "--seat", "eldest")
    assert (eldest["hands"], eldest["net"], eldest["winners"]) == (1, 0, ["Ann", "Ben"])
    assert [(line["text"], line["cost"]) for line in eldest["lines"]] == [
        ("stands from the eldest seat in a double pool, nobody stood before", -450.0)]


def test_exchanges_tallied_and_amended(loo: Any, tmp_path: Path) -> None:
    """tests/test_leaks_exchange.py's evening (five-card; Ann, Ben, Cat, Cat deals). Hand 2,
    simple, Ann deals: Ben (seat 1) passes, Cat (seat 2) exchanges 1 and takes 3 tricks
    (+3), Ann (the dealer) keeps his cards. Its choices in order: Ben's stand line; Cat's
    stand line, his miss line (standing while it is there), his exchange: place 3, first
    2 * 1024 + 3 = 2051. Amended to Cat exchanging 2 cards, the tally of 1 goes and one of
    2 takes its place (the same hand and place); loo check agrees."""
    db = tmp_path / "five.db"
    five_card_exchanges(loo, db)
    cat = _tallies(db, "Cat")
    assert cat[("exchange simple 2", 0, "1")] == [1, 3, 2051]
    out = loo(db, "amend", "2", "Ann=2", "Ben=pass", "Cat=3", "--exchange", "Cat=2")
    assert out.exit_code == 0, out.output
    cat = _tallies(db, "Cat")
    assert ("exchange simple 2", 0, "1") not in cat
    assert cat[("exchange simple 2", 0, "2")] == [1, 3, 2051]
    assert _check(loo, db) == (0, [])
