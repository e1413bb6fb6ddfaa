"""Issue 8, item 3: sessions you can fix (rename, delete, reopen, rules set, player rename,
the sessions listing) and the empty-ledger message.

The evening (three-card, default rules, RULES.md): Ann, Ben, Cat, Dov; Dov deals first.
Hand 1 (Dov deals, simple pool 9, 3 a trick): Ann, Ben, Cat one trick each (+3); Dov none:
ante 9 + loo_amount 9 = -18; pool after 9.
Hand 2 (Ann deals, double pool 9 + 9 = 18, 6 a trick): Ben stands, 2 tricks (+12); Cat
the miss, 1 trick (+6); Dov passes (0); Ann passes (-9); pool 0.
Nets: Ann -6, Ben +15, Cat +9, Dov -18.

With loo_amount=6 set for the whole session: hand 1 Dov pays 9 + 6 = -15, pool after 6;
hand 2's double pool is 6 + 9 = 15, 5 a trick: Ben +10, Cat +5, Ann -9; pool 0.
Nets: Ann 3 - 9 = -6, Ben 3 + 10 = 13, Cat 3 + 5 = 8, Dov -15.
"""

from __future__ import annotations

import json

from loo_ledger.store.ledger import Ledger


def _evening(loo, db, name: str = "Friday") -> None:
    assert loo(db, "new", name, "--players", "Ann,Ben,Cat,Dov", "--dealer", "Dov").exit_code == 0
    assert loo(db, "hand", "a=1", "b=1", "c=1", "d=0").exit_code == 0
    assert loo(db, "hand", "Ann=pass", "Ben=2", "Cat=miss:1", "Dov=pass").exit_code == 0


def _nets(loo, db) -> dict[str, int]:
    bal = json.loads(loo(db, "balances", "--json").stdout)
    return {p["name"]: p["net"] for p in bal["players"]} | {"pool": bal["pool"]}


def test_session_rename(loo, tmp_path):
    db = tmp_path / "l.db"
    _evening(loo, db)
    out = loo(db, "session", "rename", "Friday at Ann's")
    assert out.exit_code == 0 and "renamed from 'Friday' to \"Friday at Ann's\"" in out.stdout
    assert json.loads(loo(db, "sessions", "--json").stdout)[0]["name"] == "Friday at Ann's"
    assert loo(db, "session", "rename", " ").exit_code == 1


def test_session_delete_asks_and_the_audit_keeps_the_whole_session(loo, tmp_path):
    db = tmp_path / "l.db"
    _evening(loo, db, "Test night")
    declined = loo(db, "session", "delete", "test")
    assert declined.exit_code != 0  # the confirmation was not given (no input)
    assert len(json.loads(loo(db, "sessions", "--json").stdout)) == 1
    out = loo(db, "session", "delete", "test", "--yes")
    assert out.exit_code == 0
    assert "session 1 'Test night' deleted (2 hands)" in out.stdout
    assert json.loads(loo(db, "sessions", "--json").stdout) == []
    ledger = Ledger.open(db)
    try:
        [kept] = ledger.deleted_sessions()
        assert kept["action"] == "deleted"
        removed = kept["old_record"]
        assert removed["name"] == "Test night"
        assert removed["players"] == ["Ann", "Ben", "Cat", "Dov"]
        assert [h["dealer"] for h in removed["hands"]] == ["Dov", "Ann"]
        assert removed["hands"][1]["declarations"]["Cat"] == "miss"
        for table in ("hands", "seats", "player_totals"):
            assert ledger.db.execute(f"SELECT count(*) FROM {table}").fetchone()[0] == 0
    finally:
        ledger.close()
    # a new session never takes the deleted one's id (its audit rows keep that id)
    assert loo(db, "new", "Again", "--players", "Ann,Ben").exit_code == 0
    assert json.loads(loo(db, "sessions", "--json").stdout)[0]["id"] == 2


def test_deleting_the_current_session_leaves_none_current(loo, tmp_path):
    db = tmp_path / "l.db"
    _evening(loo, db, "One")
    _evening(loo, db, "Two")
    assert loo(db, "session", "delete", "--yes").exit_code == 0
    out = loo(db, "pool")
    assert out.exit_code == 1 and "no session is current" in out.stderr
    assert "loo use" in out.stderr


def test_reopen_a_closed_session(loo, tmp_path):
    db = tmp_path / "l.db"
    _evening(loo, db)
    assert loo(db, "close").exit_code == 0
    assert loo(db, "hand", "b=1", "c=1", "d=1", "a=0").exit_code == 1
    listed = json.loads(loo(db, "sessions", "--json").stdout)[0]
    assert listed["status"] == "closed"
    out = loo(db, "reopen", "fri")
    assert out.exit_code == 0 and "session 1 is open again" in out.stdout
    assert json.loads(loo(db, "sessions", "--json").stdout)[0]["status"] == "open"
    assert loo(db, "reopen").stderr.strip() == "Error: session 1 is not closed"


def test_rules_set_settles_every_hand_again(loo, tmp_path):
    db = tmp_path / "l.db"
    _evening(loo, db)
    assert _nets(loo, db) == {"Ann": -6, "Ben": 15, "Cat": 9, "Dov": -18, "pool": 0}
    out = loo(db, "rules", "set", "loo_amount=6")
    assert out.exit_code == 0, out.output
    assert "loo_amount=6" in out.stdout and "2 hands settled again" in out.stdout
    assert _nets(loo, db) == {"Ann": -6, "Ben": 13, "Cat": 8, "Dov": -15, "pool": 0}
    exported = json.loads(loo(db, "export").stdout)
    assert exported["rules"] == {"loo_amount": 6}  # a number, as 'loo new -r' stores it


def test_rules_set_refused_naming_the_hand_that_becomes_impossible(loo, tmp_path, dump_db):
    db = tmp_path / "l.db"
    _evening(loo, db)
    before = dump_db(db)
    out = loo(db, "rules", "set", "miss=false")  # hand 2: Cat took the miss
    assert out.exit_code == 1
    assert "setting miss=false is refused, because then hand 2" in out.stderr
    assert "nothing was changed" in out.stderr
    assert dump_db(db) == before


def test_rules_set_after_the_next_hand_is_refused_with_the_reason(loo, tmp_path):
    db = tmp_path / "l.db"
    _evening(loo, db)
    out = loo(db, "rules", "set", "loo_amount=6", "--from-hand", "4")
    assert out.exit_code == 1
    assert "from hand 3 at the latest (the next hand)" in out.stderr
    assert _nets(loo, db)["Dov"] == -18


def test_player_rename_in_seats_and_every_hand(loo, tmp_path):
    db = tmp_path / "l.db"
    _evening(loo, db)
    assert loo(db, "seat", "leave", "Cat").exit_code == 0
    out = loo(db, "player", "rename", "do", "Dov Lee")
    assert out.exit_code == 0 and "Dov is now Dov Lee" in out.stdout
    assert _nets(loo, db) == {"Ann": -6, "Ben": 15, "Cat": 9, "Dov Lee": -18, "pool": 0}
    exported = json.loads(loo(db, "export").stdout)
    assert exported["first_dealer"] == "Dov Lee"
    assert exported["hands"][0]["dealer"] == "Dov Lee"
    assert exported["hands"][0]["tricks"] == {"Ann": 1, "Ben": 1, "Cat": 1, "Dov Lee": 0}
    assert exported["hands"][1]["declarations"]["Dov Lee"] == "pass"
    # Cat is still away after the rename (her seat kept its presence): hand 3 deals her out
    third = loo(db, "hand", "a=1", "b=1", "dov=1")
    assert third.exit_code == 0, third.output
    assert "Cat" not in third.stdout
    assert loo(db, "player", "rename", "Ann", "ben").exit_code == 1
    assert "contains '='" in loo(db, "player", "rename", "Ann", "A=n").stderr


def test_sessions_lists_status_variant_or_house_rule_hands_and_date(loo, tmp_path):
    db = tmp_path / "l.db"
    _evening(loo, db)
    assert loo(db, "close").exit_code == 0
    assert loo(db, "rules", "save", "Ours", "--from", "three-card", "-r", "loo_amount=6"
               ).exit_code == 0
    assert loo(db, "new", "Saturday", "--players", "Ann,Ben", "--variant", "ours",
               "--when", "2026-03-14 20:00").exit_code == 0
    rows = json.loads(loo(db, "sessions", "--json").stdout)
    assert [(r["status"], r["variant"], r["house_rule"], r["hands"]) for r in rows] == [
        ("closed", "three-card", None, 2), ("open", "three-card", "Ours", 0)]
    assert rows[1]["date"] == "2026-03-14"
    table = loo(db, "sessions").stdout
    assert "closed" in table and "Ours (three-card)" in table


def test_empty_ledger_offers_loo_new_first(loo, tmp_path):
    db = tmp_path / "l.db"
    assert loo(db, "rules", "save", "Ours", "--from", "three-card").exit_code == 0
    out = loo(db, "pool")
    assert out.exit_code == 1
    message = out.stderr
    assert "loo new" in message and message.index("loo new") < message.index("loo import")
