"""The running totals of a session's hands (store/derive.py derives the rest): the
``player_totals``, ``seat_totals`` and ``session_totals`` tables, and the columns they
and the hands' facts are read by.

Each dealt player's hand is tallied as what it was for him (his seat, word, tricks, loo,
change...: PLAY_COLUMNS); equal tallies are counted and the sums made from the counts
when read (:meth:`Totals.fold`), a few thousand tallies for a hundred thousand hands.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from loo_ledger.domain.rules.model import Settlement
from loo_ledger.errors import StoreError
from loo_ledger.store import codec

#: Outcomes in which the cards were dealt and the players in were at risk of a loo.
CONTESTED = ("played", "flush", "renege")
_NO_CHOICE = ("forced", "lou-first")
WORDS = ("stand", "pass", "miss", "defend", "forced")

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


class Running(msgspec.Struct, frozen=True, kw_only=True):
    """The sums over a session's stored hands that a hand appended adds to: the seats'
    nets and the three totals tables, keyed as in store/derive.py's ``Derived``."""

    nets: Mapping[str, int]
    player_totals: Mapping[str, tuple[int, ...]]
    seat_totals: Mapping[tuple[str, int], tuple[int, ...]]
    session_totals: tuple[int, ...]


def cannot_store(hand: int, message: str) -> StoreError:
    """The error of a hand whose rows cannot be stored (naming the hand)."""
    return StoreError(f"Cannot store hand {hand}: {message}.")


def _cards(s: Settlement) -> dict[str, tuple[int, ...]]:
    """Each player in play's figures from the hand's judged cards (CARD_COLUMNS order)."""
    f = s.cards
    if f is None:
        return {}
    return {p: (1, f.trumps_led[p], f.pam_tricks[p], f.breaches[p], int(p == f.first_leader),
                int(p == f.first_leader == f.first_winner)) for p in f.trumps_led}


#: A word's player_totals column (0: none) and its letter in the ``words`` column.
_WORD = {w: (1 + WORDS.index(w) if w in WORDS else 0, letter)
         for w, letter in codec.WORD_LETTER.items()}
_TRICK_CHARS = codec.TRICK_CHAR
_EXTRA = len(CARD_COLUMNS)
#: The most plans remembered at once (the engine's are a few thousand a session).
_PLANS = 16_384


class Totals:
    """The running totals (player_totals, seat_totals, loos paid) over the players of the
    hands derived. Each dealt player's hand is tallied as what it was for him (his seat,
    word, tricks, loo, change...: PLAY_COLUMNS), and equal tallies are counted; the sums
    are made from the counts when read (:meth:`fold`), a few thousand tallies for a
    hundred thousand hands."""

    def __init__(self, start: Running):
        self.players = {p: list(t) for p, t in start.player_totals.items()}
        self.seats = {k: list(t) for k, t in start.seat_totals.items()}
        self.paid = 0
        #: (who, tricks taken, looed, loo paid, took the whole pool, flushed, change) ->
        #: [hands] (counted in place: one look-up a player); ``who`` numbers a (player,
        #: seat from the dealer, word column, played)
        self.tally: dict[tuple[Any, ...], list[int]] = {}
        self._plans: dict[int, tuple[Any, ...]] = {}
        self._who: dict[tuple[str, int, int, bool], int] = {}
        self._whos: list[tuple[str, int, int, bool]] = []

    def hand(self, s: Settlement, raw: Mapping[str, Any], seat: Mapping[str, int],
             n_seats: int) -> tuple[str, str]:
        """Tally hand ``s``'s players; its ``words`` and ``tricks`` columns. A player's word
        is what he chose (stand, pass, miss, defend) or ``forced`` (worked out once per
        plan: :meth:`_plan`); he played unless he passed, when the cards were dealt out;
        his tricks are those settled (from the cards where the record has none); his seat
        is 0 for the dealer, 1 for eldest..."""
        said = s.words
        plan = self._plans.get(id(said))
        if plan is None or plan[0] is not said or plan[1] != s.dealt or plan[2] != s.kind:
            plan = self._plan(s, seat, n_seats)
        deltas, counts, looed, loos, whole = s.deltas, s.tricks, s.looed, s.loos, s.whole
        flushes = {f["player"] for f in raw.get("flushes", ())} if "flushes" in raw else ()
        tally = self.tally
        contested = s.outcome in CONTESTED  # else nobody played: no tricks
        tricks = ["0"] * n_seats
        for p, who_played, who_not, passed, where in plan[4]:
            taken = 0 if passed or not contested else counts.get(p, 0)
            if taken:
                if not 0 < taken < len(_TRICK_CHARS):
                    raise cannot_store(s.hand_no, f"{p} took {taken} tricks, which the "
                                       "store has no letter for")
                tricks[where] = _TRICK_CHARS[taken]
            key = (who_played if contested else who_not, taken, p in looed,
                   loos.get(p, 0) if loos else 0, p == whole, p in flushes, deltas.get(p, 0))
            count = tally.get(key)
            if count is None:
                tally[key] = [1]
            else:
                count[0] += 1
        played = "".join(tricks)
        if s.cards is not None:
            self._cards(s)
        return plan[3], played

    def _plan(self, s: Settlement, seat: Mapping[str, int], n_seats: int) -> tuple[Any, ...]:
        """What every hand of a plan shares (the engine gives one ``words`` object to the
        hands of a plan): (its words, dealt, kind, the ``words`` column, each dealt
        player's (name, who he is if the hand is played and if it is not (:meth:`_who_of`),
        passed, position)). Remembered under the id of its words, with the words (so that
        the id is not another's)."""
        dealt, kind, said = s.dealt, s.kind, s.words
        choice = kind not in _NO_CHOICE
        eldest = dealt[0] if kind == "eldest-miss" else None
        n = len(dealt)
        words = [codec.NOT_DEALT] * n_seats
        players = []
        for i, p in enumerate(dealt):
            # a player's word is what he chose, else ``forced`` (a Word finds its text's code)
            word = (said.get(p) or "forced") if choice and (eldest is None or p == eldest) \
                else "forced"
            how = _WORD.get(word)
            if how is None:
                raise cannot_store(s.hand_no, f"{p} said {word!r}, which the store has no "
                                   "letter for")
            where = seat[p]
            words[where] = how[1]
            place, passed = (i + 1) % n, word == "pass"
            players.append((p, self._who_of(p, place, how[0], not passed),
                            self._who_of(p, place, how[0], False), passed, where))
        if len(self._plans) >= _PLANS:
            self._plans.clear()
        plan = self._plans[id(said)] = (said, dealt, kind, "".join(words), tuple(players))
        return plan

    def _who_of(self, p: str, place: int, column: int, played: bool) -> int:
        """The number of a player in a hand: his name, seat from the dealer, word column
        and whether he played (numbered once, so that a hand's tallies are short)."""
        key = (p, place, column, played)
        who = self._who.get(key)
        if who is None:
            who = self._who[key] = len(self._whos)
            self._whos.append(key)
        return who

    def _cards(self, s: Settlement) -> None:
        for p, values in _cards(s).items():
            t = self._player(p, s.deltas.get(p, 0))
            for j, value in enumerate(values, 15):
                t[j] += value

    def _player(self, p: str, delta: int) -> list[int]:
        t = self.players.get(p)
        if t is None:
            t = self.players[p] = [0] * 13 + [delta, delta] + [0] * _EXTRA
        return t

    def fold(self) -> None:
        """Add the tallies to the sums (and forget them)."""
        by_seat, whos = self.seats, self._whos
        for (who, taken, lo, paid, whole, flush, delta), (c,) in self.tally.items():
            p, place, column, played = whos[who]
            t = self._player(p, delta)
            t[0] += c
            if column:
                t[column] += c
            if played:
                t[6] += c
                t[7] += taken * c
            t[8] += lo * c
            t[9] += paid * c
            t[10] += whole * c
            t[11] += flush * c
            t[12] += delta * c
            if delta > t[13]:
                t[13] = delta
            if delta < t[14]:
                t[14] = delta
            st = by_seat.get((p, place))
            if st is None:
                st = by_seat[(p, place)] = [0, 0, 0]
            st[0] += c
            st[1] += delta * c
            st[2] += lo * c
            self.paid += paid * c
        self.tally = {}


NOTHING = Running(nets={}, player_totals={}, seat_totals={}, session_totals=(0,) * 6)
