"""Issue 12, item 7: what recorded cards add to ``loo stats`` and the stored rows, and the
trick counts stored for a hand recorded by its cards alone. Figures worked by hand.

Three-card, Ann Ben Cat, Cat deals (the hand of tests/test_cards_cli.py): a simple pool,
no trump until Ben fails to follow at trick 2 (3c turned: clubs); Ann leads and wins all
three tricks (Ah 3h 5h; Ks 4d 4s; Kd Qs Qd). No trick is led with a known trump (tricks 1
and 2 are led before trumps are fixed, trick 3 with a diamond). Ben held Qs at trick 2:
one breach. Three-card has no Pam. Ann, eldest, led the first trick and won it.

Five-card (Pam = Jc), Ann Ben Cat, Cat deals and passes, hearts trumps. Ann holds Ks Qs 10s
Kd 9d (no trump, so she may lead a plain card to the first trick), Ben Jc 2h Qd 3c 4c.
Trick 1 Ann Ks, Ben Jc (void in spades, trumps with Pam): Ben, with Pam. Trick 2 Ben leads
2h (a trump), Ann 9d: Ben. Trick 3 Ben Qd, Ann Kd (follows and heads): Ann. Tricks 4 and 5
Ann Qs / 10s, Ben 3c / 4c: Ann. So Ann 3 tricks, Ben 2; Ben led one trump and won one
trick with Pam; Ann (eldest) led the first trick and lost it; no breach.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

SAMPLES = Path(__file__).resolve().parent.parent / "sample_sessions"
THREE = ("--cards", "Ah 3h 5h", "--cards", "Ks 4d 4s", "--cards", "Kd Qs Qd")
FIVE = ("--cards", "Ks Jc", "--cards", "2h 9d", "--cards", "Qd Kd", "--cards", "Qs 3c",
        "--cards", "10s 4c")


def _stats(loo, db, *args):
    result = loo(db, "stats", "--json", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _cards(report):
    return {p["player"]: p["cards"] for p in report["players"]}


def _three(loo, tmp_path):
    db = tmp_path / "three.db"
    assert loo(db, "new", "T", "--players", "Ann,Ben,Cat", "--dealer", "Cat").exit_code == 0
    result = loo(db, "hand", "Ann=stand", "Ben=stand", "Cat=stand", "--turned", "3c", *THREE)
    assert result.exit_code == 0, result.output
    return db


def _five(loo, tmp_path):
    db = tmp_path / "five.db"
    assert loo(db, "new", "F", "--variant", "five-card", "--players", "Ann,Ben,Cat",
               "--dealer", "Cat").exit_code == 0
    result = loo(db, "hand", "Ann=stand", "Ben=stand", "Cat=pass", "--trump", "hearts", *FIVE)
    assert result.exit_code == 0, result.output
    return db


def test_tricks_judged_from_the_cards_are_stored_in_plays(loo, tmp_path):
    db = _three(loo, tmp_path)
    with sqlite3.connect(db) as conn:
        rows = dict(conn.execute("SELECT player, tricks FROM hand_results WHERE hand = 1"))
    assert rows == {"Ann": 3, "Ben": 0, "Cat": 0}
    assert _stats(loo, db)["players"][0]["tricks"] == 3


def test_a_caught_revoke_and_the_first_trick(loo, tmp_path):
    db = _three(loo, tmp_path)
    report = _stats(loo, db)
    zero = {"hands": 1, "trumps_led": 0, "pam_tricks": 0, "revokes_caught": 0,
            "first_tricks_led": 0, "first_tricks_won": 0, "first_trick_rate": None}
    assert _cards(report) == {
        "Ann": {**zero, "first_tricks_led": 1, "first_tricks_won": 1, "first_trick_rate": 1.0},
        "Ben": {**zero, "revokes_caught": 1}, "Cat": zero}
    assert report["sessions"][0]["cards"] == {
        "hands": 1, "trumps_led": 0, "pam_tricks": 0, "revokes_caught": 1,
        "eldest_won_first": 1, "eldest_first_rate": 1.0}
    text = loo(db, "stats").output
    assert "From the cards" in text
    assert "the eldest in play won the first trick in 1 of 1 hands with cards (100%)" in text


def test_pam_and_a_trump_led_in_five_card(loo, tmp_path):
    db = _five(loo, tmp_path)
    with sqlite3.connect(db) as conn:
        rows = dict(conn.execute("SELECT player, tricks FROM hand_results WHERE hand = 1"))
    assert rows == {"Ann": 3, "Ben": 2, "Cat": 0}
    cards = _cards(_stats(loo, db))
    assert cards["Ben"] == {"hands": 1, "trumps_led": 1, "pam_tricks": 1, "revokes_caught": 0,
                            "first_tricks_led": 0, "first_tricks_won": 0,
                            "first_trick_rate": None}
    assert cards["Ann"] == {"hands": 1, "trumps_led": 0, "pam_tricks": 0, "revokes_caught": 0,
                            "first_tricks_led": 1, "first_tricks_won": 0,
                            "first_trick_rate": 0.0}
    assert cards["Cat"]["hands"] == 0   # passed: not in play


def test_the_three_card_sample(loo, tmp_path):
    """three-card-cards-tuesday.json, trick by trick (first leader / first winner; trumps
    led): 1 Nell/Nell, Nell Qh at trick 2 (trumps fixed at trick 1 by 9h); 2 Osric/Osric,
    Osric 4c (clubs); 3 Prue/Osric, none; 4 Quentin/Quentin, Quentin 10h; 5 Nell/Osric,
    Osric 8c at trick 2; 6 Osric/Quentin, Osric 7c; 7 Prue/Nell, Nell 5h at trick 2;
    8 Quentin/Quentin, none; 9 Nell/Osric, none (hearts fixed by 2h at trick 1; Ks and 5d
    led). Osric passed hand 7, Prue hands 6 and 8, Osric hand 8."""
    db = tmp_path / "s.db"
    assert loo(db, "import", SAMPLES / "three-card-cards-tuesday.json").exit_code == 0
    report = _stats(loo, db)
    got = {p: (c["hands"], c["trumps_led"], c["first_tricks_led"], c["first_tricks_won"])
           for p, c in _cards(report).items()}
    assert got == {"Nell": (9, 2, 3, 1), "Osric": (7, 3, 2, 1), "Prue": (7, 0, 2, 0),
                   "Quentin": (9, 1, 2, 2)}
    session = report["sessions"][0]["cards"]
    assert (session["hands"], session["eldest_won_first"], session["trumps_led"]) == (9, 4, 6)
    assert session["eldest_first_rate"] == 0.4444
    assert session["pam_tricks"] == session["revokes_caught"] == 0


def test_check_compares_the_card_totals(loo, tmp_path):
    db = _five(loo, tmp_path)
    assert loo(db, "check").exit_code == 0
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE player_totals SET pam_tricks = 0 WHERE player = 'Ben'")
    result = loo(db, "check")
    assert result.exit_code != 0 and "Ben's totals" in result.output


def test_no_cards_no_card_table(loo, good_db):
    report = _stats(loo, good_db)
    assert all(p["cards"]["hands"] == 0 for p in report["players"])
    assert all(s["cards"]["eldest_first_rate"] is None for s in report["sessions"])
    assert "From the cards" not in loo(good_db, "stats").output


def test_migrating_an_older_ledger_fills_the_card_figures_and_the_tricks(loo, tmp_path):
    """A ledger written before m014: plays held 0 tricks for a hand recorded by its cards
    alone, and player_totals had no card columns. Opening it migrates and rebuilds."""
    db = _three(loo, tmp_path)
    with sqlite3.connect(db) as conn:
        for column in ("card_hands", "trumps_led", "pam_tricks", "revokes_caught",
                       "first_leads", "first_won"):
            conn.execute(f"ALTER TABLE player_totals DROP COLUMN {column}")
        conn.execute("UPDATE hands SET tricks = substr('0000000000', 1, length(tricks))")
        conn.execute("DELETE FROM _sqlite_migrations WHERE name = 'm014_card_totals'")
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        conn.execute(f"PRAGMA user_version = {version - 1}")
    report = _stats(loo, db)
    assert report["players"][0]["tricks"] == 3
    assert _cards(report)["Ben"]["revokes_caught"] == 1
    assert loo(db, "check").exit_code == 0


def _export(loo, db, *args):
    result = loo(db, "export", *args)
    assert result.exit_code == 0, result.output
    return result.stdout


def test_exports_from_the_cards(loo, tmp_path):
    db = _five(loo, tmp_path)
    hands = _export(loo, db, "-f", "csv").splitlines()
    tricks = {row.split(",")[3]: row.split(",")[5] for row in hands[1:]}
    assert tricks["Ann"] == "3" and tricks["Ben"] == "2"   # judged from the cards
    summary = _export(loo, db, "-f", "csv", "--summary").splitlines()
    assert summary[0].endswith(",money,card_hands,trumps_led,pam_tricks,revokes_caught,"
                               "first_tricks_led,first_tricks_won")
    rows = {r.split(",")[2]: r.split(",")[6:] for r in summary[1:]}
    assert rows["Ann"] == ["1", "0", "0", "0", "1", "0"]
    assert rows["Ben"] == ["1", "1", "1", "0", "0", "0"]
    assert rows["Cat"] == ["0"] * 6 and rows[""] == [""] * 6
    lines = ("From the cards (1 hand): the eldest in play won the first trick in 0; 1 trick "
             "led with a trump (Ben 1).", "Tricks won with Pam: Ben 1.")
    for fmt in ("md", "text", "html"):
        out = _export(loo, db, "-f", fmt)
        assert all(line in out for line in lines), fmt
    three = _export(loo, _three(loo, tmp_path), "-f", "text")
    assert "- Revokes the ledger caught: Ben 1.\n" in three


def test_exports_without_cards_are_unchanged(loo, good_db):
    assert _export(loo, good_db, "-f", "csv", "--summary").splitlines()[0] == (
        "session,kind,player,hands,net,money")
    for fmt in ("md", "text", "html"):
        assert "From the cards" not in _export(loo, good_db, "-f", fmt)


def test_across_evenings_only_the_one_with_cards_has_card_figures(loo, tmp_path):
    """Evening 1 is test_a_caught_revoke_and_the_first_trick's hand (1 hand judged: Ben's
    revoke caught, the eldest Ann won the first trick); evening 2 records no cards. A
    session's figures are summed from its players' rows with a hand judged, so evening 2
    has none to sum: every figure 0, the rate none."""
    db = _three(loo, tmp_path)
    assert loo(db, "new", "U", "--players", "Ann,Ben,Cat", "--dealer", "Cat").exit_code == 0
    assert loo(db, "hand", "Ann=1", "Ben=1", "Cat=1").exit_code == 0
    result = loo(db, "stats", "--all", "--json")
    assert result.exit_code == 0, result.output
    sessions = {s["session"]: s["cards"] for s in json.loads(result.stdout)["sessions"]}
    assert sessions == {
        1: {"hands": 1, "trumps_led": 0, "pam_tricks": 0, "revokes_caught": 1,
            "eldest_won_first": 1, "eldest_first_rate": 1.0},
        2: {"hands": 0, "trumps_led": 0, "pam_tricks": 0, "revokes_caught": 0,
            "eldest_won_first": 0, "eldest_first_rate": None}}
