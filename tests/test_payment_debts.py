"""Issue 21 item 5: a season's tab counts a payment against the debt it paid; payments can
be listed and a mistaken one removed; a payment larger than the debt is refused unless
--advance. Issue 22 item 13: a season of chips with no money value is settled in chips.

Irish loo (RULES.md: no miss; exactly one player stands, the dealer included: that player
takes P without play), the dealer antes 9, one chip = £1.00. Seats A B C D. Worked by hand:

Session 1 (2026-03-02), D deals: A stands, the rest pass: A takes P = 9: A +9, D -9 (his
    ante). Money: A +£9.00, D -£9.00.
Session 2 (2026-03-09), C deals: B stands: B +9, C -9. Money: B +£9.00, C -£9.00.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from loo_ledger.services.analysis import debts
from loo_ledger.services.analysis.settle_up import fewest_transfers

MONEY = ("--unit-value", "1.00", "--currency", "GBP")


def ok(loo, db: Path, *args: str) -> Any:
    result = loo(db, *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout) if "--json" in args else result.stdout


@pytest.fixture
def weeks(loo, tmp_path) -> Path:
    db = tmp_path / "weeks.db"
    ok(loo, db, "new", "Week 1", "--variant", "irish", "--players", "A,B,C,D", "--dealer", "D",
       "--when", "2026-03-02 20:00", *MONEY)
    ok(loo, db, "hand", "A=stand", "B=pass", "C=pass", "D=pass")
    ok(loo, db, "close")
    ok(loo, db, "new", "Week 2", "--variant", "irish", "--players", "A,B,C,D", "--dealer", "C",
       "--when", "2026-03-09 20:00", *MONEY)
    ok(loo, db, "hand", "D=pass", "A=pass", "B=stand", "C=pass")
    ok(loo, db, "close")
    return db


def figures(tab: dict[str, Any]) -> dict[str, tuple[str, str, str, str]]:
    [gbp] = tab["tabs"]
    return {p["name"]: (p["money"], p["paid"], p["received"], p["balance"])
            for p in gbp["parties"]}


def pays(tab: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [(t["from"], t["to"], t["amount"]) for t in tab["tabs"][0]["transfers"]]


def test_a_payment_of_an_older_debt_is_not_counted_in_a_later_window(loo, weeks):
    """D pays A £9.00 on 10 March, naming no session: it settles D's oldest unpaid loss
    (session 1, £9) and A's oldest unpaid winnings (session 1, £9). Over all time A and D
    are square: A +9 - 9 received = 0, D -9 + 9 paid = 0.
    From 9 March the window is session 2: B +9, C -9. The payment, though dated in the
    window, paid session 1: it is not counted, so A and D are square there too, and the
    only transfer is C pays B £9.00. (Counting it, as before, told A, square, to pay D,
    square, £9.)"""
    ok(loo, weeks, "paid", "D", "A", "9", "--when", "2026-03-10")
    tab = ok(loo, weeks, "settle-up", "--since", "2026-03-09", "--json")
    assert tab["scope"]["sessions"] == [2]
    assert figures(tab) == {"A": ("0.00", "0.00", "0.00", "0.00"),
                            "B": ("9.00", "0.00", "0.00", "9.00"),
                            "C": ("-9.00", "0.00", "0.00", "-9.00"),
                            "D": ("0.00", "0.00", "0.00", "0.00"),
                            "(pool)": ("0.00", "0.00", "0.00", "0.00")}
    assert pays(tab) == [("C", "B", "9.00")]
    [payment] = tab["tabs"][0]["payments"]
    assert payment["settled"] == {"paid": {"1": "9.00"}, "received": {"1": "9.00"}}
    assert (payment["counted_paid"], payment["counted_received"]) == ("0.00", "0.00")
    text = ok(loo, weeks, "settle-up", "--since", "2026-03-09")
    assert ("Paid 2026-03-10: D to A £9.00: it settled evenings outside this window, so it "
            "is not counted here") in text
    assert "In a window, only what settled these evenings is counted" in text
    assert "  C pays B £9.00" in text and "A pays D" not in text
    whole = ok(loo, weeks, "settle-up", "--all", "--json")
    assert pays(whole) == [("C", "B", "9.00")]


def test_a_window_counts_part_of_a_payment_and_caps_by_all_time(loo, tmp_path):
    """Irish at £1.00 a chip. Week 1 (2 March), D deals, C stands: C +9, D -9. Week 2 (9
    March), C deals, B stands: B +9, C -9. Over both: B +9, C 0, D -9.
    D pays B £5 on 10 March, naming none: of D's losses, 5 of week 1's (his only); of B's
    winnings, 5 of week 2's (his only). D pays C £2 --for 1: 2 more of D's week 1, and 2 of
    C's week 1 winnings.
    Over all time: B 9 - 5 = +4, C 0 - 2 = -2 (C was paid 2 he did not need), D -9 + 7 = -2.
    The window from 5 March (week 2): B won 9, received 5 for it: owed 4; C lost 9: owes 9,
    but only 2 over all time, so is asked for 2. Transfers: C pays B £2; B is still owed
    £2 for these evenings, by D, whose part lies in week 1."""
    db = tmp_path / "w.db"
    money = ("--variant", "irish", "--players", "A,B,C,D", *MONEY)
    ok(loo, db, "new", "W1", *money, "--dealer", "D", "--when", "2026-03-02 20:00")
    ok(loo, db, "hand", "A=pass", "B=pass", "C=stand", "D=pass")
    ok(loo, db, "new", "W2", *money, "--dealer", "C", "--when", "2026-03-09 20:00")
    ok(loo, db, "hand", "D=pass", "A=pass", "B=stand", "C=pass")
    ok(loo, db, "paid", "D", "B", "5", "--when", "2026-03-10")
    ok(loo, db, "paid", "D", "C", "2", "--for", "1", "--when", "2026-03-11")
    tab = ok(loo, db, "settle-up", "--since", "2026-03-05", "--json")
    [gbp] = tab["tabs"]
    rows = {p["name"]: (p["balance"], p["overall"], p["due"]) for p in gbp["parties"]}
    assert rows["B"] == ("4.00", "4.00", "4.00")
    assert rows["C"] == ("-9.00", "-2.00", "-2.00")
    assert rows["D"] == ("0.00", "-2.00", "0.00")
    assert pays(tab) == [("C", "B", "2.00")]
    assert gbp["unmatched"] == [{"name": "B", "amount": "2.00"}]
    text = ok(loo, db, "settle-up", "--since", "2026-03-05")
    assert ("Paid 2026-03-10: D to B £5.00: counted here, £5.00 of B's winnings in these "
            "evenings; the rest settled other evenings") in text
    assert ("C owes £9.00 for these evenings but owes £2.00 over all time, so is asked for "
            "£2.00 here.") in text
    assert "B is still owed £2.00 for these evenings, by parties whose part lies in other" in text
    whole = ok(loo, db, "settle-up", "--all", "--json")
    assert sorted(pays(whole)) == [("C", "B", "2.00"), ("D", "B", "2.00")]


def test_a_payment_names_the_session_it_settles(loo, weeks):
    """C pays B £9.00 --for 2 on 1 March (before session 2 was played: a payment dated
    before the window that settled its evening). From 9 March: C lost 9, paid 9 for it:
    square; B won 9, received 9 for it: square. D still owes A £9 from session 1, outside
    the window: nothing is left to pay in it."""
    # by name, as every other option naming a session takes it ("week 2" is session 2)
    ok(loo, weeks, "paid", "C", "B", "9", "--for", "week 2", "--when", "2026-03-01")
    tab = ok(loo, weeks, "settle-up", "--since", "2026-03-09", "--json")
    assert figures(tab)["B"] == ("9.00", "0.00", "9.00", "0.00")
    assert figures(tab)["C"] == ("-9.00", "9.00", "0.00", "0.00")
    assert pays(tab) == []
    [payment] = tab["tabs"][0]["payments"]
    assert payment["sessions"] == [2]
    assert payment["settled"] == {"paid": {"2": "9.00"}, "received": {"2": "9.00"}}


def test_a_payment_larger_than_the_debt_is_refused_unless_advance(loo, weeks, dump_db):
    """C owes £9.00 over all time (session 2): paying B £10.00 is refused, and so is D
    paying A £9.00 for session 2, where D lost nothing; nothing is written. With
    --advance the £10.00 is recorded, paid ahead: over all time C is owed £1.00 and B owes
    £1.00."""
    before = dump_db(weeks)
    result = loo(weeks, "paid", "C", "B", "10")
    assert result.exit_code == 1
    assert "C owes 9.00 GBP over all time, less than the 10.00 paid" in result.output
    assert "--advance" in result.output
    result = loo(weeks, "paid", "D", "A", "9", "--for", "2")
    assert result.exit_code == 1
    assert "D owes 0.00 GBP for session 2, less than the 9.00 paid" in result.output
    result = loo(weeks, "paid", "D", "A", "9", "--for", "7")
    assert result.exit_code == 1 and "there is no session 7" in result.output
    assert dump_db(weeks) == before
    stored = ok(loo, weeks, "paid", "C", "B", "10", "--advance", "--json")["payment"]
    assert stored["advance"] is True
    whole = ok(loo, weeks, "settle-up", "--all", "--json")
    assert figures(whole)["C"][3] == "1.00" and figures(whole)["B"][3] == "-1.00"


def test_payments_are_listed_and_a_mistaken_one_removed(loo, weeks):
    """Two payments: D pays A £9.00 (id 1), then by mistake C pays A £9.00 (id 2: C owes B,
    not A). 'loo payments list' lists both; removing 2 leaves the tab as with payment 1
    alone: C pays B £9.00. 'loo check' passes: the audit trail keeps the payment, with an
    'unpaid' row for its removal."""
    ok(loo, weeks, "paid", "D", "A", "9", "--when", "2026-03-10")
    ok(loo, weeks, "paid", "C", "A", "9", "--when", "2026-03-11")
    listed = ok(loo, weeks, "payments", "list", "--json")
    assert [(p["id"], p["from"], p["to"], p["amount"]) for p in listed] == [
        (1, "D", "A", "9.00"), (2, "C", "A", "9.00")]
    table = ok(loo, weeks, "payments", "list")
    assert "£9.00" in table and "2026-03-11" in table
    out = ok(loo, weeks, "payments", "remove", "2")
    assert "Payment 2 removed: C paid A £9.00" in out and "audit trail keeps it" in out
    assert [p["id"] for p in ok(loo, weeks, "payments", "list", "--json")] == [1]
    assert pays(ok(loo, weeks, "settle-up", "--all", "--json")) == [("C", "B", "9.00")]
    assert loo(weeks, "check").exit_code == 0
    again = loo(weeks, "payments", "remove", "2")
    assert again.exit_code == 1 and "there is no payment 2; the payments are 1" in again.output
    import sqlite3
    with sqlite3.connect(weeks) as conn:
        actions = [r[0] for r in conn.execute(
            "SELECT action FROM audit WHERE session_id = 0 ORDER BY id")]
    assert actions == ["paid", "paid", "unpaid"]


def test_a_season_in_chips_is_settled_in_chips(loo, tmp_path):
    """Issue 22 item 13, the season's tab. Three-card (ante 9, 3 a trick, loo 9), a unit
    with no money value, two sessions:
    Session 1, Margaret Ben Cat, Cat deals: Margaret 1 trick +3, Ben looed -9, Cat -9 + 6 =
    -3; the pool +9.
    Session 2, margaret Ben Meg, Meg deals: margaret 3 tricks +9; Ben looed -9; Meg -9 ante
    -9 looed = -18; the pool +18.
    Over both (Margaret and margaret are one): Margaret +12, Ben -18, Cat -3, Meg -18,
    pool +27 (sum 0). Greedy: Ben (-18, met before Meg) hands the pool (+27) 18, leaving 9;
    Meg hands Margaret (+12 > 9) 12, leaving Meg -6; Meg hands the pool 6, leaving 3; Cat
    hands the pool 3."""
    db = tmp_path / "chips.db"
    ok(loo, db, "new", "One", "--players", "Margaret,Ben,Cat", "--dealer", "Cat",
       "--when", "2026-03-06 20:00")
    ok(loo, db, "hand", "Margaret=1", "Ben=0", "Cat=2")
    ok(loo, db, "new", "Two", "--players", "margaret,Ben,Meg", "--dealer", "Meg",
       "--when", "2026-03-13 20:00")
    ok(loo, db, "hand", "margaret=3", "Ben=0", "Meg=0")
    tab = ok(loo, db, "settle-up", "--all", "--json")
    [chips] = tab["tabs"]
    assert chips["in"] == "chips"
    assert {p["name"]: p["chips"] for p in chips["parties"]} == {
        "Margaret": 12, "Ben": -18, "Cat": -3, "Meg": -18, "(pool)": 27}
    assert [(t["from"], t["to"], t["chips"]) for t in chips["transfers"]] == [
        ("Ben", "(pool)", 18), ("Meg", "Margaret", 12), ("Meg", "(pool)", 6),
        ("Cat", "(pool)", 3)]
    text = ok(loo, db, "settle-up", "--all")
    assert "Tab in chips" in text and "  Ben hands (pool) 18 white chips" in text


# --- the property: a window never asks more than is owed over all time ------------------

PARTIES = ("A", "B", "C", "D", "(pool)")


@st.composite
def seasons(draw: Any) -> tuple[list[debts.Evening], list[debts.Payment], list[int]]:
    """Evenings (each summing to zero), payments (some naming sessions), and a window: the
    evenings from one on."""
    evenings = []
    for sid in range(1, draw(st.integers(1, 5)) + 1):
        amounts = draw(st.lists(st.integers(-500, 500), min_size=len(PARTIES) - 1,
                                max_size=len(PARTIES) - 1))
        money = dict(zip(PARTIES, [*amounts, -sum(amounts)], strict=True))
        evenings.append(debts.Evening(session=sid, money=money))
    payments = []
    for pid in range(1, draw(st.integers(0, 6)) + 1):
        payer, payee = draw(st.permutations(PARTIES))[:2]
        named = draw(st.one_of(st.none(), st.lists(st.sampled_from(
            [e.session for e in evenings]), min_size=1, max_size=3, unique=True)))
        payments.append(debts.Payment(id=pid, payer=payer, payee=payee,
                                      cents=draw(st.integers(1, 800)),
                                      sessions=None if named is None else tuple(named)))
    first = draw(st.integers(1, len(evenings)))
    return evenings, payments, [e.session for e in evenings if e.session >= first]


@settings(deadline=None)  # the examples: the profile's (tests/conftest.py)
@given(seasons())
def test_following_a_window_never_asks_more_than_is_owed_over_all_time(season) -> None:
    """For any evenings, payments and window: the window's transfers ask no party to pay
    more in all than it owes over all time (its balance below zero: evenings plus paid
    less received), and pay no party more than it is owed over all time."""
    evenings, payments, inside = season
    placed = debts.place(evenings, payments)
    w = debts.window(evenings, placed, inside)
    whole = debts.overall(evenings, payments)
    assert sum(whole.values()) == 0
    out = fewest_transfers(list(w.due.items()))
    for party, balance in whole.items():
        gives = sum(t["cents"] for t in out if t["from"] == party)
        takes = sum(t["cents"] for t in out if t["to"] == party)
        assert gives <= max(0, -balance)
        assert takes <= max(0, balance)
        assert gives == 0 or takes == 0   # nobody both pays and is paid


@settings(deadline=None)  # the examples: the profile's (tests/conftest.py)
@given(seasons())
def test_a_payment_is_placed_only_where_debts_were(season) -> None:
    """No payment settles more of a party's evening than the party lost (paid side) or won
    (received side) there, nor more than the payment, nor a session it does not name."""
    evenings, payments, _ = season
    placed = debts.place(evenings, payments)
    money = {e.session: e.money for e in evenings}
    for pl in placed:
        p = pl.payment
        assert sum(pl.paid.values()) <= p.cents and sum(pl.received.values()) <= p.cents
        for sid in (*pl.paid, *pl.received):
            assert p.sessions is None or sid in p.sessions
    for sid, m in money.items():
        for party in PARTIES:
            paid = sum(pl.paid.get(sid, 0) for pl in placed if pl.payment.payer == party)
            got = sum(pl.received.get(sid, 0) for pl in placed if pl.payment.payee == party)
            assert paid <= max(0, -m[party]) and got <= max(0, m[party])
