"""loo hand -i: ask, in seat order from the dealer's left, only what the rules allow."""

from __future__ import annotations

from dataclasses import replace

import typer

from loo_ledger.domain.deal import dealer_for, deal_kind, rotate_from_left
from loo_ledger.cli.entry import Options
from loo_ledger.errors import LooError

SUITS = ("clubs", "diamonds", "hearts", "spades")


def _ask(question: str, allowed: tuple[str, ...] | None = None, *, default: str | None = None,
         why: str = "") -> str:
    """Ask until the answer is one of ``allowed``; say why a wrong answer is wrong."""
    hint = f" [{'/'.join(allowed)}]" if allowed else ""
    while True:
        answer = typer.prompt(question + hint, default=default, show_default=default is not None)
        answer = answer.strip().lower()
        if allowed is None or answer in allowed:
            return answer
        typer.echo(f"  '{answer}' is not possible here{': ' + why if why else ''}; "
                   f"answer one of {', '.join(allowed)}")


def _choices(player: str, dealer: str, words: dict[str, str], v, kind: str) -> tuple[tuple, str]:
    if kind == "lou-later":
        return ("stand", "fold"), "in Lou a player stands or folds"
    others = {p: w for p, w in words.items() if p != dealer}
    miss_free = v.miss and "miss" not in words.values()
    if player != dealer:
        return (("stand", "pass", "miss") if miss_free else ("stand", "pass")), \
            "the miss is taken" if v.miss and not miss_free else ""
    playing = [p for p, w in others.items() if w != "pass"]
    if len(playing) == 1 and others[playing[0]] == "stand" and v.miss:
        return tuple(o for o in ("stand", "miss", "defend") if o in v.dealer_vs_one), \
            f"only {playing[0]} stood: the dealer may not pass (dealer_vs_one)"
    if len(playing) == 1 and others[playing[0]] == "miss":
        return ("stand", "pass"), f"{playing[0]} alone took the miss: the dealer stands or passes"
    return (("stand", "pass", "miss") if miss_free else ("stand", "pass")), \
        "the dealer may defend only against a lone stander"


def ask_hand(ledger, sid: int, opts: Options) -> tuple[list[str], Options]:
    """Ask the table for the next hand; preview its settlement and confirm it."""
    from loo_ledger.cli.show import settlement_lines
    from loo_ledger.services.table import record_hand, stored_variant
    v, state = stored_variant(ledger, sid), ledger.final_state(sid)
    present = [p for p in ledger.present_players(sid) if p not in state.sit_out]
    dealer = dealer_for(state, present)
    order = [p for p in rotate_from_left(state.seats, dealer) if p in present]
    if v.club_law or v.flushes:
        trump = _ask("Trump turned (blank if none yet)", SUITS + ("",), default="")
        opts = replace(opts, trump=trump or None)
    kind, why = deal_kind(state, v, opts.trump)
    typer.echo(f"Hand {state.hand_no}: {dealer} deals; pool {state.pool} "
               f"({'double' if state.double else 'simple'}): {why}.")
    words: dict[str, str] = {}
    if kind in ("declared", "lou-later"):
        for p in order:
            if p == dealer and kind == "declared" and all(w == "pass" for w in words.values()):
                words[p] = "stand"
                typer.echo(f"  everyone passed: {dealer} takes the pool")
                continue
            allowed, reason = _choices(p, dealer, words, v, kind)
            words[p] = _ask(f"{p}", allowed, why=reason)
    elif kind == "eldest-miss":
        words[order[0]] = _ask(f"{order[0]}: play own cards or take the miss", ("stand", "miss"))
    playing = [p for p in order if words.get(p, "stand") not in ("pass", "fold")]
    answers = _tricks(playing, words, v, kind, dealer)
    preview = record_hand(ledger, sid, answers, opts, dry_run=True)
    typer.echo("\n".join(settlement_lines(preview, lou=v.game == "lou")))
    typer.confirm("Record this hand?", abort=True, default=True)
    return answers, opts


def _tricks(playing: list[str], words: dict[str, str], v, kind: str, dealer: str) -> list[str]:
    """Ask each player in play for tricks, unless the hand is settled without play."""
    alone = len(playing) <= 1 or (kind == "declared" and len([p for p in playing if p != dealer])
                                  == 1 and words.get(dealer) == "pass")
    if kind == "lou-later" and len(playing) == 1:
        alone = True
    pairs = {p: words.get(p, "stand") for p in words}
    if alone:
        return [f"{p}={w}" for p, w in pairs.items()]
    while True:
        counts = {p: _ask(f"{p}: tricks won", tuple(str(i) for i in range(v.hand_size + 1)))
                  for p in playing}
        total = sum(int(c) for c in counts.values())
        if total == v.hand_size:
            break
        typer.echo(f"  the tricks add up to {total}, but a hand has {v.hand_size}: again")
    out = [f"{p}={w}" for p, w in pairs.items() if p not in counts]
    for p, c in counts.items():
        w = pairs.get(p, "stand")
        out.append(f"{p}={c}" if w == "stand" else f"{p}={w}:{c}")
    if not out:
        raise LooError("nobody was dealt in")
    return out
