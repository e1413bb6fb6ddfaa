"""loo table: the scorer's screen (loo_ledger/tui/, Textual), loaded by this command only."""

# No ``from __future__ import annotations`` here: Typer reads this signature at start.

from typing import TYPE_CHECKING

import typer

from loo_ledger.cli.context import JSON_OPTION, SESSION_OPTION, env, print_json

if TYPE_CHECKING:
    from loo_ledger.services.snapshot import TableSnapshot


def table(ctx: typer.Context, session: str | None = SESSION_OPTION,
          big: bool = typer.Option(False, "--big", help="Large figures, for a screen the "
                                   "whole table reads."),
          view: bool = typer.Option(False, "--view", help="Only show the table: no hand is "
                                    "entered, nothing is written."),
          as_json: bool = JSON_OPTION) -> None:
    """Standings, pool, who deals next, the last hand and every hand so far, updated when
    any terminal records a hand. With --json: what the screen shows at the top, once, as JSON
    (no screen).

    Examples:
      $ loo table
      $ loo table --big --view
    """
    e = env(ctx)
    ledger = e.ledger()
    sid = e.session_id(session)
    if as_json:
        from loo_ledger.services.snapshot import snapshot  # noqa: PLC0415 (the snapshot: not for `loo table --help`)
        return print_json(board_json(snapshot(ledger, sid)))
    from loo_ledger.tui.app import TableApp  # noqa: PLC0415 (Textual: the screen only, not --json or --help)
    TableApp(ledger, sid, big=big, view_only=view).run()


#: What ``--json`` gives of each player (scripts/output_schemas.py's "table").
PLAYER_KEYS = ("name", "net", "money", "last", "looed", "present", "deals_next")


def board_json(b: "TableSnapshot") -> dict[str, object]:
    """The top of the screen as JSON: the snapshot's figures under their stable names, in
    the order the screen reads them."""
    return {"session": b.session_id, "name": b.name, "variant": b.variant, "game": b.game,
            "unit": b.unit, "currency": b.currency, "closed": b.closed,
            "players": [{k: getattr(p, k) for k in PLAYER_KEYS} for p in b.players],
            "pool": b.pool, "pool_money": b.pool_money, "next_hand": b.next_hand,
            "next_dealer": b.next_dealer,
            "antes": [{"player": a.player, "amount": a.amount} for a in b.antes],
            "marks": b.marks, "double": b.double, "lou_first": b.lou_first, "deal": b.deal,
            "why": b.why, "last_hand": b.last_hand}
