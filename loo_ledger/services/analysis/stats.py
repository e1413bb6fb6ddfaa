"""loo stats: figures per player and per session, for one session, every session, or since a date.

The store aggregates in SQL (store/stats_sql.py); this module turns its rows into the report:
rates, seats named relative to the dealer, money per currency, each player's record.

Money follows loo_ledger.domain.rules.money: a player's money in a session is his share of
that session's nets and pool change allocated together (what settle-up has him pay or
receive), and his money over several sessions is the sum of those, per currency. With a
unit worth whole cents every amount is exact, so the SQL sums are the money as they are;
only sessions with a finer unit are allocated seat by seat.

Lou is reported in its own words (``game``: ``lou`` when every session in scope is Lou):
each player's stand and fold, burns (a renege's too: the engine counts it as one), what
they paid in burns and the pots won, not pass, miss, defend and a loo rate; a session's
burns paid, not its simple and double pools.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from loo_ledger.domain.rules.money import allocate, money, whole_cents
from loo_ledger.errors import LooError, NotFound
from loo_ledger.services.analysis.filters import Filters, evenings, no_hand
from loo_ledger.store.identities import read as read_identities
from loo_ledger.store.stats_sql import Scope, StatsReader

if TYPE_CHECKING:
    from loo_ledger.services.analysis.hand_stats import HandTally

WORDS = ("stand", "pass", "miss", "defend")
LOU_WORDS = {"stand": "stand", "fold": "pass"}   # Lou's word -> the column it is counted in
CARD_TOTALS = ("card_hands", "trumps_led", "pam_tricks", "revokes_caught", "first_leads",
               "first_won")


def rate(count: int, out_of: int) -> float | None:
    """``count / out_of`` to four places, None when there is nothing to divide by.

    >>> rate(1, 3), rate(2, 0)
    (0.3333, None)
    """
    return round(count / out_of, 4) if out_of else None


def seat_label(seat: int) -> str:
    """Seat 0 is the dealer; 1 is the dealer's left (eldest hand), then 2, 3, ...

    >>> seat_label(0), seat_label(1)
    ('dealer', '1')
    """
    return "dealer" if seat == 0 else str(seat)


def utc(when: str) -> str:
    """An ISO date-time (naive = local time) as UTC ``YYYY-MM-DD HH:MM:SS`` for SQLite."""
    moment = datetime.fromisoformat(when)
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S")


def stats(ledger: Any, *, session_id: int | None, since: str | None = None,
          player: str | None = None, record_sessions: int | None = None,
          only: Filters | None = None) -> dict[str, Any]:
    """The report for one session (``session_id``), or every session from ``since`` on.

    ``since`` is an ISO date-time as :func:`loo_ledger.services.dates.parse_when` gives it.
    Across sessions the report has each player's record, of the ``record_sessions``
    most recent sessions (None: all). Raises LooError when both a session and a date
    are given, NotFound when the player has no seat in the sessions chosen. Across
    sessions, players are identities: ``Margaret`` and ``margaret`` are one, and so are
    spellings merged with ``loo player merge``; ``player`` is an identity's name.
    ``only`` (services/analysis/filters.py) chooses the evenings instead of ``since``: a
    season, dates, sessions, a variant; its hand filters (pool, seat, with) choose hands
    and seats within them, whose figures are then tallied from the hands themselves
    (services/analysis/hand_stats.py) instead of summed from the stored totals, with the
    same columns (the figures from recorded cards, null, apart). NotFound, naming the
    filters, when they select no hand.
    """
    if session_id is not None and since is not None:
        raise LooError("--since chooses sessions by date; it cannot be combined with --session")
    across = session_id is None   # across sessions a player is a person (store/identities.py)
    names = read_identities(ledger.db, sessions=False).names() if across else None
    chosen, title = None, None
    if only is not None and only.choose_evenings():
        if session_id is not None or since is not None:
            raise LooError("the filters choose the evenings; give them without a session "
                           "or --since of their own")
        title, _name, rows = evenings(ledger, only)
        chosen = tuple(s["id"] for s in rows)
        title = f"{title} ({len(chosen)} session{'s' if len(chosen) != 1 else ''})"
    scope = Scope(session_id=session_id, since=utc(since) if since else None, player=player,
                  identity=across, sessions=chosen)
    by_hand = only if only is not None and only.hand_filters() else None
    reader: StatsReader | HandTally
    if by_hand is not None:   # tallied from the hands (hand_stats.py), not the totals
        from loo_ledger.services.analysis.hand_stats import HandTally as Tally
        reader = Tally(ledger.db, scope, by_hand, names)
    else:
        reader = StatsReader(ledger.db, names)
    sessions, nets = reader.sessions(scope), reader.nets(scope)
    title = title or describe(session_id, since, len(sessions))
    if by_hand is not None:
        if player is None and not nets:
            raise no_hand(by_hand)
        title = f"{title}, {by_hand.said()}"
    if player is not None and not nets:
        raise NotFound(f"{player} has no seat in {title}")
    fine = _fine_money(reader, scope, sessions)
    game = game_of(sessions)
    players = _players(reader, scope, nets, sessions, fine)
    report: dict[str, Any] = {
        "scope": {"session": session_id, "since": since, "player": player,
                  "sessions": len(sessions), "title": title},
        "game": game,
        "players": [lou_player(p) for p in players] if game == "lou" else players,
        "sessions": [lou_session(_session(s)) if game == "lou" else _session(s)
                     for s in sessions],
        "not_counted": reader.uncounted(scope),
    }
    if by_hand is not None:   # the figures from the cards are the whole evening's (hand_stats.py)
        for row in (*report["players"], *report["sessions"]):
            row["cards"] = None
    if session_id is None:
        shown = sessions[-record_sessions:] if record_sessions else sessions
        ids = None if len(shown) == len(sessions) else [s["id"] for s in shown]
        report["record"] = _record(reader.records(scope, ids), shown, fine)
    return report


def game_of(sessions: list[dict[str, Any]]) -> str:
    """``lou`` when every session is Lou (by its variant and rules), ``loo`` when none is,
    else ``mixed`` (Lou's fold is then counted as a pass and its burns as loos)."""
    from loo_ledger.domain.rules.variants import variant
    from loo_ledger.errors import VariantError
    games: dict[tuple[str, str], str] = {}
    for s in sessions:
        key = (s["variant"], s["rules"] or "{}")
        if key not in games:
            try:
                games[key] = str(variant(key[0], json.loads(key[1])).game)
            except (VariantError, ValueError):
                games[key] = "loo"
    found = set(games.values())
    return found.pop() if len(found) == 1 else ("mixed" if found else "loo")


def lou_player(p: dict[str, Any]) -> dict[str, Any]:
    """A player's figures in Lou's words: stand and fold (of the later deals, where each
    chooses), burns and what they paid, pots won."""
    out = {k: v for k, v in p.items() if k not in (
        "declarations", "looed", "loo_rate", "paid_in_loos", "took_whole", "flushes")}
    out["declarations"] = {w: p["declarations"][col] for w, col in LOU_WORDS.items()}
    out.update(burned=p["looed"], paid_in_burns=p["paid_in_loos"], pots_won=p["took_whole"])
    return out


def lou_session(s: dict[str, Any]) -> dict[str, Any]:
    """A session's figures in Lou's words: hands, the largest pot, what burns paid."""
    out = {k: v for k, v in s.items() if k not in ("simple", "double", "longest_double_run",
                                                   "paid_in_loos")}
    out["paid_in_burns"] = s["paid_in_loos"]
    return out


def describe(session_id: int | None, since: str | None, count: int) -> str:
    """What a report covers, in words.

    >>> [describe(None, None, n) for n in (2, 1, 0)] + [describe(3, None, 1)]
    ['all 2 sessions', 'the only session', 'no session', 'session 3']
    """
    if session_id is not None:
        return f"session {session_id}"
    if not since:
        return {0: "no session", 1: "the only session"}.get(count, f"all {count} sessions")
    from loo_ledger.services.dates import shown  # only with a date (start-up)
    return f"{count} session{'s' if count != 1 else ''} since {shown(since)}"


Fine = dict[tuple[int, str], Decimal]   # (session, player) -> money, units finer than a cent


def _fine_money(reader: StatsReader | HandTally, scope: Scope,
                sessions: list[dict[str, Any]]) -> Fine:
    """Each player's money in each session of ``sessions`` whose unit is finer than a cent:
    the session's nets (seat order) and the pool's change, allocated together."""
    fine = {s["id"]: s["unit_value"] for s in sessions
            if s["unit_value"] is not None and not whole_cents(s["unit_value"])}
    if not fine:
        return {}
    seats: dict[int, list[tuple[str, int]]] = {}
    for sid, name, net in reader.records(Scope(session_id=scope.session_id, since=scope.since,
                                               identity=scope.identity,
                                               sessions=scope.sessions)):
        if sid in fine:
            seats.setdefault(sid, []).append((name, net))
    out: Fine = {}
    for sid, rows in seats.items():
        nets = [net for _, net in rows]
        cash = allocate([*nets, -sum(nets)], fine[sid])   # the pool's change: minus the nets
        out.update({(sid, name): c for (name, _), c in zip(rows, cash[:-1], strict=True)})
    return out


def _players(reader: StatsReader | HandTally, scope: Scope, nets: list[dict[str, Any]],
             sessions: list[dict[str, Any]], fine: Fine) -> list[dict[str, Any]]:
    """Each player's figures, in the order they first sat down (by session, then seat)."""
    totals = {r["player"]: r for r in reader.players(scope)}
    seats: dict[str, list[dict[str, Any]]] = {}
    for r in reader.seats(scope):
        seats.setdefault(r["player"], []).append(
            {"seat": r["seat"], "label": seat_label(r["seat"]), "hands": r["hands"],
             "net": r["net"], "looed": r["looed"]})
    unit = {s["id"]: (s["unit_value"], s["currency"]) for s in sessions}
    fine_sums: dict[tuple[str, str, str | None], Decimal] = {}
    for (sid, name), amount in fine.items():
        key = (name, *unit[sid])
        fine_sums[key] = fine_sums.get(key, Decimal("0.00")) + amount
    cash: dict[str, dict[str | None, Decimal]] = {}
    for r in sorted(nets, key=lambda r: r["first"]):
        mine = cash.setdefault(r["player"], {})
        value = r["unit_value"]
        if value is not None:
            exact_sum = money(r["net"], value) if whole_cents(value) else None  # exact here
            amount = exact_sum if exact_sum is not None else \
                fine_sums[(r["player"], value, r["currency"])]
            mine[r["currency"]] = mine.get(r["currency"], Decimal("0.00")) + amount
    return [_player(name, totals.get(name), seats.get(name, []),
                    [{"currency": c, "amount": str(a)} for c, a in by_currency.items()])
            for name, by_currency in cash.items()]


def _player(name: str, t: dict[str, Any] | None, seats: list[dict[str, Any]],
            money_: list[dict[str, Any]]) -> dict[str, Any]:
    t = t or {"hands": 0, "forced": 0, "played": 0, "tricks": 0, "looed": 0, "loo_paid": 0,
              "took_whole": 0, "flushes": 0, "net": 0, "best": 0, "worst": 0,
              **dict.fromkeys(WORDS, 0), **dict.fromkeys(CARD_TOTALS, 0)}
    declared = t["hands"] - t["forced"]
    return {
        "player": name, "hands": t["hands"], "declared": declared, "forced": t["forced"],
        "declarations": {w: {"count": t[w], "rate": rate(t[w], declared)} for w in WORDS},
        "played": t["played"], "tricks": t["tricks"],
        "tricks_per_hand": rate(t["tricks"], t["played"]),
        "looed": t["looed"], "loo_rate": rate(t["looed"], t["played"]),
        "paid_in_loos": t["loo_paid"], "took_whole": t["took_whole"], "flushes": t["flushes"],
        "net": t["net"], "money": money_,
        "biggest_gain": max(t["best"], 0), "biggest_loss": min(t["worst"], 0),
        "by_seat": sorted(seats, key=lambda s: s["seat"]),
        "cards": {"hands": t["card_hands"], "trumps_led": t["trumps_led"],
                  "pam_tricks": t["pam_tricks"], "revokes_caught": t["revokes_caught"],
                  "first_tricks_led": t["first_leads"], "first_tricks_won": t["first_won"],
                  "first_trick_rate": rate(t["first_won"], t["first_leads"])},
    }


def _session(s: dict[str, Any]) -> dict[str, Any]:
    hands, doubles = s["hands"] or 0, s["doubles"] or 0
    return {"session": s["id"], "name": s["name"], "date": s["date"], "hands": hands,
            "simple": hands - doubles, "double": doubles, "largest_pot": s["largest_pot"] or 0,
            "longest_double_run": s["longest_run"] or 0, "paid_in_loos": s["loo_paid"] or 0,
            "cards": _session_cards(s)}


def _session_cards(s: dict[str, Any]) -> dict[str, Any]:
    """A session's figures from its recorded cards: ``hands`` with a trick judged, and how
    often the eldest in play (who leads the first trick) won it."""
    judged, won = s["card_hands"] or 0, s["first_won"] or 0
    return {"hands": judged, "trumps_led": s["trumps_led"] or 0,
            "pam_tricks": s["pam_tricks"] or 0, "revokes_caught": s["revokes_caught"] or 0,
            "eldest_won_first": won, "eldest_first_rate": rate(won, judged)}


def _record(rows: list[tuple[Any, ...]], sessions: list[dict[str, Any]],
            fine: Fine) -> list[dict[str, Any]]:
    """Each player's net (and money) session by session, in the sessions' order."""
    by_id = {s["id"]: (i, s) for i, s in enumerate(sessions)}
    cash: dict[tuple[int, str], str | None] = {}
    out: dict[str, list[dict[str, Any]]] = {}
    for sid, name, net in sorted(rows, key=lambda r: by_id[r[0]][0]):
        s = by_id[sid][1]
        if (sid, name) in fine:
            amount: str | None = str(fine[(sid, name)])
        else:   # a whole-cent unit (exact) or none: the same for the same net and unit
            key = (net, s["unit_value"])
            if key not in cash:
                value = money(net, s["unit_value"])
                cash[key] = None if value is None else str(value)
            amount = cash[key]
        out.setdefault(name, []).append({"session": sid, "date": s["date"], "net": net,
                                         "money": amount, "currency": s["currency"]})
    return [{"player": p, "sessions": rows_} for p, rows_ in out.items()]
