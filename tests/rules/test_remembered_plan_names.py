"""A remembered plan never hides a stranger (issue 20: the engine settles a plain record by
the plan remembered for its state, seats, trump and words, without reading its names a
second time).

Each test first settles a sound hand on the variant, so that its plan is remembered, then
asks about a record that differs from it only by naming someone who was not dealt in. The
problems expected are RULES.md's "every player the record names must be seated and dealt
in": UNKNOWN_PLAYER for a name not at the table, NOT_DEALT_IN for a seated player who sat
the hand out.

The sound hand: five seats A..E, E deals, a double pool of 18 (table(pool=18)), trump
hearts; A, B and C stand, D and E pass; A, B and C take a trick each.
"""

from __future__ import annotations

from rules_kit import V, hand, settle, table, validate

from loo_ledger.domain.rules.model import HandRecord
from loo_ledger.domain.settlement.compiled import plan_key

WORDS = dict(A="stand", B="stand", C="stand", D="pass", E="pass")
SOUND = dict(trump="hearts", declarations=WORDS, tricks=dict(A=1, B=1, C=1))


def remembered():
    """A fresh three-card variant that has settled the sound hand once (so its plan is
    remembered), and the table that hand met."""
    v, at = V(), table(pool=18)
    assert validate(hand(**SOUND), at, v) == []
    return v, at


def named(problems):
    return {(p.code, p.player) for p in problems}


def test_a_stranger_taking_a_trick_under_a_remembered_plan():
    """Z is at no seat: A, B and Z 'took' the three tricks. The record's key is the sound
    hand's (tricks are no part of it), so the remembered plan reads it."""
    v, at = remembered()
    record = hand(**{**SOUND, "tricks": dict(A=1, B=1, Z=1)})
    assert plan_key(record, at) == plan_key(hand(**SOUND), at)
    assert ("UNKNOWN_PLAYER", "Z") in named(validate(record, at, v))


def test_a_stranger_in_the_table_s_own_figures_under_a_remembered_plan():
    """The deltas name Z with 3 chips: Z is at no seat. With a double pool of 18 and
    three tricks of 6 each, A, B and C win 6 each and D and E (passed) pay nothing, so
    the deltas below agree with the settlement for every seated player; only Z is wrong."""
    v, at = remembered()
    record = hand(**SOUND, deltas=dict(A=6, B=6, C=6, D=0, E=0, Z=3))
    assert plan_key(record, at) == plan_key(hand(**SOUND), at)
    assert named(validate(record, at, v)) == {("UNKNOWN_PLAYER", "Z")}


def test_a_stranger_s_declaration_is_never_read_by_the_sound_hand_s_plan():
    """Z passes as well: the words name Z, so the record's key is not the sound hand's,
    and Z is refused."""
    v, at = remembered()
    record = hand(**{**SOUND, "declarations": {**WORDS, "Z": "pass"}})
    assert plan_key(record, at) != plan_key(hand(**SOUND), at)
    assert ("UNKNOWN_PLAYER", "Z") in named(validate(record, at, v))


def test_a_player_sitting_out_who_takes_a_trick_under_a_remembered_plan():
    """Six seats A..F, F sits the hand out (E deals; the others as in the sound hand).
    After that hand is settled, the same record with F taking C's trick names a seated
    player who was not dealt in."""
    v = V()
    at = table(players=("A", "B", "C", "D", "E", "F"), dealer="E", pool=18)
    sound = hand(**SOUND, sitting_out=("F",))
    assert validate(sound, at, v) == []
    record = hand(trump="hearts", declarations=WORDS, sitting_out=("F",),
                  tricks=dict(A=1, B=1, F=1))
    assert plan_key(record, at) == plan_key(sound, at)
    assert ("NOT_DEALT_IN", "F") in named(validate(record, at, v))


# Exchanges (issue 20: a plain record with exchanges is read by its remembered plan too, its
# exchanges checked at a glance against the plan's limits). Irish: three cards, exchange=3,
# so each player in play may exchange 0 to 3 cards; nobody may exchange who did not play.
# The sound hand is the one above with A exchanging 2 and B none.

EXCHANGED = dict(SOUND, exchanges=dict(A=2, B=0))


def remembered_irish():
    """A fresh Irish variant that has settled the sound hand with exchanges once."""
    v, at = V("irish"), table(pool=18)
    assert validate(hand(**EXCHANGED), at, v) == []
    return v, at


def test_exchanges_move_no_chips_under_a_remembered_plan():
    """The same hand with and without exchanges settles alike (an exchange is a count of
    cards, never chips): with the plan remembered, the movements are the same."""
    v, at = remembered_irish()
    assert settle(hand(**EXCHANGED), at, v).movements == settle(hand(**SOUND), at, v).movements


def test_a_stranger_exchanging_under_a_remembered_plan():
    """Z, at no seat, 'exchanged' 1: the key is the sound hand's (exchanges are no part of
    it), and Z is refused as not at the table."""
    v, at = remembered_irish()
    record = hand(**{**EXCHANGED, "exchanges": dict(A=2, Z=1)})
    assert plan_key(record, at) == plan_key(hand(**EXCHANGED), at)
    assert named(validate(record, at, v)) == {("UNKNOWN_PLAYER", "Z")}


def test_a_player_who_passed_cannot_exchange_under_a_remembered_plan():
    """D passed, so did not play: D's exchange of 1 is refused (EXCHANGE_NOT_ALLOWED)."""
    v, at = remembered_irish()
    record = hand(**{**EXCHANGED, "exchanges": dict(A=2, D=1)})
    assert named(validate(record, at, v)) == {("EXCHANGE_NOT_ALLOWED", "D")}


def test_an_exchange_past_the_limit_under_a_remembered_plan():
    """A exchanges 4 where at most 3 may be (exchange=3): EXCHANGE_INVALID; so is a
    count that is no whole number (B exchanges 1.5)."""
    v, at = remembered_irish()
    assert named(validate(hand(**{**EXCHANGED, "exchanges": dict(A=4)}), at, v)) \
        == {("EXCHANGE_INVALID", "A")}
    assert named(validate(hand(**{**EXCHANGED, "exchanges": dict(B=1.5)}), at, v)) \
        == {("EXCHANGE_INVALID", "B")}


def test_an_unwritable_part_never_shares_a_key_with_a_sound_record():
    """The key writes the record's parts with msgpack; a part msgpack has no form for (here
    the sitting-out given as a bare object, through the Python API) is written as a mark no
    sound record can hold. Two seats literally named after that mark's old words
    ('unwritable', 'object') must still get a key of their own, or the odd record would
    be read by the sound record's remembered plan."""
    at = table(pool=18)
    odd = HandRecord(**SOUND, sitting_out=object())  # type: ignore[arg-type]
    named_like_it = hand(**SOUND, sitting_out=("unwritable", "object"))
    assert plan_key(odd, at) != plan_key(named_like_it, at)
