"""The ``loo-session/1`` format as typed records: what msgspec decodes and checks in one pass
(formats/reader.py), and what ``schemas/session.schema.json`` is generated from
(scripts/session_schema.py; tests/test_decoder_schema.py proves the file current).

Every bound is a name from limits.py. Optional fields are ``UNSET`` when absent (a JSON
``null`` is refused, as the schema says). What msgspec does not check, the types state for
the schema only (``extra_json_schema``) and formats/reader.py checks itself: ``x-``
extension fields (every record here is closed; the decoder sets them aside first), unique
items, a player name's pattern and a rule's string (see each), and a ruling's text. The
descriptions are the schema's.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
from msgspec import UNSET, Meta, UnsetType

from loo_ledger.formats.limits import (
    CARD_PATTERN,
    MAX_CHIPS,
    MAX_EXCHANGE,
    MAX_HAND_SIZE,
    MAX_INT,
    MAX_NAME,
    MAX_PENALTIES,
    MAX_PLAYERS,
    MAX_RULE_ITEMS,
    MAX_TEXT,
    MAX_TRICKS,
    MAX_WORD,
    MIN_PLAYERS,
    NAME_PATTERN,
    TEXT_PATTERN,
    UNIT_VALUE_PATTERN,
    WORD_PATTERN,
)

FORMAT = "loo-session/1"
_END = r"(?![\s\S])"
#: started_at: an RFC 3339 date-time, or a local time without an offset (ISO 8601).
RFC3339_PATTERN = (r"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,9})?"
                   rf"(Z|[+-][0-9]{{2}}:[0-9]{{2}}){_END}")
LOCAL_TIME_PATTERN = (r"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]{1,9})?)?"
                      rf"{_END}")
STARTED_AT_PATTERN = f"^(?:{RFC3339_PATTERN[1:]}|{LOCAL_TIME_PATTERN[1:]})"
UNIQUE = {"uniqueItems": True}
EXTENSION = ("Extension fields for other tools: loo_ledger ignores them, keeps them with the "
             "hand (or session) and writes them back on export.")

#: A name's pattern is stated for the schema and checked by the decoder once per distinct
#: name (reader.py): msgspec would match it at every one of a hand's twenty-odd names,
#: three quarters of the decoding time.
Player = Annotated[str, Meta(
    title="player name", min_length=1, max_length=MAX_NAME,
    extra_json_schema={"pattern": NAME_PATTERN},
    description="A player's name, 1 to 40 characters, as listed in players: no control or "
    "invisible characters (bidi marks, zero-width space...), no space at either end, and not "
    "a name the program uses for its own rows: pool, total or any name in parentheses such as "
    "(pool), in any case.")]
Text = Annotated[str, Meta(
    title="text", max_length=MAX_TEXT, pattern=TEXT_PATTERN,
    description="Free text: at most 2000 characters, no control characters but tab and newline.")]
Word = Annotated[str, Meta(
    title="word", min_length=1, max_length=MAX_WORD, pattern=WORD_PATTERN,
    description="A word: 1 to 64 characters, no control or invisible characters.")]
Suit = Annotated[Literal["clubs", "diamonds", "hearts", "spades"], Meta(description="A suit.")]
Card = Annotated[str, Meta(
    title="card", pattern=CARD_PATTERN,
    description="A card: rank (A K Q J 10 9 ... 2, or T for 10) then suit (s h d c, or a suit "
    "sign), any case: As, 10h, Td, J♣.")]
Cards = Annotated[list[Card], Meta(
    max_length=MAX_HAND_SIZE,
    description="Cards held: a hand as dealt or after the exchange, or the miss.")]

#: The named types, in the order of the schema's ``$defs`` (records by their class).
NAMED: dict[str, Any] = {"player": Player, "text": Text, "word": Word, "suit": Suit,
                         "card": Card, "cards": Cards}

#: A string rule's pattern is the reader's to check (reader.py): msgspec 0.22 frees a
#: pattern inside a union twice (a crash at exit), so here it is stated for the schema only.
RuleValue = (Annotated[str, Meta(max_length=MAX_WORD, extra_json_schema={"pattern": WORD_PATTERN})]
             | Annotated[int, Meta(ge=-MAX_CHIPS, le=MAX_CHIPS)] | bool
             | Annotated[list[Word], Meta(max_length=MAX_RULE_ITEMS)])
Rules = dict[Word, RuleValue]
_RULES = ("Overrides of the variant's parameters, by parameter name: a word, a whole number (at "
          "most 1,000,000,000,000 either way, also when written as a string), true/false, or a "
          "list of at most 20 words.")


def _d(text: str, **more: Any) -> Meta:
    return Meta(description=text, **more)


class _Closed(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True, kw_only=True,
              gc=False):
    """A record with no fields but its own (``x-`` fields are set aside before decoding).
    It holds only JSON values, so it is never part of a reference cycle: the garbage
    collector need not track it (``gc=False``, msgspec's documented way)."""


class CardsRecord(_Closed, kw_only=True):
    """The cards of the hand as far as they were written down; any part may be missing.
    loo_ledger judges the play from them (trick winners, flushes, breaches of the rules of
    play) and checks them against the rest of the record."""

    trump_card: Annotated[Card, _d("The card turned for trumps after the deal.")
                          ] | UnsetType = UNSET
    turned: Annotated[Card, _d(
        "A simple pool under play-all: the card turned for trumps when someone first failed "
        "to follow suit.")] | UnsetType = UNSET
    miss: Annotated[Cards, _d("The miss, if seen.")] | UnsetType = UNSET
    dealt: Annotated[dict[Player, Cards], _d("Each player's cards as dealt.",
                                             max_length=MAX_PLAYERS)] | UnsetType = UNSET
    exchanged: Annotated[dict[Player, Cards], _d(
        "Each player's cards after the exchange (or the miss taken).",
        max_length=MAX_PLAYERS)] | UnsetType = UNSET
    tricks: Annotated[list[Annotated[list[Card], Meta(min_length=1, max_length=MAX_PLAYERS)]], _d(
        "The tricks in order, each as the cards played from its leader round (the leader's "
        "card first).", max_length=MAX_TRICKS)] | UnsetType = UNSET
    civil: Annotated[list[Annotated[int, Meta(ge=1, le=MAX_TRICKS)]], _d(
        "The tricks (1-based) to which \"Pam be civil\" was said.", max_length=MAX_TRICKS,
        extra_json_schema=UNIQUE)] | UnsetType = UNSET


class Flush(_Closed, kw_only=True):
    player: Annotated[Player, _d("Who declared it.")]
    kind: Annotated[Literal["flush", "pam", "trump", "plain", "pam-blaze", "blaze"], _d(
        "flush for three-card Loo; pam, trump, plain, pam-blaze or blaze for five-card.")]
    suit: Annotated[Suit, _d("The flush's suit, where it matters.")] | UnsetType = UNSET
    cards: Annotated[list[Literal["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3",
                                  "2"]], _d(
        "The ranks held, such as [\"K\", \"10\", \"7\", \"5\", \"3\"], where "
        "flush_tiebreak=highest-card needs them.", max_length=MAX_HAND_SIZE)] | UnsetType = UNSET


class Penalty(_Closed, kw_only=True):
    player: Annotated[Player, _d("Who is penalised.")]
    kind: Annotated[Literal["revoke", "misdeal", "looked-early", "declared-early"],
                    _d("What they did.")]


class Hand(_Closed, kw_only=True):
    """One hand: the facts as the table saw them."""

    dealer: Annotated[Player, _d(
        "Who dealt; when given it must be the dealer the rotation says, else the hand is "
        "rejected.")] | UnsetType = UNSET
    sitting_out: Annotated[list[Player], _d(
        "Players not dealt in this hand (joined late, left early, or sitting out after a "
        "renege in Lou).", max_length=MAX_PLAYERS, extra_json_schema=UNIQUE)] | UnsetType = UNSET
    trump: Annotated[Suit, _d(
        "The trump suit; needed only where a rule depends on it (club law).")] | UnsetType = UNSET
    declarations: Annotated[dict[Player, Literal["stand", "pass", "miss", "defend", "fold"]], _d(
        "Each dealt player's word: stand, pass, miss (took the miss), defend (the dealer "
        "defends the pool) or fold (Lou's pass). Omitted in a deal where nobody may choose.",
        max_length=MAX_PLAYERS)] | UnsetType = UNSET
    exchanges: Annotated[dict[Player, Annotated[int, Meta(ge=0, le=MAX_EXCHANGE)]], _d(
        "Cards discarded and redrawn, per player, where the variant allows exchange.",
        max_length=MAX_PLAYERS)] | UnsetType = UNSET
    flushes: Annotated[list[Flush], _d("Flushes and blazes declared.",
                                       max_length=MAX_PLAYERS)] | UnsetType = UNSET
    pam_holder: Annotated[Player, _d(
        "Who held Pam (the knave of clubs), where a rule needs it (flush_payout=board exempts "
        "the holder).")] | UnsetType = UNSET
    tricks: Annotated[dict[Player, Annotated[int, Meta(ge=0, le=MAX_TRICKS)]], _d(
        "Tricks won per playing player, where cards were played; a playing player who is not "
        "named won none.", max_length=MAX_PLAYERS)] | UnsetType = UNSET
    penalties: Annotated[list[Penalty], _d(
        "Penalties: revoke (any breach of the rules of play), or before play where the variant "
        "penalises it misdeal (charged to the dealer), looked-early or declared-early.",
        max_length=MAX_PENALTIES)] | UnsetType = UNSET
    deltas: Annotated[dict[Player, Annotated[int, Meta(ge=-MAX_CHIPS, le=MAX_CHIPS)]], _d(
        "The table's own record of each player's net chip change in this hand, dealer's ante "
        "included; checked against the rules; at most 1,000,000,000,000 either way.",
        max_length=MAX_PLAYERS)] | UnsetType = UNSET
    #: Text that is not blank: msgspec takes one pattern a string, so the decoder checks
    #: both (text's, and a ``\S``); the schema says it as text, all of it, and more.
    table_ruling: Annotated[str, _d(
        "Added by loo_ledger: why the table's own deltas are recorded instead of the rules' "
        "settlement (a ruling the table made that the rules do not give). Not blank.",
        min_length=1, max_length=MAX_TEXT,
        extra_json_schema={"allOf": [{"$ref": "#/$defs/text"}], "pattern": r"\S"})
    ] | UnsetType = UNSET
    note: Annotated[Text, _d("Added by loo_ledger: a free note about the hand.")
                    ] | UnsetType = UNSET
    cards: CardsRecord | UnsetType = UNSET


class Unit(_Closed, kw_only=True):
    """What one unit is worth, for money reports."""

    name: Annotated[Word, _d("What the unit is called, such as \"white chip\" or \"cent\".")
                    ] | UnsetType = UNSET
    value: Annotated[str, _d(
        "The worth of one unit as a decimal string such as \"0.05\", \"1\" or \"12.50\" (a "
        "string, so no rounding creeps in): at most 12 digits, 6 of them after the point; no "
        "sign, exponent or leading zero.", pattern=UNIT_VALUE_PATTERN)] | UnsetType = UNSET
    currency: Annotated[Word, _d(
        "The currency of value: an ISO 4217 code, such as GBP or JPY.")] | UnsetType = UNSET


class SeatChange(_Closed, kw_only=True):
    """One player joining or leaving the table before a hand."""

    before_hand: Annotated[int, _d(
        "The number (1-based) of the first hand dealt after the change: at most one more than "
        "the hands recorded.", ge=1, le=MAX_INT)]
    player: Annotated[Player, _d("Who joined or left: one of players.")]
    change: Annotated[Literal["join", "leave"], _d(
        "join (sat down, or came back) or leave (went home; keeps the seat and the balance).")]


class RuleChange(_Closed, kw_only=True):
    """Rules in force from a given hand on."""

    from_hand: Annotated[int, _d(
        "The number (1-based) of the first hand played under these rules: at least 2, at most "
        "one more than the hands recorded.", ge=2, le=MAX_INT)]
    rules: Annotated[Rules, _d("The parameters changed, as in the session's rules.",
                               min_length=1)]


class SessionHead(_Closed, kw_only=True):
    """A session file but its hands (SessionFile adds them; reader.py leaves each hand as its
    JSON text and decodes it on its own)."""

    schema: Annotated[str, _d(
        "The schema this file follows, for editors and validators, such as "
        "https://loo-ledger.github.io/schemas/session.schema.json; loo_ledger keeps it and "
        "reads nothing from it.", min_length=1, max_length=MAX_TEXT)] | UnsetType = (
            msgspec.field(name="$schema", default=UNSET))
    format: Annotated[Literal["loo-session/1"], _d(
        "The literal loo-session/1: which version of this format the file is.")]
    name: Annotated[Text, _d("A label for people, such as \"Friday at Ann's\".")
                    ] | UnsetType = UNSET
    started_at: Annotated[str, _d(
        "When the session began: an RFC 3339 date-time such as 2025-03-14T19:45:00+00:00, or a "
        "local time without an offset such as 2025-03-14T19:45:00 (ISO 8601, as the CLI stores "
        "what people type). The loader also checks that it is a real date and time (no "
        "2025-02-30), which validators do not do by default.", pattern=STARTED_AT_PATTERN,
        extra_json_schema={"anyOf": [{"format": "date-time", "pattern": RFC3339_PATTERN},
                                     {"pattern": LOCAL_TIME_PATTERN}]})] | UnsetType = UNSET
    variant: Annotated[Word, _d(
        "A built-in variant's name (shared/spec/RULES.md), such as three-card.")]
    rules: Annotated[Rules, _d(_RULES)] | UnsetType = UNSET
    unit: Unit | UnsetType = UNSET
    players: Annotated[list[Player], _d(
        "The players' names in seat order, clockwise; unique, case-sensitive as typed; 2 to 20.",
        min_length=MIN_PLAYERS, max_length=MAX_PLAYERS, extra_json_schema=UNIQUE)]
    first_dealer: Annotated[Player, _d("Who dealt the first hand.")]
    buy_in: Annotated[int, _d(
        "Chips each player bought in for, for settling up (added by loo_ledger).",
        ge=0, le=MAX_CHIPS)] | UnsetType = UNSET
    opening_pool: Annotated[int, _d(
        "Chips already in the pool when the session began (carried from an earlier session); "
        "0 when absent.", ge=0, le=MAX_CHIPS)] | UnsetType = UNSET
    seat_changes: Annotated[list[SeatChange], _d(
        "Players who joined or left the table between hands, in order (added by loo_ledger; "
        "optional). A player whose first change is join was away from the start (seated late); "
        "one who has left is away until they join again. A player away for a hand must be in "
        "that hand's sitting_out; who is away after the last hand is not dealt the next one.")
    ] | UnsetType = UNSET
    rule_changes: Annotated[list[RuleChange], _d(
        "Rules changed part-way through the evening, in order of from_hand (added by loo_ledger; "
        "optional). Each change's rules are in force from hand from_hand on, on top of the "
        "session's rules and every change before it; a change from hand 1 is the session's "
        "rules.", max_length=1000)] | UnsetType = UNSET



_HANDS = "The hands in the order dealt; may be empty."


class SessionFile(SessionHead, kw_only=True):
    """One evening at one table of Loo: the rules agreed, who sat where, and every hand in
    the order it was dealt (shared/spec/SESSION-FORMAT.md). All chip amounts are whole
    numbers of the session's smallest unit, never floats; the loader also refuses 9.0 where
    a whole number is expected, which plain JSON Schema would accept."""

    hands: Annotated[list[Hand], _d(_HANDS)]


#: Records that take ``x-`` extension fields (the rest are closed to them too).
EXTENSIBLE = (SessionFile, Unit, Hand, Flush, Penalty)
