"""Everything the store derives from a session's hand records, worked out in one place.

:func:`derive` takes the records as stored and their settlements (the domain's replay)
and gives every derived row: ``hands`` (the record and the hand's facts in compact
columns: store/codec.py), the seats' nets, the three totals tables (summed by
store/totals.py) and the table state cached on the session. The one writer
(store/writer.py) stores these rows; ``loo check``
(services/checking.py) compares the stored rows with them. Pure: no SQL.

Given :class:`Running` (the nets and totals of the hands already stored), it derives the
rows of hands appended after them: the same functions, started from those sums instead
of from zero, so a hand appended gives the rows a derivation of the whole session gives.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import islice
from typing import Any

import msgspec

from loo_ledger.domain.rules.model import Movement, Settlement, TableState
from loo_ledger.errors import StoreError
from loo_ledger.store import codec
from loo_ledger.store.leak_tallies import Tally
from loo_ledger.store.totals import (
    CARD_COLUMNS,
    CONTESTED,
    NOTHING,
    PLAY_COLUMNS,
    PLAYER_TOTAL_COLUMNS,
    SEAT_TOTAL_COLUMNS,
    SESSION_TOTAL_COLUMNS,
    WORDS,
    Running,
    Totals,
    cannot_store,
    session_totals,
)

#: A stored hand row (m015): positions are ``seats.position``; see store/codec.py.
HAND_COLUMNS = ("number", "dealer", "record", "deltas", "pool_in", "pot", "pool_after",
                "double", "outcome", "table_ruling", "looed", "words", "tricks", "moves",
                "causes")
#: The names other modules read here (the totals' own home is store/totals.py).
__all__ = ["CARD_COLUMNS", "CONTESTED", "HAND_COLUMNS", "NOTHING", "PLAY_COLUMNS",
           "PLAYER_TOTAL_COLUMNS", "SEAT_TOTAL_COLUMNS", "SESSION_TOTAL_COLUMNS", "WORDS",
           "BATCH", "Derived", "Running", "Totals", "derive", "derive_batches", "rule_text",
           "running_of", "summed"]

class Derived(msgspec.Struct, frozen=True, kw_only=True):
    """A session's derived rows, hands named by number (never by row id).

    Tuples are in the order of the ``*_COLUMNS`` above; ``player_totals`` is keyed by
    player, ``seat_totals`` by (player, seat); ``state`` is the table after the last hand.
    """

    hands: list[tuple[Any, ...]]
    nets: dict[str, int]
    player_totals: dict[str, tuple[int, ...]]
    seat_totals: dict[tuple[str, int], tuple[int, ...]]
    session_totals: tuple[int, ...]
    state: TableState


def rule_text(rule: object) -> str:
    """A movement's rule as stored: its text (a structured reference gives its ``text()``)."""
    text = getattr(rule, "text", None)
    return str(text() if callable(text) else rule or "")


def _moves(s: Settlement, nets: dict[str, int], seat: Mapping[str, int],
           memo: dict[int, tuple[Any, ...]]) -> tuple[str, str]:
    """The hand's ``moves`` and ``causes`` columns (codec.pack_move, codec.cause_letter),
    adding each movement to ``nets``. ``memo`` keeps each movement object's packing (the
    engine gives the same object to many hands), with the object, so that its id is not
    another's."""
    packed: list[int] = []
    causes: list[str] = []
    for seq, m in enumerate(s.movements, 1):
        got = memo.get(id(m))
        if got is None or got[0] is not m:
            got = memo[id(m)] = (m, *_packed(s, seq, m, seat), codec.cause_letter(m))
        _, payer, payee, amount, value, cause = got
        if payer is not None:
            nets[payer] -= amount
        if payee is not None:
            nets[payee] += amount
        packed.append(value)
        if cause is not None:
            causes.append(cause)
    return codec.moves_text(packed), "".join(causes)


def _packed(s: Settlement, seq: int, m: Movement,
            seat: Mapping[str, int]) -> tuple[str | None, str | None, int, int]:
    """(payer, payee, amount, packed) of movement ``seq`` of hand ``s``; StoreError if it
    cannot be stored."""
    amount, payer, payee = m.amount, m.payer, m.payee
    if type(amount) is not int or amount <= 0:
        raise cannot_store(s.hand_no, f"movement {seq} has amount {amount!r}, not a positive "
                   "whole number")
    try:
        a = -1 if payer is None else seat[payer]
        b = -1 if payee is None else seat[payee]
    except KeyError as e:
        raise cannot_store(s.hand_no, f"movement {seq} names {e.args[0]!r}, who is not "
                   "seated") from None
    kind = codec.KIND_CODE.get(m.kind)  # a StrEnum finds its text's code
    if kind is None:
        kind = codec.KIND_CODE.get(_kind(m))
    if kind is None:
        raise cannot_store(s.hand_no, f"movement {seq} is of kind {_kind(m)!r}, which has no "
                   "code")
    return payer, payee, amount, codec.pack_move(a, b, amount, kind)


def _outcome(s: Settlement) -> int | str:
    """The outcome's code (its text if it has none)."""
    code = codec.OUTCOME_CODE.get(s.outcome)  # a StrEnum finds its text's code
    return str(s.outcome) if code is None else code


def _kind(m: Movement) -> str:
    kind = getattr(m, "kind", "")
    return str(kind.value if hasattr(kind, "value") else kind)


#: What the totals read of a hand with no flushes (encode_typed takes no hand with one).
_PLAIN: Mapping[str, Any] = {}


def derive(players: Sequence[str], records: Sequence[Mapping[str, Any]],
           settlements: Sequence[Settlement], final: TableState, *,
           before: Running | None = None, texts: bool = True,
           seats: codec.Seats | None = None, totals: Totals | None = None,
           leaks: Tally | None = None) -> Derived:
    """Every derived row of a session whose hands are ``records``, settled as given.

    With ``before`` (the sums of the hands stored before these, which it must name every
    seated player in), ``records`` and ``settlements`` are hands appended after those: the
    ``hands`` are theirs alone, while the nets and the
    totals are the whole session's, ``before``'s plus theirs.

    With ``texts`` False the hands' ``record`` column is left None (``loo check`` compares
    the record it read, not its text). ``seats``: the players' codec.Seats, made
    once by a caller that derives many batches; ``totals``: that caller's running totals,
    which it folds itself at the end (:func:`derive_batches`): this Derived's totals and
    loos paid are then not yet the session's. ``leaks``: the session's leak tallies
    (store/leak_tallies.py), to which each hand is added from the rows derived here.

    Raises StoreError for a movement that is not a positive whole amount or names someone
    not seated, or if the records and settlements differ in number.
    """
    if len(records) != len(settlements):
        raise StoreError(f"Cannot store the session: {len(records)} hand records "
                         f"but {len(settlements)} settlements.")
    hands: list[tuple[Any, ...]] = []
    start = NOTHING if before is None else before
    nets = dict.fromkeys(players, 0) if before is None else dict(before.nets)
    if seats is None or seats.names != tuple(players):
        seats = codec.Seats(players)
    seat = seats.position
    n = len(players)
    running = totals is not None
    if totals is None:
        totals = Totals(start)
    memo = totals.packed
    if len(memo) > 4096:  # the engine's own movements are few; others are new each hand
        memo.clear()
    swapping = leaks is not None and leaks.swapping
    for raw, s in zip(records, settlements, strict=True):
        text = None
        swaps: Any = None
        if type(raw) is not dict and hasattr(raw, "typed"):  # a hand being imported:
            # formats/reader.HandText, its typed form encoded, else its object (flushes...)
            given: Any = raw
            typed = given.typed
            if typed is not None:
                if swapping:
                    swaps = typed.exchanges
                if texts:
                    text = codec.encode_typed(given.keys(), typed, seats)
            raw = given.object() if text is None else _PLAIN
        if swapping and text is None:
            swaps = raw.get("exchanges")
        try:
            dealer = seat[s.dealer]
            looed = codec.looed_mask(s.looed, seat)
            words, tricks = totals.hand(s, raw, seat, n)
            deltas = codec.by_position(s.deltas, seat, n)
        except KeyError as e:
            raise cannot_store(s.hand_no, f"{e.args[0]!r} is named, who is not seated") from None
        if texts and text is None:
            text = codec.encode_record(raw, seats)
        moves, causes = _moves(s, nets, seat, memo)
        hands.append((s.hand_no, dealer, text, codec.dumps(deltas), s.pool_in, s.pot,
                      s.pool_after, int(s.double), _outcome(s), s.table_ruling, looed, words,
                      tricks, moves, causes))
        if leaks is not None:
            leaks.add(s.hand_no, dealer, words, deltas, s.double, looed,
                      swaps if type(swaps) is dict else None)
    if running:
        return Derived(hands=hands, nets=nets, player_totals={}, seat_totals={},
                       session_totals=session_totals(settlements, 0, start.session_totals),
                       state=final)
    totals.fold()
    return Derived(hands=hands, nets=nets,
                   player_totals={p: tuple(t) for p, t in totals.players.items()},
                   seat_totals={k: tuple(t) for k, t in totals.seats.items()},
                   session_totals=session_totals(settlements, totals.paid,
                                                  start.session_totals),
                   state=final)


#: Hands derived (and stored) together by :func:`derive_batches`.
BATCH = 100


def running_of(d: Derived) -> Running:
    """The sums of ``d`` (the whole session's, up to its last hand) to go on from."""
    return Running(nets=d.nets, player_totals=d.player_totals, seat_totals=d.seat_totals,
                   session_totals=d.session_totals)


def derive_batches(players: Sequence[str], records: Iterable[Mapping[str, Any]],
                   settlements: Iterable[Settlement], final: TableState, *,
                   size: int = BATCH, leaks: Tally | None = None) -> Iterator[Derived]:
    """:func:`derive` a batch of ``size`` hands at a time, each batch's sums going on from
    the last's, then a last Derived with no hands: only its nets and totals are the whole
    session's. ``records`` and ``settlements`` may be iterators, so that memory holds one
    batch. ``leaks``: the session's leak tallies, each hand added as it is derived."""
    if (isinstance(records, Sequence) and isinstance(settlements, Sequence)
            and len(records) != len(settlements)):
        raise StoreError(f"Cannot store the session: {len(records)} hand records "
                         f"but {len(settlements)} settlements.")
    pairs = zip(records, settlements, strict=True)
    seats = codec.Seats(players)
    totals = Totals(NOTHING)  # tallied over every batch, summed once at the end
    d = derive(players, [], [], final, seats=seats, totals=totals)
    while chunk := list(islice(pairs, size)):
        hands, settled = [r for r, _ in chunk], [s for _, s in chunk]
        d = derive(players, hands, settled, final, before=running_of(d), seats=seats,
                   totals=totals, leaks=leaks)
        yield d
    yield summed(d, totals)


def summed(d: Derived, totals: Totals) -> Derived:
    """The session's rows after the batches derived with ``totals`` (the last of them
    ``d``): no hands; the nets, and the totals summed from ``totals``' tallies."""
    totals.fold()
    sums = d.session_totals
    return Derived(hands=[], nets=d.nets,
                   player_totals={p: tuple(t) for p, t in totals.players.items()},
                   seat_totals={k: tuple(t) for k, t in totals.seats.items()},
                   session_totals=(*sums[:5], sums[5] + totals.paid), state=d.state)
