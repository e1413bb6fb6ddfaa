"""Issue 12, item 6: the cards played, entered in `loo hand -i` (CliRunner `input=`).

The first trick count may be answered ``cards``: the trump card turned is asked (in a simple
pool, the card turned when someone first fails to follow, asked then), each player's hand
in play (Enter: not known), then each trick from its leader round. A player whose hand is
known is offered only the cards the rules of play allow; anyone else any card not seen yet.
The trick counts come from the cards, and the hand is recorded as `loo hand --cards ...
--turned ...` records it.

Three-card (RULES.md defaults: ante 9 by the dealer, limited loo 9; the rules of play: follow
suit, head the trick, trump when void, lead a trump, lead the ace of trumps if held), seats
Ann Ben Cat, Cat deals first. Worked by hand:

Hand 1, Cat deals, pool 0 (entered with counts): simple, P = 9. Ann 3 tricks +9; Ben looed
    -9; Cat ante -9 looed -9 = -18. Pool after 9 - 9 + 18 = 18.
Hand 2, Ann deals: double pool 18 + 9 = 27, a trick 9. Ben and Cat stand, Ann passes; Ben
    (eldest in play) leads. Trumps hearts (2h turned).
    - Ben's hand known, Ah Ks 3d: trick 1 he must lead the ace of trumps (Ah, the only card
      offered), Cat 4h: Ben. Trick 2 Ben may lead Ks or 3d (no trump left): Ks, Cat Qs: Ben.
      Trick 3 Ben 3d (his last card), Cat Kd: Cat.
    - or Cat's hand known, 5h 4h Qs: trick 1 Ben Ah, Cat may play only 5h or 4h (follow
      suit; Qs is refused): 4h, Ben. Trick 2 Ben Ks, Cat must follow with Qs: Ben. Trick 3
      Ben 3d, Cat void in diamonds must trump: 5h, Cat.
    Either way Ben 2 tricks +18, Cat 1 trick +9, Ann -9 (her ante); pool after 27 - 27 = 0.
"""

from __future__ import annotations

import json

import pytest


def keys(*answers: str) -> str:
    return "".join(f"{a}\n" for a in answers)


@pytest.fixture
def after_hand_1(tmp_path, run):
    def make(name):
        db = tmp_path / f"{name}.db"
        assert run(db, "new", "Cards", "--players", "Ann,Ben,Cat", "--dealer", "Cat").exit_code == 0
        assert run(db, "hand", "Ann=3", "Ben=0", "Cat=0").exit_code == 0
        return db
    return make


def _settled(run, db):
    hands = json.loads(run(db, "hands", "--json").stdout)
    return hands[-1]


WORDS = ("stand", "stand", "pass", "")          # Ben, Cat, Ann; anything else: none


def test_a_known_hand_is_offered_only_its_legal_cards(run, after_hand_1):
    db, twin = after_hand_1("cards"), after_hand_1("twin")
    typed = keys(*WORDS, "cards", "2h", "Ah Ks 3d", "",     # trump card, Ben's and Cat's hand
                 "4h",                                      # trick 1: Ben's Ah is forced
                 "zz", "Ks", "Ah", "Qs",                    # trick 2: zz, Ah refused
                 "Kd", "yes")                               # trick 3: Ben's 3d forced
    result = run(db, "hand", "-i", input=typed)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Ben may play: Ah\n  Ben plays Ah (the only card allowed)" in out
    assert "Ben may play: Ks 3d" in out
    assert "'zz' is not a card" in out and "Ah has been played already" in out
    assert "Ben: tricks won [0/1/2/3]" in out and "Cat: tricks won" not in out
    assert "trick 1: Ah 4h, won by Ben" in out and "trick 3: 3d Kd, won by Cat" in out
    assert "hand 2 recorded" in out
    hand = _settled(run, db)
    assert hand["deltas"] == {"Ben": 18, "Cat": 9, "Ann": -9}
    assert hand["pool_after"] == 0
    assert hand["record"]["cards"] == {"trump_card": "2h",
                                       "tricks": [["Ah", "4h"], ["Ks", "Qs"], ["3d", "Kd"]]}
    # exactly what the one-line form records
    line = run(twin, "hand", "Ben=stand", "Cat=stand", "Ann=pass", "--turned", "2h",
               "--cards", "Ah 4h", "--cards", "Ks Qs", "--cards", "3d Kd")
    assert line.exit_code == 0, line.output
    assert _settled(run, twin) == hand


def test_a_card_against_the_rules_is_refused_naming_the_rule(run, after_hand_1):
    db = after_hand_1("cards")
    typed = keys(*WORDS, "c", "2h", "", "5h 4h Qs",
                 "Ah", "Qs", "4h",                          # trick 1: Qs refused
                 "Ks",                                      # trick 2: Cat's Qs forced
                 "3d",                                      # trick 3: Cat's 5h forced
                 "")
    result = run(db, "hand", "-i", input=typed)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Cat may play: 5h 4h" in out
    assert "must follow suit (hearts led), holding 5h 4h" in out
    assert "Cat plays Qs (the only card allowed)" in out
    assert "Cat plays 5h (the only card allowed)" in out
    hand = _settled(run, db)
    assert hand["deltas"] == {"Ben": 18, "Cat": 9, "Ann": -9}
    assert hand["record"]["cards"]["tricks"] == [["Ah", "4h"], ["Ks", "Qs"], ["3d", "5h"]]


def test_a_simple_pool_asks_the_card_turned_at_the_first_failure_and_catches_a_revoke(
        run, tmp_path):
    # Hand 1, Cat deals, pool 0: simple, everyone plays, P = 9, no trump until someone
    # fails to follow. Ann leads Ah, Ben 3h, Cat 5h: Ann. Ann Ks, Ben 4d (fails: 3c turned,
    # clubs trumps), Cat 4s: Ann. Ann Kd, Ben Qs, Cat Qd: Ann. Ben held Qs at trick 2: a
    # revoke, looed 9. Ann +9, Ben -9, Cat ante 9 + looed 9 = -18; pool 9 - 9 + 27 - 9 = 18.
    db = tmp_path / "simple.db"
    assert run(db, "new", "Cards", "--players", "Ann,Ben,Cat", "--dealer", "Cat").exit_code == 0
    typed = keys("", "cards", "", "", "",                   # none; no hand known
                 "Ah", "3h", "5h", "Ks", "4d", "4s", "3c", "Kd", "Qs", "Qd", "yes")
    result = run(db, "hand", "-i", input=typed)
    assert result.exit_code == 0, result.output
    assert "Trump card turned" not in result.output
    assert "Trick 2: someone failed to follow: the card turned for trumps" in result.output
    hand = _settled(run, db)
    assert hand["deltas"] == {"Ann": 9, "Ben": -9, "Cat": -18}
    assert hand["pool_after"] == 18
    assert hand["record"]["cards"] == {
        "turned": "3c", "tricks": [["Ah", "3h", "5h"], ["Ks", "4d", "4s"], ["Kd", "Qs", "Qd"]]}


def test_the_cards_can_be_changed_at_the_preview(run, after_hand_1):
    db = after_hand_1("cards")
    first = ("cards", "2h", "", "", "Ah", "4h", "Ks", "Qs", "3d", "Kd")
    # change the cards (listed after the words and the count): all asked again, Cat
    # wins trick 2 this time: Ben 1, Cat 2 -> Ben +9, Cat +18
    again = ("2h", "", "", "Ah", "4h", "Ks", "As", "Kd", "3d")
    result = run(db, "hand", "-i", input=keys(*WORDS, *first, "change", "6", *again, "yes"))
    assert result.exit_code == 0, result.output
    assert "6  cards: 2h turned; Ah 4h | Ks Qs | 3d Kd" in result.output
    hand = _settled(run, db)
    assert hand["deltas"] == {"Ben": 9, "Cat": 18, "Ann": -9}
    assert hand["record"]["cards"]["tricks"] == [["Ah", "4h"], ["Ks", "As"], ["Kd", "3d"]]


def test_through_a_real_terminal(run, after_hand_1):
    """The first test's hand typed at a pseudo-terminal (tests/terminals.py's Terminal):
    Ben's known hand is shown its legal cards; Ben +18, Cat +9, Ann -9."""
    from terminals import Terminal

    db = after_hand_1("pty")
    t = Terminal("--db", str(db), "hand", "-i")
    for question, typed in (("Ben [", "stand"), ("Cat [", "stand"), ("Ann [", "pass"),
                            ("Anything else?", ""), ("Ben: tricks won [0/1/2/3]", "cards"),
                            ("Trump card turned", "2h"), ("Ben's hand in play", "Ah Ks 3d"),
                            ("Cat's hand in play", ""), ("Trick 1, Cat plays", "4h")):
        t.answer(question, typed)
    t.expect("Ben may play: Ks 3d")
    for question, typed in (("Trick 2, Ben plays", "ks"), ("Trick 2, Cat plays", "Q♠"),
                            ("Trick 3, Cat plays", "kd"), ("Record hand 2?", "")):
        t.answer(question, typed)
    t.expect("hand 2 recorded")
    assert t.finish() == 0
    hand = _settled(run, db)
    assert hand["deltas"] == {"Ben": 18, "Cat": 9, "Ann": -9}
    assert hand["record"]["cards"]["tricks"] == [["Ah", "4h"], ["Ks", "Qs"], ["3d", "Kd"]]
