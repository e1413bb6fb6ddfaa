"""Cancel is not an error: the exit statuses of a person changing their mind.

The one error boundary (``LooGroup.invoke`` in cli/__init__.py) maps what a command raises
to an exit status, and nothing else does:

========  =====================================================================
status    when
========  =====================================================================
0         all went well
1         bad input, a refused hand, a failed check (a ``LooError``)
2         a mistyped command (click's usage error)
3         a declined confirmation or a cancelled ``loo hand -i``: nothing written
130       Ctrl-C, or Ctrl-D at a question (128 + SIGINT): nothing written, or, when
          it came after the ledger had stored the change, what was stored
========  =====================================================================
"""

from __future__ import annotations

import sys
from typing import Any

import typer

from loo_ledger.errors import LooError

EXIT_CANCELLED = 3
EXIT_INTERRUPTED = 130


class Cancelled(Exception):
    """The person declined or cancelled; nothing was written. Not a ``LooError``: it is not
    an error, and it exits with :data:`EXIT_CANCELLED`."""


def at_a_terminal() -> bool:
    """Whether a question can be answered: standard input is a terminal."""
    return sys.stdin.isatty()


def confirm(question: str, *, yes: bool) -> None:
    """Ask ``question`` (y/N) unless ``yes`` (the command's --yes); a "no" is a declined
    confirmation (exit 3). With no terminal to answer at and no --yes, refused: a LooError
    (exit 1, nothing written) that says to give --yes; never a wait on a pipe, nor Ctrl-C's
    130 for an end of input that nobody typed."""
    if yes:
        return
    if not at_a_terminal():
        raise LooError(f"{question} There is no terminal to answer at: nothing written; "
                       "give --yes to go ahead.")
    typer.confirm(question, abort=True)


def interrupted(exc: BaseException) -> bool:
    """Whether ``exc`` is Ctrl-C or Ctrl-D: a KeyboardInterrupt or EOFError, or typer's
    Abort raised while reading an answer (its prompt raises it inside ``except
    (KeyboardInterrupt, EOFError)``, so the interrupt is its context). A bare Abort is a
    declined ``confirm(abort=True)``."""
    if isinstance(exc, KeyboardInterrupt | EOFError):
        return True
    return isinstance(exc, typer.Abort) and isinstance(exc.__context__,
                                                       KeyboardInterrupt | EOFError)


def interrupted_line(obj: Any) -> str:
    """What Ctrl-C says: that nothing was written, or what the ledger had already stored
    when it came (a write commits, then the interrupt arrives: the change is kept), and
    which file it was writing outside the ledger, if any (that cannot be told).
    ``obj`` is the command line's context object (cli/context.py Env; anything else, such
    as no ledger opened yet, had written nothing)."""
    stored = obj.stored() if hasattr(obj, "stored") else []
    said = []
    if stored:
        whats = " and ".join(dict.fromkeys(stored))
        said.append(f"Interrupted, but only after {whats} had been stored in {obj.db_path}: "
                    "it is kept ('loo hands' and 'loo sessions' show what the ledger holds).")
    for path in getattr(obj, "files", ()):
        said.append(f"Interrupted while writing {path}: whether it was written cannot be "
                    "told from here; look at it before you trust it (a ledger or a backup: "
                    f"'loo --db {path} check').")
    return "\n".join(said) or "Interrupted: nothing written."
