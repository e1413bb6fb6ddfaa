"""A plain-text summary of an evening for chat apps: lines only, no tables.

Each player's result in chips and money, the pool, the highlights of the Markdown
summary, and the transfers that settle the evening. Money and transfers are those of
``loo settle-up`` (loo_ledger.services.analysis.settle_up): the players' money and the
pool's are allocated together (loo_ledger.domain.rules.money), so they sum to zero, and the
transfers move exactly that money.
"""

from __future__ import annotations

from decimal import Decimal

import msgspec

from loo_ledger.domain.rules.chips import signed
from loo_ledger.domain.rules.money import money_text
from loo_ledger.services.analysis.settle_up import POOL, fewest_transfers, settle_up
from loo_ledger.services.reports.evening import Evening
from loo_ledger.services.reports.highlights import facts


class Settling(msgspec.Struct, frozen=True):
    """Who ends where, and who pays whom, as ``loo settle-up`` works it out."""

    money: dict[str, Decimal]       # each player's net in money (empty without a unit value)
    pool_money: Decimal | None      # the pool's change in money (None without a unit value)
    transfers: list[tuple[str, str, str]]  # (payer, payee, amount as text); POOL is the pool


def settling(ev: Evening) -> Settling:
    """The evening settled: in money when the unit has a value (settle-up's own figures),
    else in chips (settle-up's transfers applied to the chips)."""
    nets = [(p, ev.nets[p]) for p in ev.players]
    change = ev.pool - ev.opening_pool
    if ev.unit_value is None:
        parties = nets + ([(POOL, change)] if change else [])
        return Settling({}, None, [(t["from"], t["to"], ev.chips_text(t["cents"], cash=""))
                                   for t in fewest_transfers(parties)])
    result = settle_up({"id": ev.session_id, "unit_value": ev.unit_value,
                        "unit_name": ev.unit_name, "currency": ev.currency,
                        "pool": ev.pool, "opening_pool": ev.opening_pool}, nets)
    cash = {p["name"]: Decimal(p["money"]) for p in result["players"]}
    return Settling(cash, Decimal(result["pool"]["money"]),
                    [(t["from"], t["to"], money_text(Decimal(t["amount"]), ev.currency))
                     for t in result["fewest"]["transfers"]])


def transfer_lines(ev: Evening, s: Settling) -> list[str]:
    """ "D pays A £1.35", the pool named as "the pool" ("The pool pays A £0.55"; "the
    pot" in Lou); or one line
    saying nobody owes anything."""
    if not s.transfers:
        return ["Nobody owes anybody anything."]
    def who(name: str) -> str:
        return f"the {ev.pool_word}" if name == POOL else name
    lines = [f"{who(a)} pays {who(b)} {amount}" for a, b, amount in s.transfers]
    return [line[0].upper() + line[1:] for line in lines]


def _plus(amount: Decimal, currency: str | None) -> str:
    text = money_text(amount, currency)
    return f"+{text}" if amount > 0 else text


def summary(ev: Evening) -> str:
    """Title, date and game; each player's result; the pool; highlights; who pays whom."""
    s = settling(ev)
    lines = [_plain(ev.title), _plain(", ".join(ev.head)), "", "Result:"]
    for p in ev.best_first:
        cash = f", {_plus(s.money[p], ev.currency)}" if s.money else ""
        lines.append(f"{_plain(p)}: {signed(ev.nets[p])} {ev.units}{cash}")
    lines.append(_pool_line(ev, s))
    lines.extend(["", "Highlights:"])
    lines.extend(f"- {_plain(x)}" for x in [*facts(ev), *ev.card_lines])
    lines.extend(["", "To settle up:"])
    lines.extend(f"- {_plain(x)}" for x in transfer_lines(ev, s))
    return "\n".join(lines) + "\n"


def _pool_line(ev: Evening, s: Settling) -> str:
    """ "Pool: 9 white chips (£0.45)"; with a pool carried in, what it was and tonight's
    change, whose money is the pool's part of the settling."""
    word = ev.pool_word.capitalize()
    change = ev.pool - ev.opening_pool
    cash = money_text(s.pool_money, ev.currency) if s.pool_money is not None else ""
    if not ev.opening_pool:
        return f"{word}: {ev.chips_text(ev.pool, cash=cash if ev.pool else '')}"
    tonight = f"{signed(change)} tonight" + (f", {cash}" if cash and change else "")
    return (f"{word}: {ev.chips_text(ev.pool, cash='')} ({ev.opening_pool} at the start, "
            f"{tonight})")


def _plain(text: str) -> str:
    """One line: any run of white space (a newline in a name or note) becomes a space."""
    return " ".join(text.split())
