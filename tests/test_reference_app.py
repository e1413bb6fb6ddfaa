"""benchmarks/reference_app.py, the start-up rows' reference, stays in step with what it
stands for: its ``balances`` reads the same nets and writes the same money as ``loo
balances`` (Babel's ``format_currency``, as the issue asks money to be written), and its
``pool``, the reference of ``loo pool``, the same read without money."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import reference_app  # noqa: E402


@pytest.fixture(scope="module")
def ledger(tmp_path_factory: pytest.TempPathFactory) -> str:
    """One simple-pool hand at 0.05 GBP a chip: Eve deals, the pool of 9 is her ante (a
    simple pool: the dealer antes 9); Ann, Cat and Dov take a trick each, 3 chips a trick
    (9 / 3); Ben and Eve take none and are looed 9 each into the pool."""
    from loo_ledger.cli import app
    db = str(tmp_path_factory.mktemp("reference") / "ref.db")
    runner = CliRunner()
    made = runner.invoke(app, ["--db", db, "new", "Evening", "--players", "Ann,Ben,Cat,Dov,Eve",
                               "--dealer", "Eve", "--unit-value", "0.05", "--currency", "GBP"])
    assert made.exit_code == 0, made.output
    hand = runner.invoke(app, ["--db", db, "hand", "Ann=1", "Ben=0", "Cat=1", "Dov=1", "Eve=0"])
    assert hand.exit_code == 0, hand.output
    return db


def _lines(db: str, command: str) -> list[list[str]]:
    done = CliRunner().invoke(reference_app.app, ["--db", db, command])
    assert done.exit_code == 0, done.output
    return [line.split() for line in done.output.splitlines()[1:]]


def test_the_reference_balances_write_the_money_as_loo_does(ledger: str) -> None:
    """Nets: Ann, Cat, Dov +3 (one trick at 3), Ben -9 (looed), Eve -18 (ante 9, looed 9);
    the pool 9 - 9 + 9 + 9 = 18. At 0.05 GBP: 3 x 0.05 = £0.15, -9 x 0.05 = -£0.45,
    -18 x 0.05 = -£0.90, and the pool 18 x 0.05 = £0.90."""
    assert _lines(ledger, "balances") == [
        ["Ann", "+3", "£0.15"], ["Ben", "-9", "-£0.45"], ["Cat", "+3", "£0.15"],
        ["Dov", "+3", "£0.15"], ["Eve", "-18", "-£0.90"], ["(pool)", "18", "£0.90"]]
    from loo_ledger.cli import app
    shown = CliRunner().invoke(app, ["--db", ledger, "balances"]).output
    for cell in ("£0.15", "-£0.45", "-£0.90", "£0.90"):
        assert cell in shown


def test_the_reference_pool_is_the_same_read_without_money(ledger: str) -> None:
    """The same nets and pool as above, and no money column (``loo pool`` shows none)."""
    assert _lines(ledger, "pool") == [["Ann", "+3"], ["Ben", "-9"], ["Cat", "+3"],
                                      ["Dov", "+3"], ["Eve", "-18"], ["(pool)", "18"]]
