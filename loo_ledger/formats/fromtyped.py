"""The domain's records (HandRecord, Session) from the typed records of formats/types.py,
sharing the lists' and maps' contents msgspec decoded. Used by the reader
(formats/reader.py), which also checks here what msgspec does not: unique lists, a
ruling's text, the names seen.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from msgspec import UNSET

from loo_ledger.domain.rules.model import (
    CardRecord,
    Flush,
    HandRecord,
    Penalty,
    RuleChange,
    Session,
    Unit,
)
from loo_ledger.formats import types
from loo_ledger.formats.limits import NAME_PATTERN, TEXT_PATTERN, name_problem

_NAME = re.compile(NAME_PATTERN)
_TEXT = re.compile(TEXT_PATTERN)
_BLANK = re.compile(r"\S")


def names_ok(names: Iterable[str], seated: Iterable[str] = ()) -> bool:
    """Every name of ``names`` has the format's pattern, and every one not ``seated``
    (whose names were checked with the session's head) is a name at all by
    :func:`~loo_ledger.formats.limits.name_problem` (nothing that shows nothing)."""
    search = _NAME.search
    known = set(seated)
    return all(search(n) and (n in known or name_problem(n) is None) for n in names)


def session(t: types.SessionHead, hands: list[HandRecord]) -> Session:
    """The Session of a checked head and its hands."""
    unit = t.unit
    return Session(
        variant=t.variant, players=tuple(t.players), first_dealer=t.first_dealer,
        hands=tuple(hands), rules={} if t.rules is UNSET else t.rules,
        name=None if t.name is UNSET else t.name,
        started_at=None if t.started_at is UNSET else t.started_at,
        unit=None if unit is UNSET else Unit(
            name="chip" if unit.name is UNSET else unit.name,
            value=None if unit.value is UNSET else unit.value,
            currency=None if unit.currency is UNSET else unit.currency),
        opening_pool=0 if t.opening_pool is UNSET else t.opening_pool,
        buy_in=None if t.buy_in is UNSET else t.buy_in,
        rule_changes=() if t.rule_changes is UNSET else tuple(
            RuleChange(from_hand=c.from_hand, rules=c.rules) for c in t.rule_changes))


def names_of(h: types.Hand, names: set[str]) -> None:
    """Add every name a typed hand mentions to ``names`` (for :func:`names_ok`)."""
    out = UNSET
    for table in (h.sitting_out, h.declarations, h.tricks, h.deltas, h.exchanges):
        if table is not out:
            names.update(table)
    for items in (h.flushes, h.penalties):
        if items is not out:
            names.update(i.player for i in items)
    for one in (h.dealer, h.pam_holder):
        if one is not out:
            names.add(one)
    if h.cards is not out:
        for held in (h.cards.dealt, h.cards.exchanged):
            if held is not out:
                names.update(held)


def record(h: types.Hand) -> HandRecord | None:
    """The HandRecord of a typed hand; None if ``sitting_out`` or
    ``cards.civil`` repeats itself or the ruling is not text or blank."""
    unset = UNSET
    declarations, tricks, deltas, exchanges = h.declarations, h.tricks, h.deltas, h.exchanges
    sitting = () if h.sitting_out is unset else tuple(h.sitting_out)
    if sitting and len(set(sitting)) != len(sitting):
        return None
    flushes: tuple[Flush, ...] = ()
    if h.flushes is not unset:
        flushes = tuple(Flush(player=f.player, kind=f.kind,
                              suit=None if f.suit is unset else f.suit,
                              cards=() if f.cards is unset else tuple(f.cards))
                        for f in h.flushes)
    penalties: tuple[Penalty, ...] = ()
    if h.penalties is not unset:
        penalties = tuple(Penalty(player=p.player, kind=p.kind) for p in h.penalties)
    ruling = h.table_ruling
    if ruling is not unset and not (_BLANK.search(ruling) and _TEXT.search(ruling)):
        return None
    cards = None
    if h.cards is not unset:
        cards = _cards(h.cards)
        if cards is None:
            return None
    return HandRecord(
        dealer=None if h.dealer is unset else h.dealer, sitting_out=sitting,
        trump=None if h.trump is unset else h.trump,
        declarations=None if declarations is unset else declarations,
        exchanges={} if exchanges is unset else exchanges, flushes=flushes,
        pam_holder=None if h.pam_holder is unset else h.pam_holder,
        tricks=None if tricks is unset else tricks, penalties=penalties,
        deltas=None if deltas is unset else deltas,
        table_ruling=None if ruling is unset else ruling,
        note=None if h.note is unset else h.note, cards=cards)


def _cards(c: types.CardsRecord) -> CardRecord | None:
    out = UNSET
    civil = () if c.civil is out else tuple(c.civil)
    if len(set(civil)) != len(civil):
        return None
    dealt = {} if c.dealt is out else {p: tuple(cs) for p, cs in c.dealt.items()}
    exchanged = {} if c.exchanged is out else {p: tuple(cs) for p, cs in c.exchanged.items()}
    return CardRecord(
        trump_card=None if c.trump_card is out else c.trump_card,
        turned=None if c.turned is out else c.turned,
        miss=None if c.miss is out else tuple(c.miss), dealt=dealt, exchanged=exchanged,
        tricks=() if c.tricks is out else tuple(tuple(t) for t in c.tricks), civil=civil)
