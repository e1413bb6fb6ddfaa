"""Shell completion of values: session ids and names, the current session's players,
variant and house-rule names, suits, and parameter names after ``--rule``.

Typer calls these (its ``autocompletion`` callbacks) while the shell completes a word; the
root's callback has not run then, so the ledger is found from ``--db`` as parsed (or
LOO_DB, or the default) and read, never created. A word that cannot be completed (no
ledger, a damaged one) completes to nothing.

No ``from __future__ import annotations`` here: Typer reads these signatures when it
builds each command, and annotations that are objects spare it compiling them.
"""

from collections.abc import Callable, Iterable
from contextlib import suppress
from pathlib import Path
from typing import Any

import typer

from loo_ledger.errors import LooError

SUITS = ("clubs", "diamonds", "hearts", "spades")


def starting(incomplete: str, words: Iterable[str]) -> list[str]:
    """The words that begin with what is typed (any case), each once, in order."""
    typed = incomplete.casefold()
    return list(dict.fromkeys(w for w in words if w.casefold().startswith(typed)))


def _read(ctx: typer.Context, what: Callable[[Any], Iterable[str]]) -> list[str]:
    """``what(ledger)`` of the ledger the command line names; [] when there is none."""
    from loo_ledger.cli.context import resolve_db  # noqa: PLC0415 (cli.context imports this module: a cycle)
    path = Path(resolve_db(ctx.find_root().params.get("db")))
    if not path.is_file():
        return []
    from loo_ledger.store.db import open_database  # noqa: PLC0415 (the ledger: only when completing, not `loo --help`)
    from loo_ledger.store.ledger import Ledger  # noqa: PLC0415 (the ledger: only when completing, not `loo --help`)
    with suppress(LooError):
        ledger = Ledger(open_database(path, create=False, folders=False))
        try:
            return list(what(ledger))
        finally:
            ledger.close()
    return []


def _sessions(ledger: Any) -> Iterable[str]:
    rows = ledger.sessions()
    return [*(str(r["id"]) for r in rows), *(r["name"] for r in rows if r["name"])]


def _players(ledger: Any) -> Iterable[str]:
    sid = ledger.current_session_id()
    return [] if sid is None else ledger.present_players(int(sid))


def sessions(ctx: typer.Context, incomplete: str) -> list[str]:
    """``-s/--session ID|NAME``, ``loo use SESSION``: ids and names."""
    return starting(incomplete, _read(ctx, _sessions))


def players(ctx: typer.Context, incomplete: str) -> list[str]:
    """A NAME option of ``loo hand`` (``--revoke``, ``--pam``...): the current session's
    players at the table."""
    return starting(incomplete, _read(ctx, _players))


def words(ctx: typer.Context, incomplete: str) -> list[str]:
    """A player's word of ``loo hand``: ``NAME=``, the name completed, the value to type."""
    name, sep, _ = incomplete.partition("=")
    if sep:
        return []
    return [f"{p}=" for p in starting(name, _read(ctx, _players))]


def variants(ctx: typer.Context, incomplete: str) -> list[str]:
    """``--variant``: the presets and the ledger's house rules."""
    from loo_ledger.domain.rules.variants import PRESETS  # noqa: PLC0415 (the presets: only when completing a rule)
    return starting(incomplete, [*PRESETS, *_read(ctx, lambda ledger: ledger.house_rules())])


def house_rules(ctx: typer.Context, incomplete: str) -> list[str]:
    """``loo rules show/delete NAME``: the ledger's saved house rules."""
    return starting(incomplete, _read(ctx, lambda ledger: ledger.house_rules()))


def suits(incomplete: str) -> list[str]:
    """``--trump``: the four suits."""
    return starting(incomplete, SUITS)


def rules(incomplete: str) -> list[str]:
    """``--rule NAME=VALUE``: the parameter names, then a choice parameter's values."""
    from loo_ledger.domain.rules.params import PARAMS  # noqa: PLC0415 (the parameters: only when completing one)
    name, sep, value = incomplete.partition("=")
    if not sep:
        return [f"{n}=" for n in starting(name, PARAMS)]
    param = PARAMS.get(name)
    choices = [str(c) for c in (param.choices or ())] if param is not None else []
    return [f"{name}={c}" for c in starting(value, choices)]
