"""Issue 21, item 1: the miss is the hand of whoever took it (worked by hand from RULES.md,
CATALOGUE.md §3.4 and §6, and seed 000: a player who takes the miss «throws in their original
hand face down and takes the unseen spare hand in its place»; a dealer who defends the pool
«plays with the miss (the dealer's original cards are thrown in)»).

The deal used throughout: three-card Loo (preset three-card: ante 9 by the dealer, loo 9,
a miss in a double pool), seats Ann, Ben, Cat, Dov; Dov deals a double pool with 18 carried
in, so P = 18 + 9 = 27, a trick is worth 27 // 3 = 9 and a loo is 9. Hearts are trumps
(2h turned). Dealt: Ann Ks 7d 4c, Ben Ah 5h Qc, Cat 9s 8d 6c, Dov Qh Js 5d; the miss
Kh 10s 3d.
"""

from __future__ import annotations

import json
from pathlib import Path

from msgspec.structs import replace

from loo_ledger.domain.rules.model import CardRecord, Flush, HandRecord, opening_state
from loo_ledger.domain.rules.variants import variant
from loo_ledger.domain.settlement.engine import settle, validate
from loo_ledger.domain.settlement.session import replay
from loo_ledger.formats.sessionfile import dumps_session, load_session_file

V = variant("three-card")
STATE = opening_state(("Ann", "Ben", "Cat", "Dov"), "Dov", 18)
DEALT = {"Ann": ("Ks", "7d", "4c"), "Ben": ("Ah", "5h", "Qc"), "Cat": ("9s", "8d", "6c"),
         "Dov": ("Qh", "Js", "5d")}
MISS = ("Kh", "10s", "3d")

# Ben takes the miss; Ann and Dov stand; Cat passes. In play from the dealer's left: Ann, Ben,
# Dov. Ben plays the miss (Kh 10s 3d); Ah 5h Qc are thrown in.
#  Trick 1: Ann, with no trump, leads Ks; Ben follows 10s (cannot head); Dov Js.  Ann wins.
#  Trick 2: Ann 7d; Ben 3d (his only diamond); Dov 5d (cannot head 7d).         Ann wins.
#  Trick 3: Ann 4c; Ben, void in clubs, must head with a trump: Kh; Dov, void,
#           has no trump that heads Kh, so plays any card: Qh.                   Ben wins.
# Ann 2, Ben 1, Dov 0: Ann +18, Ben +9, Dov -9 (ante) - 9 (looed) = -18, Cat 0;
# the pool 18 + 9 - 27 + 9 = 9.
MISS_WORDS = {"Ann": "stand", "Ben": "miss", "Cat": "pass", "Dov": "stand"}
MISS_TRICKS = (("Ks", "10s", "Js"), ("7d", "3d", "5d"), ("4c", "Kh", "Qh"))
MISS_CARDS = CardRecord(trump_card="2h", miss=MISS, dealt=DEALT, tricks=MISS_TRICKS)


def test_a_miss_taker_plays_the_miss_recorded_once():
    s = settle(HandRecord(declarations=MISS_WORDS, cards=MISS_CARDS), STATE, V)
    assert dict(s.deltas) == {"Ann": 18, "Ben": 9, "Cat": 0, "Dov": -18}
    assert s.pool_after == 9 and s.notes == ()
    counts = settle(HandRecord(declarations=MISS_WORDS, tricks={"Ann": 2, "Ben": 1}), STATE, V)
    assert s.movements == counts.movements


def test_the_miss_repeated_under_exchanged_still_works():
    """The older way of writing it (the miss again as Ben's cards after the exchange), and the
    miss written only there, settle the same: Ann +18, Ben +9, Dov -18, the pool 9."""
    for cards in (replace(MISS_CARDS, exchanged={"Ben": MISS}),
                  replace(MISS_CARDS, miss=None, exchanged={"Ben": MISS})):
        s = settle(HandRecord(declarations=MISS_WORDS, cards=cards), STATE, V)
        assert dict(s.deltas) == {"Ann": 18, "Ben": 9, "Cat": 0, "Dov": -18}
        assert s.pool_after == 9


# The reverse: Ben playing the cards he threw in. Trick 1: Ann Ks; Ben 5h (a trump: wins);
# Dov Js. Trick 2: Ben Ah; Dov Qh; Ann 7d. Trick 3: Ben Qc; Dov 5d; Ann 4c. Impossible: Ah 5h
# Qc went face down when Ben took the miss.
THROWN_IN = (("Ks", "5h", "Js"), ("Ah", "Qh", "7d"), ("Qc", "5d", "4c"))


def test_playing_the_cards_thrown_in_for_the_miss_is_refused_naming_the_player():
    problems = validate(HandRecord(declarations=MISS_WORDS,
                                   cards=replace(MISS_CARDS, tricks=THROWN_IN)), STATE, V)
    assert [(p.code, p.player, p.hand) for p in problems] == [("CARD_NOT_HELD", "Ben", 1)]
    assert problems[0].message == (
        "Ben took the miss (Kh 10s 3d) and threw in Ah 5h Qc, but played 5h (trick 1), "
        "Ah (trick 2), Qc (trick 3)")


def test_the_cards_thrown_in_written_as_the_hand_after_the_miss_are_refused():
    """Ah 5h Qc went face down when Ben took the miss: written under ``exchanged`` as his
    hand, with the miss or without it, the record is impossible, named with Ben."""
    cards = replace(MISS_CARDS, exchanged={"Ben": DEALT["Ben"]}, tricks=THROWN_IN)
    for miss, said in ((MISS, " (Kh 10s 3d)"), (None, "")):
        problems = validate(HandRecord(declarations=MISS_WORDS,
                                       cards=replace(cards, miss=miss)), STATE, V)
        assert [(p.code, p.player, p.message) for p in problems] == [
            ("CARD_NOT_HELD", "Ben", f"Ben took the miss{said} and threw in Ah 5h Qc, but is "
             "recorded holding Ah 5h Qc after it")]


def test_a_miss_taker_holding_other_cards_after_it_is_refused():
    """Three-card Loo has no exchange (exchange=0): Ben holds the miss, not Kh 10s 2c. The
    cards show him exchanging one card (3d for 2c), refused in the one message the exchange
    limit has (next/checks.exchange_problems), as if ``exchanges: {Ben: 1}`` were typed."""
    cards = replace(MISS_CARDS, exchanged={"Ben": ("Kh", "10s", "2c")}, tricks=())
    problems = validate(HandRecord(declarations=MISS_WORDS, tricks={"Ann": 2, "Ben": 1},
                                   cards=cards), STATE, V)
    assert [(p.code, p.player, p.hand, p.message) for p in problems] == [
        ("EXCHANGE_NOT_ALLOWED", "Ben", 1, "Ben exchanged 1, but this game has no exchange "
         "(exchange=0)")]
    typed = validate(HandRecord(declarations=MISS_WORDS, tricks={"Ann": 2, "Ben": 1},
                                exchanges={"Ben": 1}), STATE, V)
    assert [(p.code, p.message) for p in typed] == [(p.code, p.message) for p in problems]


# Dov defends against Ann alone (Ben and Cat pass). Spades are trumps (4s turned).
# Dealt: Ann As 9h 8c, Ben Kd 6d 2s, Cat Jh 4d 3c, Dov 2c 3d 7h (thrown in); the miss
# Qs 10h 5c, which Dov plays.
#  Trick 1: Ann must lead the ace of trumps: As; Dov follows Qs.                Ann wins.
#  Trick 2: Ann, no trump left, leads 9h; Dov must head with 10h.               Dov wins.
#  Trick 3: Dov 5c (his last card); Ann follows and heads with 8c.              Ann wins.
# Ann 2 tricks: +18. Dov defends: his trick's 9 stays in the pool, he is never looed; he
# paid his ante: -9. Ben, Cat 0. The pool 18 + 9 - 18 = 9.
DEFEND_WORDS = {"Ann": "stand", "Ben": "pass", "Cat": "pass", "Dov": "defend"}
DEFEND_DEALT = {"Ann": ("As", "9h", "8c"), "Ben": ("Kd", "6d", "2s"), "Cat": ("Jh", "4d", "3c"),
                "Dov": ("2c", "3d", "7h")}
DEFEND_CARDS = CardRecord(trump_card="4s", miss=("Qs", "10h", "5c"), dealt=DEFEND_DEALT,
                          tricks=(("As", "Qs"), ("9h", "10h"), ("5c", "8c")))


def test_a_defending_dealer_plays_the_miss():
    s = settle(HandRecord(declarations=DEFEND_WORDS, cards=DEFEND_CARDS), STATE, V)
    assert dict(s.deltas) == {"Ann": 18, "Ben": 0, "Cat": 0, "Dov": -9} and s.pool_after == 9
    counts = settle(HandRecord(declarations=DEFEND_WORDS, tricks={"Ann": 2, "Dov": 1}),
                    STATE, V)
    assert s.movements == counts.movements


def test_a_defender_playing_his_own_thrown_in_cards_is_refused():
    """Dov's own cards (2c 3d 7h) were thrown in: trick 1 As 2c is impossible."""
    cards = replace(DEFEND_CARDS, tricks=(("As", "2c"), ("9h", "7h"), ("8c", "3d")))
    problems = validate(HandRecord(declarations=DEFEND_WORDS, cards=cards), STATE, V)
    assert [(p.code, p.player) for p in problems] == [("CARD_NOT_HELD", "Dov")]
    assert problems[0].message.startswith("Dov defended the pool with the miss (Qs 10h 5c) "
                                          "and threw in 2c 3d 7h, but played 2c (trick 1)")


# A flush held in the miss (preset bicycle: ante 3, loo 3, flushes on). The same seats and
# cards as above, but the miss is Kh 9h 3h: three trumps, a flush, which Ben takes.
# P = 18 carried + 3 = 21. Ben's flush takes the pool: +21; the others who play without a
# flush (Ann, Dov) are looed and pay 3 each (flush_payout=pool). Ann -3, Dov -3 - 3 = -6,
# Cat 0; the pool 18 + 3 - 21 + 3 + 3 = 6.
BICYCLE = variant("bicycle")


def test_a_flush_held_in_the_miss_is_found():
    cards = CardRecord(trump_card="2h", miss=("Kh", "9h", "3h"),
                       dealt={**DEALT, "Ben": ("Ah", "5h", "Qc")})
    s = settle(HandRecord(declarations=MISS_WORDS, cards=cards), STATE, BICYCLE)
    assert dict(s.deltas) == {"Ann": -3, "Ben": 21, "Cat": 0, "Dov": -6}
    assert s.pool_after == 6 and s.outcome == "flush"
    typed = settle(HandRecord(declarations=MISS_WORDS, flushes=(Flush(player="Ben",
                                                                      kind="flush"),)),
                   STATE, BICYCLE)
    assert s.movements == typed.movements


def test_the_thrown_in_cards_hold_no_flush():
    """Ben is dealt Kh 9h 3h (three trumps) but takes the miss Ah 5h Qc (two): he throws
    the flush in, so a flush recorded for him is refused, showing what the cards show."""
    cards = CardRecord(trump_card="2h", miss=("Ah", "5h", "Qc"),
                       dealt={**DEALT, "Ben": ("Kh", "9h", "3h")})
    record = HandRecord(declarations=MISS_WORDS, flushes=(Flush(player="Ben", kind="flush"),),
                        cards=cards)
    problems = validate(record, STATE, BICYCLE)
    assert [(p.code, p.player) for p in problems] == [("FLUSH_DISAGREES", "Ben")]
    assert problems[0].message == ("Ben is recorded with a flush, but the cards show no "
                                   "flush")
    # The miss alone shows Ben's hand: his own cards need not be written.
    alone = replace(record, cards=replace(cards, dealt={p: c for p, c in DEALT.items()
                                                        if p != "Ben"}))
    assert [(p.code, p.player) for p in validate(alone, STATE, BICYCLE)] == [
        ("FLUSH_DISAGREES", "Ben")]


ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "sample_sessions" / "three-card-miss-cards.json"


def test_the_miss_sample_has_a_miss_taker_and_a_defender_with_the_miss_written_once():
    data = json.loads(SAMPLE.read_text(encoding="utf-8"))
    words = [w for h in data["hands"] for w in (h.get("declarations") or {}).values()]
    assert "miss" in words and "defend" in words
    for h in data["hands"]:
        said = h.get("declarations") or {}
        takers = [p for p, w in said.items() if w in ("miss", "defend")]
        for p in takers:
            assert h["cards"]["miss"] and p not in h["cards"].get("exchanged", {})


def test_the_miss_sample_settles_by_its_cards_as_by_its_counts():
    session, raw = load_session_file(SAMPLE)
    assert dumps_session(session, raw) == SAMPLE.read_text(encoding="utf-8")
    counts_only = replay(replace(session, hands=tuple(replace(h, cards=None)
                                                      for h in session.hands)))
    cards_only = replay(replace(session, hands=tuple(replace(h, tricks=None)
                                                     for h in session.hands)))
    both = replay(session)
    for a, b, c in zip(both.settlements, counts_only.settlements, cards_only.settlements,
                       strict=True):
        assert a.movements == b.movements == c.movements and a.notes == ()
    assert both.final == counts_only.final == cards_only.final


def test_the_miss_sample_imports_and_exports_unchanged(loo, tmp_path):
    db, out = tmp_path / "miss.db", tmp_path / "miss.out.json"
    assert loo(db, "import", SAMPLE).exit_code == 0
    assert loo(db, "export", "-o", out).exit_code == 0
    assert out.read_bytes() == SAMPLE.read_bytes()


def test_importing_the_thrown_in_cards_is_refused_naming_hand_and_player(loo, tmp_path):
    """The file's one hand is the refused record above: exit 1, the hand, the player and
    what is wrong in the message, and nothing imported."""
    hand = {"declarations": MISS_WORDS,
            "cards": {"trump_card": "2h", "miss": list(MISS),
                      "dealt": {p: list(c) for p, c in DEALT.items()},
                      "tricks": [list(t) for t in THROWN_IN]}}
    path = tmp_path / "thrown.json"
    path.write_text(json.dumps({"format": "loo-session/1", "variant": "three-card",
                                "players": ["Ann", "Ben", "Cat", "Dov"], "first_dealer": "Dov",
                                "opening_pool": 18, "hands": [hand]}), encoding="utf-8")
    db = tmp_path / "l.db"
    result = loo(db, "import", path)
    assert result.exit_code == 1
    assert ("hand 1, player Ben: Ben took the miss (Kh 10s 3d) and threw in Ah 5h Qc, but "
            "played 5h (trick 1), Ah (trick 2), Qc (trick 3) [CARD_NOT_HELD]") in result.output
    listed = loo(db, "sessions", "--json")
    assert listed.exit_code == 0 and json.loads(listed.output) == []
