"""loo hand -i: ask, in seat order from the dealer's left, only what the rules allow; show
the settlement once; then record it, change one answer, or quit.

The questions are cli/interactive_walk.py (each put to ``domain.legal`` or the engine);
the answers become the one-line form and go through the same parser, so a hand asked
here is recorded exactly as the same hand typed on one line. At the preview:

- ``yes`` (or Enter) records it with ``record(..., expect_hand=N)`` and says
  "hand N recorded" and who deals next;
- ``change`` (or ``n``) lists the answers given; the one chosen is asked again, every
  other answer is kept (an answer the change made impossible, e.g. a trick count that no
  longer fits, is asked again too);
- ``quit`` (or ``cancel``) records nothing and exits 3 (cli/cancel.py); Ctrl-C exits 130.

If another terminal records or undoes a hand meanwhile, TableChanged (a LooError) says so
and nothing is written: exit 1, and ``loo hand -i`` again asks the table as it now is.

With ``--json`` every question, preview and message goes to standard error, and standard
output holds only the hand recorded, as ``loo hand --json`` prints it (nothing when the
hand is not recorded).
"""

from __future__ import annotations

import typer

from loo_ledger.cli.cancel import Cancelled
from loo_ledger.cli.interactive_ask import Asked, Asker, ask
from loo_ledger.cli.interactive_walk import header, walk
from loo_ledger.cli.options import Options
from loo_ledger.cli.outputs import action_result
from loo_ledger.cli.show import dealer_moved_line, settlement_lines
from loo_ledger.errors import HandRejected
from loo_ledger.services.table import TableView, record, table_view
from loo_ledger.store import Ledger

#: What the table may answer at the preview besides the choices shown.
_ALIASES = {"n": "change", "no": "change", "cancel": "quit"}


def enter_hand(ledger: Ledger, sid: int, view: TableView, opts: Options, *,
               as_json: bool = False, ctx: typer.Context | None = None) -> None:
    """Ask the next hand of session ``sid``, preview it, and record it when the table says
    yes (Cancelled when it quits). ``as_json``: ask on standard error and print the hand
    recorded as JSON (``action_result``, which needs ``ctx``)."""
    asker = Asker(err=as_json)
    echo = asker.echo
    echo(header(view, opts))
    while True:
        rec = walk(view, opts, asker)
        try:
            preview = record(ledger, sid, rec, expect_hand=view.hand_no, dry_run=True)
        except HandRejected as exc:
            echo(f"Hand {view.hand_no} cannot be recorded as it stands:")
            echo("\n".join(f"  {p.message}" for p in exc.problems) or f"  {exc}")
            choices: tuple[str, ...] = ("change", "quit")
        else:
            echo("\n".join(settlement_lines(preview, v=view.variant, present=view.present)))
            choices = ("yes", "change", "quit")
        answer = ask(f"Record hand {view.hand_no}?", choices, default=choices[0],
                     why=lambda a: None if a in _ALIASES else "", err=as_json)
        answer = _ALIASES.get(answer, answer)
        if answer == "yes":
            done = record(ledger, sid, rec, expect_hand=view.hand_no)
            after = table_view(ledger, sid)
            nxt = settlement_lines(done, v=after.variant, present=after.present)[-1]
            echo(f"hand {done.hand_no} recorded. {nxt}")
            if (moved := dealer_moved_line(view.state, done, view.present)) is not None:
                echo(moved)
            if as_json:
                assert ctx is not None, "--json prints through the command's context"
                action_result(ctx, "hand", sid, hand=done.hand_no, settlement=done)
            return
        if answer == "quit":
            raise Cancelled(f"hand {view.hand_no} not recorded")
        key = _which(asker)
        if key is not None:
            asker.forget(key)


def _which(asker: Asker) -> str | None:
    """Which answer to change (None: none, back to the preview)."""
    asked: list[Asked] = asker.asked
    if not asked:
        asker.echo("  every answer of this hand was forced by the ones before: nothing to "
                   "change")
        return None
    asker.echo("Change which answer?")
    width = len(str(len(asked)))
    for i, a in enumerate(asked, 1):
        asker.echo(f"  {i:>{width}}  {a.label}: {a.answer or '(none)'}")
    numbers = [str(i) for i in range(1, len(asked) + 1)]
    typed = ask(f"Number, 1 to {len(asked)} (blank: none)", [*numbers, ""], default="",
                hint="", err=asker.err)
    return asked[int(typed) - 1].key if typed else None
