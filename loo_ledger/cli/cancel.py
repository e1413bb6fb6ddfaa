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
130       Ctrl-C, or Ctrl-D at a question: nothing written (128 + SIGINT)
========  =====================================================================
"""

from __future__ import annotations

import typer

EXIT_CANCELLED = 3
EXIT_INTERRUPTED = 130


class Cancelled(Exception):
    """The person declined or cancelled; nothing was written. Not a ``LooError``: it is not
    an error, and it exits with :data:`EXIT_CANCELLED`."""


def interrupted(exc: BaseException) -> bool:
    """Whether ``exc`` is Ctrl-C or Ctrl-D: a KeyboardInterrupt or EOFError, or typer's
    Abort raised while reading an answer (its prompt raises it inside ``except
    (KeyboardInterrupt, EOFError)``, so the interrupt is its context). A bare Abort is a
    declined ``confirm(abort=True)``."""
    if isinstance(exc, KeyboardInterrupt | EOFError):
        return True
    return isinstance(exc, typer.Abort) and isinstance(exc.__context__,
                                                       KeyboardInterrupt | EOFError)
