"""Everything the store derives from a session's hand records, worked out in one place.

:func:`derive` takes the records as stored and their settlements (the domain's replay)
and gives every derived row: ``hands`` (the record and the hand's facts in compact
columns: store/facts.py), the seats' nets, the three totals tables and the table state
cached on the session. The one writer (store/writer.py) stores these rows; ``loo check``
(services/checking.py) compares the stored rows with them. Pure: no SQL.

Given :class:`Running` (the nets and totals of the hands already stored), it derives the
rows of hands appended after them: the same functions, started from those sums instead
of from zero, so a hand appended gives the rows a derivation of the whole session gives.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from loo_ledger.domain.model import Movement, Settlement, TableState
from loo_ledger.errors import StoreError
from loo_ledger.store import facts
from loo_ledger.store import records as records_codec

#: Outcomes in which the cards were dealt and the players in were at risk of a loo.
CONTESTED = ("played", "flush", "renege")
_NO_CHOICE = ("forced", "lou-first")
WORDS = ("stand", "pass", "miss", "defend", "forced")

#: A stored hand row (m015): positions are ``seats.position``; see store/facts.py.
HAND_COLUMNS = ("number", "dealer", "record", "deltas", "pool_in", "pot", "pool_after",
                "double", "outcome", "table_ruling", "looed", "words", "tricks", "moves")
#: The per-player facts worked out for the totals (never stored as rows).
PLAY_COLUMNS = ("number", "player", "seat", "word", "played", "tricks", "delta", "looed",
                "loo_paid", "took_whole", "flush", "double", "pot")
PLAYER_TOTAL_COLUMNS = ("hands", "stand", "pass", "miss", "defend", "forced", "played",
                        "tricks", "looed", "loo_paid", "took_whole", "flushes", "net", "best",
                        "worst", *("card_hands", "trumps_led", "pam_tricks", "revokes_caught",
                                   "first_leads", "first_won"))
#: The card columns of player_totals (issue 12): hands in play with a trick judged from
#: the cards, tricks led with a trump, tricks won with Pam, breaches the cards show, first
#: tricks led (the eldest in play leads it) and of those the ones won.
CARD_COLUMNS = PLAYER_TOTAL_COLUMNS[15:]
SEAT_TOTAL_COLUMNS = ("hands", "net", "looed")
SESSION_TOTAL_COLUMNS = ("hands", "doubles", "largest_pot", "longest_run", "trailing_run",
                         "loo_paid")

_compact = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def dumps(value: Any) -> str:
    """Compact JSON, keys in the order given."""
    return _compact(value)


@dataclass(frozen=True, kw_only=True)
class Derived:
    """A session's derived rows, hands named by number (never by row id).

    Tuples are in the order of the ``*_COLUMNS`` above; ``player_totals`` is keyed by
    player, ``seat_totals`` by (player, seat); ``state`` is the table after the last hand.
    """

    hands: list[tuple[Any, ...]]
    nets: dict[str, int]
    plays: list[tuple[Any, ...]]
    player_totals: dict[str, tuple[int, ...]]
    seat_totals: dict[tuple[str, int], tuple[int, ...]]
    session_totals: tuple[int, ...]
    state: TableState


@dataclass(frozen=True, kw_only=True)
class Running:
    """The sums over a session's stored hands that a hand appended adds to: the seats'
    nets and the three totals tables, keyed as in :class:`Derived`."""

    nets: Mapping[str, int]
    player_totals: Mapping[str, tuple[int, ...]]
    seat_totals: Mapping[tuple[str, int], tuple[int, ...]]
    session_totals: tuple[int, ...]


def rule_text(rule: object) -> str:
    """A movement's rule as stored: its text (a structured reference gives its ``text()``)."""
    text = getattr(rule, "text", None)
    return str(text() if callable(text) else rule or "")


def _bad(hand: int, message: str) -> StoreError:
    return StoreError(f"Cannot store hand {hand}: {message}.")


def _moves(s: Settlement, nets: dict[str, int], seat: Mapping[str, int]) -> str:
    """The hand's movements packed (facts.pack_move), adding each to ``nets``."""
    out = []
    for seq, m in enumerate(s.movements, 1):
        amount = m.amount
        if type(amount) is not int or amount <= 0:
            raise _bad(s.hand_no, f"movement {seq} has amount {amount!r}, not a positive "
                       "whole number")
        try:
            if m.payer is not None:
                nets[m.payer] -= amount
            if m.payee is not None:
                nets[m.payee] += amount
            payer = -1 if m.payer is None else seat[m.payer]
            payee = -1 if m.payee is None else seat[m.payee]
        except KeyError as e:
            raise _bad(s.hand_no, f"movement {seq} names {e.args[0]!r}, who is not "
                       "seated") from None
        kind = facts.KIND_CODE.get(_kind(m))
        if kind is None:
            raise _bad(s.hand_no, f"movement {seq} is of kind {_kind(m)!r}, which has no code")
        out.append(facts.pack_move(payer, payee, amount, kind))
    return dumps(out)


def _position(s: Settlement, seat: Mapping[str, int], name: str) -> int:
    try:
        return seat[name]
    except KeyError:
        raise _bad(s.hand_no, f"{name!r} dealt, who is not seated") from None


def _outcome(s: Settlement) -> int | str:
    """The outcome's code (its text if it has none)."""
    text = str(s.outcome)
    return facts.OUTCOME_CODE.get(text, text)


def _kind(m: Movement) -> str:
    kind = getattr(m, "kind", "")
    return str(kind.value if hasattr(kind, "value") else kind)


def _word(kind: str, player: str, eldest: str, words: Mapping[str, str]) -> str:
    """What the player chose: stand, pass, miss, defend, or ``forced``."""
    if kind in _NO_CHOICE or (kind == "eldest-miss" and player != eldest):
        return "forced"
    return str(words.get(player) or "forced")


def _plays(raw: Mapping[str, Any], s: Settlement) -> list[tuple[Any, ...]]:
    """One row per dealt player: everything from the settlement except the flushes, which
    are the record's facts; the tricks are those settled (from the cards where the record
    has none). ``seat`` is 0 for the dealer, 1 for eldest..."""
    tricks = s.tricks
    flushes = {f["player"] for f in raw.get("flushes", ())}
    n, contested = len(s.dealt), s.outcome in CONTESTED
    rows = []
    for i, p in enumerate(s.dealt):
        word = _word(s.kind, p, s.dealt[0], s.words)
        played = contested and word != "pass"
        rows.append((s.hand_no, p, (i + 1) % n, word, int(played),
                     tricks.get(p, 0) if played else 0, s.deltas.get(p, 0), int(p in s.looed),
                     s.loos.get(p, 0), int(p == s.whole), int(p in flushes), int(s.double), s.pot))
    return rows


def _cards(s: Settlement) -> dict[str, tuple[int, ...]]:
    """Each player in play's figures from the hand's judged cards (CARD_COLUMNS order)."""
    f = s.cards
    if f is None:
        return {}
    return {p: (1, f.trumps_led[p], f.pam_tricks[p], f.breaches[p], int(p == f.first_leader),
                int(p == f.first_leader == f.first_winner)) for p in f.trumps_led}


def _player_totals(plays: list[tuple[Any, ...]], cards: Mapping[tuple[int, str], tuple[int, ...]],
                   start: Mapping[str, tuple[int, ...]]) -> dict[str, tuple[int, ...]]:
    acc = {p: list(t) for p, t in start.items()}
    extra = len(CARD_COLUMNS)
    for (hand, p, _, word, played, tricks, delta, looed, paid, whole, flush, _, _) in plays:
        t = acc.get(p)
        if t is None:
            t = acc[p] = [0] * 13 + [delta, delta] + [0] * extra
        for i, value in enumerate(cards.get((hand, p), ()), 15):
            t[i] += value
        t[0] += 1
        if word in WORDS:
            t[1 + WORDS.index(word)] += 1
        for i, value in enumerate((played, tricks, looed, paid, whole, flush, delta), 6):
            t[i] += value
        t[13], t[14] = max(t[13], delta), min(t[14], delta)
    return {p: tuple(t) for p, t in acc.items()}


def _seat_totals(plays: list[tuple[Any, ...]], start: Mapping[tuple[str, int], tuple[int, ...]]
                 ) -> dict[tuple[str, int], tuple[int, ...]]:
    acc = {k: list(t) for k, t in start.items()}
    for row in plays:
        t = acc.setdefault((row[1], row[2]), [0, 0, 0])
        t[0], t[1], t[2] = t[0] + 1, t[1] + row[6], t[2] + row[7]
    return {k: tuple(t) for k, t in acc.items()}


def _session_totals(settlements: Sequence[Settlement], loo_paid: int,
                    start: tuple[int, ...]) -> tuple[int, ...]:
    hands, doubles, largest, longest, run, paid = start
    for s in settlements:
        run = run + 1 if s.double else 0
        hands, doubles = hands + 1, doubles + int(s.double)
        largest, longest = max(largest, s.pot), max(longest, run)
    return (hands, doubles, largest, longest, run, paid + loo_paid)


NOTHING = Running(nets={}, player_totals={}, seat_totals={}, session_totals=(0,) * 6)


def derive(players: Sequence[str], records: Sequence[Mapping[str, Any]],
           settlements: Sequence[Settlement], final: TableState, *,
           before: Running | None = None) -> Derived:
    """Every derived row of a session whose hands are ``records``, settled as given.

    With ``before`` (the sums of the hands stored before these, which it must name every
    seated player in), ``records`` and ``settlements`` are hands appended after those: the
    ``hands`` (and the in-memory ``plays``) are theirs alone, while the nets and the
    totals are the whole session's, ``before``'s plus theirs.

    Raises StoreError for a movement that is not a positive whole amount or names someone
    not seated, or if the records and settlements differ in number.
    """
    if len(records) != len(settlements):
        raise StoreError(f"Cannot store the session: {len(records)} hand records "
                         f"but {len(settlements)} settlements.")
    hands: list[tuple[Any, ...]] = []
    plays: list[tuple[Any, ...]] = []
    cards: dict[tuple[int, str], tuple[int, ...]] = {}
    start = NOTHING if before is None else before
    nets = dict.fromkeys(players, 0) if before is None else dict(before.nets)
    seats = records_codec.Seats(players)
    seat = seats.position
    n = len(players)
    for raw, s in zip(records, settlements, strict=True):
        rows = _plays(raw, s)
        hands.append((s.hand_no, _position(s, seat, s.dealer),
                      records_codec.encode(raw, seats),
                      facts.deltas_text(s.deltas, seat, n), s.pool_in, s.pot, s.pool_after,
                      int(s.double), _outcome(s), s.table_ruling,
                      facts.looed_mask(s.looed, seat), *facts.words_tricks(rows, seat, n),
                      _moves(s, nets, seat)))
        plays += rows
        cards.update(((s.hand_no, p), row) for p, row in _cards(s).items())
    return Derived(hands=hands, nets=nets, plays=plays,
                   player_totals=_player_totals(plays, cards, start.player_totals),
                   seat_totals=_seat_totals(plays, start.seat_totals),
                   session_totals=_session_totals(settlements, sum(r[8] for r in plays),
                                                  start.session_totals),
                   state=final)
