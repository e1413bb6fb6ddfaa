"""The store's encoding: how every value it keeps is written as text and read back. The
rest of the store, and ``loo check``, ask here; nothing else encodes or decodes a column.

One JSON encoder and one decoder (msgspec's, built once: compact, UTF-8, keys in the order
given) write and read every JSON column: :func:`dumps`, :func:`loads`. On top of them:

- the table state cached on a session (:func:`state_to_json`, :func:`state_from_json`) and
  its rule changes (:func:`rule_changes_list`, :func:`rule_changes_from`);
- a hand's record, ``hands.record``, in its compact form (:func:`encode_record`,
  :func:`decode_record`; the ``hand_records`` view decodes it in SQL: store/views.py);
- a hand's facts, the other compact columns of ``hands`` (m015): :func:`pack_move` and the
  rest below.

The compact record
------------------
A hand's record is the session format's JSON object of one hand (formats/handcodec.py is
the one codec between that object and a HandRecord). The store keeps the same object with
the seats' names as positions (``seats.position``, from 0) and words as letters, so that
it gives back exactly the object it was made from, key order, extension (``x-``) fields
and all:

=====================  ===============================================================
``dealer``             ``d``: the position
``sitting_out``        ``o``: a character per player, ``chr(48 + position)``
``trump``              ``t``: the suit's letter (c, d, h, s)
``declarations``       ``w``: a position character and the word's letter per player
``exchanges``          ``e``: a position character and ``chr(48 + cards)`` per player
``flushes``            ``f``: as given, each ``player`` a position
``pam_holder``         ``p``: the position
``tricks``             ``k``: a position character and ``chr(48 + tricks)`` per player
``penalties``          ``q``: as given, each ``player`` a position
``deltas``             ``D``: ``[positions, change, change, ...]``
``table_ruling``,      ``r``, ``n``, ``c``: as given
``note``, ``cards``
=====================  ===============================================================

A record holding anything else (a name not seated, a word or a count out of range) is
stored as given. Plain records never have a one-letter key (the session schema allows
only its own keys and ``x-`` ones), so a stored object with one is compact.

The hand's facts
----------------
Players are seat positions, words and movement kinds single letters or small codes, so a
hand's facts take a few dozen bytes:

- ``dealer``: the dealer's position.
- ``deltas``: a JSON array, one entry per seat, ``null`` for a seat with no change
  (not dealt in): ``[-9,6,3,-9,-9,-18]``.
- ``outcome``: the index of the resolution in :data:`OUTCOMES` (an outcome with no code
  is kept as its text).
- ``looed``: a bitmask, bit ``p`` set when the player at position ``p`` was looed.
- ``words``: one letter per seat (:data:`WORD_LETTER`; ``-`` not dealt in).
- ``tricks``: one character per seat, ``chr(48 + tricks)`` (a digit up to 9), the tricks
  taken by a player who played (``0`` otherwise).
- ``moves``: a JSON array, one integer per movement in order (:func:`pack_move`):
  payer and payee (position + 1, 0 for the pool), kind (:data:`KINDS`) and amount.
- ``causes`` (m019): a letter per loo movement, in order, its cause
  (domain/settlement/wording.py ``CAUSE_LETTER``; ``-`` for a loo with none).

A movement's words are not stored: they are domain/settlement/wording.py's, from its kind,
figures and cause. Pure: no SQL. Every table below is an immutable constant.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import UTC, datetime
from types import MappingProxyType
from typing import Any, Final

import msgspec

from loo_ledger.domain.rules.codes import LooCause, MovementKind, Resolution
from loo_ledger.domain.rules.model import HandRecord, Movement, RuleChange, TableState
from loo_ledger.domain.settlement.wording import CAUSE_LETTER, LETTER_CAUSE

__all__ = ["COMPACT_KEY", "CONTESTED", "KINDS", "KIND_BITS", "KIND_CODE", "LETTER_WORD",
           "NOT_DEALT", "NO_CAUSE", "OUTCOMES", "OUTCOME_CODE", "PLAYER_BITS", "READ_LIMIT",
           "RecordEncoder", "SUIT_LETTER", "TRICK_CHAR", "WORD_LETTER", "Seats",
           "by_position", "cause_letter", "causes_list", "causes_text", "dealt_order",
           "decode_record", "deltas_dict", "deltas_text", "dumps", "encode_record",
           "hand_facts", "loads", "loads_or_none", "looed_list", "looed_mask", "moves_list",
           "moves_text", "now_iso", "outcome_text", "pack_move", "played_tricks", "record_keys",
           "rule_changes_from", "rule_changes_list", "seat_order", "state_from_json",
           "state_to_json", "stored_record", "unpack_move"]

# -- JSON: one encoder, one decoder ---------------------------------------------------------

_ENCODER: Final = msgspec.json.Encoder()
_DECODER: Final = msgspec.json.Decoder()


def dumps(value: Any) -> str:
    """Compact JSON (UTF-8 text, no spaces), keys in the order given."""
    return _ENCODER.encode(value).decode()


def loads(text: str | bytes) -> Any:
    """The value of a JSON column. Raises ValueError (msgspec.DecodeError) if it is not
    JSON, TypeError if it is not text."""
    return _DECODER.decode(text)


def loads_or_none(text: Any) -> Any:
    """:func:`loads`, or None where the stored value is not JSON text (for ``loo check``,
    which names what it cannot read)."""
    try:
        return _DECODER.decode(text)
    except (TypeError, ValueError, RecursionError):
        return None


def now_iso() -> str:
    """The current UTC time as the store writes it: ISO 8601 to the second."""
    return datetime.now(UTC).isoformat(timespec="seconds")


# -- the session's state and rule changes ----------------------------------------------------


def state_to_json(state: TableState) -> str:
    """A TableState as a JSON object (``sit_out`` as a sorted list)."""
    return dumps({
        "seats": list(state.seats), "dealer": state.dealer, "pool": state.pool,
        "double": state.double, "lou_first": state.lou_first,
        "lou_antes_due": state.lou_antes_due, "sit_out": sorted(state.sit_out),
        "hand_no": state.hand_no, "last_had_loo": state.last_had_loo,
    })


def state_from_json(text: str) -> TableState:
    """The TableState written by :func:`state_to_json`. A state stored before
    ``last_had_loo`` existed reads it from ``double``, as the engine then did."""
    d = loads(text)
    return TableState(
        seats=tuple(d["seats"]), dealer=d["dealer"], pool=d["pool"], double=d["double"],
        lou_first=d["lou_first"], lou_antes_due=d["lou_antes_due"],
        sit_out=frozenset(d["sit_out"]), hand_no=d["hand_no"],
        last_had_loo=d.get("last_had_loo", d["double"]))


def rule_changes_from(row: Any) -> tuple[RuleChange, ...]:
    """The session's rule changes from its ``rule_changes`` column (m013; none before)."""
    try:
        text = row["rule_changes"]
    except (KeyError, IndexError):
        return ()
    return tuple(RuleChange(from_hand=c["from_hand"], rules=dict(c["rules"]))
                 for c in loads(text or "[]"))


def rule_changes_list(changes: tuple[RuleChange, ...]) -> list[dict[str, Any]]:
    """The session file's (and the column's) ``rule_changes`` list."""
    return [{"from_hand": c.from_hand, "rules": dict(c.rules)} for c in changes]


# -- the compact record ----------------------------------------------------------------------

#: A suit's letter in a compact record, and a word's (the words a record declares).
SUIT_LETTER: Final = MappingProxyType({"clubs": "c", "diamonds": "d", "hearts": "h",
                                       "spades": "s"})
_SUIT_NAMES: Final = MappingProxyType({v: k for k, v in SUIT_LETTER.items()})
#: The word a player said, or ``forced`` where there was no choice (the ``words`` column;
#: a compact record's ``w`` uses the same letters, ``forced`` never being declared).
WORD_LETTER: Final = MappingProxyType({"stand": "s", "pass": "p", "miss": "m",
                                       "defend": "d", "forced": "x", "fold": "f"})
LETTER_WORD: Final = MappingProxyType({v: k for k, v in WORD_LETTER.items()})
_MAX_COUNT = 43  # chr(48 + 44) would be a backslash
_COUNTS: Final = MappingProxyType({n: chr(48 + n) for n in range(_MAX_COUNT + 1)})
_COUNT_OF: Final = MappingProxyType({c: n for n, c in _COUNTS.items()})
_INTS: Final = frozenset({int})


def stored_record(h: HandRecord, dealer: str) -> dict[str, Any]:
    """What the store keeps for a hand entered or changed at the table: its object, with
    the dealer the rules named (the record's own ``dealer`` if it gave one)."""
    from loo_ledger.formats.handcodec import record_to_dict  # noqa: PLC0415 (a hand written: not for the reading commands)
    return {"dealer": dealer, **record_to_dict(h)}


class Seats:
    """A session's seats for the codec: each name's position and position character, and
    what decoding the session's hands has met (``read``: see :func:`decode_record`; ``full``:
    the order of a hand's facts where every seat is dealt in, by dealer: :func:`seat_order`)."""

    __slots__ = ("position", "char", "names", "name_of", "read", "full")

    def __init__(self, players: Sequence[str]):
        self.names = tuple(players)
        self.position = {p: i for i, p in enumerate(players)}
        self.char = {p: chr(48 + i) for i, p in enumerate(players)}
        self.name_of = {chr(48 + i): p for i, p in enumerate(players)}
        self.read: dict[Any, Any] = {}
        self.full: dict[int, tuple[tuple[int, str], ...]] = {}


def _e_seat(v: Any, s: Seats) -> Any:
    return s.position[v]


def _e_seats(v: Any, s: Seats) -> Any:
    return "".join([s.char[p] for p in v])


def _e_trump(v: Any, s: Seats) -> Any:
    return SUIT_LETTER[v]


def _e_words(v: Any, s: Seats) -> Any:
    char = s.char
    return "".join([char[p] + _DECLARED[w] for p, w in v.items()])


def _e_counts(v: Any, s: Seats) -> Any:
    char = s.char
    return "".join([char[p] + _COUNTS[n] for p, n in v.items()])


def _e_players(v: Any, s: Seats) -> Any:
    pos = s.position
    return [{k: (pos[x] if k == "player" else x) for k, x in item.items()} for item in v]


def _e_deltas(v: Any, s: Seats) -> Any:
    char = s.char
    return ["".join([char[p] for p in v]), *v.values()]


def _same(v: Any, s: Seats) -> Any:
    return v


#: The words a record may declare, with their letters (``forced`` is never declared).
_DECLARED: Final = MappingProxyType({w: c for w, c in WORD_LETTER.items() if w != "forced"})
_ENCODE: Final = MappingProxyType({
    "dealer": ("d", _e_seat), "sitting_out": ("o", _e_seats), "trump": ("t", _e_trump),
    "declarations": ("w", _e_words), "exchanges": ("e", _e_counts),
    "flushes": ("f", _e_players), "pam_holder": ("p", _e_seat), "tricks": ("k", _e_counts),
    "penalties": ("q", _e_players), "deltas": ("D", _e_deltas),
    "table_ruling": ("r", _same), "note": ("n", _same), "cards": ("c", _same)})
#: Each session-format key's one-letter key in a compact record (store/views.py reads it).
COMPACT_KEY: Final = MappingProxyType({k: short for k, (short, _) in _ENCODE.items()})
#: The values each key must have for its compact form to give them back exactly.
_TYPES: Final = MappingProxyType({
    "dealer": str, "pam_holder": str, "sitting_out": list, "trump": str,
    "declarations": dict, "exchanges": dict, "tricks": dict, "deltas": dict,
    "flushes": list, "penalties": list})


def encode_record(record: Any, seats: Seats) -> str:
    """The stored text of a hand object: compact (see the module) if it can be, else the
    object as given."""
    if type(record) is not dict:
        return dumps(record)
    out = {}
    try:
        for key, value in record.items():
            how = _ENCODE.get(key)
            if how is None:
                if len(key) <= 1:
                    return dumps(record)
                out[key] = value
                continue
            want = _TYPES.get(key)
            if want is not None and type(value) is not want:
                return dumps(record)
            out[how[0]] = how[1](value, seats)
        deltas = record.get("deltas")
        if deltas and not _INTS.issuperset(map(type, deltas.values())):
            return dumps(record)
    except (KeyError, TypeError, AttributeError):
        return dumps(record)
    return dumps(out)


#: The keys whose value a checked hand (formats/types.Hand) holds just as its JSON does.
_TYPED: Final = frozenset(("dealer", "sitting_out", "trump", "declarations", "exchanges",
                           "pam_holder", "tricks", "deltas", "table_ruling", "note"))
_PIECES_OF: Final = msgspec.json.Decoder(dict[str, msgspec.Raw])
#: The pieces a :class:`RecordEncoder` remembers for each key before it starts again.
WROTE_LIMIT: Final = 1 << 13


class RecordEncoder:
    """:func:`encode_record` of the hands of one session read from a file and checked
    (formats/reader.py ``HandText``: its typed form names only ``seats``' players and has no
    field beyond the format's), given each hand's JSON text.

    A session's hands repeat the same few pieces (a key and its value as the file writes
    them: a dealer, a trump, the same words and tricks): each piece's compact text is worked
    out once (as :func:`encode_record` would write it) and remembered, by key, at most
    :data:`WROTE_LIMIT` of each; a hand's text is its pieces joined in the file's order, the
    text ``dumps`` gives the compact object."""

    __slots__ = ("seats", "_wrote")

    def __init__(self, seats: Seats):
        self.seats = seats
        self._wrote: dict[str, dict[bytes, str]] = {key: {} for key in _TYPED - {"deltas"}}

    def text(self, json_text: bytes | msgspec.Raw, typed: Any) -> str | None:
        """The stored text of a checked hand given as its JSON object's text and its typed
        form (formats/types.Hand); None where it has a key with no compact form here
        (flushes, penalties, cards, an extension) or a value with none:
        :func:`encode_record` its object instead. The changes, seldom the same twice, are
        encoded from the typed form's."""
        wrote = self._wrote
        parts = []
        for key, raw in _PIECES_OF.decode(json_text).items():
            if key == "deltas":
                try:
                    parts.append(f'"D":{dumps(_e_deltas(typed.deltas, self.seats))}')
                except (KeyError, TypeError, AttributeError):
                    return None
                continue
            known = wrote.get(key)
            if known is None:
                return None
            given = bytes(raw)
            piece = known.get(given)
            if piece is None:
                piece = self._piece(key, given, known)
                if piece is None:
                    return None
            parts.append(piece)
        return "{" + ",".join(parts) + "}"

    def _piece(self, key: str, given: bytes, known: dict[bytes, str]) -> str | None:
        """``"short":value`` of ``key`` whose value's JSON text is ``given`` (None if it
        has no compact form), remembered in ``known``."""
        short, how = _ENCODE[key]
        value = _DECODER.decode(given)
        want = _TYPES.get(key)
        if want is not None and type(value) is not want:
            return None
        try:
            piece = f'"{short}":{dumps(how(value, self.seats))}'
        except (KeyError, TypeError, AttributeError):
            return None
        if len(known) >= WROTE_LIMIT:
            known.clear()
        known[given] = piece
        return piece


def _d_seat(v: Any, s: Seats) -> Any:
    if type(v) is not int or not 0 <= v < len(s.names):
        raise ValueError(f"no seat {v!r}")
    return s.names[v]


def _d_seats(v: str, s: Seats) -> Any:
    return [s.name_of[c] for c in v]


def _d_trump(v: Any, s: Seats) -> Any:
    return _SUIT_NAMES[v]


def _d_words(v: str, s: Seats) -> Any:
    if len(v) % 2:
        raise ValueError("an odd number of characters")
    return dict(zip(map(s.name_of.__getitem__, v[0::2]),
                    map(_DECLARED_WORD.__getitem__, v[1::2]), strict=True))


def _d_counts(v: str, s: Seats) -> Any:
    if len(v) % 2:
        raise ValueError("an odd number of characters")
    return dict(zip(map(s.name_of.__getitem__, v[0::2]),
                    map(_COUNT_OF.__getitem__, v[1::2]), strict=True))


def _d_players(v: Any, s: Seats) -> Any:
    return [{k: (_d_seat(x, s) if k == "player" else x) for k, x in item.items()} for item in v]


def _d_deltas(v: Any, s: Seats) -> Any:
    order, *changes = v
    return dict(zip(map(s.name_of.__getitem__, order), changes, strict=True))


_DECLARED_WORD: Final = MappingProxyType({c: w for w, c in _DECLARED.items()})
_DECODE: Final = MappingProxyType({
    "d": ("dealer", _d_seat), "o": ("sitting_out", _d_seats), "t": ("trump", _d_trump),
    "w": ("declarations", _d_words), "e": ("exchanges", _d_counts),
    "f": ("flushes", _d_players), "p": ("pam_holder", _d_seat), "k": ("tricks", _d_counts),
    "q": ("penalties", _d_players), "D": ("deltas", _d_deltas),
    "r": ("table_ruling", _same), "n": ("note", _same), "c": ("cards", _same)})


#: The compact keys whose value (a text or a whole number) reads the same in every hand of
#: a session: each is decoded once per session (:func:`decode_record`).
_PIECES: Final = frozenset(("d", "o", "t", "w", "e", "p", "k"))
#: What ``Seats.read`` may hold before it starts again (memory stays flat however long
#: the session; a session of 100,000 six-player hands meets some 12,000 pieces).
READ_LIMIT: Final = 1 << 14


def record_keys(names: Iterable[str]) -> frozenset[str]:
    """What :func:`decode_record` is given to read only the session-format keys ``names``
    of a record: the keys themselves (a record stored as given) and their compact keys."""
    names = frozenset(names)
    return names | {COMPACT_KEY[k] for k in names if k in COMPACT_KEY}


def decode_record(text: Any, seats: Seats, keys: frozenset[str] | None = None, *,
                  shared: bool = False) -> Any:
    """The hand object stored as ``text`` (compact or as given). Raises ValueError (or
    TypeError) if the text is not JSON or a compact record cannot be read. ``keys``
    (:func:`record_keys`): only these keys of the object, the others neither read nor
    given.

    A session's hands repeat the same few pieces (a dealer, a trump, the same words and
    tricks, the deltas' order of seats): each is decoded once and remembered in
    ``seats.read``, and a copy given each time (the records given are the caller's); with
    ``shared``, for a caller that changes none of the records it is given (``loo check``),
    the piece remembered itself, shared by every hand that has it."""
    value = loads(text)
    if type(value) is not dict:
        return value
    if keys is not None:
        value = {k: v for k, v in value.items() if k in keys}
    for key in value:
        if len(key) == 1:
            break
    else:
        return value
    out = {}
    read = seats.read
    try:
        for key, v in value.items():
            # a piece met before: one look-up (a text or a whole number, never True,
            # which equals 1; a key's (key, value) pair is never another memory's key)
            if type(v) is str or type(v) is int:
                got = read.get((key, v))
                if got is None and key in _PIECES:
                    got = _piece(key, v, seats)
                if got is not None:
                    name, decoded, copy = got
                    out[name] = decoded if copy is None or shared else copy(decoded)
                    continue
            elif key == "D" and type(v) is list and v and type(v[0]) is str:
                names = read.get(v[0])  # the texts of 'D' orders: digits, no one-letter key
                if names is None:
                    names = _remember(seats, v[0], tuple(map(seats.name_of.__getitem__, v[0])))
                if len(v) != len(names) + 1:
                    raise ValueError(f"{len(names)} seats, {len(v) - 1} changes")
                # the lengths checked: zip's strict keyword costs as much as the rest
                out["deltas"] = dict(zip(names, v[1:]))  # noqa: B905
                continue
            how = _DECODE.get(key)
            if how is None:
                if len(key) <= 1:
                    raise ValueError(f"unknown compact key {key!r}")
                out[key] = v
            else:
                out[how[0]] = how[1](v, seats)
    except (KeyError, IndexError, TypeError, AttributeError) as e:
        raise ValueError(f"a compact record that cannot be read: {e!r}") from None
    return out


def _piece(key: str, v: Any, seats: Seats) -> tuple[str, Any, Any]:
    """The session-format key and value of compact ``key``'s value ``v``, and how to copy
    the value (None: it is immutable), remembered."""
    name, how = _DECODE[key]
    decoded = how(v, seats)
    copy = _COPY.get(type(decoded))
    return _remember(seats, (key, v), (name, decoded, copy))  # type: ignore[no-any-return]


_COPY: Final[Mapping[type, Callable[[Any], Any]]] = MappingProxyType(
    {dict: dict.copy, list: list.copy})


def _remember(seats: Seats, key: Any, value: Any) -> Any:
    read = seats.read
    if len(read) >= READ_LIMIT:
        read.clear()
    read[key] = value
    return value


# -- the hand's facts ------------------------------------------------------------------------

OUTCOMES: Final[tuple[str, ...]] = tuple(r.value for r in Resolution)
OUTCOME_CODE: Final = MappingProxyType({o: i for i, o in enumerate(OUTCOMES)})
KINDS: Final[tuple[str, ...]] = tuple(k.value for k in MovementKind)
KIND_CODE: Final = MappingProxyType({k: i for i, k in enumerate(KINDS)})
NOT_DEALT: Final = "-"
PLAYER_BITS, KIND_BITS = 5, 4  # at most 31 seats (formats/limits.py allows 20), 16 kinds
_PAYEE_SHIFT, _KIND_SHIFT = PLAYER_BITS, 2 * PLAYER_BITS
_AMOUNT_SHIFT = 2 * PLAYER_BITS + KIND_BITS
_SEAT_MASK, _KIND_MASK = (1 << PLAYER_BITS) - 1, (1 << KIND_BITS) - 1
CONTESTED: Final = frozenset({"played", "flush", "renege"})


def outcome_text(code: Any) -> Any:
    """The ``outcome`` column in words (a code out of range, or text, as stored)."""
    if type(code) is int and 0 <= code < len(OUTCOMES):
        return OUTCOMES[code]
    return code


def pack_move(payer: int, payee: int, amount: int, kind: int) -> int:
    """One movement as an integer; ``-1`` for the pool."""
    return ((payer + 1) | (payee + 1) << _PAYEE_SHIFT | kind << _KIND_SHIFT
            | amount << _AMOUNT_SHIFT)


def unpack_move(value: int) -> tuple[int, int, int, str]:
    """(payer, payee, amount, kind) of :func:`pack_move` (``-1`` the pool). Raises
    ValueError for a kind with no code."""
    kind = (value >> _KIND_SHIFT) & _KIND_MASK
    if kind >= len(KINDS):
        raise ValueError(f"movement kind code {kind}")
    return ((value & _SEAT_MASK) - 1, ((value >> _PAYEE_SHIFT) & _SEAT_MASK) - 1,
            value >> _AMOUNT_SHIFT, KINDS[kind])


def by_position(deltas: Mapping[str, int], seat: Mapping[str, int], n: int
                ) -> list[int | None]:
    """A hand's change per seat position (None: not dealt in)."""
    row: list[int | None] = [None] * n
    for p, d in deltas.items():
        row[seat[p]] = d
    return row


def deltas_text(deltas: Mapping[str, int], seat: Mapping[str, int], n: int) -> str:
    """The ``deltas`` column: compact JSON, a change per seat (``null``: not dealt in)."""
    return dumps(by_position(deltas, seat, n))


#: The ``tricks`` column's character for each count a player may take: ``chr(48 + n)``.
TRICK_CHAR: Final[tuple[str, ...]] = tuple(chr(48 + n) for n in range(75))


def moves_text(packed: Iterable[int]) -> str:
    """The ``moves`` column from each movement's :func:`pack_move`: compact JSON."""
    return dumps(list(packed))


def looed_mask(looed: Iterable[str], seat: Mapping[str, int]) -> int:
    mask = 0
    for p in looed:
        mask |= 1 << seat[p]
    return mask


def dealt_order(words: str, dealer: int) -> list[int]:
    """The positions dealt in, from the dealer's left round to the dealer."""
    n = len(words)
    if not n:
        return []
    return [i % n for i in range(dealer + 1, dealer + 1 + n) if words[i % n] != NOT_DEALT]


def deltas_dict(text: str, words: str, dealer: int, players: Sequence[str]) -> dict[str, int]:
    """The ``deltas`` column as a dict by name, in the order dealt (eldest first)."""
    row = loads(text)
    order = dealt_order(words, dealer)
    order += [i for i, d in enumerate(row) if d is not None and i not in order]
    return {players[i]: row[i] for i in order if row[i] is not None}


def looed_list(mask: int, words: str, dealer: int, players: Sequence[str]) -> list[str]:
    order = dealt_order(words, dealer)
    order += [i for i in range(len(players)) if i not in order]
    return [players[i] for i in order if mask >> i & 1]


def seat_order(words: str, dealer: int, seats: Seats) -> tuple[tuple[int, str], ...]:
    """Every seat as (position, name), those dealt in first (:func:`dealt_order`), then
    the others in seat order: the order of :func:`deltas_dict` and :func:`looed_list` in
    a hand whose ``words`` has a letter per seat; worked out once per words and dealer
    (remembered in ``seats.read``), and where every seat is dealt in (the usual) once per
    dealer (``seats.full``)."""
    names = seats.names
    if len(words) == len(names) and NOT_DEALT not in words and type(dealer) is int:
        got = seats.full.get(dealer)
        if got is None:
            got = seats.full[dealer] = _order(words, dealer, names)
        return got
    key = ("order", words, dealer)
    got = seats.read.get(key)
    if got is None:
        got = _remember(seats, key, _order(words, dealer, names))
    return got  # type: ignore[no-any-return]


def _order(words: str, dealer: int, names: tuple[str, ...]) -> tuple[tuple[int, str], ...]:
    dealt = dealt_order(words, dealer)
    return tuple((i, names[i])
                 for i in (*dealt, *(i for i in range(len(names)) if i not in dealt)))


def hand_facts(text: str, mask: int, words: str, dealer: int, seats: Seats
               ) -> tuple[dict[str, int], list[str]]:
    """A session's hand's deltas by name and who was looed: :func:`deltas_dict` of the
    ``deltas`` column ``text`` and :func:`looed_list` of the ``looed`` column ``mask``, both
    in the order of seats worked out once for each words and dealer of the session
    (:func:`seat_order`), and looked up once for the two."""
    row = loads(text)
    names = seats.names
    n = len(names)
    if len(words) != n or type(dealer) is not int:
        return (deltas_dict(text, words, dealer, names),
                [] if type(mask) is int and mask == 0 else looed_list(mask, words, dealer, names))
    order = seat_order(words, dealer, seats)
    looed = [] if type(mask) is int and mask == 0 else [
        name for i, name in order if mask >> i & 1]
    if type(row) is not list or len(row) != n:
        return deltas_dict(text, words, dealer, names), looed
    return {name: row[i] for i, name in order if row[i] is not None}, looed


def moves_list(text: str) -> list[tuple[int, int, int, str]]:
    return [unpack_move(v) for v in loads(text)]


def played_tricks(words: str, tricks: str, outcome: int | str,
                  players: Sequence[str]) -> dict[str, int]:
    """The tricks of each player who played the hand (as plays.played was)."""
    if outcome_text(outcome) not in CONTESTED:
        return {}
    return {players[i]: ord(tricks[i]) - 48 for i, w in enumerate(words)
            if w not in (NOT_DEALT, "p")}


_LOO = MovementKind.LOO
NO_CAUSE: Final = "-"


def cause_letter(m: Movement) -> str | None:
    """A movement's letter in the ``causes`` column: its cause's for a loo (``-`` for a loo
    with none), None for any other movement (it has no letter there)."""
    if m.kind != _LOO:
        return None
    return CAUSE_LETTER.get(m.cause, NO_CAUSE)  # type: ignore[arg-type]


def causes_text(movements: Iterable[Movement]) -> str:
    """The ``causes`` column: the cause of each loo movement, a letter each, in order."""
    return "".join([c for m in movements if (c := cause_letter(m)) is not None])


def causes_list(text: str) -> list[LooCause | None]:
    """The causes of a hand's loos, in order (None where none was stored)."""
    return [LETTER_CAUSE.get(c) for c in text]
