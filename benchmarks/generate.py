#!/usr/bin/env python3
"""Realistic, legal ``loo-session/1`` files for every preset variant, for the benchmarks.

Every choice is asked of the rules engine, never copied from the rules: who is dealt in and
who deals (``legal.dealt_in``), the kind of deal (``legal.deal_shape``), the words each player
may say given what was said before (``legal.words_allowed``), whether a flush is possible
(``legal.can_flush``), how many cards may be exchanged (``legal.exchange_limit``), who plays
and how the hand resolves (``deal.analyse``). The generator then makes a random choice, asks
``settle`` (which validates) and retries on a problem; the settlement gives the hand's
``deltas`` (the table's score sheet) and the next table state. Seeded and deterministic.

What happens at the generated tables: simple and double pools, loos, the miss, defended
pools, flushes and blazes where the variant has them, exchanges, Lou games (first deals,
folds, burns, reneges and redeals), revokes and forfeits, players sitting out for a while,
and a table ruling now and then.

    python benchmarks/generate.py --variant irish --players 6 --hands 100000 -o file.json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from msgspec.structs import replace

from loo_ledger.domain import PRESETS, HandRecord, TableState, opening_state, settle, variant
from loo_ledger.domain.next import legal
from loo_ledger.domain.next.plan import analyse
from loo_ledger.domain.rules.codes import DealKind, FlushKind, Resolution, Suit
from loo_ledger.domain.rules.model import Flush, Penalty
from loo_ledger.domain.rules.variants import Variant
from loo_ledger.errors import HandRejected, Problem
from loo_ledger.formats.sessionfile import FORMAT, hand_to_dict

NAMES = ("Ann", "Ben", "Cat", "Dov", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kit", "Lew",
         "Meg", "Ned", "Ola", "Pip", "Quin", "Rex", "Sue", "Tom")
UNITS = {"loo3": {"name": "white chip", "value": "0.05", "currency": "GBP"},
         "loo5": {"name": "chip", "value": "0.10", "currency": "GBP"},
         "lou": {"name": "cent", "value": "0.01", "currency": "USD"}}
SUITS = tuple(str(s) for s in Suit)
FLUSH_KINDS = tuple(str(k) for k in FlushKind)
RULINGS = ("the table agreed a misdealt card changed nothing", "a chip was paid short and "
           "forgiven", "settled by the host after a dispute", "a friendly adjustment")
TRIES = 200  # candidate hands before the generator gives up (a bug, not bad luck)


@dataclass(frozen=True)
class Habits:
    """How often things happen at the generated tables (per hand, or per word)."""

    words: tuple[tuple[str, float], ...] = (("stand", 4.0), ("pass", 5.0), ("miss", 1.5),
                                            ("defend", 3.0), ("fold", 5.0))
    flush: float = 0.03        # a flush is declared, where one is possible
    second_flush: float = 0.2  # ... and a second player shows one too
    revoke: float = 0.004      # a revoke (a renege in Lou)
    forfeit: float = 0.01      # a misdeal / looked-early / declared-early, where forfeits are on
    ruling: float = 0.001      # the table rules its own figures
    seat_change: float = 0.005  # a player steps away ...
    away_for: tuple[int, int] = (2, 30)  # ... for this many hands
    exchange: float = 0.85     # a player who may exchange does


class Table:
    """One generated evening: the rules, the seats, the random source and the state."""

    def __init__(self, v: Variant, players: Sequence[str], rng: random.Random,
                 habits: Habits, with_deltas: bool):
        self.v, self.players, self.rng, self.habits = v, tuple(players), rng, habits
        self.with_deltas = with_deltas
        self.away: dict[str, int] = {}  # who is away, and the hand he is back for
        self.skill = {p: rng.uniform(0.6, 1.6) for p in players}
        self.word_weight = dict(habits.words)

    # -- one hand ------------------------------------------------------------------

    def hand(self, state: TableState) -> tuple[HandRecord, TableState]:
        """A legal record of the next hand and the state after it."""
        if state.hand_no > 1:
            self._seats_come_and_go(state)
        problems: tuple[Problem, ...] = ()
        for _ in range(TRIES):
            record = self._candidate(state)
            try:
                result = settle(record, state, self.v)
            except HandRejected as exc:  # a random choice the rules do not allow: choose again
                problems = exc.problems
                continue
            if self.with_deltas:
                record, result = self._score_sheet(record, result, state)
            assert result.next_state is not None
            return record, result.next_state
        raise RuntimeError(f"hand {state.hand_no}: no legal hand in {TRIES} tries; last "
                           "problems: " + "; ".join(p.describe() for p in problems))

    def _seats_come_and_go(self, state: TableState) -> None:
        """Someone steps away for a few hands (or leaves early and comes back next time)."""
        rng = self.rng
        for p, back in list(self.away.items()):
            if back <= state.hand_no:
                del self.away[p]
        seated = len(self.players) - len(self.away) - len(state.sit_out)
        if rng.random() < self.habits.seat_change and len(self.away) < 2 and seated > 3:
            p = rng.choice([p for p in self.players if p not in self.away])
            self.away[p] = state.hand_no + rng.randint(*self.habits.away_for)
    def _candidate(self, state: TableState) -> HandRecord:
        rng, v, habits = self.rng, self.v, self.habits
        present = [p for p in self.players if p not in self.away]
        dealt = legal.dealt_in(state, present)
        trump = rng.choice(SUITS)
        shape = legal.deal_shape(state, v, trump)
        out = tuple(p for p in self.players if p in self.away or p in state.sit_out)
        record = HandRecord(dealer=dealt[-1], sitting_out=out,
                            trump=trump if shape.trump_known or v.club_law else None,
                            declarations=self._declarations(shape, dealt))
        if v.forfeits and rng.random() < habits.forfeit:
            record = replace(record, penalties=(self._forfeit(dealt, record.declarations),))
        deal = analyse(record, state, v)
        if deal.problems or deal.resolution != Resolution.PLAYED:
            return record
        in_play = tuple(deal.in_play)
        penalties = record.penalties + self._revoke(in_play)
        flushes = self._flushes(shape, in_play, trump) if not penalties else ()
        exchanges = self._exchanges(shape, dealt, in_play)
        renege = v.game == "lou" and any(p.kind == "revoke" for p in penalties)
        tricks = None if flushes or renege else self._tricks(in_play)
        return replace(record, exchanges=exchanges, flushes=flushes, tricks=tricks,
                       penalties=penalties)

    def _choose(self, allowed: Sequence[str]) -> str:
        weights = [self.word_weight.get(str(w), 1.0) for w in allowed]
        return str(self.rng.choices(list(allowed), weights)[0])

    def _declarations(self, shape: legal.DealShape,
                      dealt: tuple[str, ...]) -> dict[str, str] | None:
        """Each player's word in turn, from what the rules allow after the words before."""
        said: dict[str, str] = {}
        if shape.kind == DealKind.ELDEST_MISS:  # only the eldest chooses; the rest must play
            eldest = dealt[0]
            said[eldest] = self._choose(legal.words_allowed(self.v, shape, dealt, {}, eldest))
            return said if said[eldest] != "stand" else None
        if not shape.declared:
            return None
        for p in dealt:
            said[p] = self._choose(legal.words_allowed(self.v, shape, dealt, said, p))
        return said

    def _exchanges(self, shape: legal.DealShape, dealt: tuple[str, ...],
                   in_play: tuple[str, ...]) -> dict[str, int]:
        out: dict[str, int] = {}
        for p in in_play:
            low, high = legal.exchange_limit(self.v, shape, dealt, p)
            if high and (low or self.rng.random() < self.habits.exchange):
                out[p] = self.rng.randint(max(low, 0), high)
        return out

    def _flushes(self, shape: legal.DealShape, in_play: tuple[str, ...],
                 trump: str) -> tuple[Flush, ...]:
        rng = self.rng
        if not legal.can_flush(self.v, shape) or rng.random() >= self.habits.flush:
            return ()
        count = 2 if rng.random() < self.habits.second_flush and len(in_play) > 1 else 1
        kinds = [k for k in FLUSH_KINDS if (k == "flush") == (self.v.hand_size == 3)]
        out = []
        for p in rng.sample(list(in_play), count):
            kind = rng.choice(kinds)
            suit = trump if kind == "trump" else rng.choice([s for s in SUITS if s != trump])
            out.append(Flush(player=p, kind=kind, suit=suit if kind != "flush" else None))
        return tuple(out)

    def _revoke(self, in_play: tuple[str, ...]) -> tuple[Penalty, ...]:
        if self.rng.random() >= self.habits.revoke:
            return ()
        return (Penalty(player=self.rng.choice(in_play), kind="revoke"),)

    def _forfeit(self, dealt: tuple[str, ...], said: dict[str, str] | None) -> Penalty:
        """A forfeit before play: a misdeal is the dealer's; one who declared early threw
        up his hand (so passed); anyone may have looked early."""
        kind = self.rng.choice(("misdeal", "looked-early", "declared-early"))
        passed = [p for p, w in (said or {}).items() if w in ("pass", "fold")]
        who = dealt[-1] if kind == "misdeal" else self.rng.choice(
            passed if kind == "declared-early" and passed else list(dealt))
        return Penalty(player=who, kind=kind)

    def _tricks(self, in_play: tuple[str, ...]) -> dict[str, int]:
        tricks = dict.fromkeys(in_play, 0)
        weights = [self.skill[p] for p in in_play]
        for _ in range(legal.tricks_left(self.v, {})):
            tricks[self.rng.choices(in_play, weights)[0]] += 1
        return tricks

    def _score_sheet(self, record: HandRecord, result: Any,
                     state: TableState) -> tuple[HandRecord, Any]:
        """The table writes down everyone's change; now and then it rules its own figures."""
        deltas = dict(result.deltas)
        rng = self.rng
        if rng.random() < self.habits.ruling and len(deltas) >= 2:
            a, b = rng.sample(sorted(deltas), 2)
            moved = rng.randint(1, 3)
            deltas[a] -= moved
            deltas[b] += moved
            record = replace(record, deltas=deltas, table_ruling=rng.choice(RULINGS))
            return record, settle(record, state, self.v)
        return replace(record, deltas=deltas), result


def generate_session(variant_name: str, players: int = 6, hands: int = 1000, seed: int = 1, *,
                     name: str | None = None, started_at: str | None = None,
                     with_deltas: bool = True, habits: Habits = Habits()) -> dict[str, Any]:
    """One evening as a session-file object: ``hands`` legal hands of ``variant_name``."""
    v = variant(variant_name)
    if not 2 <= players <= len(NAMES):
        raise ValueError(f"players must be 2 to {len(NAMES)}")
    rng = random.Random(f"{variant_name}/{players}/{seed}")
    seats = NAMES[:players]
    first = seats[rng.randrange(players)]
    table = Table(v, seats, rng, habits, with_deltas)
    state = opening_state(seats, first)
    if not legal.can_deal(v, legal.deal_shape(state, v), players):
        raise ValueError(f"{players} players cannot be dealt {variant_name} from one pack")
    records = []
    for _ in range(hands):
        record, state = table.hand(state)
        records.append(hand_to_dict(record))
    when = started_at or (datetime(2026, 1, 2, 20, tzinfo=UTC)
                          - timedelta(days=seed % 3650)).isoformat()
    unit = UNITS["lou" if v.game == "lou" else f"loo{v.hand_size}"]
    return {"format": FORMAT, "name": name or f"{variant_name}, {players} players, seed {seed}",
            "started_at": when, "variant": variant_name, "unit": unit, "players": list(seats),
            "first_dealer": first, "opening_pool": 0, "hands": records}


def dumps(data: dict[str, Any]) -> str:
    """The file's text: the session's fields, then one hand a line (readable, compact)."""
    head = {k: v for k, v in data.items() if k != "hands"}
    text = json.dumps(head, ensure_ascii=False)[:-1] + ', "hands": ['
    lines = ",\n  ".join(json.dumps(h, ensure_ascii=False, separators=(",", ":"))
                         for h in data["hands"])
    return text + ("\n  " + lines + "\n" if lines else "") + "]}\n"


def write_session(data: dict[str, Any], path: str | Path) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dumps(data), encoding="utf-8")
    return path


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="three-card", choices=sorted(PRESETS))
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--name", help="the session's name (default: variant, players, seed)")
    parser.add_argument("--no-deltas", action="store_true",
                        help="leave out the table's own deltas (and so table rulings)")
    parser.add_argument("-o", "--output", help="the file to write (default: standard output)")
    args = parser.parse_args(argv)
    try:
        data = generate_session(args.variant, args.players, args.hands, args.seed,
                                name=args.name, with_deltas=not args.no_deltas)
    except ValueError as exc:
        parser.error(str(exc))
    if args.output:
        write_session(data, args.output)
    else:
        sys.stdout.write(dumps(data))
    return 0


if __name__ == "__main__":
    sys.exit(main())
