"""loo stats under the hand filters (issue 24, item 4): ``--pool``, ``--seat`` and
``--with`` choose hands and seats, which the per-session totals cannot tell apart, so the
figures are tallied from the hands themselves (store/situations.py ``hand_players``: each
dealt player's part in a hand, read from the hand's compact columns).

:class:`HandTally` answers the questions services/analysis/stats.py asks the totals'
reader (store/stats_sql.py ``StatsReader``) -- each player's totals, his seats, each
session's figures, the nets by unit, each session's record -- with the same rows, over the
hands and seats the filters keep, so the report has the same columns either way:

- a player's figures are over the seats kept (``--seat``) of the hands kept (``--pool``,
  ``--with``);
- a session's hands, simple and double pools and largest pool are of the hands with a
  seat kept; its longest double run counts consecutive hands kept, all double; its loos
  paid are those of the seats kept;
- money is worked out as the report always does, from each session's nets (here: over the
  seats kept) allocated with their opposite, the pool's part (domain/rules/money.py);
- the figures from recorded cards are the whole evening's (stored with the totals when the
  hand was settled, never worked out again): under a hand filter the report has none
  (``cards`` is null).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from loo_ledger.services.analysis.filters import Filters
from loo_ledger.store.identities import read as read_identities
from loo_ledger.store.situations import hand_players
from loo_ledger.store.stats_sql import PLAYER_TOTALS, Scope, StatsReader
from loo_ledger.store.totals import WORDS

_ZERO = {c: 0 for c, _, _ in PLAYER_TOTALS}


class HandTally:
    """The totals' reader's rows, tallied from the hands of ``scope`` that ``only`` keeps.

    ``names``: each seated spelling -> its identity (None: players are spellings)."""

    def __init__(self, db: Any, scope: Scope, only: Filters,
                 names: Mapping[str, str] | None = None):
        self.reader = StatsReader(db, names)
        self.rows = self.reader.sessions(Scope(session_id=scope.session_id, since=scope.since,
                                               sessions=scope.sessions))
        who = (lambda n: names.get(n, n)) if names is not None else (lambda n: n)
        person = read_identities(db).who   # --with names a person, in any spelling
        self.players_: dict[str, dict[str, int]] = {}
        self.seats_: dict[tuple[str, int], list[int]] = {}
        self.sessions_: dict[int, dict[str, int]] = {}
        self.nets_: dict[tuple[int, str], int] = {}
        self.first: dict[tuple[int, str], int] = {}
        for row, pot, players in hand_players(db, [s["id"] for s in self.rows]):
            if only.hand(row, person):
                self._hand(row, pot, players, only, who)

    def _hand(self, row: tuple[Any, ...], pot: int, players: Sequence[Any], only: Filters,
              who: Any) -> None:
        sid, number, names = row[0], row[1], row[7]
        kept = [h for h in players if only.seat_kept(h.seat)]
        if not kept:
            return
        s = self.sessions_.setdefault(sid, {"hands": 0, "doubles": 0, "largest_pot": 0,
                                            "longest_run": 0, "run": 0, "last": 0,
                                            "loo_paid": 0})
        double = row[5]
        run = s["run"] + 1 if double and s["last"] == number - 1 else int(double)
        s.update(hands=s["hands"] + 1, doubles=s["doubles"] + double, run=run, last=number,
                 largest_pot=max(s["largest_pot"], pot),
                 longest_run=max(s["longest_run"], run))
        for h in kept:
            p = who(names[h.position])
            t = self.players_.get(p)
            if t is None:
                t = self.players_[p] = {**_ZERO, "best": h.delta, "worst": h.delta}
            t["hands"] += 1
            if h.word in WORDS:
                t[h.word] += 1
            t["played"] += h.played
            t["tricks"] += h.tricks
            t["looed"] += h.looed
            t["loo_paid"] += h.loo_paid
            t["took_whole"] += h.took_whole
            t["flushes"] += h.flush
            t["net"] += h.delta
            t["best"], t["worst"] = max(t["best"], h.delta), min(t["worst"], h.delta)
            seat = self.seats_.setdefault((p, h.seat), [0, 0, 0])
            seat[0] += 1
            seat[1] += h.delta
            seat[2] += h.looed
            s["loo_paid"] += h.loo_paid
            key = (sid, p)
            self.nets_[key] = self.nets_.get(key, 0) + h.delta
            self.first[key] = min(self.first.get(key, h.position), h.position)

    def players(self, scope: Scope) -> list[dict[str, Any]]:
        return [{"player": p, **t} for p, t in self.players_.items() if _mine(scope, p)]

    def seats(self, scope: Scope) -> list[dict[str, Any]]:
        return [{"player": p, "seat": seat, "hands": h, "net": net, "looed": lo}
                for (p, seat), (h, net, lo) in self.seats_.items() if _mine(scope, p)]

    def sessions(self, scope: Scope) -> list[dict[str, Any]]:
        """The sessions of the scope with a hand kept (of the player's, with one), their
        figures over the hands kept; no card figures."""
        out = []
        for s in self.rows:
            t = self.sessions_.get(s["id"])
            if t is None or (scope.player is not None
                             and (s["id"], scope.player) not in self.nets_):
                continue
            out.append({**s, **{k: t[k] for k in ("hands", "doubles", "largest_pot",
                                                  "longest_run", "loo_paid")},
                        **dict.fromkeys(("card_hands", "trumps_led", "pam_tricks",
                                         "revokes_caught", "first_won"))})
        return out

    def nets(self, scope: Scope) -> list[dict[str, Any]]:
        """Each player's net chips per unit (value and currency), ``first`` ordering the
        players by session, then seat, as the totals' reader has it."""
        unit = {s["id"]: (s["unit_value"], s["currency"]) for s in self.rows}
        out: dict[tuple[str, Any, Any], dict[str, Any]] = {}
        for (sid, p), net in self.nets_.items():
            if not _mine(scope, p):
                continue
            value, currency = unit[sid]
            row = out.setdefault((p, value, currency), {
                "player": p, "unit_value": value, "currency": currency, "net": 0,
                "first": sid * 1000 + self.first[(sid, p)]})
            row["net"] += net
            row["first"] = min(row["first"], sid * 1000 + self.first[(sid, p)])
        return list(out.values())

    def records(self, scope: Scope, session_ids: Sequence[int] | None = None
                ) -> list[tuple[Any, ...]]:
        """(session, player, net) over the seats kept, by session, then seat."""
        ids = None if session_ids is None else set(session_ids)
        return [(sid, p, net) for (sid, p), net in sorted(
            self.nets_.items(), key=lambda kv: (kv[0][0], self.first[kv[0]]))
            if (ids is None or sid in ids) and _mine(scope, p)]

    def uncounted(self, scope: Scope) -> list[dict[str, Any]]:
        """None: the hands are read themselves, not their totals."""
        return []


def _mine(scope: Scope, player: str) -> bool:
    return scope.player is None or scope.player == player
