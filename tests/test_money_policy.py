"""One money policy (issue 7, item 6): exact amounts, largest remainder where a total must hold.

The evening used throughout (three-card, seats A B C D, D deals, pool empty, one hand), worked
from shared/spec/RULES.md: D antes 9, P = 9, a simple pool (everyone plays), 9 // 3 = 3 a
trick. A, C and D win a trick each (+3); B wins none, is looed and pays L = 9 into the pool.
Nets A +3, B -9, C +3, D -9 + 3 = -6; the pool ends with 9 - 9 + 9 = 9 (change +9).

At 0.005 a chip (half a cent) the exact money is
    A 0.015, B -0.045, C 0.015, D -0.030, pool 0.045; total 0.
Rounded one by one the column does not add up (half up: 0.02 - 0.05 + 0.02 - 0.03 + 0.05 =
+0.01; half even, as balances did: 0.02 - 0.04 + 0.02 - 0.03 + 0.04 = +0.01). Allocated: in
cents 1.5, -4.5, 1.5, -3, 4.5 round down to 1, -5, 1, -3, 4 = -2; the 2 missing cents go to
the largest remainders, all 0.5 except D's 0, ties in seat order (the pool last): A and B.
    A 0.02, B -0.04, C 0.01, D -0.03, pool 0.04: the sum is 0.00.
"""

from __future__ import annotations

import csv
import io
import json
import math
import re
from decimal import Decimal
from fractions import Fraction
from html.parser import HTMLParser

import pytest
from hypothesis import given
from hypothesis import strategies as st

from loo_ledger.domain.rules.money import CENT, allocate, allocate_cents, exact, money, to_cents
from loo_ledger.errors import LooError

HALF = {"format": "loo-session/1", "variant": "three-card", "players": ["A", "B", "C", "D"],
        "first_dealer": "D", "unit": {"name": "chip", "value": "0.005", "currency": "GBP"},
        "hands": [{"tricks": {"A": 1, "B": 0, "C": 1, "D": 1}}]}
NETS_MONEY = ["0.02", "-0.04", "0.01", "-0.03"]   # worked above
POOL_MONEY = "0.04"


def _db(loo, save, tmp_path, **changes):
    db = tmp_path / "half.db"
    result = loo(db, "import", save(tmp_path / "half.json", {**HALF, **changes}))
    assert result.exit_code == 0, result.output
    return db


def _json(loo, db, *args) -> dict:
    result = loo(db, *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _rows(text: str) -> dict[str, list[str]]:
    """A rich table's body rows by first cell."""
    return {parts[0]: parts[1:] for line in text.splitlines() if "\u2502" in line
            for parts in [[c.strip() for c in line.split("\u2502")]]}


def _pounds(text: str) -> Decimal:
    """'-£0.04' -> Decimal('-0.04')."""
    return Decimal(text.replace("£", ""))


# --- the allocation itself ------------------------------------------------------------------

def test_hand_worked_allocation():
    assert allocate([3, -9, 3, -6, 9], "0.005") == [Decimal(x) for x in [*NETS_MONEY,
                                                                           POOL_MONEY]]
    # A total that is not whole cents: nets 3 and 4 at 0.005 = 0.015 + 0.020 = 0.035, which is
    # 4 cents half up; rounded down 1 + 2 = 3, the cent goes to the 0.5 remainder: 0.02, 0.02.
    assert allocate([3, 4], "0.005") == [Decimal("0.02"), Decimal("0.02")]
    # At a whole number of cents nothing is rounded: -27 x 0.05 = -1.35.
    assert allocate([-27, 9, 18], "0.05") == [Decimal("-1.35"), Decimal("0.45"), Decimal("0.90")]
    # A lone amount: half a cent away from zero.
    assert (money(1, "0.005"), money(-1, "0.005"), money(2, "0.004")) == (
        Decimal("0.01"), Decimal("-0.01"), Decimal("0.01"))
    assert to_cents(Decimal("-0.045")) == -5


def _zero_sum_nets(draw, *, low: int = -500, high: int = 500) -> list[int]:
    nets = draw(st.lists(st.integers(low, high), min_size=1, max_size=9))
    return [*nets, -sum(nets)]   # the pool's change makes the total zero


@st.composite
def _chips_and_value(draw) -> tuple[list[int], str, int]:
    nets = _zero_sum_nets(draw)
    opening = draw(st.integers(0, 300))   # the pool carried in: the parts then sum to it
    nets[-1] += opening
    value = draw(st.integers(1, 1000))    # 0.001 .. 1.000
    return nets, f"{Decimal(value) / 1000:.3f}", opening


@given(_chips_and_value())
def test_allocation_sums_to_the_total_and_moves_each_less_than_a_cent(case):
    chips, value, opening = case
    got = allocate(chips, value)
    total = exact(opening, value)
    assert sum(got) == to_cents(total) * CENT
    assert all(abs(g - exact(c, value)) < CENT for g, c in zip(got, chips, strict=True))
    assert all(g == g.quantize(CENT) for g in got)
    assert allocate(chips, value) == got   # the same answer every time (ties in given order)


def _reference(chips: list[int], value: str) -> list[int]:
    """Largest remainder written out with fractions: floor each, then +1 cent to the largest
    remainders (ties: the first given) until the total rounded half away from zero is met."""
    exact_cents = [Fraction(c) * Fraction(value) * 100 for c in chips]
    low = [math.floor(x) for x in exact_cents]
    total = sum(exact_cents, Fraction(0))
    whole = math.floor(abs(total) + Fraction(1, 2))
    short = (whole if total >= 0 else -whole) - sum(low)
    order = sorted(range(len(chips)), key=lambda i: (-(exact_cents[i] - low[i]), i))
    return [lo + (i in order[:short]) for i, lo in enumerate(low)]


@given(_chips_and_value())
def test_allocation_is_largest_remainder_with_ties_in_order(case):
    chips, value, _ = case
    expected = _reference(chips, value)
    assert allocate(chips, value) == [Decimal(c) / 100 for c in expected]
    assert allocate_cents([exact(c, value) for c in chips]) == expected


def test_a_value_that_is_not_a_number_is_refused():
    with pytest.raises(LooError, match="not an amount of money"):
        allocate([1], "Infinity")


@given(st.lists(st.integers(-10**6, 10**6), max_size=12), st.integers(1, 100))
def test_whole_cent_units_are_exact(chips, cents):
    value = Decimal(cents) / 100
    assert allocate_cents([exact(c, value) for c in chips]) == [c * cents for c in chips]


# --- loo balances ----------------------------------------------------------------------------

def test_balances_money_sums_to_the_total(loo, save, tmp_path):
    db = _db(loo, save, tmp_path)
    data = _json(loo, db, "balances")
    assert [p["money"] for p in data["players"]] == NETS_MONEY
    assert data["pool"] == 9 and data["pool_money"] == POOL_MONEY
    assert data["total"] == {"chips": 0, "money": "0.00"}
    column = [Decimal(p["money"]) for p in data["players"]] + [Decimal(data["pool_money"])]
    assert sum(column) == Decimal("0.00")
    rows = _rows(loo(db, "balances").stdout)
    assert [rows[p][1] for p in "ABCD"] == ["£0.02", "-£0.04", "£0.01", "-£0.03"]
    assert rows["(pool)"] == ["9", "£0.04"] and rows["total"] == ["0", "£0.00"]
    assert sum(_pounds(rows[k][1]) for k in [*"ABCD", "(pool)"]) == _pounds(rows["total"][1])


def test_balances_with_a_carried_pool_sum_to_its_money(loo, save, tmp_path):
    # 7 chips carried in at 0.005 = 0.035, i.e. 0.04 (half up). The first deal is then double
    # (a pool was carried); all pass, so D takes P = 7 + his ante 9 = 16 without play: D +7,
    # everyone else 0, the pool ends empty. Exact: D 0.035, pool 0, carried in -0.035 (total
    # 0): rounded down 3 and -4 cents, one cent short; the remainders tie (0.5 each) and D,
    # given first, gets it: D 0.04, carried in -0.04, the total the change, 0 (issue 21
    # item 8).
    db = _db(loo, save, tmp_path, opening_pool=7, hands=[
        {"declarations": {"A": "pass", "B": "pass", "C": "pass", "D": "pass"}}])
    data = _json(loo, db, "balances")
    assert [p["money"] for p in data["players"]] == ["0.00", "0.00", "0.00", "0.04"]
    assert data["pool_money"] == "0.00"
    assert data["carried_in"] == {"chips": 7, "money": "0.04"}
    assert data["total"] == {"chips": 0, "money": "0.00"}


# --- settle-up ----------------------------------------------------------------------------------

def test_settle_up_cash_outs_and_pool_are_the_buy_ins(loo, save, tmp_path):
    # Buy-in 100 chips = 0.50 each, 2.00 in all. Cash-outs A 103, B 91, C 103, D 94, and the
    # pool's +9: exact 0.515, 0.455, 0.515, 0.470, 0.045 = 2.000. In cents 51.5, 45.5, 51.5, 47,
    # 4.5 round down to 51, 45, 51, 47, 4 = 198; 2 cents go to the first two 0.5 remainders,
    # A and B: 0.52, 0.46, 0.51, 0.47, pool 0.04 = 2.00, each the buy-in plus the net's money.
    # (Rounded one by one, half even: 0.52 + 0.46 + 0.52 + 0.47 + 0.04 = 2.01.)
    db = _db(loo, save, tmp_path, buy_in=100)
    data = _json(loo, db, "settle-up")
    assert [p["money"] for p in data["players"]] == NETS_MONEY
    assert data["pool"]["money"] == POOL_MONEY and data["total"] == "0.00"
    assert [p["bought_money"] for p in data["players"]] == ["0.50"] * 4
    assert [p["cash_out_money"] for p in data["players"]] == ["0.52", "0.46", "0.51", "0.47"]
    assert data["pool"]["cash_out_money"] == "0.04"
    assert data["bought"] == {"chips": 400, "money": "2.00"}
    assert data["cash_out_is_buy_in_plus_net"] and data["rounded"]
    outs = sum(Decimal(p["cash_out_money"]) for p in data["players"])
    assert outs + Decimal(data["pool"]["cash_out_money"]) == Decimal(data["bought"]["money"])
    rows = _rows(loo(db, "settle-up").stdout)
    assert rows["(pool)"][-1] == "+9 = £0.04" and rows["total"][-2:] == ["400 = £2.00"] * 2
    assert sum(_pounds(rows[k][-1].split(" = ")[1]) for k in [*"ABCD", "(pool)"]) == \
        Decimal("2.00")


def test_settle_up_buy_in_worth_a_fraction_of_a_cent(loo, save, tmp_path):
    # Buy-in 25 chips = 0.125 each, 0.50 in all: rounded down 12 each = 48, the 2 cents go to
    # A and B (remainders all 0.5): 0.13, 0.13, 0.12, 0.12. Cash-outs A 28, B 16, C 28, D 19,
    # pool +9: 0.140, 0.080, 0.140, 0.095, 0.045 = 0.500; in cents 14, 8, 14, 9.5, 4.5 round
    # down to 49; the cent goes to D (the first 0.5): 0.14, 0.08, 0.14, 0.10, pool 0.04 = 0.50.
    db = _db(loo, save, tmp_path, buy_in=25)
    data = _json(loo, db, "settle-up")
    assert [p["bought_money"] for p in data["players"]] == ["0.13", "0.13", "0.12", "0.12"]
    assert [p["cash_out_money"] for p in data["players"]] == ["0.14", "0.08", "0.14", "0.10"]
    assert data["pool"]["cash_out_money"] == "0.04" and data["bought"]["money"] == "0.50"
    # A: bought 0.13 + net 0.02 = 0.15, one cent from his cash-out 0.14; said so.
    assert not data["cash_out_is_buy_in_plus_net"]
    assert "give or take a cent" in loo(db, "settle-up").stdout


# --- exports ------------------------------------------------------------------------------------

def test_csv_summary_money_sums_to_the_total(loo, save, tmp_path):
    db = _db(loo, save, tmp_path)
    out = loo(db, "export", "--format", "csv", "--summary").stdout
    rows = list(csv.DictReader(io.StringIO(out, newline="")))
    assert [r["money"] for r in rows] == [*NETS_MONEY, POOL_MONEY]
    assert sum(Decimal(r["money"]) for r in rows) == 0


def test_markdown_money_sums_to_the_total(loo, save, tmp_path):
    db = _db(loo, save, tmp_path)
    md = loo(db, "export", "--format", "md").stdout
    cells = dict(re.findall(r"^\| (\S+) \| \S+ \| (\S+) \|$", md, re.M))
    assert cells == {"A": "£0.02", "C": "£0.01", "D": "-£0.03", "B": "-£0.04",
                     "*pool*": "£0.04", "Player": "Money", "---": "---:"}
    assert sum(_pounds(v) for k, v in cells.items() if k not in ("Player", "---")) == 0
    assert "9 chips (£0.04) stay in the pool" in md   # the pool's money as the table has it


class _Cells(HTMLParser):
    """The text of every <td> of the first table."""

    def __init__(self):
        super().__init__()
        self.cells: list[str] = []
        self.tables = self.inside = 0

    def handle_starttag(self, tag, attrs):
        self.tables += tag == "table"
        self.inside = tag == "td" and self.tables == 1

    def handle_endtag(self, tag):
        self.inside = False if tag == "td" else self.inside

    def handle_data(self, data):
        if self.inside:
            self.cells.append(data)


def test_html_balances_money_sums_to_the_total(loo, save, tmp_path):
    db = _db(loo, save, tmp_path)
    parser = _Cells()
    parser.feed(loo(db, "export", "--format", "html").stdout)
    money_cells = parser.cells[2::3]   # player, net, money; best first (A +3, C +3, D -6,
    assert parser.cells[0::3] == ["A", "C", "D", "B", "pool"]   # B -9; a tie in seat order)
    assert money_cells == ["£0.02", "£0.01", "-£0.03", "-£0.04", "£0.04"]
    assert sum(_pounds(c) for c in money_cells) == 0


# --- replay and stats ----------------------------------------------------------------------------

def test_replay_money_columns_sum_to_their_totals(loo, save, tmp_path):
    # Under loo_amount=3 B's loo is 3: nets as before except the pool ends 9 - 9 + 3 = 3, B -3.
    # New exact: A 0.015, B -0.015, C 0.015, D -0.030, pool 0.015 (total 0): cents 1.5, -1.5,
    # 1.5, -3, 1.5 round down to 1, -2, 1, -3, 1 = -2; A and B get the 2 cents: 0.02, -0.01,
    # 0.01, -0.03, 0.01. Differences: 0, +0.03, 0, 0, -0.03.
    db = _db(loo, save, tmp_path)
    data = _json(loo, db, "replay", "--rule", "loo_amount=3")
    parts = [*data["players"], data["pool"]]
    assert [p["money"]["stored"] for p in parts] == [*NETS_MONEY, POOL_MONEY]
    assert [p["money"]["new"] for p in parts] == ["0.02", "-0.01", "0.01", "-0.03", "0.01"]
    assert [p["money"]["difference"] for p in parts] == ["0.00", "0.03", "0.00", "0.00",
                                                         "-0.03"]
    for column in ("stored", "new", "difference"):
        assert sum(Decimal(p["money"][column]) for p in parts) == 0


def test_stats_money_is_what_settle_up_paid(loo, save, tmp_path):
    # The same evening twice: each time A is paid 0.02, B -0.04, C 0.01, D -0.03 (settle-up).
    db = tmp_path / "two.db"
    files = [save(tmp_path / f"h{i}.json", {**HALF, "started_at": f"2025-03-0{i}T20:00:00"})
             for i in (1, 2)]
    assert loo(db, "import", *files).exit_code == 0
    data = _json(loo, db, "stats", "--all")
    by = {p["player"]: p["money"] for p in data["players"]}
    assert by == {"A": [{"currency": "GBP", "amount": "0.04"}],
                  "B": [{"currency": "GBP", "amount": "-0.08"}],
                  "C": [{"currency": "GBP", "amount": "0.02"}],
                  "D": [{"currency": "GBP", "amount": "-0.06"}]}
    record = {r["player"]: [s["money"] for s in r["sessions"]] for r in data["record"]}
    assert record["A"] == ["0.02", "0.02"] and record["C"] == ["0.01", "0.01"]
    alone = _json(loo, db, "stats", "--all", "--player", "C")
    assert alone["players"][0]["money"] == [{"currency": "GBP", "amount": "0.02"}]
