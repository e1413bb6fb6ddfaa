"""Issues 7 and 8: `loo hand -i` asks only what domain.legal allows, accepts what the
one-line form accepts, and records exactly the hand it previewed (or nothing).

Figures worked by hand from shared/spec/RULES.md.
"""

from __future__ import annotations

import json
import subprocess
import sys


def keys(*answers: str) -> str:
    return "".join(f"{a}\n" for a in answers)


def hands(run, db) -> list[dict]:
    return json.loads(run(db, "hands", "--json").stdout)


def new(run, db, *args: str) -> None:
    result = run(db, "new", "Friday", *args)
    assert result.exit_code == 0, result.output


def test_interactive_does_not_offer_the_dealer_pass_under_dealer_plays(run, tmp_path):
    """irish (no miss, declared even with an empty pool) with lone_player=dealer-plays, seats
    A B C D E, E deals, ante 9: A stands, B C D pass; the dealer must play against a lone
    player, so E is not asked (his only word is stand). P = 9, a trick 3: A 1 trick +3; E 2
    tricks: -9 + 6 = -3. Nobody looed: pool after 0."""
    db = tmp_path / "irish.db"
    new(run, db, "--variant", "irish", "--rule", "lone_player=dealer-plays", "--players",
        "A,B,C,D,E", "--dealer", "E")
    result = run(db, "hand", "-i", input=keys("stand", "pass", "pass", "pass", "", "1", "y"))
    assert result.exit_code == 0, result.output
    assert "E [" not in result.output
    assert "E: stand (the only word allowed here)" in result.output
    assert "E: 2 tricks won (the rest)" in result.output
    [h] = hands(run, db)
    assert h["record"]["declarations"] == {"A": "stand", "B": "pass", "C": "pass", "D": "pass",
                                           "E": "stand"}
    assert h["deltas"] == {"A": 3, "B": 0, "C": 0, "D": 0, "E": -3}
    assert h["pool_after"] == 0


def test_interactive_accepts_fold_in_loo_and_pass_in_lou(run, tmp_path):
    """What the one-line form accepts, -i accepts. Three-card, seats Ann Ben Cat, Cat deals:
    hand 1 simple, P = 9: Ann 3 tricks +9; Ben looed -9; Cat -9 - 9 = -18; pool 18.
    Hand 2, Ann deals a double pool, P = 27: Ben folds (Lou's word for pass), Cat stands,
    Ann stands; Cat 2 tricks +18, Ann 1: -9 + 9 = 0; pool after 0 + nobody looed = 0."""
    asked, typed = tmp_path / "asked.db", tmp_path / "typed.db"
    for db in (asked, typed):
        new(run, db, "--players", "Ann,Ben,Cat", "--dealer", "Cat")
        assert run(db, "hand", "Ann=3", "Ben=0", "Cat=0").exit_code == 0
    result = run(asked, "hand", "-i", input=keys("fold", "stand", "stand", "", "2", "y"))
    assert result.exit_code == 0, result.output
    assert "not possible" not in result.output
    assert run(typed, "hand", "Ben=fold", "Cat=2", "Ann=1").exit_code == 0
    assert hands(run, asked) == hands(run, typed)
    assert hands(run, asked)[1]["deltas"] == {"Ben": 0, "Cat": 18, "Ann": 0}
    # Lou, seats Ann Ben Cat, Cat deals: first deal P = 100 + 3 x 500 = 1600: Ann 3 takes it
    # (+1100), Ben 2 (two-trick stander, three stood: neither wins nor pays: -500), Cat 0
    # burned 1600 (-600 - 1600 = -2200). Pot 1600. Hand 2, Ann deals: Ben passes (the
    # one-line form's "pass" for fold), Cat and Ann stand; Cat 3 tricks takes 1600; exactly
    # two stood, so Ann (2 tricks, not 3) is burned b = min(1600, 5000) = 1600; pot 1600.
    lou = tmp_path / "lou.db"
    new(run, lou, "--variant", "lou", "--players", "Ann,Ben,Cat", "--dealer", "Cat")
    assert run(lou, "hand", "Ann=3", "Ben=2", "Cat=0").exit_code == 0
    result = run(lou, "hand", "-i", input=keys("pass", "stand", "stand", "", "3", "y"))
    assert result.exit_code == 0, result.output
    assert "not possible" not in result.output
    h = hands(run, lou)[1]
    assert h["record"]["declarations"]["Ben"] == "pass"
    assert h["deltas"] == {"Ben": 0, "Cat": 1600, "Ann": -1600}
    assert h["pool_after"] == 1600


def test_interactive_asks_for_a_flush_only_where_one_is_possible(run, tmp_path):
    """bicycle (flushes on, ante 3, loo 3), seats Ann Ben Cat, Cat deals. Hand 1 is a simple
    pool under play-all: no trump is known before play, so no flush is asked. P = 3: Ann 3
    tricks +3; Ben looed -3; Cat -3 - 3 = -6; pool after 6. Hand 2, Ann deals a double pool,
    P = 9: all stand, Ben declares a flush: takes 9; Cat and Ann are looed (3 each): Ben +9,
    Cat -3, Ann -3 - 3 = -6; pool after 6."""
    db = tmp_path / "bicycle.db"
    new(run, db, "--variant", "bicycle", "--players", "Ann,Ben,Cat", "--dealer", "Cat")
    first = run(db, "hand", "-i", input=keys("h", "", "3", "y"))
    assert first.exit_code == 0, first.output
    assert "flush" not in first.output.lower()
    second = run(db, "hand", "-i", input=keys("spades", "stand", "stand", "stand", "flush", "ben",
                                              "", "y"))
    assert second.exit_code == 0, second.output
    assert "Anything else? [flush/revoke/note/none]" in second.output
    # Three-card has one kind of flush: not asked. After it nobody plays: only another
    # player's flush (beside Ben's) or a note.
    assert "Flush declared by [Ben/Cat/Ann]" in second.output and "which flush" not in \
        second.output
    assert "Anything else? [flush/note/none]" in second.output
    assert "tricks won" not in second.output
    h = hands(run, db)[1]
    assert h["record"]["flushes"] == [{"player": "Ben", "kind": "flush"}]
    assert h["deltas"] == {"Ben": 9, "Cat": -3, "Ann": -6}
    assert h["pool_after"] == 6


def test_interactive_refuses_a_hand_recorded_meanwhile_in_another_terminal(run, tmp_path,
                                                                           monkeypatch):
    """-i previews hand 1 and, while the table looks at the preview, another terminal records
    hand 1. Confirming must not record the previewed hand as hand 2 (its dealer, pool and
    settlement would all differ): it is refused and the other terminal's hand stands alone."""
    db = tmp_path / "race.db"
    new(run, db, "--players", "Ann,Ben,Cat", "--dealer", "Cat")
    from loo_ledger.cli import interactive
    real_ask = interactive.ask

    def other_terminal_first(question, *args, **kwargs):
        if question.startswith("Record hand"):
            done = subprocess.run([sys.executable, "-m", "loo_ledger", "--db", str(db), "hand",
                                   "Ann=1", "Ben=1", "Cat=1"], capture_output=True, text=True)
            assert done.returncode == 0, done.stderr
        return real_ask(question, *args, **kwargs)

    monkeypatch.setattr(interactive, "ask", other_terminal_first)
    result = run(db, "hand", "-i", input=keys("", "3", "y"))
    assert result.exit_code == 1
    assert "hand 1 was recorded meanwhile" in result.output
    [h] = hands(run, db)
    assert h["record"]["tricks"] == {"Ann": 1, "Ben": 1, "Cat": 1}


def test_interactive_with_a_player_sitting_out_by_prefix_does_not_ask_him(run, tmp_path):
    """Three-card, seats Ann Ben Cat Dov, Dov deals; `-i --sitting-out be`: Ben is not dealt
    in, so only Ann, Cat and Dov are asked for tricks. P = 9: Ann 1, Cat 1, Dov 1: +3, +3,
    -9 + 3 = -6; nobody looed, pool after 0."""
    db = tmp_path / "out.db"
    new(run, db, "--players", "Ann,Ben,Cat,Dov", "--dealer", "Dov")
    result = run(db, "hand", "-i", "--sitting-out", "be", input=keys("", "1", "1", "y"))
    assert result.exit_code == 0, result.output
    assert "Ben: tricks won" not in result.output
    [h] = hands(run, db)
    assert h["record"]["sitting_out"] == ["Ben"]
    assert h["deltas"] == {"Ann": 3, "Cat": 3, "Dov": -6}
    assert h["pool_after"] == 0


def test_lou_interactive(run, tmp_path):
    """Lou, seats Ann Ben Cat Dov, Dov deals (figures as tests/test_table_evening_lou.py):
    1 first deal, P = 100 + 4 x 500 = 2100, nobody declares: Ann 3 takes 2100 (+1600), Ben
      and Cat 1 trick burned 2100 (-2600), Dov 0 burned (-2700). Pot after 6300.
    2 Ann deals, P = 6300, b = min(6300, 5000) = 5000: Ben stands, Cat folds, Dov and Ann
      stand; Ben 2, Dov 3, Ann's 0 filled in: Dov +6300, Ann -5000. Pot 5000.
    3 Ben deals: all fold; pot stays 5000, Ben deals again.
    4 Ben deals: Cat stands, Dov passes (Lou's fold, accepted as on the one-line form), Ann
      and Ben fold: Cat takes 5000 without play."""
    db = tmp_path / "lou.db"
    new(run, db, "--variant", "lou", "--players", "Ann,Ben,Cat,Dov", "--dealer", "Dov")
    first = run(db, "hand", "-i", input=keys("", "3", "1", "1", "y"))
    assert first.exit_code == 0, first.output
    assert "[stand/fold]" not in first.output  # everyone must stand on a first deal
    assert "Dov: 0 tricks won (none left)" in first.output
    second = run(db, "hand", "-i", input=keys("stand", "fold", "stand", "stand", "", "2", "3",
                                              "y"))
    assert second.exit_code == 0, second.output
    assert "Cat: tricks won" not in second.output  # Cat folded
    third = run(db, "hand", "-i", input=keys("fold", "fold", "fold", "fold", "", "y"))
    assert third.exit_code == 0, third.output
    assert "hand 3 recorded. Pot now 5000. Next: Ben deals." in third.output
    fourth = run(db, "hand", "-i", input=keys("stand", "pass", "fold", "fold", "", "y"))
    assert fourth.exit_code == 0, fourth.output
    assert "not possible here" not in fourth.output
    assert "tricks won" not in fourth.output
    got = [(h["dealer"], h["deltas"], h["pool_after"]) for h in hands(run, db)]
    assert got == [
        ("Dov", {"Ann": 1600, "Ben": -2600, "Cat": -2600, "Dov": -2700}, 6300),
        ("Ann", {"Ann": -5000, "Ben": 0, "Cat": 0, "Dov": 6300}, 5000),
        ("Ben", {"Ann": 0, "Ben": 0, "Cat": 0, "Dov": 0}, 5000),
        ("Ben", {"Ann": 0, "Ben": 0, "Cat": 5000, "Dov": 0}, 0),
    ]


def test_asks_for_a_revoke_and_a_note(run, tmp_path):
    """Three-card, Ann Ben Cat Dov Eve, Eve deals a simple pool, P = 9, a trick 3. Anything
    else: Ben revoked, and a note. Ann 1, Ben 1, Cat 1 (Dov and Eve 0 filled in). A revoke
    under revoke_penalty=looed: Ben is looed (9) whatever he won, his 3 stays. Ann +3, Cat
    +3, Dov looed -9, Eve -9 ante -9 loo = -18. Pool after 9 - 6 + 27 = 30. The same as the
    one-line form with --revoke and --note."""
    asked, typed = tmp_path / "asked.db", tmp_path / "typed.db"
    for db in (asked, typed):
        new(run, db, "--players", "Ann,Ben,Cat,Dov,Eve", "--dealer", "Eve")
    result = run(asked, "hand", "-i", input=keys("r", "be", "note", "Ben led out of turn", "",
                                                 "1", "1", "1", "y"))
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Anything else? [revoke/note/none]" in out       # three-card: no flush, no exchange
    assert "Revoked (a breach in play) [Ann/Ben/Cat/Dov/Eve]" in out
    assert "Anything else? [revoke/none]" in out             # one note; Ben revoked already
    assert run(typed, "hand", "Ann=1", "Ben=1", "Cat=1", "Dov=0", "Eve=0", "--revoke", "Ben",
               "--note", "Ben led out of turn").exit_code == 0
    assert hands(run, asked) == hands(run, typed)
    [h] = hands(run, asked)
    assert h["record"]["penalties"] == [{"player": "Ben", "kind": "revoke"}]
    assert h["record"]["note"] == "Ben led out of turn"
    assert h["deltas"] == {"Ann": 3, "Ben": -9, "Cat": 3, "Dov": -9, "Eve": -18}
    assert h["pool_after"] == 30


def test_asks_for_an_exchange_only_where_the_variant_has_one(run, tmp_path):
    """three-card has no exchange (exchange=0): never offered. irish exchanges up to 3; a
    five-card dealer who stands takes the turned card and discards 1 to 6
    (indicator_to_dealer), another player 0 to 5. Nothing is recorded here (quit)."""
    three = tmp_path / "three.db"
    new(run, three, "--players", "Ann,Ben,Cat", "--dealer", "Cat")
    out = run(three, "hand", "-i", input=keys("", "quit")).output
    assert "Anything else? [revoke/note/none]" in out
    irish = tmp_path / "irish.db"
    new(run, irish, "--variant", "irish", "--players", "Ann,Ben,Cat", "--dealer", "Cat")
    out = run(irish, "hand", "-i", input=keys("s", "s", "s", "e", "ann", "", "quit")).output
    assert "Exchanged cards [Ann/Ben/Cat]" in out and "Ann: cards exchanged [0/1/2/3]" in out
    five = tmp_path / "five.db"
    new(run, five, "--variant", "five-card", "--rule", "blazes=true", "--players",
        "Ann,Ben,Cat", "--dealer", "Cat")
    out = run(five, "hand", "-i", input=keys("hearts", "s", "s", "s", "e", "cat", "1", "f",
                                              "ann", "trump", "", "quit")).output
    assert "Cat: cards exchanged [1/2/3/4/5/6]" in out
    # With blazes the five-card flushes are pam, trump, plain, pam-blaze, blaze.
    assert "Ann: which flush [pam/trump/plain/pam-blaze/blaze]" in out


def test_a_lou_renege_needs_no_tricks(run, tmp_path):
    """Lou, Ann Ben Cat Dov, Dov deals; hand 1 as in test_lou_interactive (pot 6300). Hand 2,
    Ann deals: Ben, Dov and Ann stand, Cat folds; Dov reneged: he is burned b = min(6300,
    5000) = 5000 at once, nothing else is settled, Ann deals again (RULES: Penalties, burn).
    No trick is asked. Pot after 6300 + 5000 = 11300."""
    db = tmp_path / "lou.db"
    new(run, db, "--variant", "lou", "--players", "Ann,Ben,Cat,Dov", "--dealer", "Dov")
    assert run(db, "hand", "Ann=3", "Ben=1", "Cat=1", "Dov=0").exit_code == 0
    result = run(db, "hand", "-i", input=keys("stand", "fold", "stand", "stand", "revoke", "dov",
                                              "", "y"))
    assert result.exit_code == 0, result.output
    assert "Reneged [Ben/Dov/Ann]" in result.output
    assert "tricks won" not in result.output
    assert "hand 2 recorded. Pot now 11300. Next: Ann deals." in result.output
    h = hands(run, db)[1]
    assert h["deltas"] == {"Ann": 0, "Ben": 0, "Cat": 0, "Dov": -5000}
    assert h["pool_after"] == 11300


def test_a_hand_the_rules_refuse_at_the_preview_offers_change_or_quit(run, tmp_path, dump_db):
    """irish (exchange up to 3) with `-i --exchange A=4`: the answers are complete but the
    rules refuse the exchange; the problem is shown and the table quits: exit 3, nothing
    written."""
    db = tmp_path / "irish.db"
    new(run, db, "--variant", "irish", "--players", "A,B,C", "--dealer", "C")
    before = dump_db(db)
    result = run(db, "hand", "-i", "--exchange", "A=4",
                 input=keys("stand", "stand", "pass", "", "1", "quit"))
    assert result.exit_code == 3
    assert "Hand 1 cannot be recorded as it stands:" in result.output
    assert "A exchanged 4" in result.output
    assert "Record hand 1? [change/quit]" in result.output
    assert dump_db(db) == before


def test_interactive_says_who_dealt_instead_of_the_scheduled_dealer(run, tmp_path):
    """irish, A B C D E, E deals hand 1 and everyone before him passes: E antes 9 and takes
    it back. A deals hand 2 by rotation but sits out, so B deals (legal.next_dealer); C
    stands alone and takes B's ante of 9. Both forms say who dealt instead."""
    db = tmp_path / "moved.db"
    new(run, db, "--variant", "irish", "--players", "A,B,C,D,E", "--dealer", "E")
    assert run(db, "hand", "A=p", "B=p", "C=p", "D=p").exit_code == 0
    result = run(db, "hand", "-i", "--sitting-out", "A",
                 input=keys("stand", "pass", "pass", "pass", "", "y"))
    assert result.exit_code == 0, result.output
    assert "hand 2 recorded. Pool now 0. Next: C deals." in result.output
    assert "A sat this hand out, so the deal passed to the left: B dealt instead" in result.output
    assert [h["deltas"] for h in hands(run, db)][1] == {"C": 9, "D": 0, "E": 0, "B": -9}


def test_a_second_flush_may_be_declared_after_the_first(run, tmp_path):
    """five-card (ante 5, loo limited 5, no miss, flushes; an empty pool is declared like a
    double), seats Ann Ben Cat Dov, Dov deals, hearts turned. Ann, Ben and Cat stand, Dov
    passes; Ann exchanged 2; Ben declares a plain flush, then Cat a trump flush. RULES
    (Settling, 4): the best flush, by kind (trump over plain), settles the hand without play:
    Cat takes P = 5; a beaten flush holder (Ben) neither pays nor receives; Ann played
    without a flush and is looed L = 5. Ann -5; Ben 0; Cat +5; Dov -5 (ante). Pool after
    5 - 5 + 5 = 5. Before the fix the walk stopped offering a flush once one was declared,
    so Ben's beaten flush could not be entered next to Cat's."""
    db = tmp_path / "five.db"
    new(run, db, "--variant", "five-card", "--players", "Ann,Ben,Cat,Dov", "--dealer", "Dov")
    result = run(db, "hand", "-i", input=keys("hearts", "s", "s", "s", "p", "e", "ann", "2",
                                              "f", "ben", "plain", "f", "cat", "trump", "",
                                              "y"))
    assert result.exit_code == 0, result.output
    assert "Flush declared by [Ann/Cat]" in result.output   # Ben has declared his
    [h] = hands(run, db)
    assert h["record"]["flushes"] == [{"player": "Ben", "kind": "plain"},
                                      {"player": "Cat", "kind": "trump"}]
    assert h["deltas"] == {"Ann": -5, "Ben": 0, "Cat": 5, "Dov": -5}
    assert h["pool_after"] == 5
