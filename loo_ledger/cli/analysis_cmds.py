"""Hand-history analysis: loo stats, settle-up, replay (issue 4). Parse, call, render.

Each command imports its own service in its body: the three share this module and nothing
else (stats reads the SQL totals, settle-up the money, replay the whole engine)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import typer

from loo_ledger.cli import completion, option_limits
from loo_ledger.cli.context import RULE_OPTION, SESSION_OPTION, env, one_session
from loo_ledger.cli.filter_opts import filter_options, iso
from loo_ledger.cli.matching import match_player
from loo_ledger.cli.render import money_text, show, signed, table
from loo_ledger.cli.report_opts import Output, emit, output_options
from loo_ledger.cli.wrapping import wrapped
from loo_ledger.services.analysis.filters import Filters, evenings

#: Why a report of whole evenings refuses the hand filters.
_WHOLE_EVENINGS = ("settle-up settles whole evenings: what each player owes is his net over "
                   "every hand of the evening, so a part of its hands or seats owes nobody "
                   "anything")


def _cash(amount: str | None, currency: str | None) -> str:
    return "" if amount is None else money_text(Decimal(amount), currency)


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.0%}"


@output_options
@filter_options()
def stats(ctx: typer.Context, only: Filters, output: Output,
          all_: bool = typer.Option(False, "--all", help="Every session in the ledger."),
          player: str | None = typer.Option(None, "--player", metavar="NAME",
                                               help="Only this player."),
          limit: int = typer.Option(20, "--limit", metavar="N", min=0, help=(
              "Across sessions: list the N most recent sessions (0: all; --json has all).")),
          ) -> None:
    """Per player: declarations, tricks, loos, whole pools, flushes, chips and money, seats.
    Per session: hands, simple and double pools, the largest pool, loos paid. One session
    (the current one, or -s ID), or the evenings the filters choose (--all, --since,
    --until, --season, --variant, several -s); --pool, --seat and --with choose hands and
    seats within them. --csv, --tsv and --nl write a row per player."""
    from loo_ledger.services.analysis.stats import stats as run_stats  # noqa: PLC0415 (the stats service: not for settle-up, replay)
    e = env(ctx)
    ids = list(only.sessions)
    if all_ and ids:
        ctx.fail("choose --session or --all, not both")
    filtered = bool(only.season is not None or only.until or only.variant is not None
                    or len(ids) > 1 or (ids and only.since is not None))
    across = (all_ or only.since is not None or filtered)
    sid = None if across else (ids[0] if ids else e.session_id(None))
    if player is not None and sid is None:  # across sessions: a person, by any spelling
        from loo_ledger.cli.player_cmds import match_identity  # noqa: PLC0415 (identities: only for a player across sessions)
        from loo_ledger.store.identities import read as read_identities  # noqa: PLC0415 (identities: only for a player across sessions)
        player = match_identity(player, read_identities(e.ledger().db))
    elif player is not None:  # a unique prefix in any case, as everywhere (cli/matching.py)
        player = match_player(player, e.ledger().session(sid)["players"])
    table_only = output is Output.table
    # the hand filters (--pool, --seat, --with) go to the service with the evenings chosen,
    # or alone beside one session or --since (services/analysis/stats.py)
    hands_only = Filters(pool=only.pool, seat=only.seat, with_=only.with_)
    report = run_stats(e.ledger(), session_id=sid,
                       since=iso(only.since) if only.since and not filtered else None,
                       player=player, record_sessions=limit or None if table_only else None,
                       only=only if filtered else hands_only if only.hand_filters() else None)
    if not table_only:
        return emit(output, report, lambda: report["players"])
    _show_stats(report, limit)


def _show_stats(report: dict[str, Any], limit: int) -> None:
    title, players = report["scope"]["title"], report["players"]
    if report["game"] == "lou":
        return _show_lou_stats(report, limit)
    show(table(f"Players, {title} (rates of the hands each declared in; loo rate of the "
               "hands played)",
               ["player", "hands", "stand", "pass", "miss", "defend", "tricks/hand", "loo rate",
                "whole pools", "flushes", "net", "money", "best", "worst"],
               [(p["player"], p["hands"], *(_pct(p["declarations"][w]["rate"]) for w in
                                            ("stand", "pass", "miss", "defend")),
                 "-" if p["tricks_per_hand"] is None else f"{p['tricks_per_hand']:.2f}",
                 _pct(p["loo_rate"]), p["took_whole"], p["flushes"], signed(p["net"]),
                 ", ".join(_cash(m["amount"], m["currency"]) for m in p["money"]),
                 signed(p["biggest_gain"]), signed(p["biggest_loss"])) for p in players],
               right=("hands", "tricks/hand", "whole pools", "flushes", "net", "money", "best",
                      "worst"), wrap=("money",)))
    _show_cards(report, title)
    seats = sorted({s["seat"] for p in players for s in p["by_seat"]})
    labels = ["dealer" if s == 0 else str(s) for s in seats]
    show(table("By seat from the dealer (1 = the dealer's left): net chips (hands)",
               ["player", *labels],
               [(p["player"], *_seat_cells(p["by_seat"], seats)) for p in players],
               right=labels))
    sessions = report["sessions"]
    shown = sessions[-limit:] if limit else sessions
    show(table("Sessions" + _cut(len(shown), len(sessions)),
               ["session", "date", "hands", "simple", "double", "largest pool",
                "longest double run", "paid in loos"],
               [(s["session"], _day(s["date"]), s["hands"], s["simple"], s["double"],
                 s["largest_pot"], s["longest_double_run"], s["paid_in_loos"]) for s in shown],
               right=("session", "hands", "simple", "double", "largest pool",
                      "longest double run", "paid in loos"), wrap=("date",)))
    if "record" in report:
        _show_record(report["record"], _cut(len(shown), len(sessions)))
    for n in report["not_counted"]:
        typer.echo(f"Note: session {n['session']} has {n['hands']} hands but {n['counted']} are "
                   "counted: its records no longer settle under its rules (see 'loo check').",
                   err=True)


def _show_lou_stats(report: dict[str, Any], limit: int) -> None:
    """Lou's stats in its own words: stand and fold, burns, pots won (services/analysis/stats)."""
    title, players = report["scope"]["title"], report["players"]
    show(table(f"Players, {title} (stand and fold: of the later deals, where each chooses)",
               ["player", "hands", "stand", "fold", "tricks/hand", "burns", "paid in burns",
                "pots won", "net", "money", "best", "worst"],
               [(p["player"], p["hands"], *(_pct(p["declarations"][w]["rate"]) for w in
                                            ("stand", "fold")),
                 "-" if p["tricks_per_hand"] is None else f"{p['tricks_per_hand']:.2f}",
                 p["burned"], p["paid_in_burns"], p["pots_won"], signed(p["net"]),
                 ", ".join(_cash(m["amount"], m["currency"]) for m in p["money"]),
                 signed(p["biggest_gain"]), signed(p["biggest_loss"])) for p in players],
               right=("hands", "tricks/hand", "burns", "paid in burns", "pots won", "net",
                      "money", "best", "worst"), wrap=("money",)))
    sessions = report["sessions"]
    shown = sessions[-limit:] if limit else sessions
    show(table("Sessions" + _cut(len(shown), len(sessions)),
               ["session", "date", "hands", "largest pot", "paid in burns"],
               [(s["session"], _day(s["date"]), s["hands"], s["largest_pot"], s["paid_in_burns"])
                for s in shown], right=("session", "hands", "largest pot", "paid in burns"),
               wrap=("date",)))
    if "record" in report:
        _show_record(report["record"], _cut(len(shown), len(sessions)))


def _show_cards(report: dict[str, Any], title: str) -> None:
    """The figures from recorded cards (issue 12), only where some hand has them."""
    carded = [p for p in report["players"] if p["cards"] and p["cards"]["hands"]]
    if not carded:
        return
    show(table(f"From the cards, {title} (hands with tricks judged from recorded cards)",
               ["player", "hands", "trumps led", "tricks won with Pam", "revokes caught",
                "first trick won/led"],
               [(p["player"], c["hands"], c["trumps_led"], c["pam_tricks"], c["revokes_caught"],
                 f"{c['first_tricks_won']}/{c['first_tricks_led']}")
                for p in carded for c in [p["cards"]]],
               right=("hands", "trumps led", "tricks won with Pam", "revokes caught",
                      "first trick won/led")))
    for s in report["sessions"]:
        c = s["cards"]
        if c and c["hands"]:
            typer.echo(f"Session {s['session']}: the eldest in play won the first trick in "
                       f"{c['eldest_won_first']} of {c['hands']} hands with cards "
                       f"({_pct(c['eldest_first_rate'])}).")


def _seat_cells(by_seat: list[dict[str, Any]], seats: list[int]) -> list[str]:
    found = {s["seat"]: f"{signed(s['net'])} ({s['hands']})" for s in by_seat}
    return [found.get(seat, "-") for seat in seats]


def _cut(shown: int, total: int) -> str:
    return "" if shown == total else (f" (the last {shown} of {total}; --limit 0 shows all, "
                                      "--json lists all)")


def _day(date: str | None) -> str:
    """``2025-03-14T19:45:00+00:00`` as ``2025-03-14 19:45``."""
    return (date or "")[:16].replace("T", " ")


def _show_record(record: list[dict[str, Any]], cut: str) -> None:
    """Each player's sessions, oldest first: net chips and money."""
    show(table("Record over time" + cut, ["player", "session", "date", "net", "money"],
               [(r["player"], s["session"], _day(s["date"]), signed(s["net"]),
                 _cash(s["money"], s["currency"])) for r in record for s in r["sessions"]],
               right=("session", "net", "money"), wrap=("date", "money"),
               keys=("player", "session")))


@output_options
@filter_options(cannot={"--pool": _WHOLE_EVENINGS, "--seat": _WHOLE_EVENINGS,
                        "--with": _WHOLE_EVENINGS})
def settle_up(ctx: typer.Context, only: Filters, output: Output,
              banker: str | None = typer.Option(None, "--banker", metavar="NAME", help=(
                  "Who everyone settles with (default: the first player).")),
              all_: bool = typer.Option(False, "--all", help=(
                  "The tab of every session: who owes whom, after 'loo paid'."))) -> None:
    """Money owed at the end: each player's net and buy-in in money, and who pays whom.
    With --all, or filters choosing evenings (--since, --until, --season, --variant,
    several -s), a tab: every session's money by player (and the pool), less the debts
    paid ('loo paid'), and who still pays whom. --csv, --tsv and --nl write a row per
    player (and the pool), or per party of each tab."""
    from loo_ledger.services.analysis.settle_up import settle_session  # noqa: PLC0415 (not for `loo stats`, `loo replay`)
    e = env(ctx)
    ids = list(only.sessions)
    filtered = bool(only.until or only.season is not None or only.variant is not None
                    or len(ids) > 1 or (ids and only.since is not None))
    if all_ or only.since is not None or filtered:
        if banker is not None or (all_ and (ids or filtered)):
            ctx.fail("--all and the filters settle a season by the fewest transfers; --all "
                     "cannot be combined with --session or another filter, nor any of them "
                     "with --banker")
        from loo_ledger.cli.season_show import show_tab  # noqa: PLC0415 (a season's tab: only settle-up --all/filters)
        from loo_ledger.services.analysis.season import season_tab  # noqa: PLC0415 (a season's tab: only settle-up --all/filters)
        if filtered:
            title, _name, chosen = evenings(e.ledger(), only)
            tab = season_tab(e.ledger(), since=None, evenings=[s["id"] for s in chosen],
                             title=title)
        else:
            tab = season_tab(e.ledger(), since=iso(only.since))
        if output is not Output.table:
            return emit(output, tab, lambda: _tab_rows(tab))
        return show_tab(tab)
    result = settle_session(e.ledger(), ids[0] if ids else e.session_id(None), banker=banker)
    if output is not Output.table:
        return emit(output, result, lambda: _settle_rows(result))
    if result["in"] == "chips":
        return _settle_chips(result)
    cur, kitty = result["unit"]["currency"], result["pool"]
    bought = result["buy_in"] is not None
    rows = [(p["name"], signed(p["net"]), _cash(p["money"], cur),
             *((f"{p['bought']} = {_cash(p['bought_money'], cur)}",
                f"{p['cash_out']} = {_cash(p['cash_out_money'], cur)}") if bought else ()))
            for p in result["players"]]
    # The pool's change is its part of the cash-outs: the column sums to what was bought in.
    rows.append(("(pool)", signed(kitty["change"]), _cash(kitty["money"], cur),
                 *(("", f"{signed(kitty['change'])} = {_cash(kitty['cash_out_money'], cur)}")
                   if bought else ())))
    if bought:
        total = f"{result['bought']['chips']} = {_cash(result['bought']['money'], cur)}"
    rows.append(("total", "0", _cash(result["total"], cur), *((total, total) if bought else ())))
    unit = result["unit"]
    show(table(f"Settle-up, session {result['session']} (one {unit['name'] or 'chip'} = "
               f"{_cash(unit['value'], cur)})",
               ["player", "net", "money", *(("bought", "cashes out") if bought else ())], rows,
               right=("net", "money", "bought", "cashes out"), wrap=("bought", "cashes out")))
    lines = _settle_notes(result)
    for title, part in ((f"Everyone settles with the banker, {result['banker']['name']}:",
                         result["banker"]), (f"Few transfers ({result['fewest']['method']}):",
                                             result["fewest"])):
        lines += ["", title]
        for t in part["transfers"] or [{"from": "nobody", "to": "anybody", "amount": None}]:
            lines.append(f"  {t['from']} pays {t['to']} {_cash(t['amount'], cur)}".rstrip())
    typer.echo("\n".join(wrapped(lines, _names(result))))


def _names(result: dict[str, Any]) -> set[str]:
    """The names settle-up's sentences hold, kept whole when they are wrapped."""
    return {p["name"] for p in result["players"]} | {result["banker"]["name"]}


def _settle_rows(result: dict[str, Any]) -> list[dict[str, Any]]:
    """settle-up's rows for --csv: each player's row of --json (``kind`` player), then the
    pool's (``kind`` pool, named "(pool)", its net the change in it)."""
    return [*({"kind": "player", **p} for p in result["players"]),
            {"kind": "pool", "name": "(pool)", "net": result["pool"]["change"],
             **result["pool"]}]


def _tab_rows(tab: dict[str, Any]) -> list[dict[str, Any]]:
    """A season tab's rows for --csv: each party of each tab (a tab per currency, or in
    chips), with the tab's currency (or ``in``: chips)."""
    return [{"in": t["in"], "currency": t.get("currency"), **p}
            for t in tab["tabs"] for p in t["parties"]]


def _settle_chips(result: dict[str, Any]) -> None:
    """A settlement in chips: the unit has no money value (issue 22 item 13)."""
    unit = result["unit"]["name"] or "chip"
    pool = result["pool"]
    rows = [(p["name"], signed(p["net"])) for p in result["players"]]
    rows += [("(pool)", signed(pool["change"]))] if pool["change"] else []
    rows.append(("total", "0"))
    show(table(f"Settle-up in chips, session {result['session']} (one {unit}; no money value)",
               ["party", "chips"], rows, right=("chips",)))
    lines = []
    if pool["change"]:
        more = pool["change"] > 0
        lines.append(f"The pool {'holds' if more else 'paid out'} {abs(pool['change'])} chips "
                     + ("more than it opened with" if more else
                        "it brought from an earlier session") + ": '(pool)' is its keeper.")
    if not result["closed"]:
        lines.append(f"Session {result['session']} is still open: these are the figures so far.")
    for title, part in ((f"Everyone settles with the banker, {result['banker']['name']}:",
                         result["banker"]), (f"Few transfers ({result['fewest']['method']}):",
                                             result["fewest"])):
        lines += ["", title]
        for t in part["transfers"] or [{"from": "nobody", "to": "anybody", "chips": 0}]:
            n = t["chips"]
            lines.append(f"  {t['from']} hands {t['to']}" + (f" {n} {unit}{'s' * (n != 1)}"
                                                             if n else ""))
    typer.echo("\n".join(wrapped(lines, _names(result))))


def _settle_notes(result: dict[str, Any]) -> list[str]:
    cur, pool, out = result["unit"]["currency"], result["pool"], []
    if pool["change"] > 0:
        out.append(f"The pool holds {pool['change']} chips more than it opened with: their money "
                   f"({_cash(pool['money'], cur)}) is paid to '(pool)' and goes with the chips "
                   "into the next session.")
    elif pool["change"] < 0:
        out.append(f"The pool paid out {-pool['change']} chips it brought from an earlier "
                   f"session: '(pool)' pays their money ({_cash(pool['money'].lstrip('-'), cur)}) "
                   "out of the money carried with it.")
    if result["buy_in"] is not None:
        out.append("If the buy-ins were paid to the banker in cash, the banker instead pays each "
                   "player their cash-out: the same money"
                   + ("." if result["cash_out_is_buy_in_plus_net"] else
                      ", give or take a cent: a buy-in worth a fraction of a cent is rounded "
                      "on its own."))
    if result["rounded"]:
        out.append("The unit is worth less than a cent: amounts are rounded together so that "
                   "each column still sums to its total (largest remainders get the odd cents).")
    if not result["closed"]:
        out.append(f"Session {result['session']} is still open: these are the figures so far.")
    return out


@output_options
def replay(ctx: typer.Context, output: Output,
           typed: str | None = typer.Argument(None, metavar="[SESSION]",
                                              autocompletion=completion.sessions,
                                              callback=option_limits.session,
                                              help="Session id or name, a unique prefix will "
                                                   "do (or -s); default: the current one."),
           session: str | None = SESSION_OPTION,
           rule: list[str] = RULE_OPTION,
           variant: str | None = typer.Option(None, "--variant", metavar="NAME",
                                              autocompletion=completion.variants, help=(
               "Another preset or saved house rule (the stored overrides and the stored "
               "rule changes are dropped).")),
           ) -> None:
    """--csv, --tsv and --nl write a row per player, then the pool's ("(pool)")."""
    from loo_ledger.cli.progress import bar, shown  # noqa: PLC0415 (replay alone: not for `loo stats`, settle-up)
    from loo_ledger.services.analysis.resettle import replay_session  # noqa: PLC0415 (the engine: `loo replay` alone, not `loo stats`)
    e = env(ctx)
    sid = one_session(ctx, typed, session)
    total = next((r["hands"] for r in e.ledger().sessions() if r["id"] == sid), None
                 ) if shown() else None
    with bar("replaying", total=total) as tick:
        result = replay_session(e.ledger(), sid, rule, variant, tick)
    if output is not Output.table:
        return emit(output, result, lambda: [*result["players"],
                                             {"name": "(pool)", **result["pool"]}])
    cur, has_money = result["unit"]["currency"], result["unit"]["value"] is not None
    money_cols = ("money stored", "money new", "money difference") if has_money else ()

    def row(name: str, f: dict[str, Any]) -> tuple[Any, ...]:
        cash = tuple(_cash(f["money"][k], cur) for k in ("stored", "new", "difference")
                     ) if has_money else ()  # (no "money" without a unit value)
        return (name, signed(f["stored"]), signed(f["new"]), signed(f["difference"]), *cash)

    typer.echo(f"Session {result['session']} under {result['new_rules']} "
               f"(stored: {result['stored_rules']}).")
    for c in result["changed"]:
        typer.echo(f"  {c['parameter']}: {c['stored']} -> {c['new']}")
    show(table(None, ["player", "stored", "new", "difference", *money_cols],
               [row(p["name"], p) for p in result["players"]] + [row("(pool)", result["pool"])],
               right=("stored", "new", "difference", *money_cols)))
    typer.echo(f"{result['settled']} of {result['hands']} hands settled under the new rules.")
    for s in result["skipped"]:
        typer.echo(f"Hand {s['hand']} is impossible under the new rules and was skipped (no chips "
                   "moved, the pool carried over unchanged, the deal passed on):")
        for p in s["problems"]:
            who = f"{p['player']}: " if p["player"] else ""
            typer.echo(f"  {who}{p['message']} [{p['code']}]")
    typer.echo("Nothing was written to the database.")
