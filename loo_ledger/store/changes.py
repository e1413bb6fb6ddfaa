"""What the one writer (writer.py) reads and what it is asked to do.

:func:`read_session` reads a session inside the writing transaction (:class:`Stored`, its
hands decoded only when first asked for); a caller says what the session is to become with
a :class:`Change` (and the lines of the audit trail it adds, :class:`AuditEntry`); the
writer answers with what it did (:class:`Written`). Nothing here writes: every write of
hands, and of everything derived from them, is writer.py's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import msgspec
from msgspec.structs import replace

from loo_ledger.domain.rules.model import HandRecord, RuleChange, Session, TableState, Unit
from loo_ledger.domain.settlement.session import Replay
from loo_ledger.errors import NotFound, StoreError
from loo_ledger.formats.handcodec import record_from_dict
from loo_ledger.store import codec, sessionrows
from loo_ledger.store.codec import Seats, decode_record
from loo_ledger.store.conn import Connection

#: Columns of ``sessions`` a change may set (``Change.fields``).
SESSION_FIELDS = frozenset({"buy_in", "house_rule", "closed_at", "source", "name"})


class _StoredRecord:
    """The ``new`` of an audit entry that is the record stored for its hand."""

    def __repr__(self) -> str:
        return "STORED_RECORD"


STORED_RECORD: Any = _StoredRecord()


class AuditEntry(msgspec.Struct, frozen=True, kw_only=True):
    """One line of the audit trail; ``new=STORED_RECORD`` is the record stored for ``hand``."""

    hand: int | None
    action: str
    old: Mapping[str, Any] | None = None
    new: Any = None


class Stored:
    """A session as read inside the writing transaction: its hands decoded (``session``),
    their records as stored, who is at the table now, and the cached table state. The
    hands are decoded when first asked for: a change that only appends hands
    (``Change.append``) needs ``head`` (the session without its hands), ``count`` and the
    last hand's dealer (:meth:`last_dealer`), so its write does not grow with the session."""

    __slots__ = ("id", "head", "count", "present", "state", "closed", "seat_changes",
                 "_load", "_last", "_full")

    def __init__(self, *, id: int, head: Session, count: int, present: tuple[str, ...],
                 state: TableState, closed: bool, seat_changes: tuple[dict[str, Any], ...],
                 load: Callable[[], tuple[tuple[dict[str, Any], ...], Session]],
                 last: Callable[[], str | None]):
        self.id, self.head, self.count, self.present = id, head, count, present
        self.state, self.closed, self.seat_changes = state, closed, seat_changes
        self._load, self._last = load, last
        self._full: tuple[tuple[dict[str, Any], ...], Session] | None = None

    def _decoded(self) -> tuple[tuple[dict[str, Any], ...], Session]:
        if self._full is None:
            self._full = self._load()
        return self._full

    @property
    def records(self) -> tuple[dict[str, Any], ...]:
        return self._decoded()[0]

    @property
    def session(self) -> Session:
        return self._decoded()[1]

    @property
    def next_hand(self) -> int:
        return self.count + 1

    def last_dealer(self) -> str | None:
        """The dealer the last stored hand's record names (None if it names none)."""
        if self._full is not None:
            hands = self._full[1].hands
            return hands[-1].dealer if hands else None
        return self._last()


class Change(msgspec.Struct, frozen=True, kw_only=True):
    """What a session is to become. ``hands`` (every hand, in order) and ``players`` (seat
    order) are None when unchanged; ``records`` (every hand's stored object, in order) in
    place of ``hands`` stores those objects as given (extension fields kept); ``append``:
    hands after the stored ones (in place of ``hands``: the stored hands are then not read
    unless the whole session must be settled again); ``rules`` and
    ``first_dealer`` replace the session's and settle every hand again; ``renamed`` (old
    name -> new) keeps a renamed player's place at the table; ``present`` sets who is at
    the table; ``seat_changes`` replaces the log of joins and leaves; ``rule_changes``
    replaces the rules changed from later hands on (and settles every hand again); ``fields`` sets
    columns of the session (closed_at, buy_in, house_rule, source, name)."""

    hands: tuple[HandRecord, ...] | None = None
    append: tuple[HandRecord, ...] | None = None
    records: tuple[dict[str, Any], ...] | None = None
    players: tuple[str, ...] | None = None
    rules: Mapping[str, Any] | None = None
    first_dealer: str | None = None
    renamed: Mapping[str, str] = msgspec.field(default_factory=dict)
    present: Mapping[str, bool] = msgspec.field(default_factory=dict)
    seat_changes: tuple[Mapping[str, Any], ...] | None = None
    rule_changes: tuple[RuleChange, ...] | None = None
    fields: Mapping[str, Any] = msgspec.field(default_factory=dict)
    audit: tuple[AuditEntry, ...] = ()

    @property
    def replays(self) -> bool:
        """Whether the hands are settled again."""
        return (self.hands is not None or self.append is not None or self.records is not None
                or self.players is not None
                or self.rules is not None or self.first_dealer is not None
                or self.rule_changes is not None)


class Written(msgspec.Struct, frozen=True, kw_only=True):
    """What :func:`write` did: the session as it was read, and its replay (None when its
    hands and seats did not change). ``appended``: every stored hand was kept and settling
    resumed from the cached table state, so ``replay.settlements`` and ``records`` (the
    stored records) are the appended hands' alone, from hand ``first`` on (when the
    session was settled again ``first`` is 1 and they are every hand's)."""

    stored: Stored
    replay: Replay | None
    records: tuple[dict[str, Any], ...]
    appended: bool = False
    first: int = 1


def session_of(row: Mapping[str, Any], players: Sequence[str],
               hands: tuple[HandRecord, ...]) -> Session:
    """The Session of a ``sessions`` row (as a dict), its players and ``hands``."""
    unit = sessionrows.unit_dict(dict(row))
    return Session(variant=row["variant"], players=tuple(players),
                   first_dealer=row["first_dealer"], hands=hands,
                   rules=codec.loads(row["rules"]), name=row["name"],
                   started_at=row["started_at"], opening_pool=row["opening_pool"],
                   unit=None if unit is None else Unit(**unit), buy_in=row["buy_in"],
                   rule_changes=codec.rule_changes_from(row))


def read_session(db: Connection, sid: int) -> Stored:
    """The session ``sid``, its hands decoded when first asked for; NotFound if there is
    none, StoreError naming the hand if a stored record is not a JSON object."""
    rows = list(db.query("SELECT * FROM sessions WHERE id = ?", [sid]))
    if not rows:
        raise NotFound(f"There is no session {sid} in this database.")
    row = rows[0]
    seats = db.execute("SELECT name, present FROM seats WHERE session_id = ? ORDER BY position",
                       (sid,)).fetchall()
    players = [s[0] for s in seats]
    codec_seats = Seats(players)
    head = session_of(row, players, ())
    count = db.execute("SELECT count(*) FROM hands WHERE session_id = ?", (sid,)).fetchone()[0]

    def record(number: int, text: Any) -> dict[str, Any]:
        try:
            value = decode_record(text, codec_seats)
        except (TypeError, ValueError, RecursionError):
            value = None
        if not isinstance(value, dict):
            raise StoreError(f"session {sid}, hand {number}: the stored record is not a JSON "
                             "object; nothing was changed ('loo check' lists what is wrong)")
        return value

    def load() -> tuple[tuple[dict[str, Any], ...], Session]:
        records = tuple(record(n, text) for n, text in db.execute(
            "SELECT number, record FROM hands WHERE session_id = ? ORDER BY number", (sid,)))
        return records, replace(head, hands=tuple(record_from_dict(r) for r in records))

    def last() -> str | None:
        got = db.execute("SELECT number, record FROM hands WHERE session_id = ? ORDER BY "
                         "number DESC LIMIT 1", (sid,)).fetchone()
        return None if got is None else record_from_dict(record(*got)).dealer

    return Stored(id=sid, head=head, count=count, present=tuple(s[0] for s in seats if s[1]),
                  state=codec.state_from_json(row["state"]), closed=row["closed_at"] is not None,
                  seat_changes=tuple(codec.loads(row.get("seat_changes") or "[]")), load=load,
                  last=last)
