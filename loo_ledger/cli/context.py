"""What every command shares: the database, the session it works on, JSON output."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import typer

from loo_ledger.cli import completion, option_limits
from loo_ledger.errors import NotFound


class Env:
    """Per-invocation state, kept on the click context (no module-level state); the root
    command closes it (:meth:`close`) as the command line's context ends."""

    __slots__ = ("db_path", "command", "_ledger", "files")

    def __init__(self, *, db_path: Path, command: str = "") -> None:
        self.db_path = db_path
        self.command = command
        self._ledger: Any = None  # a store.ledger.Ledger once opened
        #: Files the command began to write outside the ledger's transactions (a backup,
        #: an export, a restored ledger): an interrupt cannot tell whether they were.
        self.files: list[Path] = []

    def writing(self, path: Path) -> Path:
        """Note that the command now writes ``path`` (see :attr:`files`); ``path``."""
        self.files.append(path)
        return path

    def stored(self) -> list[str]:
        """What the command's writes to the ledger have stored (each committed write's
        words, store/conn.py Connection.stored); [] if it opened no ledger."""
        return [] if self._ledger is None else list(self._ledger.db.stored())

    def __repr__(self) -> str:
        return f"Env(db_path={self.db_path!r}, command={self.command!r})"

    def ledger(self, *, create: bool | None = None, writes: bool = False) -> Any:
        """The ledger, opened (and migrated) on first use. Only the commands in
        CREATES_LEDGER (or ``create=True``) make a new file; any other command on a
        missing file is a NotFound naming the path. ``writes``: the command is about to
        write, so the check of the file's pages begins now (store/conn.py verify_soon)."""
        if self._ledger is None:
            from loo_ledger.store.db import open_database  # noqa: PLC0415 (the store: not for `loo path`, `loo variants`, --help)
            from loo_ledger.store.ledger import Ledger  # noqa: PLC0415 (the store: not for `loo path`, `loo variants`, --help)
            create = self.command in CREATES_LEDGER if create is None else create
            self._ledger = Ledger(open_database(self.db_path, create=create, folders=False))
        if writes:
            self._ledger.db.verify_soon()
        return self._ledger

    def close(self) -> None:
        """Close the ledger, if the command opened it (SQLite folds its write-ahead log
        back and removes it at the last close)."""
        ledger, self._ledger = self._ledger, None
        if ledger is not None:
            ledger.close()

    def session_id(self, given: str | None) -> int:
        """The session named by ``--session`` (its id, or its name: :meth:`find_session`),
        else the current one."""
        ledger = self.ledger()
        if given is not None:
            return self.find_session(given)
        current = ledger.current_session_id()
        if current is None:
            if ledger.sessions():
                raise NotFound(f"no session is current in {self.db_path}: choose one with "
                               "'loo use ID' (see 'loo sessions')")
            raise NotFound(f"there is no session in {self.db_path} yet: start one with "
                           "'loo new NAME --players Ann,Ben,Cat', or 'loo import FILE'")
        return int(current)

    def find_session(self, typed: str) -> int:
        """The session a person names: its id, else its name (a unique prefix, any case)."""
        from loo_ledger.cli.matching import NoMatch, match  # noqa: PLC0415 (only for --session: not `loo pool`, `loo hand`)
        rows = self.ledger().session_names()
        if (typed.strip().isdigit() and typed.strip().isascii() and len(typed.strip()) <= 18
                and any(sid == int(typed) for sid, _ in rows)):  # "²" is a digit int() refuses
            return int(typed)
        if not rows:
            raise NotFound(f"there is no session in {self.db_path} yet: start one with "
                           "'loo new NAME --players Ann,Ben,Cat', or 'loo import FILE'")
        try:
            name = match(typed, [n for _, n in rows if n], "session")
        except NoMatch as exc:
            known = ", ".join(str(sid) for sid, _ in rows)
            if typed.strip().isdigit():  # an id, and no name begins with it either
                raise NotFound(f"there is no session {typed.strip()} in {self.db_path} "
                               f"(ids: {known}; see 'loo sessions')") from None
            raise NoMatch(f"{exc} (ids: {known}; see 'loo sessions')") from None
        ids = [sid for sid, n in rows if n == name]
        if len(ids) > 1:
            raise NoMatch(f"{len(ids)} sessions are called {name!r} (ids "
                          f"{', '.join(map(str, ids))}): name one by its id")
        return int(ids[0])


#: The commands that may start a new ledger file.
CREATES_LEDGER = frozenset({"new", "import", "rules save", "restore"})


def _command(ctx: typer.Context) -> str:
    """The running command's name below the program's ("new", "rules save")."""
    names: list[str] = []
    node: Any = ctx
    while node.parent is not None:
        names.append(node.info_name or "")
        node = node.parent
    return " ".join(reversed(names))


def resolve_db(db: Path | None) -> Path:
    if db is not None:
        return db
    if os.environ.get("LOO_DB"):
        return Path(os.environ["LOO_DB"])
    from loo_ledger.store.db import default_db_path  # noqa: PLC0415 (the data dir (moves an old ledger once): no --db/$LOO_DB)
    return default_db_path()


def env(ctx: typer.Context) -> Env:
    e: Env = ctx.find_root().obj
    e.command = e.command or _command(ctx)
    return e


def print_json(value: Any) -> None:
    import json  # noqa: PLC0415 (only for --json: not for a command's table)
    sys.stdout.write(json.dumps(value, indent=2, ensure_ascii=False) + "\n")


def one_session(ctx: typer.Context, typed: str | None, option: str | None) -> int:
    """The session given as an argument or by ``-s/--session`` (not both: a usage error),
    else the current one."""
    if typed is not None and option is not None:
        ctx.fail("name the session once: as SESSION or with -s/--session, not both")
    return env(ctx).session_id(option if typed is None else typed)


SESSION_OPTION = typer.Option(None, "--session", "-s", metavar="ID|NAME",
                              callback=option_limits.session,
                              autocompletion=completion.sessions,
                              help="Session id or name, a unique prefix will do (see 'loo "
                                   "sessions'); default: the current one.")
RULE_OPTION = typer.Option([], "--rule", "-r", metavar="NAME=VALUE",
                          callback=option_limits.rules, autocompletion=completion.rules,
                          help="Override a parameter, e.g. loo_limit=45. Repeatable.")
VARIANT_OPTION = typer.Option("three-card", "--variant", metavar="NAME",
                              autocompletion=completion.variants,
                              help="A preset ('loo variants') or a saved house rule ('loo "
                                   "rules list').")
JSON_OPTION = typer.Option(False, "--json",
                           help="Print JSON instead of a table (its shape: format.md, installed in "
                                "loo_ledger/docs/).")
