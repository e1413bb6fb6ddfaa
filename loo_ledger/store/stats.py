"""Hand-history statistics in SQL: the ``plays`` rows, their per-session totals, and reads.

Every write of hands also writes, in the same transaction, one ``plays`` row per dealt
player per hand (see :func:`play_rows`) and folds those rows into per-session totals
with SQL aggregates: ``player_totals`` (session, player), ``seat_totals`` (session,
player, seat) and ``session_totals`` (session). Reports aggregate the totals, never
the hands: a million hands are a few thousand total rows, keyed by player first so
that ``GROUP BY player`` walks the primary key. Nothing here decodes a hand's JSON
when reading.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from loo_ledger.domain.model import Settlement
from loo_ledger.errors import LooError

#: Outcomes in which the cards were dealt and the players in were at risk of a loo.
CONTESTED = ("played", "flush", "renege")
_NO_CHOICE = ("forced", "lou-first")

INSERT_PLAY = """INSERT INTO plays (session_id, hand_id, number, player, seat, word, played,
    tricks, delta, looed, loo_paid, took_whole, flush, double, pot)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"""

# (column, SQL aggregate over plays rows, how two partial totals combine)
PLAYER_TOTALS = (
    ("hands", "count(*)", "sum"), ("stand", "sum(word = 'stand')", "sum"),
    ("pass", "sum(word = 'pass')", "sum"), ("miss", "sum(word = 'miss')", "sum"),
    ("defend", "sum(word = 'defend')", "sum"), ("forced", "sum(word = 'forced')", "sum"),
    ("played", "sum(played)", "sum"), ("tricks", "sum(tricks)", "sum"),
    ("looed", "sum(looed)", "sum"), ("loo_paid", "sum(loo_paid)", "sum"),
    ("took_whole", "sum(took_whole)", "sum"), ("flushes", "sum(flush)", "sum"),
    ("net", "sum(delta)", "sum"), ("best", "max(delta)", "max"), ("worst", "min(delta)", "min"))
SEAT_TOTALS = (("hands", "count(*)", "sum"), ("net", "sum(delta)", "sum"),
               ("looed", "sum(looed)", "sum"))


def _rollup_sql(table: str, keys: tuple[str, ...], spec: tuple) -> str:
    """Fold the plays of one session from a hand id on into ``table`` (an upsert)."""
    merge = ", ".join(f"{c} = {c} + excluded.{c}" if how == "sum" else
                      f"{c} = {how}({c}, excluded.{c})" for c, _, how in spec)
    key = ", ".join(keys)
    return (f"INSERT INTO {table} ({key}, session_id, {', '.join(c for c, _, _ in spec)}) "
            f"SELECT {key}, session_id, {', '.join(agg for _, agg, _ in spec)} FROM plays "
            f"WHERE session_id = ? AND hand_id >= ? GROUP BY {key} "
            f"ON CONFLICT ({key}, session_id) DO UPDATE SET {merge}")


ROLLUPS = (_rollup_sql("player_totals", ("player",), PLAYER_TOTALS),
           _rollup_sql("seat_totals", ("player", "seat"), SEAT_TOTALS))
DERIVED = ("plays", "player_totals", "seat_totals", "session_totals")


def _word(kind: str, player: str, eldest: str, words: dict) -> str:
    """What the player chose: stand, pass, miss, defend, or ``forced``."""
    if kind in _NO_CHOICE or (kind == "eldest-miss" and player != eldest):
        return "forced"
    return words.get(player) or "forced"


def play_rows(session_id: int, hand_ids: Iterable[int], raw_hands: Sequence[dict],
              settlements: Sequence[Settlement]) -> list[tuple]:
    """One ``plays`` row per dealt player per hand, in ``INSERT_PLAY`` column order.

    Everything comes from the engine's settlement (kind, words, loos, who took the
    whole pool) except the tricks and flushes, which are the raw record's facts.
    ``seat`` is 0 for the dealer, 1 for the dealer's left (eldest), and so on.
    """
    rows: list[tuple] = []
    for hand_id, raw, s in zip(hand_ids, raw_hands, settlements):
        tricks = raw.get("tricks") or {}
        flushes = {f["player"] for f in raw.get("flushes", ())}
        n, contested = len(s.dealt), s.outcome in CONTESTED
        for i, p in enumerate(s.dealt):
            word = _word(s.kind, p, s.dealt[0], s.words)
            played = contested and word != "pass"
            rows.append((session_id, hand_id, s.hand_no, p, (i + 1) % n, word, int(played),
                         tricks.get(p, 0) if played else 0, s.deltas.get(p, 0),
                         int(p in s.looed), s.loos.get(p, 0), int(p == s.whole),
                         int(p in flushes), int(s.double), s.pot))
    return rows


def write_plays(conn: Any, session_id: int, hand_ids: Sequence[int], raw_hands: Sequence[dict],
                settlements: Sequence[Settlement], *, append: bool = False) -> None:
    """Store the plays of hands just written and fold them into the session's totals.

    By default the hands are the whole session: its old plays and totals are replaced.
    With ``append`` they follow the hands already stored.
    Call inside the transaction that writes the hands.
    """
    if not append:
        for table in DERIVED:
            conn.execute(f"DELETE FROM {table} WHERE session_id = ?", (session_id,))
    rows = play_rows(session_id, hand_ids, raw_hands, settlements)
    conn.executemany(INSERT_PLAY, rows)
    if rows:
        for sql in ROLLUPS:
            conn.execute(sql, (session_id, min(hand_ids)))
    _fold_session(conn, session_id, settlements, sum(r[10] for r in rows))


def _fold_session(conn: Any, session_id: int, settlements: Sequence[Settlement],
                  loo_paid: int) -> None:
    """Update the session's hand count, pools, longest run of double pools, loos paid."""
    old = conn.execute("SELECT hands, doubles, largest_pot, longest_run, trailing_run, loo_paid "
                       "FROM session_totals WHERE session_id = ?", (session_id,)).fetchone()
    hands, doubles, largest, longest, run, paid = old or (0, 0, 0, 0, 0, 0)
    for s in settlements:
        run = run + 1 if s.double else 0
        hands, doubles = hands + 1, doubles + s.double
        largest, longest = max(largest, s.pot), max(longest, run)
    conn.execute("INSERT OR REPLACE INTO session_totals (session_id, hands, doubles, largest_pot, "
                 "longest_run, trailing_run, loo_paid) VALUES (?, ?, ?, ?, ?, ?, ?)",
                 (session_id, hands, doubles, largest, longest, run, paid + loo_paid))


def rebuild(db: Any) -> list[int]:
    """Rebuild plays and totals for every stored session by settling its records again.

    Used to backfill a database written before these tables existed. A session whose
    records no longer settle is left without totals (reports name it); returns those ids.
    """
    from loo_ledger.domain import replay
    from loo_ledger.formats.sessionfile import session_from_dict
    from loo_ledger.store.codec import session_file
    failed = []
    for row in list(db.query("SELECT * FROM sessions ORDER BY id")):
        sid = row["id"]
        hands = db.conn.execute("SELECT id, record FROM hands WHERE session_id = ? ORDER BY "
                                "number", (sid,)).fetchall()
        raws = [json.loads(r[1]) for r in hands]
        players = [r[0] for r in db.conn.execute(
            "SELECT name FROM seats WHERE session_id = ? ORDER BY position", (sid,))]
        try:
            result = replay(session_from_dict(session_file(row, players, raws)))
        except LooError:
            failed.append(sid)
            continue
        write_plays(db.conn, sid, [r[0] for r in hands], raws, result.settlements)
    return failed


@dataclass(frozen=True, kw_only=True)
class Scope:
    """Which sessions and players a report covers.

    ``session_id`` picks one session; otherwise every session, or those whose date
    (``started_at``, else when it was stored) is on or after ``since`` (UTC,
    ``YYYY-MM-DD HH:MM:SS``). ``player`` keeps one player's rows.
    """

    session_id: int | None = None
    since: str | None = None
    player: str | None = None

    def where(self, session_col: str = "session_id", player_col: str | None = "player"
              ) -> tuple[str, list]:
        """A WHERE clause (without the word) and its parameters."""
        terms, params = ["1"], []
        if self.session_id is not None:
            terms.append(f"{session_col} = ?")
            params.append(self.session_id)
        if self.since is not None:
            terms.append(f"{session_col} IN (SELECT id FROM sessions WHERE "
                         "datetime(coalesce(started_at, created_at)) >= datetime(?))")
            params.append(self.since)
        if self.player is not None:
            if player_col is None:
                terms.append(f"{session_col} IN (SELECT session_id FROM seats WHERE name = ?)")
            else:
                terms.append(f"{player_col} = ?")
            params.append(self.player)
        return " AND ".join(terms), params


def _total_columns(spec: tuple) -> str:
    return ", ".join(f"{how}({c}) AS {c}" for c, _, how in spec)


class StatsReader:
    """SQL aggregates over the totals for a :class:`Scope`; returns plain rows."""

    def __init__(self, db: Any):
        self.conn = db.conn

    def _rows(self, sql: str, params: list) -> list[dict]:
        cur = self.conn.execute(sql, params)
        names = [d[0] for d in cur.description]
        return [dict(zip(names, row)) for row in cur]

    def players(self, scope: Scope) -> list[dict]:
        """Each player's totals over the scope."""
        where, params = scope.where()
        return self._rows(f"SELECT player, {_total_columns(PLAYER_TOTALS)} FROM player_totals "
                          f"WHERE {where} GROUP BY player", params)

    def seats(self, scope: Scope) -> list[dict]:
        """Each player's hands, net and loos by seat relative to the dealer."""
        where, params = scope.where()
        return self._rows(f"SELECT player, seat, {_total_columns(SEAT_TOTALS)} FROM seat_totals "
                          f"WHERE {where} GROUP BY player, seat", params)

    def sessions(self, scope: Scope) -> list[dict]:
        """Each session in scope, oldest first, with its unit and its totals (None if unbuilt)."""
        where, params = scope.where("s.id", None)
        return self._rows(
            "SELECT s.id, s.name, coalesce(s.started_at, s.created_at) AS date, s.unit_name, "
            "s.unit_value, s.currency, t.hands, t.doubles, t.largest_pot, t.longest_run, "
            f"t.loo_paid FROM sessions s LEFT JOIN session_totals t ON t.session_id = s.id "
            f"WHERE {where} ORDER BY datetime(date), s.id", params)

    def uncounted(self, scope: Scope) -> list[dict]:
        """Sessions in scope whose stored hands are not all in the totals (none, normally).

        One comparison of two counts; the sessions are looked for only if they differ.
        """
        where, params = scope.where("session_id", None)
        stored, counted = self.conn.execute(
            f"SELECT (SELECT count(*) FROM hands WHERE {where}), (SELECT coalesce(sum(hands), 0) "
            f"FROM session_totals WHERE {where})", params + params).fetchone()
        if stored == counted:
            return []
        where, params = scope.where("s.id", None)
        return [r for r in self._rows(
            "SELECT s.id AS session, (SELECT count(*) FROM hands h WHERE h.session_id = s.id) "
            "AS hands, coalesce(t.hands, 0) AS counted FROM sessions s LEFT JOIN session_totals t "
            f"ON t.session_id = s.id WHERE {where}", params) if r["hands"] != r["counted"]]

    def nets(self, scope: Scope) -> list[dict]:
        """Each player's net chips per unit (value and currency), with when they first sat:
        ``first`` orders players by session, then seat."""
        where, params = scope.where("seats.session_id", "seats.name")
        return self._rows(
            "SELECT seats.name AS player, s.unit_value, s.currency, sum(net) AS net, "
            "min(seats.session_id * 1000 + position) AS first FROM seats JOIN sessions s "
            f"ON s.id = seats.session_id WHERE {where} "
            "GROUP BY seats.name, s.unit_value, s.currency", params)

    def records(self, scope: Scope, session_ids: Sequence[int] | None = None) -> list[tuple]:
        """(session, player, net) for each seat in scope (or in ``session_ids`` of it)."""
        where, params = scope.where("session_id", "name")
        if session_ids is not None:
            where += f" AND session_id IN ({', '.join('?' * len(session_ids))})"
            params += list(session_ids)
        return self.conn.execute(f"SELECT session_id, name, net FROM seats WHERE {where} "
                                 "ORDER BY session_id, position", params).fetchall()
