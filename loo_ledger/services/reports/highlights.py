"""The evening's highlights: the biggest pot, the best and worst hands, who was looed (Lou:
burned) most."""

from __future__ import annotations

from collections import Counter

import msgspec

from loo_ledger.services.reports.evening import Evening
from loo_ledger.store.rows import HandRow


class Highlights(msgspec.Struct, frozen=True):
    """What people mention after the evening."""

    biggest_pot: HandRow | None     # the hand row with the largest pot (earliest on a tie)
    pot_takers: list[str]           # who took the whole of that pot, or who shared it
    best_hand: tuple[str, int, int] | None   # (player, chips, hand number): largest gain
    worst_hand: tuple[str, int, int] | None  # (player, chips, hand number): largest loss
    looed: list[tuple[str, int]]    # (player, times looed), most first
    pot_whole: bool = False         # one player took that whole pot (MovementKind.WHOLE_POOL)


def highlights(ev: Evening) -> Highlights:
    """The biggest pot and who took it, the best and worst single hands, who was looed most.
    One pass through the hands (a long session's are read from the ledger as they go by):
    on a tie the earliest hand, and in it the first player, is kept."""
    big: HandRow | None = None
    best: tuple[str, int, int] | None = None
    worst: tuple[str, int, int] | None = None
    counts: Counter[str] = Counter()
    for h in ev.hand_facts:
        n = h["number"]
        if big is None or h["pot"] > big["pot"]:
            big = h
        for p, d in h["deltas"].items():
            if best is None or d > best[1]:
                best = (p, d, n)
            if worst is None or d < worst[1]:
                worst = (p, d, n)
        counts.update(h.get("looed") or [])
    if big is None:
        return Highlights(None, [], None, None, [])
    whole = ev.whole.get(big["number"])
    takers = [whole] if whole else list(ev.sharers.get(big["number"], []))
    order = {p: i for i, p in enumerate(ev.players)}
    looed = sorted(counts.items(), key=lambda kv: (-kv[1], order.get(kv[0], 0)))
    return Highlights(big, takers, best if best and best[1] > 0 else None,
                      worst if worst and worst[1] < 0 else None, looed, pot_whole=bool(whole))


def facts(ev: Evening) -> list[str]:
    """A few plain sentences about the evening (not escaped: the caller escapes)."""
    h = highlights(ev)
    if h.biggest_pot is None:
        return ["No hands played yet."]
    big = h.biggest_pot
    out = [f"Biggest pot: {ev.chips_text(big['pot'])} in hand {big['number']}, "
             f"dealt by {big['dealer']}"
             + _taken(h)]
    if h.best_hand:
        p, chips, n = h.best_hand
        out.append(f"Best single hand: {p} won {ev.chips_text(chips)} in hand {n}.")
    if h.worst_hand:
        p, chips, n = h.worst_hand
        out.append(f"Worst single hand: {p} lost {ev.chips_text(-chips)} in hand {n}.")
    if h.looed:
        top = h.looed[0][1]
        most = [p for p, c in h.looed if c == top]
        looed = "Burned" if ev.lou else "Looed"
        out.append(f"{looed} most often: {_names(most)} ({top} time{'s' * (top != 1)}).")
    if ev.pool:
        out.append(f"{ev.chips_text(ev.pool, cash=ev.pool_money_text())} stay in the "
                   f"{ev.pool_word} for next time.")
    return out


def _taken(h: Highlights) -> str:
    """ "; taken by Ann." when one player took the whole pot, "; shared by Ann and Ben."
    when it was divided (by tricks, or Lou's first-deal share), else "."."""
    if not h.pot_takers:
        return "."
    return f"; {'taken' if h.pot_whole else 'shared'} by {_names(h.pot_takers)}."


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
