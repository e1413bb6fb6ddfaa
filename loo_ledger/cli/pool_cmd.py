"""loo pool: the chips in the pool, who deals next and the antes due.

Listed with the commands at the table (cli/table_cmds.py registers it in its place), but a
module of its own, so that 'loo pool' alone does not load what recording a hand needs
(the hand's options and their checks): cli.ALONE.
"""

# No ``from __future__ import annotations``: Typer reads the signature of ``pool``, and
# annotations that are objects spare it compiling each one from a string.

from typing import Any

import typer

from loo_ledger.cli.context import SESSION_OPTION, env
from loo_ledger.cli.report_opts import Output, emit, output_options
from loo_ledger.cli.visible import visible
from loo_ledger.cli.wrapping import wrapped
from loo_ledger.services.pool import antes_due, pool_view


@output_options
def pool(ctx: typer.Context, output: Output, session: str | None = SESSION_OPTION) -> None:
    """--csv, --tsv and --nl write the pool's one row (the fields of --json).

    Examples:
      $ loo pool
      $ loo pool --json
    """
    e = env(ctx)
    view = pool_view(e.ledger(), e.session_id(session))
    if output is not Output.table:
        return emit(output, view["status"], lambda: [view["status"]])
    changed = view["rule_changes"]
    lines = pool_lines(view["status"], marks=view["marks"]) + (
        [f"Rules changed: {'; '.join(changed)}"] if changed else [])
    status = view["status"]
    names = {status["next_dealer"], *status["sitting_out"],
             *(a["player"] for a in status["antes"]),
             *(o["player"] for o in status["loos_from_last_hand"])}
    typer.echo("\n".join(wrapped(lines, {visible(n) for n in names if n})))


def pool_lines(status: dict[str, Any], *, marks: bool = True) -> list[str]:
    """``loo pool`` in words: Lou's pot in cents; simple or double only where ``marks``
    (the variant has them: legal.has_simple_double)."""
    lou = "burn_cap" in status
    n = status["pool"]
    if lou:
        head = f"Pot: {n} cent{'s' * (n != 1)}"
    else:
        kind = "" if not marks else (" (double)" if status["double"] else " (simple)")
        head = f"Pool: {n} chip{'s' * (n != 1)}{kind}"
    why = status["why"]
    lines = [f"{head}; next is hand {status['next_hand']}, dealt by "
             f"{visible(status['next_dealer'])} ({_flat(why)})."]
    if status["antes"]:
        due = antes_due(status)
        lines.append("Antes due: " + ", ".join(f"{visible(p)} {n}" for p, n in due.items()))
    else:
        lines.append("Antes due: none")
    if status["loos_from_last_hand"]:
        lines.append(("Paid into it by the last hand's burns: " if lou else
                      "Paid into it by the last hand's loos: ") + ", ".join(
            _paid(o) for o in status["loos_from_last_hand"]))
    if lou:
        first = "a first deal (antes due)" if status["first_deal"] else "a later deal"
        lines.append(f"Lou: {first}; a burned player pays {status['burn']} "
                     f"(burn cap {status['burn_cap']}).")
    if status["sitting_out"]:
        lines.append("Must sit out the redeal: " + visible(", ".join(status["sitting_out"])))
    return lines


def _paid(loo: dict[str, Any]) -> str:
    """``C 9``, or under a table ruling that changed it ``C 4 (table ruling: the rules'
    figure 9)``."""
    said = f"{visible(loo['player'])} {loo['amount']}"
    if "rules_amount" in loo:
        said += f" (table ruling: the rules' figure {loo['rules_amount']})"
    return said


def _flat(why: str) -> str:
    """A reason without parentheses inside, to sit in parentheses: "a simple pool
    (simple_pool=play-all)" -> "a simple pool: simple_pool=play-all"."""
    head, sep, rest = why.partition(" (")
    return f"{head}: {rest.removesuffix(')')}" if sep else why
