"""Turning what a player types at the table into a hand record.

``Ann=2 Ben=pass Cat=miss:1 Dov=defend:2 Eve=stand``: each dealt player once, names
matched by a unique case-insensitive prefix. Pure: no I/O.

>>> seats = ("Ann", "Ben", "Cat")
>>> split_word("miss:1")
('miss', 1)
>>> match_player("be", seats)
'Ben'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from loo_ledger.domain.deal import deal_kind
from loo_ledger.domain.model import SUITS, Flush, HandRecord, Penalty, TableState
from loo_ledger.domain.variants import Variant
from loo_ledger.errors import HandRejected, Problem

WORDS = ("stand", "pass", "fold", "miss", "defend")


@dataclass(kw_only=True)
class Options:
    """The options of ``loo hand`` besides the players' words."""

    trump: str | None = None
    flushes: list[str] = field(default_factory=list)       # NAME[:KIND]
    exchanges: list[str] = field(default_factory=list)     # NAME=N
    revokes: list[str] = field(default_factory=list)       # NAME
    penalties: list[str] = field(default_factory=list)     # NAME=KIND
    pam: str | None = None
    sitting_out: list[str] = field(default_factory=list)
    note: str | None = None
    paid: list[str] = field(default_factory=list)          # NAME=DELTA
    table_ruling: str | None = None


class _Problems(list):
    def __init__(self, hand: int):
        super().__init__()
        self.hand = hand

    def add(self, code: str, message: str, player: str | None = None) -> None:
        self.append(Problem(code=code, message=message, hand=self.hand, player=player))


def match_player(typed: str, seats: tuple[str, ...] | list[str]) -> str:
    """The one seated player whose name is ``typed`` or starts with it (any case)."""
    low = typed.strip().lower()
    exact = [p for p in seats if p.lower() == low]
    found = exact or [p for p in seats if p.lower().startswith(low)]
    if len(found) == 1 and low:
        return found[0]
    if not found or not low:
        raise ValueError(f"no player matches {typed!r}; the players are {', '.join(seats)}")
    raise ValueError(f"{typed!r} is ambiguous: it matches {', '.join(found)}; type more of the name")


def split_word(value: str) -> tuple[str, int | None]:
    """``"2"`` -> ("stand", 2); ``"miss:1"`` -> ("miss", 1); ``"pass"`` -> ("pass", None)."""
    text = value.strip().lower()
    word, _, count = text.partition(":")
    if word.isdigit() and not count:
        return "stand", int(word)
    if word not in WORDS:
        raise ValueError(f"{value!r} is neither a number of tricks nor one of {', '.join(WORDS)}")
    if count and not count.isdigit():
        raise ValueError(f"{value!r}: {count!r} is not a number of tricks")
    return word, int(count) if count else None


def _pairs(items: list[str], seats, problems: _Problems, what: str) -> list[tuple[str, str]]:
    out = []
    for item in items:
        name, sep, value = item.partition("=") if "=" in item else item.partition(":")
        try:
            out.append((match_player(name, seats), value.strip() if sep else ""))
        except ValueError as exc:
            problems.add("UNKNOWN_PLAYER", f"{what} {item}: {exc}", name)
    return out


def _with_trump(opts: Options, problems: _Problems) -> Options:
    from dataclasses import replace
    suit = opts.trump.strip().lower()
    if suit not in SUITS:
        problems.add("BAD_TRUMP", f"--trump {opts.trump}: the suits are {', '.join(SUITS)}")
    return replace(opts, trump=suit)


def build_record(words: list[str], opts: Options, *, state: TableState, v: Variant,
                 present: list[str]) -> HandRecord:
    """The hand record for the next hand; raises HandRejected listing every problem."""
    seats = state.seats
    problems = _Problems(state.hand_no)
    if opts.trump is not None:
        opts = _with_trump(opts, problems)
    out = {p for p, _ in _pairs(opts.sitting_out, seats, problems, "--sitting-out")}
    out |= {p for p in seats if p not in present}
    dealt = [p for p in seats if p not in out and p not in state.sit_out]
    said: dict[str, tuple[str, int | None]] = {}
    named: set[str] = set()
    for item in words:
        name, sep, value = item.partition("=")
        try:
            player = match_player(name, seats)
            named.add(player)
            if not sep:
                raise ValueError(f"{item!r} should be NAME=VALUE, e.g. {player}=2 or {player}=pass")
            if player in said:
                problems.add("PLAYER_TWICE", f"{player} is named twice", player)
                continue
            said[player] = split_word(value)
        except ValueError as exc:
            problems.add("BAD_ENTRY", str(exc), name)
    for p in said:
        if p not in dealt:
            problems.add("NOT_DEALT_IN", f"{p} is not dealt in this hand", p)
    for p in dealt:
        if p not in named:
            problems.add("MISSING_PLAYER", f"{p} was dealt in: say {p}=N (tricks won), {p}=pass, "
                         f"{p}=miss:N, {p}=stand ... or --sitting-out {p}", p)
    if problems:
        raise HandRejected(f"hand {state.hand_no} cannot be recorded", problems)
    return _record(said, opts, state, v, sorted(out, key=seats.index), problems)


def _record(said, opts: Options, state: TableState, v: Variant, out: list[str],
            problems: _Problems) -> HandRecord:
    seats = state.seats
    kind, _ = deal_kind(state, v, opts.trump)
    declared = kind in ("declared", "lou-later")
    declarations = {p: w for p, (w, _) in said.items() if declared or w != "stand"}
    tricks = {p: n for p, (_, n) in said.items() if n is not None}
    flushes = []
    for p, kind_text in _pairs(opts.flushes, seats, problems, "--flush"):
        if not kind_text and v.hand_size == 5:
            problems.add("BAD_ENTRY", f"--flush {p}: say which kind, e.g. {p}:trump "
                         "(pam, trump, plain, pam-blaze, blaze)", p)
        flushes.append(Flush(player=p, kind=kind_text.lower() or "flush"))
    exchanges, deltas = {}, {}
    for target, items, what in ((exchanges, opts.exchanges, "--exchange"),
                                (deltas, opts.paid, "--paid")):
        for p, value in _pairs(items, seats, problems, what):
            try:
                target[p] = int(value)
            except ValueError:
                problems.add("BAD_ENTRY", f"{what} {p}={value}: not a whole number", p)
    penalties = [Penalty(player=p, kind="revoke")
                 for p, _ in _pairs(opts.revokes, seats, problems, "--revoke")]
    penalties += [Penalty(player=p, kind=k)
                  for p, k in _pairs(opts.penalties, seats, problems, "--penalty")]
    pam = _pairs([opts.pam], seats, problems, "--pam")[0][0] if opts.pam else None
    if problems:
        raise HandRejected(f"hand {state.hand_no} cannot be recorded", problems)
    return HandRecord(sitting_out=tuple(out), trump=opts.trump,
                      declarations=declarations or None, exchanges=exchanges,
                      flushes=tuple(flushes), pam_holder=pam, tricks=tricks or None,
                      penalties=tuple(penalties), deltas=deltas or None,
                      table_ruling=opts.table_ruling, note=opts.note)
