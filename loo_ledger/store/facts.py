"""A hand's derived facts in the compact columns of ``hands`` (m015), and back.

The record is the truth; what the store keeps beside it are facts, not prose. Players
are seat positions (``seats.position``, from 0), words and movement kinds single letters
or small codes, so a hand's facts take a few dozen bytes:

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

A movement's words are not stored: they are domain/settlement/wording.py's, from its kind, figures
and cause (``loo pool`` words a stored loo there; ``Ledger.postings`` settles the session
again for every reason and rule). Pure: no SQL.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from loo_ledger.domain.rules.codes import LooCause, MovementKind, Resolution
from loo_ledger.domain.rules.model import Movement
from loo_ledger.domain.settlement.wording import CAUSE_LETTER, LETTER_CAUSE

OUTCOMES: tuple[str, ...] = tuple(r.value for r in Resolution)
OUTCOME_CODE = {o: i for i, o in enumerate(OUTCOMES)}
KINDS: tuple[str, ...] = tuple(k.value for k in MovementKind)
KIND_CODE = {k: i for i, k in enumerate(KINDS)}
#: The word a player said, or ``forced`` where there was no choice (derive.py's plays).
WORD_LETTER = {"stand": "s", "pass": "p", "miss": "m", "defend": "d", "forced": "x",
               "fold": "f"}
LETTER_WORD = {v: k for k, v in WORD_LETTER.items()}
NOT_DEALT = "-"
PLAYER_BITS, KIND_BITS = 5, 4  # at most 31 seats (formats/limits.py allows 20), 16 kinds
_PAYEE_SHIFT, _KIND_SHIFT = PLAYER_BITS, 2 * PLAYER_BITS
_AMOUNT_SHIFT = 2 * PLAYER_BITS + KIND_BITS
_SEAT_MASK, _KIND_MASK = (1 << PLAYER_BITS) - 1, (1 << KIND_BITS) - 1
CONTESTED = frozenset({"played", "flush", "renege"})

_compact = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


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


def deltas_text(deltas: Mapping[str, int], seat: Mapping[str, int], n: int) -> str:
    row = ["null"] * n
    for p, d in deltas.items():
        row[seat[p]] = (_NUMBER.get(d) or str(d)) if type(d) is int else _compact(d)
    return "[" + ",".join(row) + "]"  # compact JSON


#: The text of the commonest changes (a hand's deltas are mostly small numbers).
_NUMBER = {d: str(d) for d in range(-300, 301)}


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
    row = json.loads(text)
    order = dealt_order(words, dealer)
    order += [i for i, d in enumerate(row) if d is not None and i not in order]
    return {players[i]: row[i] for i in order if row[i] is not None}


def looed_list(mask: int, words: str, dealer: int, players: Sequence[str]) -> list[str]:
    order = dealt_order(words, dealer)
    order += [i for i in range(len(players)) if i not in order]
    return [players[i] for i in order if mask >> i & 1]


def moves_list(text: str) -> list[tuple[int, int, int, str]]:
    return [unpack_move(v) for v in json.loads(text)]


def played_tricks(words: str, tricks: str, outcome: int | str,
                  players: Sequence[str]) -> dict[str, int]:
    """The tricks of each player who played the hand (as plays.played was)."""
    if outcome_text(outcome) not in CONTESTED:
        return {}
    return {players[i]: ord(tricks[i]) - 48 for i, w in enumerate(words)
            if w not in (NOT_DEALT, "p")}


_LOO = MovementKind.LOO
NO_CAUSE = "-"


def causes_text(movements: Iterable[Movement]) -> str:
    """The ``causes`` column: the cause of each loo movement, a letter each, in order."""
    return "".join([CAUSE_LETTER.get(m.cause, NO_CAUSE)  # type: ignore[arg-type]
                    for m in movements if m.kind == _LOO])


def causes_list(text: str) -> list[LooCause | None]:
    """The causes of a hand's loos, in order (None where none was stored)."""
    return [LETTER_CAUSE.get(c) for c in text]
