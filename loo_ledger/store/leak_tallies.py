"""Per-session leak tallies (issue 24, item 3: ``loo leaks`` on a million hands without
replaying them): for each session, each seated spelling, each kind of pool (``double``
0 or 1, the hands' column) and each **line** and **choice** of the leak finder
(services/analysis/leaks.py; its definitions are docs/guide.md's "Leaks"), how many
times the choice was made (``n``), the chips those hands brought the player
(``chips``), and where it was first made (``first``: the hand's number times 1024 plus
the choice's place among the hand's choices, so that a report adds lines in the order a
replay of the hands meets them). The line ``dealt`` (choice ``''``) counts the hands the
spelling was dealt and their net chips: the hands and the net of the leak finder's
winners over the same selection.

The one writer (store/writer.py) counts a session's tallies as it derives the rows of
its hands (store/derive.py feeds each hand's columns, as it makes them, to a
:class:`Tally`) and writes them with its other totals, inside its transaction
(:func:`write`: anew, or, for hands appended, added to the stored ones); nothing is read
back. A session deleted takes its tallies with it (``ON DELETE CASCADE``); m023 fills
them for a ledger made before (:func:`fill_all`, counting the stored hands' columns) and
``loo check`` counts them again as it derives the hands' rows (the rows it then finds
stored) and compares (:func:`differences`), all through the same :class:`Tally`, so that
the writer, the migration and the check count one way.

A choice's line is a tuple, as the leak finder names it:

- ``("stand", pool, seat, stood_before)`` standing (stand, miss, defend) or passing;
- ``("after-loo", pool)`` the same in the hand after one the player was looed in;
- ``("miss", pool)`` taking the miss or standing on his own cards while it is there;
- ``("defend", pool)`` the dealer once someone stood: defend, stand or pass;
- ``("exchange", pool, seat)`` how many cards a player who played exchanged.

``pool`` is ``simple`` or ``double``; in Lou's sessions the deal, ``first`` or ``later``
(store/situations.py ``first_deal``), with no miss and no defence. Stored as text, the
parts joined by spaces (``stand double 1 0``).
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from loo_ledger.errors import VariantError
from loo_ledger.store.codec import Seats, dealt_order, dumps, loads
from loo_ledger.store.situations import EXCHANGE_COLUMN, exchanged, first_deal

Line = tuple[Any, ...]                      # (kind, pool, ...situation)
#: A hand's choices, in the order the leak finder meets them: (position, seat from the
#: dealer's left, line, choice).
Choice = tuple[int, int, Line, str]

_CHOICE = {"s": "stand", "m": "stand", "d": "stand", "p": "pass", "f": "pass"}
_DEALER = {"s": "stand", "m": "stand", "d": "defend", "p": "pass", "f": "pass"}
#: ``first``: a hand's number times this, plus the choice's place in the hand.
PLACES = 1024
#: The situations (words, dealer, kind of pool) whose slots a Tally remembers at most.
REMEMBERED = 8192
DEALT = "dealt"
INSERT = ("INSERT INTO leak_tallies (session_id, name, double, line, choice, n, chips, "
          "first) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
_HANDS = ("SELECT number, dealer, words, deltas, double, looed FROM hands "
          "WHERE session_id = ? AND number >= ? ORDER BY number")
#: A tally added to the one stored (its ``first`` is the stored one: met before).
ADD = (INSERT + " ON CONFLICT (session_id, name, double, line, choice) DO UPDATE SET "
       "n = n + excluded.n, chips = chips + excluded.chips")


def hand_choices(rows: Iterable[tuple[Any, ...]], lou: Any = (),
                 exchanged: Any = None) -> Iterator[tuple[tuple[Any, ...], list[tuple[int, int]],
                                                          list[Choice]]]:
    """For every hand ``rows`` (store/situations.py ``hand_facts``), in order: the row, its
    dealt seats and its choices (:func:`choices`), the player's loo in the hand before
    read from the row before (whatever it was). ``exchanged``: (session, number) -> cards
    exchanged by spelling, for the hands of sessions whose game exchanges (None: no
    exchange line); ``lou``: Lou's sessions."""
    looed_last = 0
    last_session = None
    for row in rows:
        sid, number, dealer, words, _deltas, double, looed, names = row
        if sid != last_session:
            looed_last, last_session = 0, sid
        swaps = None if exchanged is None else exchanged.get((sid, number))
        seats, out = choices(words, dealer, _pool(words, double, sid in lou), looed_last,
                             sid in lou, swaps, names)
        yield row, seats, out
        looed_last = looed


def _pool(words: str, double: Any, lou: bool) -> str:
    """A hand's situation: its pool, ``simple`` or ``double``; in Lou's, its deal."""
    if lou:
        return "first" if first_deal(words) else "later"
    return "double" if double else "simple"


#: A dealt seat's lines in a hand (:func:`seat_lines`): its position, its seat from the
#: dealer's left, its stand line and choice (None: he had no choice), its after-a-loo
#: line and choice (made when he was looed in the hand before), its other lines and
#: choices (the miss, the defence), the line of his exchange (None: he did not play).
SeatLines = tuple[int, int, "tuple[Line, str] | None", "tuple[Line, str] | None",
                  "tuple[tuple[Line, str], ...]", "Line | None"]


def seat_lines(words: str, dealer: int, pool: str, lou: bool) -> list[SeatLines]:
    """The lines of a hand's dealt seats, eldest first (``words`` and ``dealer``: the
    hand's columns, store/codec.py): a seat that chose (stand, miss or defend; or pass)
    is on the stand line, by his seat and how many stood before him; on the after-a-loo
    line, when he was looed in the hand before; on the miss line, while the miss is there
    to take (taking it or standing on his cards); on the defence line, the dealer once
    someone stood; and a seat that played, on the exchange line by his seat. In Lou's
    sessions (``lou``) the situation ``pool`` is the deal, ``first`` or ``later``, and
    there is no miss and no defence (the dealer stands or folds as everyone does)."""
    order = dealt_order(words, dealer)
    m = len(order)
    out: list[SeatLines] = []
    stood = 0
    miss_taken = lou   # Lou has no miss to take
    for i, pos in enumerate(order):
        w = words[pos]
        seat = (i + 1) % m
        choice = _CHOICE.get(w)
        stand: tuple[Line, str] | None = None
        loo: tuple[Line, str] | None = None
        others: list[tuple[Line, str]] = []
        if choice is not None:
            stand = (("stand", pool, seat, stood), choice)
            loo = (("after-loo", pool), choice)
            if not miss_taken and (w == "s" or w == "m"):
                others.append((("miss", pool), "miss" if w == "m" else "stand"))
            if seat == 0 and stood and not lou:
                others.append((("defend", pool), _DEALER[w]))
            if w == "s" or w == "m" or w == "d":
                stood += 1
                miss_taken = miss_taken or w == "m"
        out.append((pos, seat, stand, loo, tuple(others),
                    None if w in "pf-" else ("exchange", pool, seat)))
    return out


def choices(words: str, dealer: int, pool: str, looed_last: int, lou: bool,
            swaps: Mapping[str, int] | None, names: Sequence[str]
            ) -> tuple[list[tuple[int, int]], list[Choice]]:
    """A hand's dealt seats eldest first as (position, seat from the dealer's left: 1 the
    eldest ... 0 the dealer), and every choice made in it, in order, seat by seat
    (:func:`seat_lines`): the stand line, the after-a-loo line when ``looed_last`` (the
    loo mask of the hand before) names him, the miss and defence lines, and, when
    ``swaps`` (cards exchanged by spelling; 0 when unnamed; ``names`` the spellings by
    position) is given, the exchange line. :class:`Tally` counts them in this order."""
    seats: list[tuple[int, int]] = []
    out: list[Choice] = []
    for pos, seat, stand, loo, others, exchange in seat_lines(words, dealer, pool, lou):
        seats.append((pos, seat))
        if stand is not None:
            out.append((pos, seat, *stand))
            if loo is not None and looed_last >> pos & 1:
                out.append((pos, seat, *loo))
            out.extend((pos, seat, line, choice) for line, choice in others)
        if swaps is not None and exchange is not None:
            out.append((pos, seat, exchange, str(swaps.get(names[pos], 0))))
    return seats, out


def session_game(variant_name: str, rules: str | Mapping[str, Any] | None) -> tuple[bool, bool]:
    """Whether a session of this variant and these rules (as given, or the stored JSON)
    is Lou's, and whether its game exchanges cards (a variant the domain does not know:
    neither)."""
    from loo_ledger.domain.rules.variants import variant  # noqa: PLC0415 (the variants: only to count a session's tallies again)
    try:
        given = loads(rules or "{}") if rules is None or isinstance(rules, str) \
            else dict(rules)
        v = variant(variant_name, given)
    except (VariantError, ValueError):
        return False, False
    return str(v.game) == "lou", v.exchange > 0


#: A session's tallies: (spelling, double, line as stored, choice) -> [n, chips, first].
Tallies = dict[tuple[str, int, str, str], list[int]]


class Tally:
    """A session's leak tallies, counted hand after hand (:meth:`add`): the one count of
    them, whether the hands come from the writer as it derives their rows
    (store/derive.py) or are read back from the store (:func:`derive`, for m023).

    ``names``: the seats' spellings by position; ``lou`` and ``swapping``: the session's
    game (:func:`session_game`); ``looed_last``: the loo mask of the hand before the
    first one added (0 from the session's first hand). Each (position, kind of pool,
    line, choice) is a slot in three lists (n, chips, first), the dealt line's first, by
    kind of pool and position. A hand's lines (:func:`seat_lines`) are made into slots
    once for its words, dealer and kind of pool (its situation) and remembered
    (:data:`REMEMBERED` situations at most). The slots every hand of a situation counts
    (its dealt seats and the choices made whoever was looed before) are counted by
    situation: its hands, and their change by position summed, added to the slots when
    the situation is forgotten or the tallies read (:meth:`_fold`); a hand adds to its
    after-a-loo and exchange slots by index. Where a first is due (a situation not met
    before, an after-a-loo or exchange slot not yet counted), the hand's choices are
    listed in order (:func:`choices`) for their places."""

    __slots__ = ("names", "lou", "swapping", "looed_last", "_slot", "_n", "_chips",
                 "_first", "_keys", "_seen")

    def __init__(self, names: Sequence[str], *, lou: bool, swapping: bool,
                 looed_last: int = 0):
        self.names = tuple(names)
        self.lou, self.swapping, self.looed_last = lou, swapping, looed_last
        width = 2 * len(self.names)
        self._slot: dict[tuple[int, Line, str], int] = {}
        self._keys: list[tuple[int, Line, str] | None] = [None] * width
        self._n = [0] * width
        self._chips = [0] * width
        self._first = [0] * width   # 0: not yet met (a first is at least PLACES)
        self._seen: dict[tuple[str, int, bool], tuple[Any, ...]] = {}

    def _slot_of(self, key: tuple[int, Line, str]) -> int:
        k = self._slot.get(key)
        if k is None:
            k = self._slot[key] = len(self._n)
            self._keys.append(key)
            self._n.append(0)
            self._chips.append(0)
            self._first.append(0)
        return k

    def _situation(self, words: str, dealer: int, double: bool) -> tuple[Any, ...]:
        """The slots of a hand with these columns: (slot, position) of each dealt line and
        each choice made whoever was looed before; (position, slot) of each after-a-loo
        choice; (position, kind of pool, exchange line, its slots by choice) of each seat
        on the exchange line (none unless the game exchanges); and what its hands have
        added to the first of these, not yet counted (:meth:`_fold`): [hands, their
        change by position summed]."""
        at = len(self.names) if double else 0
        slot = self._slot_of
        always: list[tuple[int, int]] = []
        after_loo: list[tuple[int, int]] = []
        swapped: list[tuple[int, int, Line, dict[str, int]]] = []
        for pos, _seat, stand, loo, others, exchange in seat_lines(
                words, dealer, _pool(words, double, self.lou), self.lou):
            k = at + pos
            always.append((k, pos))
            if stand is not None:
                always.append((slot((k, *stand)), pos))
            always.extend((slot((k, *o)), pos) for o in others)
            if loo is not None:
                after_loo.append((pos, slot((k, *loo))))
            if exchange is not None and self.swapping:
                swapped.append((pos, k, exchange, {}))
        if len(self._seen) >= REMEMBERED:
            self._fold()
            self._seen.clear()
        got = self._seen[(words, dealer, double)] = (
            tuple(always), tuple(after_loo), tuple(swapped), [0, [0] * len(self.names)])
        return got

    def add(self, number: int, dealer: int, words: str, deltas: Sequence[int | None],
            double: Any, looed: int, swaps: Mapping[str, int] | None = None) -> None:
        """Count hand ``number``: its dealer's position, ``words`` column, change by
        position (None: not dealt in), whether its pool was double, its loo mask and, in
        a session whose game exchanges, the cards each spelling exchanged."""
        double = bool(double)
        situation = self._seen.get((words, dealer, double))
        new = situation is None
        if situation is None:
            situation = self._situation(words, dealer, double)
        _, after_loo, swapped, added = situation
        looed_last, self.looed_last = self.looed_last, looed
        if None in deltas:
            deltas = [d or 0 for d in deltas]
        added[0] += 1
        added[1] = list(map(operator.add, added[1], deltas))
        n, chips = self._n, self._chips
        if looed_last:
            for pos, k in after_loo:
                if looed_last >> pos & 1:
                    new = new or not n[k]
                    n[k] += 1
                    chips[k] += deltas[pos]
        for pos, at_pos, line, by_choice in swapped:
            choice = str((swaps or {}).get(self.names[pos], 0))
            k = by_choice.get(choice)
            if k is None:
                k = by_choice[choice] = self._slot_of((at_pos, line, choice))
            new = new or not n[k]
            n[k] += 1
            chips[k] += deltas[pos]
        if new:
            self._firsts(number, dealer, words, double, looed_last, swaps)

    def _fold(self) -> None:
        """Add what the situations' hands have added to the slots each of them counts."""
        n, chips = self._n, self._chips
        for always, _, _, added in self._seen.values():
            count, summed = added
            if not count:
                continue
            for k, pos in always:
                n[k] += count
                chips[k] += summed[pos]
            added[:] = [0, [0] * len(summed)]

    def _firsts(self, number: int, dealer: int, words: str, double: bool, looed_last: int,
                swaps: Mapping[str, int] | None) -> None:
        """Set the first of each slot hand ``number`` is the first to count: its number
        times PLACES plus the place among its dealt seats or its choices (:func:`choices`)."""
        seats, chosen = choices(words, dealer, _pool(words, double, self.lou), looed_last,
                                self.lou, (swaps or {}) if self.swapping else None,
                                self.names)
        first, base = self._first, number * PLACES
        at = len(self.names) if double else 0
        for i, (pos, _seat) in enumerate(seats):
            if not first[at + pos]:
                first[at + pos] = base + i
        slot = self._slot
        for i, (pos, _seat, line, choice) in enumerate(chosen):
            k = slot[(at + pos, line, choice)]
            if not first[k]:
                first[k] = base + i

    def tallies(self) -> Tallies:
        """The tallies counted: the dealt lines by kind of pool and position, then the
        others in the order first met."""
        self._fold()
        names, width = self.names, len(self.names)
        n, chips, first = self._n, self._chips, self._first
        out: Tallies = {}
        for i in range(2 * width):
            if n[i]:
                out[(names[i % width], i // width, DEALT, "")] = [n[i], chips[i], first[i]]
        texts: dict[Line, str] = {}
        for k in sorted(range(2 * width, len(n)), key=first.__getitem__):
            key = self._keys[k]
            if not n[k] or key is None:
                continue
            i, line, choice = key
            stored = texts.get(line)
            if stored is None:
                stored = texts[line] = text(line)
            out[(names[i % width], i // width, stored, choice)] = [n[k], chips[k], first[k]]
        return out


def text(line: Line) -> str:
    """A line as stored: its parts joined by spaces."""
    return " ".join(map(str, line))


def parse(stored: str) -> Line:
    """A stored line as the tuple it was (seats and counts are numbers).

    >>> parse("stand double 1 0"), parse("miss simple")
    (('stand', 'double', 1, 0), ('miss', 'simple'))
    """
    kind, pool, *rest = stored.split(" ")
    return (kind, pool, *map(int, rest))


def _rows(conn: Any, sid: int, after: int, seats: Seats, swapping: bool
          ) -> Iterator[tuple[Any, ...]]:
    """Session ``sid``'s hands from hand ``after`` on as :meth:`Tally.add` takes them
    (number, dealer, words, deltas, double, looed, swaps): with ``swapping``, each hand's
    exchanges are decoded from its stored record (store/situations.py ``exchanged``)."""
    sql = _HANDS if not swapping else _HANDS.replace(
        " FROM hands", f", {EXCHANGE_COLUMN} FROM hands")
    for number, dealer, words, deltas, double, looed, *record in conn.execute(sql, (sid, after)):
        yield (number, dealer, words, loads(deltas), double, looed,
               exchanged(record[0], seats) if swapping else None)


def derive(conn: Any, sid: int, after: int = 0) -> Tallies:
    """Session ``sid``'s tallies from its stored hands (those numbered above ``after``;
    hand ``after`` tells who was looed before them): (spelling, double, line as stored,
    choice) -> [n, chips, first]."""
    names = [r[0] for r in conn.execute(
        "SELECT name FROM seats WHERE session_id = ? ORDER BY position", (sid,))]
    game = conn.execute("SELECT variant, rules FROM sessions WHERE id = ?", (sid,)).fetchone()
    is_lou, swapping = session_game(*game) if game is not None else (False, False)
    tally = Tally(names, lou=is_lou, swapping=swapping)
    for row in _rows(conn, sid, after, Seats(names), swapping):
        if row[0] <= after:
            tally.looed_last = row[5]
            continue
        tally.add(*row)
    return tally.tallies()


def store(conn: Any, sid: int, after: int = 0) -> None:
    """Write session ``sid``'s tallies from its stored hands (m023 for a ledger made
    before them): anew, or, with ``after``, adding those of the hands numbered above it
    to the stored ones (hands appended, the others as they were)."""
    write(conn, sid, derive(conn, sid, after), add=bool(after))


def write(conn: Any, sid: int, tallies: Tallies, *, add: bool) -> None:
    """Store session ``sid``'s ``tallies`` (the one writer, inside its transaction): with
    ``add``, those of hands appended, added to the stored ones; else anew."""
    if add:
        conn.executemany(ADD, [(sid, *key, *v) for key, v in tallies.items()])
        return
    conn.execute("DELETE FROM leak_tallies WHERE session_id = ?", (sid,))
    conn.executemany(INSERT, [(sid, *key, *v) for key, v in tallies.items()])


def fill_all(conn: Any) -> None:
    """Every session's tallies (m023, for a ledger made before them)."""
    for (sid,) in conn.execute("SELECT id FROM sessions ORDER BY id").fetchall():
        store(conn, sid)


def stored(conn: Any, sid: int) -> dict[tuple[str, int, str, str], list[int]]:
    """Session ``sid``'s tallies as stored, keyed as :func:`derive` keys them."""
    return {(name, double, line, choice): [n, chips, first]
            for name, double, line, choice, n, chips, first in conn.execute(
                "SELECT name, double, line, choice, n, chips, first FROM leak_tallies "
                "WHERE session_id = ?", (sid,))}


def differences(have: Tallies, want: Tallies) -> list[tuple[str, str]]:
    """Where a session's stored tallies (:func:`stored`) differ from those its hands give
    (``loo check`` counts them as it derives the hands' rows, a :class:`Tally`): (the
    spelling, a sentence naming the tally, stored against wanted)."""
    out = []
    for key in sorted(set(have) | set(want)):
        a, b = have.get(key), want.get(key)
        if a != b:
            name, double, line, choice = key
            tally = f"{line} {choice}".rstrip()
            pool = "double" if double else "simple"
            out.append((name, f"{name}'s leak tally '{tally}' in {pool} hands (leak_tallies): "
                        f"n, chips, first hand {_nums(a)} stored, the hands give {_nums(b)}"))
    return out


def _nums(v: list[int] | None) -> str:
    return "none" if v is None else f"{v[0]}, {v[1]}, {v[2] // PLACES}"


def sums(conn: Any, session_ids: Sequence[int], double: bool | None = None
         ) -> list[tuple[str, str, str, int, int, int]]:
    """The tallies of ``session_ids`` (of their ``double`` hands alone when given) summed
    per spelling, line and choice: (spelling, line as stored, choice, n, chips, where it
    was first met), ordered by where first met (the sessions in the order given). Read
    along ``idx_leak_tallies_line`` (already in the order summed), each session's place
    in the order from a temporary table."""
    conn.execute("CREATE TEMP TABLE IF NOT EXISTS leak_order (session_id INTEGER PRIMARY KEY, "
                 "place INTEGER NOT NULL)")
    try:
        conn.execute("DELETE FROM temp.leak_order")
        conn.execute("INSERT OR IGNORE INTO temp.leak_order SELECT value, key FROM json_each(?)",
                     [dumps(list(session_ids))])
        rows: list[tuple[str, str, str, int, int, int]] = conn.execute(
            "SELECT t.name, t.line, t.choice, sum(t.n), sum(t.chips), "
            "min((o.place << 32) + t.first) AS met "
            "FROM leak_tallies t INDEXED BY idx_leak_tallies_line "
            "JOIN temp.leak_order o ON o.session_id = t.session_id "
            + ("" if double is None else "WHERE t.double = ? ")
            + "GROUP BY t.name, t.line, t.choice ORDER BY met",
            [] if double is None else [int(double)]).fetchall()
        return rows
    finally:
        conn.execute("DROP TABLE temp.leak_order")
