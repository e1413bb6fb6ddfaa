"""loo hands: every hand of a session (loo balances is in balances_cmd.py, loo sessions in
ledger_cmds.py). It imports the domain and the streams in its body."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import typer

from loo_ledger.cli.context import env
from loo_ledger.cli.filter_opts import filter_options, given
from loo_ledger.cli.render import Table, header, show, table
from loo_ledger.cli.report_opts import Output, emit, output_options, write_rows
from loo_ledger.cli.visible import cell, visible
from loo_ledger.services.reports.cells import hand_cell

#: ``loo hands --json``'s fields, in its order (services/reports/stream.py hand_rows); with
#: evening filters each row says its session first.
HAND_FIELDS = ("number", "dealer", "double", "pool_in", "pot", "deltas", "pool_after", "looed",
               "outcome", "table_ruling", "record")


@output_options
@filter_options(cannot={"--seat": "a hand's row shows every seat: --seat chooses a seat, not "
                                  "a hand (see 'loo stats' for a player's figures by seat)"})
def hands(ctx: typer.Context, only: Any, output: Output,
          audit: bool = typer.Option(False, "--audit", help="Show the audit trail: every hand "
                                     "added, amended or undone, old and new record, and when."),
          ) -> None:
    """Every hand: dealer, pool in play, each player's word, tricks (t), flushes, revokes and
    change, pool after; * marks a table ruling. The current session, or -s ID; the filters
    choose evenings (--season, --since, --until, --variant, several -s: a table each) and
    hands (--pool, --with). --csv, --tsv and --nl write a row per hand (its deltas and
    record as JSON text), or with --audit a row per change."""
    from loo_ledger.services.analysis.filters import evenings, kept_hands
    e = env(ctx)
    ids = list(only.sessions)
    many = bool(only.season is not None or only.since or only.until
                or only.variant is not None or len(ids) > 1)
    if audit:
        from loo_ledger.cli.filter_opts import refuse
        refuse({**given(only), "--session": ids[1:]},
               "the audit trail is one session's, every change in it: give one -s ID")
        return _audit(e.ledger().audit(ids[0] if ids else e.session_id(None)), output)
    sids = [s["id"] for s in evenings(e.ledger(), only)[2]] if many else \
        [(ids[0] if ids else e.session_id(None))]
    kept = kept_hands(e.ledger(), sids, only) if only.hand_filters() else None
    if kept is not None and not any(kept.values()):
        from loo_ledger.services.analysis.filters import no_hand
        raise no_hand(only)
    if output is Output.json:  # streamed: memory does not grow with the session
        from loo_ledger.cli.streaming import write_chunks
        from loo_ledger.services.reports.stream import json_array
        write_chunks(json_array(_json_rows(e.ledger(), sids, kept, many)), final="\n")
        return
    if output is not Output.table:  # streamed too: the columns are known
        write_rows(output, _json_rows(e.ledger(), sids, kept, many),
                   ("session", *HAND_FIELDS) if many else HAND_FIELDS)
        return
    for sid in sids:
        if kept is None or kept[sid]:
            _hands_table(e.ledger(), sid, None if kept is None else kept[sid])


def _json_rows(ledger: Any, sids: list[int], kept: dict[int, set[int]] | None, many: bool
               ) -> Iterator[Any]:
    """``loo hands --json``'s objects; with session filters each says its session."""
    from loo_ledger.services.reports.stream import hand_rows
    for sid in sids:
        for r in hand_rows(ledger, sid):
            if kept is None or r["number"] in kept[sid]:
                yield {"session": sid, **r} if many else r


def _hands_table(ledger: Any, sid: int, kept: set[int] | None) -> None:
    from loo_ledger.domain.next.legal import has_simple_double
    from loo_ledger.domain.rules.codes import Game
    from loo_ledger.services.pool import stored_variant
    rows = [r for r in ledger.hands(sid) if kept is None or r["number"] in kept]
    v = stored_variant(ledger, sid)
    lou, marks = v.game == Game.LOU, has_simple_double(v)
    players = [p["name"] for p in ledger.balances(sid)["players"]]
    body = [(f"{r['number']}{'*' if r['table_ruling'] else ''}", r["dealer"],
             f"{r['pot']}{' D' if r['double'] and marks else ''}",
             *(hand_cell(r["record"], p, r["deltas"], lou=lou) for p in players), r["pool_after"])
            for r in rows]
    rulings = [f"* hand {r['number']}: recorded by table ruling: {r['table_ruling']}"
               for r in rows if r["table_ruling"]]
    pool = "pot" if lou else "pool"
    legend = f"{pool} in play{', D = double' if marks else ''}; t = tricks won; * = table ruling"
    part = "" if kept is None else f"{len(rows)} chosen by the filters; "
    title = header("Hands", ledger.session(sid)["name"], sid, part + legend)
    show(table(title, ["#", "dealer", pool, *players, "after"], body,
               right=("#", pool, "after", *players), names=players, keys=None,
               narrow=lambda: _row_per_player(title, pool, players, body)),
         *(cell(x) for x in rulings))


def _row_per_player(title: str, pool: str, players: list[str], body: list[tuple[Any, ...]]
                    ) -> Table:
    """``loo hands`` on a terminal too narrow for a column per player (cli/layout.py): a
    hand's first row says who deals, the pool in play and after, then a row per player."""
    rows: list[tuple[Any, ...]] = []
    ends = set()
    for number, dealer, pot, *parts, after in body:
        rows.append((number, dealer, "deals", pot, after))
        rows += [("", p, part, "", "") for p, part in zip(players, parts, strict=True)]
        ends.add(len(rows) - 1)
    return table(title, ["#", "player", "hand", pool, "after"], rows,
                 right=("#", pool, "after"), keys=None, ends=ends,
                 narrow=lambda: _pool_in_lines(title, pool, rows, ends))


def _pool_in_lines(title: str, pool: str, rows: list[tuple[Any, ...]], ends: set[int]
                   ) -> Table:
    """Narrower still: the pool in play and after as lines of the dealer's row. Built
    here, not by table(), which would show the line breaks as ``\\n``."""
    told = [[visible(number), visible(who),
             "\n".join(visible(x) for x in (part, f"{pool} {pot}", f"after {after}"))]
            if number != "" else ["", visible(who), visible(part)]
            for number, who, part, pot, after in rows]
    return Table(title, ["#", "player", "hand"], told, {"#"}, keys=None, ends=ends)


def _audit(rows: list[dict[str, Any]], output: Output) -> None:
    if output is not Output.table:
        return emit(output, rows, lambda: rows)
    for r in rows:
        hand = f"hand {r['hand']}" if r["hand"] is not None else "table"
        typer.echo(f"{r['at']}  {r['action']:<7} {hand}")
        if r["old_record"] is not None:
            typer.echo(f"    old: {json.dumps(r['old_record'], ensure_ascii=False)}")
        if r["new_record"] is not None:
            typer.echo(f"    new: {json.dumps(r['new_record'], ensure_ascii=False)}")
    if not rows:
        typer.echo("no changes recorded yet")
