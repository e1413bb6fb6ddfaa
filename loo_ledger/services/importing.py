"""Importing session files: each read, settled and stored a hand at a time, all the files
in one transaction, so that one impossible hand anywhere writes nothing.

Every file streams through the one reader (formats/reader.py): each hand is decoded,
checked, settled by the domain and handed to the one writer, which derives and inserts its
rows a batch at a time, so memory does not grow with the file (issue 10). What only the
whole file shows (a key given twice, a seat change that does not fit the hands) is known
once its last hand is read; a file the reader refuses is rolled back to before it and its
problems worded, each with its path (sessionfile.refusal). A file the reader refuses is
reported before an impossible hand in it. A file already imported is refused by its fingerprint
(:func:`_refusals`); a dry run asks the same question and says the answer in each file's
``refused``.

No printing here: functions return data or raise a LooError. ``loo check`` is in
services/checking.py.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import msgspec
from msgspec.structs import replace

from loo_ledger.domain import Session, Settlement, TableState
from loo_ledger.domain.settlement.session import settle_each, start
from loo_ledger.errors import LooError, StoreError
from loo_ledger.formats import reader
from loo_ledger.formats.extensions import session_extras
from loo_ledger.formats.sessionfile import read_file, refusal, seat_changes
from loo_ledger.store.codec import now_iso
from loo_ledger.store.imports import imported_as, record_imports
from loo_ledger.store.ledger import Ledger

if TYPE_CHECKING:
    from loo_ledger.store.conn import Connection

#: The file name that means standard input (the CLI passes its bytes as ``stdin``).
STDIN = "-"

Progress = Callable[[int], None]
A = TypeVar("A")
B = TypeVar("B")


class Refusal(msgspec.Struct, frozen=True, kw_only=True):
    """Why the real import refuses a file without ``--again``: the sessions its content
    became (id, name, when imported; oldest first) or, if none, the file before it in the
    same import that holds the same session."""

    sessions: tuple[tuple[int, str | None, str], ...] = ()
    same_as: str | None = None

    def error(self, source: str) -> AlreadyImported:
        """The error the real import raises for the file ``source``."""
        if self.sessions:
            return _landed(source, list(self.sessions))
        return AlreadyImported(f"{source} holds the same session as {self.same_as}; nothing "
                               "was imported (give it once, or use --again).")


class Imported(msgspec.Struct, frozen=True, kw_only=True):
    """One file imported (``session_id`` None under a dry run): what it holds; under a dry
    run, ``refused`` says why the real import would refuse it without ``--again``."""

    source: str
    session: Session  # its head: name, variant, players (``hands`` may be empty)
    hands: int
    nets: dict[str, int]
    final: TableState
    session_id: int | None = None
    refused: Refusal | None = None


def fingerprint(raw: Mapping[str, Any]) -> str:
    """The sha256 of a session file's canonical JSON (keys sorted, no spaces, UTF-8): the
    same content gives the same fingerprint however the file is laid out."""
    return reader.fingerprint(reader.canonical(raw))


class AlreadyImported(StoreError):
    """A session file whose content is already in the ledger (``loo import --again``)."""


def import_files(ledger: Ledger, paths: Iterable[str | Path],
                 progress: Progress | None = None, *,
                 stdin: bytes | None = None, again: bool = False) -> list[int]:
    """Import every file or none (:func:`load`); the new sessions' ids."""
    return [i.session_id for i in load(paths, progress, ledger=ledger, stdin=stdin,
                                       again=again) if i.session_id is not None]


def load(paths: Iterable[str | Path], progress: Progress | None = None, *,
         ledger: Ledger | None, stdin: bytes | None = None,
         again: bool = False, known: Ledger | None = None) -> list[Imported]:
    """Read, settle and store every file, in one transaction: all or nothing. Without a
    ``ledger`` (a dry run) nothing is stored, and each file the real import into ``known``
    (None: a ledger not made yet) would refuse without ``again`` says why in its
    ``refused`` (:func:`_refusals`, as the real import asks). ``progress(n)`` is told as hands are
    settled; the path ``-`` is ``stdin``'s bytes. A file already imported (or given
    twice) is refused naming the session it became, unless ``again``: so a retry after
    an import interrupted once it had committed says that it landed, instead of doubling
    the evening. Raises LooError naming the file and, for an impossible hand, the hand,
    player and rule."""
    files: list[tuple[str, bytes | None]] = [
        ("<stdin>", stdin) if str(p) == STDIN and stdin is not None else (str(p), None)
        for p in paths]
    if ledger is None:
        done = [_one(None, source, data, progress) for source, data in files]
        out = [i for i, _ in done]
        refused = _refusals(None if known is None else known.db, out,
                            [print_ for _, print_ in done])
        return [replace(out[n], refused=r) if (r := refused.get(n)) else out[n]
                for n in range(len(out))]
    return _store(ledger, files, progress, again)


def _store(ledger: Ledger, named: list[tuple[str, bytes | None]], progress: Progress | None,
           again: bool) -> list[Imported]:

    out: list[Imported] = []
    prints: list[str] = []
    files = [(source, read_file(source) if data is None else data) for source, data in named]
    with ledger.db.write("the import"):
        for source, data in files:
            done, print_ = _one(ledger, source, data, progress)
            out.append(done)
            prints.append(print_)
        if not again:  # once every file has been read and settled, as a dry run would say
            for n, refusal in _refusals(ledger.db, out, prints).items():
                raise refusal.error(out[n].source)
        record_imports(ledger.db, [(sid, p, i.source) for i, p in zip(out, prints, strict=True)
                                   if (sid := i.session_id) is not None], now_iso())
    return out


def _refusals(db: Connection | None, out: list[Imported],
              prints: list[str]) -> dict[int, Refusal]:
    """The files (by their place in ``out``, in order) an import into ``db`` refuses
    without --again: one whose fingerprint ``db`` already holds (None: an empty ledger),
    or one given twice. The real import raises the first; a dry run reports them all."""
    refused: dict[int, Refusal] = {}
    seen: dict[str, str] = {}
    for n, (done, print_) in enumerate(zip(out, prints, strict=True)):
        earlier = [] if db is None else imported_as(db, print_)
        if earlier:
            refused[n] = Refusal(sessions=tuple(earlier))
        elif print_ in seen:
            refused[n] = Refusal(same_as=seen[print_])
        seen.setdefault(print_, done.source)
    return refused


def _landed(source: str, earlier: list[tuple[int, str | None, str]]) -> AlreadyImported:
    sid, name, at = earlier[0]
    also = [str(e[0]) for e in earlier[1:]]
    return AlreadyImported(
        f"{source} is already in the ledger: it was imported as session "
        f"{sid}{f' {name!r}' if name else ''} on {at[:16].replace('T', ' ')}"
        + (f" (and again as session {', '.join(also)})" if also else "")
        + ". If an import of it was interrupted, that import had landed. "
        "Nothing was imported; see 'loo sessions', or import it once more "
        "as a new session with --again.")


def _one(ledger: Ledger | None, source: str, data: bytes | None,
         progress: Progress | None) -> tuple[Imported, str]:
    """One file read a hand at a time, settled and (given a ledger) stored: (what it
    became, its fingerprint). A file the reader refuses, at its head or at any hand up to
    after the last, is rolled back (the writer's savepoint) and refused in words."""
    if data is None:
        data = read_file(source)
    try:
        return _streamed(ledger, source, reader.Stream(data), progress)
    except reader.Refused as refused:
        raise refusal(data, source, refused) from None


def _streamed(ledger: Ledger | None, source: str, stream: reader.Stream,
              progress: Progress | None) -> tuple[Imported, str]:
    session = stream.session
    hands = stream.hands()
    texts: deque[Any] = deque()
    nets = dict.fromkeys(session.players, 0)
    last: list[Settlement] = []

    def records() -> Iterator[Any]:
        for record, text in hands:
            texts.append(text)
            yield record

    def settled() -> Iterator[tuple[Any, Settlement]]:
        for s in settle_each(session, records(), progress=progress):
            if ledger is None:  # else the ledger sums them
                _add(nets, s)
            last[:] = (s,)
            yield texts.popleft(), s  # a reader.HandText: the writer stores its record

    def final() -> TableState:
        return last[0].next_state if last else start(session)

    try:
        if ledger is None:
            count = sum(1 for _ in settled())
            sid = None
        else:
            raws, settlements = _unzip(settled())
            sid = ledger.add_sessions([(session, raws, settlements, final, source,
                                        seat_changes(stream.raw),
                                        session_extras(stream.raw))])[0]
            count = len(stream)
            nets = _stored_nets(ledger, sid)
    except LooError as exc:
        for _ in hands:  # a file the reader refuses is told before an impossible hand
            pass
        raise type(exc)(f"{source}: {exc.message}; nothing was imported", exc.problems) from None
    assert stream.fingerprint is not None
    return Imported(source=source, session=session, hands=count, nets=nets, final=final(),
                    session_id=sid), stream.fingerprint


def _add(nets: dict[str, int], s: Settlement) -> None:
    """Add hand ``s``'s changes to the running ``nets`` (a dry run's: nothing is stored)."""
    for p, d in s.deltas.items():
        nets[p] += d


def _stored_nets(ledger: Ledger, sid: int) -> dict[str, int]:
    """Each player's net as the ledger stored it for session ``sid``, in seat order."""
    return {row["name"]: row["net"] for row in ledger.balances(sid)["players"]}


def _unzip(pairs: Iterator[tuple[A, B]]) -> tuple[Iterator[A], Iterator[B]]:
    """Two iterators over the firsts and the seconds of ``pairs``, each pulling the next
    pair when it runs out, whichever is read first (so the writer can zip them again)."""
    firsts: deque[A] = deque()
    seconds: deque[B] = deque()

    def pull() -> bool:
        for a, b in pairs:
            firsts.append(a)
            seconds.append(b)
            return True
        return False

    def side(mine: deque[Any]) -> Iterator[Any]:
        while mine or pull():
            yield mine.popleft()

    return side(firsts), side(seconds)
