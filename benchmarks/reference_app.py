#!/usr/bin/env python3
"""The reference for "at most N x a bare Typer app": the least a Typer command can cost.

Three commands on plain sqlite3, nothing of loo_ledger imported:

- ``balances``: the same SQL as ``loo balances`` (the current session from ``settings``,
  its ``sessions`` row, its seats with their nets in seat order), printed as plain text;
  where the session's unit has a value, each net and the pool also in money, written by
  Babel's ``format_currency`` as ``loo balances`` must write it (issue 22, item 9: money
  is Babel's, never formatted by hand). Babel is imported only then, as ``loo`` does.
- ``pool``: the same read, chips only: the least ``loo pool`` (which shows no money)
  must do, and what ``balances`` was before it wrote money.
- ``record WORDS...``: what ``loo hand`` must at least do to store a hand: insert one row
  (the words, as JSON) in one write transaction, in a table of its own
  (``reference_records``, created if missing).

    python benchmarks/reference_app.py --db DB balances
    python benchmarks/reference_app.py --db DB pool
    python benchmarks/reference_app.py --db DB record Ann=1 Ben=0 Cat=2

Keep ``BALANCES_SQL`` in step with what ``loo balances`` reads (loo_ledger/store/ledger.py).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path

import typer

CURRENT_SQL = "SELECT value FROM settings WHERE key = 'current_session'"
BALANCES_SQL = (
    "SELECT * FROM sessions WHERE id = ?",
    "SELECT name, net FROM seats WHERE session_id = ? ORDER BY position",
)
RECORD_TABLE = """CREATE TABLE IF NOT EXISTS reference_records (
    id INTEGER PRIMARY KEY, words TEXT NOT NULL, created_at TEXT DEFAULT CURRENT_TIMESTAMP)"""

app = typer.Typer(add_completion=False, help="A bare Typer app: the benchmarks' reference.")
state: dict[str, Path] = {}


@app.callback()
def _root(db: Path = typer.Option(..., "--db", help="The ledger database.")) -> None:
    state["db"] = db


def _connect() -> sqlite3.Connection:
    conn = sqlite3.connect(state["db"], isolation_level=None)
    conn.execute("PRAGMA busy_timeout=10000")
    return conn


def _balances(*, money: bool) -> None:
    conn = _connect()
    sid = int(conn.execute(CURRENT_SQL).fetchone()[0])
    cursor = conn.execute(BALANCES_SQL[0], (sid,))
    names = [d[0] for d in cursor.description]
    session = dict(zip(names, cursor.fetchone(), strict=False))
    value, currency = session["unit_value"], session["currency"]
    cash: Callable[[int], str] = lambda chips: ""  # noqa: E731 - no money: an empty column
    if money and value is not None and currency is not None:
        from decimal import Decimal

        from babel.numbers import format_currency

        def cash(chips: int) -> str:
            return " " + format_currency(chips * Decimal(value), currency, locale="en",
                                         decimal_quantization=False)
    typer.echo(f"Balances, session {sid}")
    for name, net in conn.execute(BALANCES_SQL[1], (sid,)):
        typer.echo(f"{name:<20} {net:+d}{cash(net)}")
    typer.echo(f"{'(pool)':<20} {session['pool']}{cash(session['pool'])}")
    conn.close()


@app.command()
def balances() -> None:
    """Each player's net in the current session, and the pool (and their money)."""
    _balances(money=True)


@app.command()
def pool() -> None:
    """The same read as balances, chips only."""
    _balances(money=False)


@app.command()
def record(words: list[str] = typer.Argument(..., help="The hand, as typed.")) -> None:
    """Store one row in one write transaction."""
    conn = _connect()
    conn.execute(RECORD_TABLE)
    conn.execute("BEGIN IMMEDIATE")
    conn.execute("INSERT INTO reference_records (words) VALUES (?)", (json.dumps(words),))
    conn.execute("COMMIT")
    conn.close()
    typer.echo("recorded")


if __name__ == "__main__":
    app()
