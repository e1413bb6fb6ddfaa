"""Issue 3: seats, house rules, `loo pool`, `loo close`, `loo new --carry-from`, `loo use`.

Figures worked by hand from shared/spec/RULES.md. Three-card defaults: the dealer antes 9;
P = carried + 9; a trick P // 3; a looed player pays L = 9 (limited); an empty pool is a simple
pool (everyone plays), a pool with chips is double (declarations, a miss); the deal passes to
the left, skipping a player who has left.

The seat session: Ann Ben Cat Dov Eve, Eve deals first.
  1 Eve, pool 0, P 9: Ann Cat Dov 1 trick +3; Ben -9; Eve -9 - 9 = -18. Pool 18.
  `seat add Fay --after Cat`: seats Ann Ben Cat Fay Dov Eve; Fay's balance 0.
  2 Ann, 18 carried, P 27: Fay stands alone, Ann (dealer) stands; Fay all 3 takes 27; Ann
    looed: -9 - 9 = -18. Pool = 27 - 27 + 9 = 9.
  `seat leave Ben` (Ben was next by rotation): the deal skips his seat, Cat deals; Ben keeps
    his -9.
  3 Cat, 9 carried, P 18: everyone else passes: Cat takes 18: -9 + 18 = +9. Pool 0.
  4 Fay, simple, P 9: Dov Eve Ann 1 trick +3; Cat -9; Fay -9 - 9 = -18. Pool 18.
  5 Dov, 18 carried, P 27: Fay alone takes the miss, Dov passes: Fay takes 27; Dov -9. Pool 0.
  6 Eve, simple, P 9: Eve all 3: -9 + 9 = 0; Ann Cat Fay Dov looed 9 each. Pool 36.
  7 Ann, 36 carried, P 45, a trick 15: Cat stands alone, 1 trick +15; Ann defends 2: 30
    stay; Ann -9. Pool 30. Next by rotation Ben, who left: Cat deals.
  Balances: Ann 3 - 18 + 3 - 9 - 9 = -30; Ben -9; Cat 3 + 9 - 9 - 9 + 15 = +9;
  Dov 3 + 3 - 9 - 9 = -12; Eve -18 + 3 + 0 = -15; Fay 27 - 18 + 27 - 9 = +27;
  sum -30 = minus the pool of 30.
"""

from __future__ import annotations

import json

import pytest

SEAT_HANDS_BEFORE_ADD = ["Ann=1 Ben=0 Cat=1 Dov=1 Eve=0"]
SEAT_HAND_2 = "Ben=pass Cat=pass Fay=3 Dov=pass Eve=pass Ann=0"
SEAT_HANDS_AFTER_LEAVE = [
    "Fay=pass Dov=pass Eve=pass Ann=pass Cat=pass",
    "Dov=1 Eve=1 Ann=1 Cat=0 Fay=0",
    "Eve=pass Ann=pass Cat=pass Fay=miss Dov=pass",
    "Ann=0 Cat=0 Fay=0 Dov=0 Eve=3",
    "Cat=1 Fay=pass Dov=pass Eve=pass Ann=defend:2",
]
SEAT_DEALERS = ["Eve", "Ann", "Cat", "Fay", "Dov", "Eve", "Ann"]
SEAT_POOLS = [18, 9, 0, 18, 0, 36, 30]
SEAT_FINAL = {"Ann": -30, "Ben": -9, "Cat": 9, "Dov": -12, "Eve": -15, "Fay": 27}


def _json(loo, db, *args):
    result = loo(db, *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _nets(loo, db):
    bal = _json(loo, db, "balances")
    return {p["name"]: p["net"] for p in bal["players"]}, bal["pool"]


def _hand(loo, db, line):
    result = loo(db, "hand", *line.split())
    assert result.exit_code == 0, result.output
    return result


@pytest.fixture
def seat_db(tmp_path, loo):
    db = tmp_path / "seats.db"
    assert loo(db, "new", "Seats", "--players", "Ann,Ben,Cat,Dov,Eve", "--dealer", "Eve"
               ).exit_code == 0
    for line in SEAT_HANDS_BEFORE_ADD:
        _hand(loo, db, line)
    return db


# --- seats ------------------------------------------------------------------------------


def test_seat_add_after_then_leave_then_the_rotation_skips_the_seat(loo, seat_db):
    added = loo(seat_db, "seat", "add", "Fay", "--after", "Cat")
    assert added.exit_code == 0, added.output
    assert "Fay is seated after Cat" in added.stdout
    nets, pool = _nets(loo, seat_db)
    assert nets == {"Ann": 3, "Ben": -9, "Cat": 3, "Dov": 3, "Eve": -18, "Fay": 0}
    assert pool == 18
    # Hand 1 settled as before (Fay sat it out).
    assert _json(loo, seat_db, "hands")[0]["deltas"] == {
        "Ann": 3, "Ben": -9, "Cat": 3, "Dov": 3, "Eve": -18}
    _hand(loo, seat_db, SEAT_HAND_2)
    status = _json(loo, seat_db, "pool")
    assert status["next_dealer"] == "Ben"                  # by rotation, before he leaves
    left = loo(seat_db, "seat", "leave", "Ben")
    assert left.exit_code == 0, left.output
    assert "balance is kept" in left.stdout
    # Ben was to deal; the player before him (Ann) dealt hand 2, so the player after him
    # (Cat) deals now. Cat antes 9; hand 2's loo was Ann's 9.
    status = _json(loo, seat_db, "pool")
    assert status["next_dealer"] == "Cat"
    assert status["pool"] == 9 and status["double"] is True
    assert status["antes"] == [{"player": "Cat", "amount": 9}]
    assert [(o["player"], o["amount"]) for o in status["loos_from_last_hand"]] == [("Ann", 9)]
    nets, _ = _nets(loo, seat_db)
    assert nets["Ben"] == -9
    for line in SEAT_HANDS_AFTER_LEAVE:
        _hand(loo, seat_db, line)
    rows = _json(loo, seat_db, "hands")
    assert [h["dealer"] for h in rows] == SEAT_DEALERS
    assert [h["pool_after"] for h in rows] == SEAT_POOLS
    assert all("Ben" not in h["deltas"] for h in rows[2:])   # not dealt in after leaving
    nets, pool = _nets(loo, seat_db)
    assert nets == SEAT_FINAL and pool == 30
    # Ann dealt hand 7; the next seat is Ben's, who left: Cat deals again.
    assert _json(loo, seat_db, "pool")["next_dealer"] == "Cat"
    text = loo(seat_db, "pool").stdout
    assert "Pool: 30 chips (double)" in text and "dealt by Cat" in text
    assert "Antes due: Cat 9" in text
    # Ben comes back: he sits in his own seat, to Ann's left, so he deals next.
    back = loo(seat_db, "seat", "add", "Ben")
    assert back.exit_code == 0 and "back" in back.stdout
    assert _json(loo, seat_db, "pool")["next_dealer"] == "Ben"
    assert _nets(loo, seat_db)[0]["Ben"] == -9
    assert loo(seat_db, "check").exit_code == 0


def test_seat_add_after_fixes_the_seat_order(loo, seat_db):
    assert loo(seat_db, "seat", "add", "Fay", "--after", "Cat").exit_code == 0
    # Hand 2 (Ann deals): Ben, Cat, Fay, Dov, Eve declare before Ann; 6 seats; then Ben,
    # Cat, Fay, Dov deal in turn.
    _hand(loo, seat_db, SEAT_HAND_2)
    for dealer, line in [("Ben", "Cat=pass Fay=pass Dov=pass Eve=pass Ann=pass Ben=pass"),
                         ("Cat", "Fay=1 Dov=1 Eve=1 Ann=0 Ben=0 Cat=0"),
                         ("Fay", "Dov=pass Eve=pass Ann=pass Ben=pass Cat=pass Fay=pass")]:
        assert _json(loo, seat_db, "pool")["next_dealer"] == dealer
        _hand(loo, seat_db, line)
    assert _json(loo, seat_db, "pool")["next_dealer"] == "Dov"
    sessions = _json(loo, seat_db, "sessions")
    assert sessions[0]["players"] == 6


def test_seat_add_and_leave_refusals_write_nothing(loo, seat_db, dump_db):
    before = dump_db(seat_db)
    for args, says in [(["add", "Fay", "--after", "Zed"], "Zed"),
                       (["add", "ann"], "Ann"),
                       (["add", "Cat"], "Cat"),
                       (["leave", "Zed"], "Zed")]:
        result = loo(seat_db, "seat", *args)
        assert result.exit_code in (1, 2), (args, result.output)
        assert says in result.output, (args, result.output)
        assert dump_db(seat_db) == before, args


def test_the_last_two_players_cannot_leave(loo, tmp_path, dump_db):
    db = tmp_path / "two.db"
    assert loo(db, "new", "Duel", "--players", "Ann,Ben", "--dealer", "Ben").exit_code == 0
    before = dump_db(db)
    result = loo(db, "seat", "leave", "Ann")
    assert result.exit_code == 1
    assert "two players" in result.stderr
    assert dump_db(db) == before


# --- house rules --------------------------------------------------------------------------


def test_rules_save_list_show_and_new_with_the_saved_rules(loo, tmp_path):
    """`Mixed60`: three-card with loo=mixed, loo_limit=60: L = min(P, 60).
    Seats Ann Ben Cat, Cat deals first.
      1 Cat, simple, P 9, a trick 3: Ann all 3 +9; Ben -9; Cat -9 - 9 = -18. Pool 18.
      2 Ann, 18 carried, P 27, L = min(27, 60) = 27 (limited would be 9): Ben stands, Cat
        passes, Ann stands; Ann all 3: -9 + 27 = +18; Ben -27. Pool 27.
      3 Ben, 27 carried, P 36, L 36: all stand; Cat all 3 +36; Ann -36; Ben -9 - 36 = -45.
        Pool = 36 - 36 + 72 = 72.
      4 Cat, 72 carried, P 81, L = min(81, 60) = 60: Ann stands, Ben stands, Cat passes; Ben
        all 3 +81; Ann -60; Cat -9. Pool = 81 - 81 + 60 = 60.
      Balances: Ann 9 + 18 - 36 - 60 = -69; Ben -9 - 27 - 45 + 81 = 0; Cat -18 + 36 - 9 = +9;
      sum -60 = minus the pool of 60."""
    db = tmp_path / "rules.db"
    saved = loo(db, "rules", "save", "Mixed60", "--from", "three-card", "--rule", "loo=mixed",
                "--rule", "loo_limit=60")
    assert saved.exit_code == 0, saved.output
    assert "Mixed60" in saved.stdout
    listed = loo(db, "rules", "list")
    assert "Mixed60: three-card loo=mixed loo_limit=60" in listed.stdout
    [entry] = _json(loo, db, "rules", "list")
    assert entry["name"] == "Mixed60" and entry["from"] == "three-card"
    assert {k: str(v) for k, v in entry["rules"].items()} == {"loo": "mixed", "loo_limit": "60"}
    shown = _json(loo, db, "rules", "show", "Mixed60")
    values = {r["parameter"]: r["value"] for r in shown["parameters"]}
    assert values["loo"] == "mixed" and values["loo_limit"] == "60" and values["ante"] == "9"
    sources = {r["parameter"]: r["source"] for r in shown["parameters"]}
    assert "Mixed60" in sources["loo_limit"]
    text = loo(db, "rules", "show", "Mixed60")
    assert text.exit_code == 0 and "loo_limit" in text.stdout
    made = loo(db, "new", "Saturday", "--variant", "Mixed60", "--players", "Ann,Ben,Cat",
               "--dealer", "Cat")
    assert made.exit_code == 0, made.output
    for line in ["Ann=3 Ben=0 Cat=0", "Ben=0 Cat=pass Ann=3", "Cat=3 Ann=0 Ben=0",
                 "Ann=0 Ben=3 Cat=pass"]:
        _hand(loo, db, line)
    rows = _json(loo, db, "hands")
    assert [h["deltas"] for h in rows] == [
        {"Ann": 9, "Ben": -9, "Cat": -18},
        {"Ben": -27, "Cat": 0, "Ann": 18},
        {"Cat": 36, "Ann": -36, "Ben": -45},
        {"Ann": -60, "Ben": 81, "Cat": -9},
    ]
    assert [h["pool_after"] for h in rows] == [18, 27, 72, 60]
    assert _nets(loo, db) == ({"Ann": -69, "Ben": 0, "Cat": 9}, 60)


def test_rules_refusals(loo, tmp_path, dump_db):
    db = tmp_path / "rules.db"
    assert loo(db, "rules", "save", "Mine", "--from", "three-card", "--rule", "ante=6"
               ).exit_code == 0
    before = dump_db(db)
    bad_value = loo(db, "rules", "save", "Odd", "--from", "three-card", "--rule",
                    "loo=sometimes")
    assert bad_value.exit_code == 1
    assert "loo" in bad_value.stderr and "unlimited" in bad_value.stderr  # what is allowed
    preset = loo(db, "rules", "save", "lou", "--from", "three-card")
    assert preset.exit_code in (1, 2) and "built-in" in preset.output
    unknown = loo(db, "rules", "show", "Nope")
    assert unknown.exit_code == 1 and "Mine" in unknown.stderr
    no_variant = loo(db, "new", "X", "--variant", "Nope", "--players", "Ann,Ben")
    assert no_variant.exit_code == 1 and "three-card" in no_variant.stderr
    assert dump_db(db) == before


# --- close, carry-from, use ----------------------------------------------------------------


def test_close_warns_of_chips_left_and_carry_from_opens_with_them(loo, seat_db):
    """The seat session without Fay and Ben's leaving: hand 1 leaves 18 in the pool."""
    closed = loo(seat_db, "close")
    assert closed.exit_code == 0, closed.output
    assert "session 1 closed" in closed.stdout
    assert "Warning: 18 chips remain in the pool" in closed.stderr
    assert "--carry-from 1" in closed.stderr
    # A closed session takes no more hands.
    refused = loo(seat_db, "hand", "Ben=pass", "Cat=pass", "Dov=pass", "Eve=pass", "Ann=pass")
    assert refused.exit_code == 1 and "closed" in refused.stderr
    made = loo(seat_db, "new", "Next week", "--carry-from", "1", "--players", "Ann,Ben,Cat",
               "--dealer", "Cat")
    assert made.exit_code == 0, made.output
    status = _json(loo, seat_db, "pool")
    assert status["session"] == 2
    # 18 carried in: the first deal is double, with declarations; Cat antes 9.
    assert status["pool"] == 18 and status["double"] is True and status["deal"] == "declared"
    assert status["next_hand"] == 1 and status["next_dealer"] == "Cat"
    assert status["antes"] == [{"player": "Cat", "amount": 9}]
    assert status["loos_from_last_hand"] == []
    # Hand 1: P = 18 + 9 = 27, a trick 9. Ann stands, 1 trick +9; Ben stands, 2 tricks +18;
    # Cat passes: -9. No loo: pool 0.
    _hand(loo, seat_db, "Ann=1 Ben=2 Cat=pass")
    [h] = _json(loo, seat_db, "hands")
    assert h["pool_in"] == 18 and h["pot"] == 27 and h["double"] is True
    assert h["deltas"] == {"Ann": 9, "Ben": 18, "Cat": -9}
    assert _nets(loo, seat_db) == ({"Ann": 9, "Ben": 18, "Cat": -9}, 0)
    # The first session's pool can be carried only once.
    again = loo(seat_db, "new", "Again", "--carry-from", "1", "--players", "Ann,Ben")
    assert again.exit_code == 1 and "already" in again.stderr


def test_carry_from_an_open_session_is_refused(loo, seat_db, dump_db):
    before = dump_db(seat_db)
    result = loo(seat_db, "new", "Next", "--carry-from", "1", "--players", "Ann,Ben")
    assert result.exit_code == 1
    assert "still open" in result.stderr
    assert dump_db(seat_db) == before


def test_close_with_an_empty_pool_does_not_warn(loo, tmp_path):
    db = tmp_path / "empty.db"
    assert loo(db, "new", "Short", "--players", "Ann,Ben,Cat", "--dealer", "Cat").exit_code == 0
    # Hand 1, simple, P 9: each 1 trick, +3 each (Cat -9 + 3 = -6); nobody looed: pool 0.
    _hand(loo, db, "Ann=1 Ben=1 Cat=1")
    closed = loo(db, "close")
    assert closed.exit_code == 0
    assert "Warning" not in closed.stderr


def test_close_under_britannica_warns_when_the_last_deal_had_a_loo(loo, tmp_path):
    """Britannica: everyone one stake of 3, the dealer two: P = 3 + 3 + 6 = 12, a trick 4;
    unlimited loo: L = P = 12. Ann, Ben, Cat (dealer) stand; Ann 0 tricks, Ben 2, Cat 1:
    Ann -3 - 12 = -15, Ben -3 + 8 = +5, Cat -6 + 4 = -2; pool = 12 - 12 + 12 = 12."""
    db = tmp_path / "brit.db"
    assert loo(db, "new", "Old rules", "--variant", "britannica", "--players", "Ann,Ben,Cat",
               "--dealer", "Cat").exit_code == 0
    _hand(loo, db, "Ann=0 Ben=2 Cat=1")
    assert _nets(loo, db) == ({"Ann": -15, "Ben": 5, "Cat": -2}, 12)
    closed = loo(db, "close")
    assert closed.exit_code == 0
    assert "12 chips remain" in closed.stderr
    assert "loo" in closed.stderr and "game_end=full-rounds" in closed.stderr


def test_use_switches_the_current_session(loo, tmp_path):
    db = tmp_path / "two.db"
    assert loo(db, "new", "One", "--players", "Ann,Ben,Cat", "--dealer", "Cat").exit_code == 0
    assert loo(db, "new", "Two", "--players", "Dov,Eve", "--dealer", "Eve").exit_code == 0
    assert _json(loo, db, "pool")["session"] == 2
    assert loo(db, "use", "1").exit_code == 0
    assert _json(loo, db, "pool")["session"] == 1
    # Hand 1 of session 1, simple, P 9: Ann all 3 +9; Ben -9; Cat -9 - 9 = -18. Pool 18.
    _hand(loo, db, "Ann=3 Ben=0 Cat=0")
    assert _nets(loo, db) == ({"Ann": 9, "Ben": -9, "Cat": -18}, 18)
    sessions = {s["id"]: s for s in _json(loo, db, "sessions")}
    assert sessions[1]["current"] is True and sessions[1]["hands"] == 1
    assert sessions[2]["hands"] == 0
    missing = loo(db, "use", "9")
    assert missing.exit_code == 1


def test_seat_leave_of_an_unknown_player_is_bad_input(loo, tmp_path):
    # An unknown player is bad input (exit 1, named), not a mistyped command (exit 2).
    db = tmp_path / "x.db"
    assert loo(db, "new", "T", "--players", "Ann,Ben,Cat").exit_code == 0
    result = loo(db, "seat", "leave", "Zed")
    assert result.exit_code == 1
    assert "no player matches 'Zed'; the players are Ann, Ben, Cat" in result.stderr
