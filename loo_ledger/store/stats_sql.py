"""Hand-history statistics in SQL: reads of the per-session totals.

Every write of hands also writes, in the same transaction, each hand's facts (compact
columns of ``hands``, store/codec.py) and their per-session totals over every dealt
player of every hand: ``player_totals`` (session, player),
``seat_totals`` (session, player, seat) and ``session_totals`` (session); they are worked
out in derive.py and written by the one writer (writer.py). Reports aggregate the totals,
never the hands: a million hands are a few thousand total rows, keyed by player first so
that ``GROUP BY player`` walks the primary key. Nothing here decodes a hand's JSON.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import msgspec

# (column, what it sums over the players' hands (as the plays rows before m015 were
# named), how two partial totals combine); the columns are derive.PLAYER_TOTAL_COLUMNS
# and derive.SEAT_TOTAL_COLUMNS.
PLAYER_TOTALS = (
    ("hands", "count(*)", "sum"), ("stand", "sum(word = 'stand')", "sum"),
    ("pass", "sum(word = 'pass')", "sum"), ("miss", "sum(word = 'miss')", "sum"),
    ("defend", "sum(word = 'defend')", "sum"), ("forced", "sum(word = 'forced')", "sum"),
    ("played", "sum(played)", "sum"), ("tricks", "sum(tricks)", "sum"),
    ("looed", "sum(looed)", "sum"), ("loo_paid", "sum(loo_paid)", "sum"),
    ("took_whole", "sum(took_whole)", "sum"), ("flushes", "sum(flush)", "sum"),
    ("net", "sum(delta)", "sum"), ("best", "max(delta)", "max"), ("worst", "min(delta)", "min"),
    # From the recorded cards (derive.CARD_COLUMNS): judged when the hand was settled and
    # stored with the totals.
    *((c, "", "sum") for c in ("card_hands", "trumps_led", "pam_tricks", "revokes_caught",
                               "first_leads", "first_won")))
SEAT_TOTALS = (("hands", "count(*)", "sum"), ("net", "sum(delta)", "sum"),
               ("looed", "sum(looed)", "sum"))
# A session's card figures: the players' summed (one player leads each first trick judged,
# so first_leads is the hands with a trick judged from the cards). Only a player's rows
# with a hand judged from the cards (card_hands > 0) can have any: every hand judged
# counts 1 in card_hands for each player in play (store/totals.py ``_cards``), so the rest
# are skipped, and a session without cards has no row here (its figures read as 0). The
# table is read in its own order, grouped by ``+session_id`` (an expression, so SQLite
# does not walk the session index, looking every row up again: 14 ms against 2 ms on a
# million-hand ledger).
SESSION_CARDS = ("SELECT session_id, sum(first_leads) AS first_leads, sum(trumps_led) AS "
                 "trumps_led, sum(pam_tricks) AS pam_tricks, sum(revokes_caught) AS "
                 "revokes_caught, sum(first_won) AS first_won FROM player_totals "
                 "WHERE card_hands > 0 GROUP BY +session_id")
DERIVED = ("player_totals", "seat_totals", "session_totals")
def _nulls_first(key: tuple[Any, ...]) -> tuple[tuple[bool, Any], ...]:
    """A sort key ordering ``key`` as SQLite orders a GROUP BY of its columns (NULL first)."""
    return tuple((v is not None, v) for v in key)


#: How two partial totals combine (the third item of each PLAYER_TOTALS, SEAT_TOTALS entry).
_COMBINE: dict[str, Callable[[Any, Any], Any]] = {
    "sum": lambda a, b: a + b, "max": max, "min": min}


def rebuild(db: Any) -> list[int]:
    """Rebuild every session's derived rows from its records (writer.rebuild_all); the ids
    of sessions whose records no longer settle, left as they were."""
    from loo_ledger.store.writer import rebuild_all  # noqa: PLC0415 (the writer and the engine: only when the totals must be derived again)
    return rebuild_all(db)


class Scope(msgspec.Struct, frozen=True, kw_only=True):
    """Which sessions and players a report covers.

    ``session_id`` picks one session; otherwise every session, or those whose date
    (``started_at``, else when it was stored) is on or after ``since`` (UTC,
    ``YYYY-MM-DD HH:MM:SS``); ``sessions`` (not None) keeps only those ids (the evenings
    a report's filters chose, services/analysis/filters.py). ``player`` keeps one
    player's rows. With ``identity``, a player is a person across sessions
    (store/identities.py): ``player`` is an identity's name, matched through the
    reader's ``loo_who`` SQL function.
    """

    session_id: int | None = None
    since: str | None = None
    player: str | None = None
    identity: bool = False
    sessions: tuple[int, ...] | None = None

    def where(self, session_col: str = "session_id", player_col: str | None = "player"
              ) -> tuple[str, list[Any]]:
        """A WHERE clause (without the word) and its parameters."""
        terms: list[str] = ["1"]
        params: list[Any] = []
        if self.session_id is not None:
            terms.append(f"{session_col} = ?")
            params.append(self.session_id)
        if self.sessions is not None:
            terms.append(f"{session_col} IN ({', '.join('?' * len(self.sessions)) or 'NULL'})")
            params.extend(self.sessions)
        if self.since is not None:
            terms.append(f"{session_col} IN (SELECT id FROM sessions WHERE "
                         "datetime(coalesce(started_at, created_at)) >= datetime(?))")
            params.append(self.since)
        if self.player is not None:
            who = "loo_who({})" if self.identity else "{}"
            if player_col is None:
                terms.append(f"{session_col} IN (SELECT session_id FROM seats WHERE "
                             f"{who.format('name')} = ?)")
            else:
                terms.append(f"{who.format(player_col)} = ?")
            params.append(self.player)
        return " AND ".join(terms), params


def _total_columns(spec: tuple[tuple[str, str, str], ...]) -> str:
    return ", ".join(f"{how}({c}) AS {c}" for c, _, how in spec)


class StatsReader:
    """SQL aggregates over the totals for a :class:`Scope`; returns plain rows.

    ``names``: each seated spelling -> the identity it is (store/identities.py); given,
    players are grouped by identity (the ``loo_who`` SQL function), else by spelling."""

    def __init__(self, db: Any, names: Mapping[str, str] | None = None):
        self.conn = db  # reads through the store's Connection: SQLite errors explained
        self.names = names
        if names is not None:
            db.conn.create_function("loo_who", 1, lambda n: names.get(n, n),
                                      deterministic=True)

    def who(self, col: str) -> str:
        """The SQL naming the player in ``col``: the identity when grouping by identity."""
        return col if self.names is None else f"loo_who({col})"

    def _rows(self, sql: str, params: list[Any]) -> list[dict[str, Any]]:
        cur = self.conn.execute(sql, params)
        names = [d[0] for d in cur.description]
        return [dict(zip(names, row, strict=True)) for row in cur]

    def players(self, scope: Scope) -> list[dict[str, Any]]:
        """Each player's totals over the scope."""
        where, params = scope.where()
        return self._by_identity(self._rows(
            f"SELECT player, {_total_columns(PLAYER_TOTALS)} FROM player_totals "
            f"WHERE {where} GROUP BY player", params), (), PLAYER_TOTALS)

    def seats(self, scope: Scope) -> list[dict[str, Any]]:
        """Each player's hands, net and loos by seat relative to the dealer."""
        where, params = scope.where()
        return self._by_identity(self._rows(
            f"SELECT player, seat, {_total_columns(SEAT_TOTALS)} FROM seat_totals "
            f"WHERE {where} GROUP BY player, seat", params), ("seat",), SEAT_TOTALS)

    def _by_identity(self, rows: list[dict[str, Any]], keys: tuple[str, ...],
                     spec: tuple[tuple[str, str, str], ...]) -> list[dict[str, Any]]:
        """``rows``, totals grouped by spelling (and ``keys``), as grouped by identity when
        the reader groups so: each identity's spellings' rows combined as ``spec`` says
        (``sum``, ``max``, ``min``), in the order ``GROUP BY`` the identity would give.
        SQLite groups the spellings (a million-hand ledger's seat totals are some 140,000
        rows); a ``loo_who`` call per row cost more than the rest of the query."""
        names = self.names
        if names is None:
            return rows
        combine = [(c, _COMBINE[how]) for c, _, how in spec]
        out: dict[tuple[Any, ...], dict[str, Any]] = {}
        for row in rows:
            player = row["player"] = names.get(row["player"], row["player"])
            key = (player, *(row[k] for k in keys))
            seen = out.get(key)
            if seen is None:
                out[key] = row
            else:
                for column, how in combine:
                    seen[column] = how(seen[column], row[column])
        return [out[k] for k in sorted(out, key=_nulls_first)]

    def sessions(self, scope: Scope) -> list[dict[str, Any]]:
        """Each session in scope, oldest first, with its unit, its variant and rules (as
        stored: the rules' JSON text) and its totals (None if unbuilt)."""
        where, params = scope.where("s.id", None)
        return self._rows(
            "SELECT s.id, s.name, coalesce(s.started_at, s.created_at) AS date, s.unit_name, "
            "s.unit_value, s.currency, s.variant, s.rules, t.hands, t.doubles, t.largest_pot, "
            "t.longest_run, t.loo_paid, c.first_leads AS card_hands, c.trumps_led, c.pam_tricks, "
            "c.revokes_caught, c.first_won FROM sessions s LEFT JOIN session_totals t ON "
            f"t.session_id = s.id LEFT JOIN ({SESSION_CARDS}) c ON c.session_id = s.id "
            f"WHERE {where} ORDER BY datetime(date), s.id", params)

    def uncounted(self, scope: Scope) -> list[dict[str, Any]]:
        """Sessions in scope whose stored hands are not all in the totals (none, normally).

        One comparison of two counts; the sessions are looked for only if they differ.
        """
        # a session's hands are numbered from 1 without a gap (the one writer numbers them;
        # loo check holds them to it), so its first and last number give its count: two
        # lookups by key, where count(*) reads every page of every hand
        where, params = scope.where("s.id", None)
        totals, _ = scope.where("session_id", None)
        stored, counted = self.conn.execute(
            "SELECT (SELECT coalesce(sum("
            "(SELECT number FROM hands h WHERE h.session_id = s.id ORDER BY number DESC LIMIT 1)"
            " - (SELECT number FROM hands h WHERE h.session_id = s.id ORDER BY number LIMIT 1)"
            f" + 1), 0) FROM sessions s WHERE {where}), (SELECT coalesce(sum(hands), 0) "
            f"FROM session_totals WHERE {totals})", params + params).fetchone()
        if stored == counted:
            return []
        where, params = scope.where("s.id", None)
        return [r for r in self._rows(
            "SELECT s.id AS session, (SELECT count(*) FROM hands h WHERE h.session_id = s.id) "
            "AS hands, coalesce(t.hands, 0) AS counted FROM sessions s LEFT JOIN session_totals t "
            f"ON t.session_id = s.id WHERE {where}", params) if r["hands"] != r["counted"]]

    def nets(self, scope: Scope) -> list[dict[str, Any]]:
        """Each player's net chips per unit (value and currency), with when they first sat:
        ``first`` orders players by session, then seat."""
        where, params = scope.where("seats.session_id", "seats.name")
        return self._by_identity(self._rows(
            "SELECT seats.name AS player, s.unit_value, s.currency, sum(net) AS net, "
            "min(seats.session_id * 1000 + position) AS first FROM seats JOIN sessions s "
            f"ON s.id = seats.session_id WHERE {where} "
            "GROUP BY seats.name, s.unit_value, s.currency", params),
            ("unit_value", "currency"), (("net", "", "sum"), ("first", "", "min")))

    def hand_tricks(self, session_id: int) -> dict[int, dict[str, int]]:
        """The tricks stored for each hand of a session (the counts settled, judged from
        the cards where the record has none), for players who played."""
        return dict(self.iter_hand_tricks(session_id))

    def iter_hand_tricks(self, session_id: int) -> Iterator[tuple[int, dict[str, int]]]:
        """:meth:`hand_tricks` as (hand number, tricks) pairs in order, from a cursor."""
        from loo_ledger.store.codec import played_tricks  # noqa: PLC0415 (the codec: only for the card figures)
        players = [r[0] for r in self.conn.execute(
            "SELECT name FROM seats WHERE session_id = ? ORDER BY position", [session_id])]
        for number, words, tricks, outcome in self.conn.execute(
                "SELECT number, words, tricks, outcome FROM hands WHERE session_id = ? "
                "ORDER BY number", [session_id]):
            got = played_tricks(words, tricks, outcome, players)
            if got:
                yield number, got

    def card_totals(self, session_id: int) -> dict[str, dict[str, int]]:
        """Each player's figures from the session's recorded cards (player_totals' card
        columns, written with the hands), for players in play in a hand with cards."""
        columns = ("card_hands", "trumps_led", "pam_tricks", "revokes_caught", "first_leads",
                   "first_won")
        rows = self._rows(f"SELECT player, {', '.join(columns)} FROM player_totals WHERE "
                          "session_id = ? AND card_hands > 0", [session_id])
        return {r.pop("player"): r for r in rows}

    def records(self, scope: Scope, session_ids: Sequence[int] | None = None
                ) -> list[tuple[Any, ...]]:
        """(session, player, net) for each seat in scope (or in ``session_ids`` of it); by
        identity, one row per identity per session (its seats' nets summed)."""
        where, params = scope.where("session_id", "name")
        if session_ids is not None:
            where += f" AND session_id IN ({', '.join('?' * len(session_ids))})"
            params += list(session_ids)
        if self.names is None:
            rows: list[tuple[Any, ...]] = self.conn.execute(
                f"SELECT session_id, name, sum(net) FROM seats WHERE {where} "
                "GROUP BY session_id, name ORDER BY session_id, min(position)",
                params).fetchall()
            return rows
        # each identity's seats in a session summed here, in the order of its first seat
        names = self.names
        nets: dict[tuple[int, str], int] = {}
        for sid, name, net in self.conn.execute(
                f"SELECT session_id, name, net FROM seats WHERE {where} "
                "ORDER BY session_id, position", params):
            key = (sid, names.get(name, name))
            nets[key] = nets.get(key, 0) + net
        return [(sid, who, net) for (sid, who), net in nets.items()]
