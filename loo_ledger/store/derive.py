"""Everything the store derives from a session's hand records, worked out in one place.

:class:`Deriving` takes a session's hands as stored (their records) and their
settlements (the domain's), a hand at a time, and gives every derived row: ``hands``
(the record and the hand's facts in compact columns: store/codec.py), then, once the
hands are in, the seats' nets, the three totals tables (summed by store/totals.py) and
the table state cached on the session. The one writer (store/writer.py) stores these
rows; ``loo check`` (services/checking.py) compares the stored rows with them. Pure: no
SQL. :func:`derive` is the same for hands all given at once.

What the hands of a session share is worked out once, not for each hand: the seats'
positions, each plan's words and seats (store/totals.py), each movement's packing (the
engine gives the same movement object to many hands), each piece of a record read from
a file (codec.RecordEncoder). The nets are summed from the movements packed, counted.

Given :class:`Running` (the nets and totals of the hands already stored), it derives the
rows of hands appended after them: the same functions, started from those sums instead
of from zero, so a hand appended gives the rows a derivation of the whole session gives.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
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
)

#: A stored hand row (m015): positions are ``seats.position``; see store/codec.py.
HAND_COLUMNS = ("number", "dealer", "record", "deltas", "pool_in", "pot", "pool_after",
                "double", "outcome", "table_ruling", "looed", "words", "tricks", "moves",
                "causes")
#: The names other modules read here (the totals' own home is store/totals.py).
__all__ = ["CARD_COLUMNS", "CONTESTED", "HAND_COLUMNS", "NOTHING", "PLAY_COLUMNS",
           "PLAYER_TOTAL_COLUMNS", "SEAT_TOTAL_COLUMNS", "SESSION_TOTAL_COLUMNS", "WORDS",
           "Derived", "Deriving", "Running", "Totals", "derive", "rule_text"]


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


def _outcome(s: Settlement) -> int | str:
    """The outcome's code (its text if it has none)."""
    code = codec.OUTCOME_CODE.get(s.outcome)  # a StrEnum finds its text's code
    return str(s.outcome) if code is None else code


def _kind(m: Movement) -> str:
    kind = getattr(m, "kind", "")
    return str(kind.value if hasattr(kind, "value") else kind)


#: What the totals read of a hand with no flushes (a RecordEncoder takes no hand with one).
_PLAIN: Mapping[str, Any] = {}
#: The movements whose packing is remembered at once (the engine's own are a few
#: thousand a session; others are new each hand).
_MOVES = 1 << 14


class Deriving:
    """One session's rows, derived as its hands come (:meth:`each`, a hand at a time),
    then its nets and totals (:meth:`derived`).

    ``before``: the sums of the hands stored before these (it must name every seated
    player), from which the nets and totals go on; ``leaks``: the session's leak tallies
    (store/leak_tallies.py), to which each hand is added from the rows derived here.

    Raises StoreError for a movement that is not a positive whole amount or names someone
    not seated, a name not seated, or records and settlements that differ in number."""

    def __init__(self, players: Sequence[str], *, before: Running | None = None,
                 leaks: Tally | None = None):
        start = NOTHING if before is None else before
        self.players = tuple(players)
        self.seats = codec.Seats(players)
        self.leaks = leaks
        self.totals = Totals(start)
        self._nets = dict.fromkeys(players, 0) if before is None else dict(before.nets)
        self._session = start.session_totals
        self._encoder = codec.RecordEncoder(self.seats)
        #: each movement's packing and ``causes`` letter ('' for none), by its id, with
        #: the movement (so that the id is not another's while remembered)
        self._packed: dict[int, tuple[Movement, int, str]] = {}
        #: how many times each packed movement was made, not yet in the nets
        self._moved: dict[int, int] = {}

    def rows(self, records: Sequence[Any], settlements: Sequence[Settlement], *,
             texts: bool = True) -> list[tuple[Any, ...]]:
        """The ``hands`` rows of these hands (:meth:`each`, all at once)."""
        return list(self.each(records, settlements, texts=texts))

    def each(self, records: Iterable[Any], settlements: Iterable[Settlement], *,
             texts: bool = True) -> Iterator[tuple[Any, ...]]:
        """The ``hands`` row of each hand as it comes (each a record as stored, or a hand
        being imported: formats/reader.HandText, and its settlement), added to the sums:
        ``records`` and ``settlements`` may be iterators, so that memory holds one hand.
        With ``texts`` False the ``record`` column is left None (``loo check`` compares
        the record it read, not its text)."""
        if (isinstance(records, Sequence) and isinstance(settlements, Sequence)
                and len(records) != len(settlements)):
            raise StoreError(f"Cannot store the session: {len(records)} hand records "
                             f"but {len(settlements)} settlements.")
        seats, totals, leaks, encoder = self.seats, self.totals, self.leaks, self._encoder
        seat, n = seats.position, len(seats.names)
        swapping = leaks is not None and leaks.swapping
        moved, packed_of = self._moved, self._packed
        hands, doubles, largest, longest, run, paid = self._session
        try:
            for raw, s in zip(records, settlements, strict=True):
                text = None
                swaps: Any = None
                if type(raw) is not dict and hasattr(raw, "typed"):  # a hand being imported:
                    # its text encoded where it is checked and plain, else its object
                    given: Any = raw
                    typed = given.typed
                    if typed is not None:
                        if swapping:
                            swaps = typed.exchanges
                        if texts:
                            text = encoder.text(given.text, typed)
                    raw = given.object() if text is None else _PLAIN
                if swapping and text is None:
                    swaps = raw.get("exchanges")
                try:
                    dealer = seat[s.dealer]
                    looed = codec.looed_mask(s.looed, seat)
                    deltas = codec.by_position(s.deltas, seat, n)
                    words, tricks = totals.hand(s, raw, seat, n)
                except KeyError as e:
                    raise cannot_store(s.hand_no, f"{e.args[0]!r} is named, who is not "
                                       "seated") from None
                if texts and text is None:
                    text = codec.encode_record(raw, seats)
                try:
                    packed = [packed_of[id(m)] for m in s.movements]
                except KeyError:
                    packed = self._pack(s)
                values = [p[1] for p in packed]
                for value in values:
                    moved[value] = moved.get(value, 0) + 1
                double = s.double
                run = run + 1 if double else 0
                hands += 1
                if double:
                    doubles += 1
                if s.pot > largest:
                    largest = s.pot
                if run > longest:
                    longest = run
                if leaks is not None:
                    leaks.add(s.hand_no, dealer, words, deltas, double, looed,
                              swaps if type(swaps) is dict else None)
                yield (s.hand_no, dealer, text, codec.dumps(deltas), s.pool_in, s.pot,
                       s.pool_after, int(double), _outcome(s), s.table_ruling, looed,
                       words, tricks, codec.moves_text(values),
                       "".join([p[2] for p in packed]))
        finally:
            self._session = (hands, doubles, largest, longest, run, paid)

    def _pack(self, s: Settlement) -> list[tuple[Movement, int, str]]:
        """Each movement of hand ``s`` packed (codec.pack_move) with its ``causes``
        letter, remembered; StoreError for one that cannot be stored."""
        packed_of = self._packed
        if len(packed_of) >= _MOVES:
            packed_of.clear()
        out = []
        for seq, m in enumerate(s.movements, 1):
            got = packed_of.get(id(m))
            if got is None:
                got = packed_of[id(m)] = (m, _packed(s, seq, m, self.seats.position),
                                          codec.cause_letter(m) or "")
            out.append(got)
        return out

    def derived(self, final: TableState, hands: list[tuple[Any, ...]] | None = None
                ) -> Derived:
        """The session's nets and totals after the hands derived (``before``'s and
        theirs), the table ``final`` after the last, and ``hands`` (rows given back)."""
        nets = self._nets
        for value, count in self._moved.items():
            payer, payee, amount, _ = codec.unpack_move(value)
            if payer >= 0:
                nets[self.players[payer]] -= amount * count
            if payee >= 0:
                nets[self.players[payee]] += amount * count
        self._moved.clear()
        totals = self.totals
        totals.fold()
        sums = self._session
        return Derived(hands=hands or [], nets=dict(nets),
                       player_totals={p: tuple(t) for p, t in totals.players.items()},
                       seat_totals={k: tuple(t) for k, t in totals.seats.items()},
                       session_totals=(*sums[:5], sums[5] + totals.paid), state=final)


def _packed(s: Settlement, seq: int, m: Movement, seat: Mapping[str, int]) -> int:
    """Movement ``seq`` of hand ``s`` packed; StoreError if it cannot be stored."""
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
    return codec.pack_move(a, b, amount, kind)


def derive(players: Sequence[str], records: Sequence[Any],
           settlements: Sequence[Settlement], final: TableState, *,
           before: Running | None = None, texts: bool = True,
           leaks: Tally | None = None) -> Derived:
    """Every derived row of a session whose hands are ``records``, settled as given
    (:class:`Deriving`, all at once). With ``before``, ``records`` and ``settlements``
    are hands appended after those it sums: the ``hands`` are theirs alone, while the nets
    and the totals are the whole session's."""
    deriving = Deriving(players, before=before, leaks=leaks)
    return deriving.derived(final, deriving.rows(records, settlements, texts=texts))
