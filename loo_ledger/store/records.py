"""A hand's record as the store keeps it: the session format's JSON object of one hand,
read and written by formats/handcodec.py (the one codec of a hand; the store does not
import the session-file reader, only this leaf module), and stored compactly.

The compact record (m015) is the same object with the seats' names as positions
(``seats.position``) and words as letters, so that it gives back exactly the object it was
made from, key order, extension (``x-``) fields and all:

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
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

import msgspec

from loo_ledger.domain.rules.model import HandRecord
from loo_ledger.formats.handcodec import record_from_dict, record_to_dict

__all__ = ["Seats", "decode", "encode", "encode_typed", "record_from_dict", "record_to_dict",
           "stored_record"]

_compact = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
_fast = msgspec.json.Encoder().encode  # the same compact JSON, written faster
_INTS = frozenset({int})


def _write(out: Any) -> str:
    """Compact JSON of ``out``, by msgspec (loaded by every command that writes hands, its
    records being msgspec Structs); by json for a number msgspec will not write."""
    try:
        return _fast(out).decode()
    except (TypeError, OverflowError):
        return _compact(out)

_SUITS = {"clubs": "c", "diamonds": "d", "hearts": "h", "spades": "s"}
_SUIT_NAMES = {v: k for k, v in _SUITS.items()}
_WORDS = {"stand": "s", "pass": "p", "miss": "m", "defend": "d", "fold": "f"}
_WORD_NAMES = {v: k for k, v in _WORDS.items()}
_MAX_COUNT = 43  # chr(48 + 44) would be a backslash


class _Plain(Exception):
    """The record cannot be made compact: store it as given."""


def stored_record(h: HandRecord, dealer: str) -> dict[str, Any]:
    """What the store keeps for a hand entered or changed at the table: its object, with
    the dealer the rules named (the record's own ``dealer`` if it gave one)."""
    return {"dealer": dealer, **record_to_dict(h)}


_COUNTS = {n: chr(48 + n) for n in range(_MAX_COUNT + 1)}
_COUNT_OF = {c: n for n, c in _COUNTS.items()}


class Seats:
    """A session's seats for the codec: each name's position and position character."""

    __slots__ = ("position", "char", "names", "name_of")

    def __init__(self, players: Sequence[str]):
        self.names = tuple(players)
        self.position = {p: i for i, p in enumerate(players)}
        self.char = {p: chr(48 + i) for i, p in enumerate(players)}
        self.name_of = {chr(48 + i): p for i, p in enumerate(players)}


def _e_seat(v: Any, s: Seats) -> Any:
    return s.position[v]


def _e_seats(v: Any, s: Seats) -> Any:
    return "".join([s.char[p] for p in v])


def _e_trump(v: Any, s: Seats) -> Any:
    return _SUITS[v]


def _e_words(v: Any, s: Seats) -> Any:
    char = s.char
    return "".join([char[p] + _WORDS[w] for p, w in v.items()])


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


_ENCODE = {"dealer": ("d", _e_seat), "sitting_out": ("o", _e_seats), "trump": ("t", _e_trump),
           "declarations": ("w", _e_words), "exchanges": ("e", _e_counts),
           "flushes": ("f", _e_players), "pam_holder": ("p", _e_seat),
           "tricks": ("k", _e_counts), "penalties": ("q", _e_players),
           "deltas": ("D", _e_deltas), "table_ruling": ("r", _same), "note": ("n", _same),
           "cards": ("c", _same)}
#: The values each key must have for its compact form to give them back exactly.
_TYPES = {"dealer": str, "pam_holder": str, "sitting_out": list, "trump": str,
          "declarations": dict, "exchanges": dict, "tricks": dict, "deltas": dict,
          "flushes": list, "penalties": list}


def encode(record: Any, seats: Seats) -> str:
    """The stored text of a hand object: compact (see the module) if it can be, else the
    object as given."""
    if type(record) is not dict:
        return _compact(record)
    out = {}
    try:
        for key, value in record.items():
            how = _ENCODE.get(key)
            if how is None:
                if len(key) <= 1:
                    return _compact(record)
                out[key] = value
                continue
            want = _TYPES.get(key)
            if want is not None and type(value) is not want:
                return _compact(record)
            out[how[0]] = how[1](value, seats)
        deltas = record.get("deltas")
        if deltas and not _INTS.issuperset(map(type, deltas.values())):
            return _compact(record)
    except (KeyError, TypeError, AttributeError):
        return _compact(record)
    return _write(out)


#: The keys whose value a checked hand (formats/types.Hand) holds just as its JSON does.
_TYPED = frozenset(("dealer", "sitting_out", "trump", "declarations", "exchanges",
                    "pam_holder", "tricks", "deltas", "table_ruling", "note"))


def encode_typed(keys: Iterable[str], hand: Any, seats: Seats) -> str | None:
    """:func:`encode` of a hand read from a file and checked, given its keys in the order
    the file gave them and its typed form (formats/types.Hand, whose values for these keys
    are the JSON's own, names among ``seats``): the same text, without decoding the hand
    again. None where it has another key (flushes, penalties, cards, an extension) or a
    value with no compact form: :func:`encode` its object instead."""
    out = {}
    try:
        for key in keys:
            if key not in _TYPED:
                return None
            short, how = _ENCODE[key]
            out[short] = how(getattr(hand, key), seats)
        return _fast(out).decode()
    except (KeyError, TypeError, AttributeError, OverflowError):
        return None


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
                    map(_WORD_NAMES.__getitem__, v[1::2]), strict=True))


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


_DECODE = {"d": ("dealer", _d_seat), "o": ("sitting_out", _d_seats), "t": ("trump", _d_trump),
           "w": ("declarations", _d_words), "e": ("exchanges", _d_counts),
           "f": ("flushes", _d_players), "p": ("pam_holder", _d_seat),
           "k": ("tricks", _d_counts), "q": ("penalties", _d_players),
           "D": ("deltas", _d_deltas), "r": ("table_ruling", _same), "n": ("note", _same),
           "c": ("cards", _same)}


def decode(text: Any, seats: Seats) -> Any:
    """The hand object stored as ``text`` (compact or as given). Raises ValueError (or
    TypeError) if the text is not JSON or a compact record cannot be read."""
    value = json.loads(text)
    if type(value) is not dict:
        return value
    for key in value:
        if len(key) == 1:
            break
    else:
        return value
    out = {}
    try:
        for key, v in value.items():
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
