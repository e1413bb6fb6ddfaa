"""Progress for the commands that can run past a second (issue 10, item 6): a rich bar on
standard error, shown only when standard error is a terminal, so nothing of it reaches a
pipe, a file or a test's captured output.

The services never print: they take a ``progress(n)`` callback (n more hands done) and
the command line gives them the one :func:`bar` yields (None when nothing is shown).

    with bar("checking", total=hands, unit="hands") as tick:
        check_session(ledger, sid, progress=tick)
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

Tick = Callable[[int], None]


def shown() -> bool:
    """Whether progress is drawn: only when standard error is a terminal."""
    try:
        return sys.stderr.isatty()
    except ValueError:  # a closed stream
        return False


@contextmanager
def bar(what: str, *, total: int | None = None, unit: str = "hands") -> Iterator[Tick | None]:
    """A progress bar for ``what`` (``total`` steps of ``unit``, or a pulse when the total
    is not known), removed when the block ends; yields ``tick(n)`` or None when no bar is
    drawn. Ticks are cheap: the bar is redrawn by rich's own thread a few times a second."""
    if not shown():
        yield None
        return
    from rich.console import Console  # noqa: PLC0415 (rich: only for a bar on a terminal)
    from rich.progress import (  # noqa: PLC0415 (rich: only for a bar on a terminal)
        BarColumn,
        MofNCompleteColumn,
        Progress,
        SpinnerColumn,
        TextColumn,
        TimeElapsedColumn,
    )
    columns = [SpinnerColumn(), TextColumn("{task.description}"), BarColumn(),
               MofNCompleteColumn(), TextColumn(unit), TimeElapsedColumn()]
    with Progress(*columns, console=Console(stderr=True), transient=True,
                  redirect_stdout=False, redirect_stderr=False) as progress:
        task = progress.add_task(what, total=total)

        def tick(n: int = 1) -> None:
            progress.advance(task, n)

        yield tick
