"""Playing at the table: a new session, one hand at a time, corrections, seats, the pool.

Functions take the Ledger and a HandRecord (the CLI parses what was typed against a
:class:`TableView`) and return data or raise a LooError; no printing. Every write reads
the session inside its own transaction (store/writer.py), so a hand recorded meanwhile
in another terminal is never lost.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import TYPE_CHECKING, Any

import msgspec
from msgspec.structs import replace

from loo_ledger.domain import (
    HandRecord,
    Replay,
    Session,
    Settlement,
    TableState,
    Unit,
    opening_state,
    replay,
)
from loo_ledger.domain.next.legal import unit_name
from loo_ledger.domain.rules.variants import PRESETS, Variant, parse_rule_args, variant
from loo_ledger.domain.settlement.session import pulled_back, variant_at
from loo_ledger.errors import HandRejected, LooError, NotFound
from loo_ledger.services.pool import (  # noqa: F401 (named here too, as they always were)
    pool_status,
    row_variant,
    rule_change_lines,
    stored_variant,
)
from loo_ledger.store.changes import STORED_RECORD, AuditEntry, Change, Stored
from loo_ledger.store.codec import now_iso
from loo_ledger.store.ledger import Ledger

if TYPE_CHECKING:  # a TypedDict, for the type checker: ~1.5 ms a start to build
    from loo_ledger.store.rows import SessionRow


def resolve_variant(ledger: Ledger, name: str, rule_args: list[str]
                    ) -> tuple[str, dict[str, Any], str | None]:
    """(preset, merged rules, house rule name) for a preset or a saved house rule."""
    rules = parse_rule_args(rule_args)
    saved = ledger.house_rules()
    if name in saved:
        base, house = saved[name]
        merged = {**house, **rules}
        variant(base, merged)
        return base, merged, name
    variant(name, rules, presets=PRESETS)
    return name, rules, None


def new_session(ledger: Ledger, *, name: str, variant_name: str, rule_args: list[str],
                players: list[str], dealer: str | None, buy_in: int | None,
                unit_value: str | None, currency: str | None, when: str | None,
                carry_from: int | None) -> int:
    """Create a session with no hands yet and make it current."""
    from loo_ledger.services.names import (
        check_currency,
        check_dealable,
        check_label,
        check_names,
    )
    check_label(name)
    check_currency(currency)
    base, rules, house = resolve_variant(ledger, variant_name, rule_args)
    v = variant(base, rules)
    check_names(players)
    dealer = dealer or players[-1]
    if dealer not in players:
        raise LooError(f"--dealer {dealer}: not one of the players ({', '.join(players)})")
    opening, source = 0, None
    if carry_from is not None:
        carried = _carried(ledger, carry_from)
        opening, source = carried["pool"], f"carried from session {carry_from}"
        unit_value, currency = _carried_unit(carried, carry_from, unit_value, currency)
    if unit_value is not None:
        from loo_ledger.domain.rules.money import unit_problem
        if problem := unit_problem(unit_value, currency):
            raise LooError(f"--unit-value {unit_value}: {problem}")
    check_dealable(v, opening_state(players, dealer, opening))
    started = None
    if when:
        from loo_ledger.services.dates import parse_when
        started = parse_when(when)
    unit = Unit(name=unit_name(v), value=unit_value, currency=currency)
    session = Session(variant=base, players=tuple(players), first_dealer=dealer, rules=rules,
                      name=name, started_at=started, unit=unit, opening_pool=opening,
                      buy_in=buy_in)
    return ledger.create_session(session, opening_state(players, dealer, opening),
                                 house_rule=house, source=source)


def _carried(ledger: Ledger, sid: int) -> SessionRow:
    """Session ``sid``'s row, if its pool may be carried: closed, not empty, not carried
    already."""
    row = ledger.session(sid)
    if row["closed_at"] is None:
        raise LooError(f"session {sid} is still open: close it first ('loo close') to carry "
                       "its pool")
    if row["pool"] <= 0:
        raise LooError(f"session {sid} closed with an empty pool: nothing to carry")
    if any(s["id"] != sid and ledger.session(s["id"]).get("source") == f"carried from session {sid}"
           for s in ledger.sessions()):
        raise LooError(f"the pool of session {sid} has already been carried into another session")
    return row


def _carried_unit(row: SessionRow, sid: int, value: str | None,
                  currency: str | None) -> tuple[str | None, str | None]:
    """The unit value and currency of a session opened with session ``sid``'s pool: the
    chips carried are worth what they were, so the old session's are carried; one given
    that differs is refused (the pool's money would change)."""
    theirs_value, theirs_currency = row["unit_value"], row["currency"]
    if value is not None and theirs_value is not None and Decimal(value) != Decimal(theirs_value):
        raise LooError(_unit_kept(row, sid, f"--unit-value {value}"))
    if currency is not None and theirs_currency is not None and currency != theirs_currency:
        raise LooError(_unit_kept(row, sid, f"--currency {currency}"))
    return (value if value is not None else theirs_value,
            currency if currency is not None else theirs_currency)


def _unit_kept(row: SessionRow, sid: int, given: str) -> str:
    """Why ``given`` is refused for a session carrying session ``sid``'s pool."""
    worth = (row["unit_value"] or "no value") + (f" {row['currency']}" if row["currency"] else "")
    return (f"{given}: the {row['pool']} chips carried from session {sid} are worth {worth} "
            f"a chip there; a session carrying them keeps that unit (leave "
            f"{given.split()[0]} out)")


class TableChanged(LooError):
    """The table changed in another terminal between what was shown and what was to be
    written; nothing was written."""


class TableView(msgspec.Struct, frozen=True, kw_only=True):
    """The table as the CLI parses and prompts against: before the next hand (or, from
    :func:`view_before`, before hand ``hand_no``)."""

    session_id: int
    variant: Variant
    state: TableState
    present: tuple[str, ...]
    hand_no: int


def refuse_closed(sid: int, closed: bool, name: str | None = None) -> None:
    """Refuse to change a closed session, pointing to ``loo reopen``."""
    if closed:
        called = f" ({name})" if name else ""
        raise LooError(f"session {sid}{called} is closed: 'loo reopen -s {sid}' opens it again")


def table_view(ledger: Ledger, sid: int) -> TableView:
    """The table before the next hand of session ``sid`` (LooError if it is closed)."""
    with ledger.db.snapshot():
        row = ledger.session(sid)
        refuse_closed(sid, row["closed_at"] is not None, row["name"])
        state = ledger.final_state(sid)
        present = tuple(ledger.present_players(sid))
    return TableView(session_id=sid, variant=row_variant(row),
                     state=state, present=present, hand_no=state.hand_no)


def view_before(ledger: Ledger, sid: int, n: int) -> TableView:
    """The table before hand ``n`` (for ``loo amend``): the state the hands before it leave,
    with the players who were at the table for it."""
    with ledger.db.snapshot():
        stored = ledger.stored(sid)
    refuse_closed(sid, stored.closed, stored.head.name)
    session = stored.session
    _hand_exists(sid, n, len(session.hands))
    before = replay(replace(session, hands=session.hands[:n - 1]))
    old = session.hands[n - 1]
    present = tuple(p for p in session.players if p not in old.sitting_out)
    return TableView(session_id=sid, variant=variant_at(session, n), state=before.final,
                     present=present, hand_no=n)


def _hand_exists(sid: int, n: int, count: int) -> None:
    if not 1 <= n <= count:
        raise NotFound(f"session {sid} has no hand {n} (it has {count})")


def record(ledger: Ledger, sid: int, record: HandRecord, *, expect_hand: int | None = None,
           dry_run: bool = False) -> Settlement:
    """Settle ``record`` as the next hand and store it (unless ``dry_run``); returns its
    settlement. With ``expect_hand``, TableChanged (nothing written) unless the next hand
    is that one: what was previewed is what is recorded."""
    def change(stored: Stored) -> Change:
        refuse_closed(sid, stored.closed, stored.head.name)
        if expect_hand is not None and stored.next_hand != expect_hand:
            moved = ("recorded" if stored.next_hand > expect_hand else "undone")
            which = expect_hand if stored.next_hand > expect_hand else stored.next_hand
            raise TableChanged(f"hand {which} was {moved} meanwhile in another terminal; "
                               "nothing was written: see 'loo hands', and enter the hand "
                               "again if it is still to be recorded")
        return Change(append=(record,),  # the stored hands are not read (store/writer.py)
                      audit=(AuditEntry(hand=stored.next_hand, action="add", new=STORED_RECORD),))
    written = ledger.write(sid, change, what="the hand", dry_run=dry_run)
    assert written.replay is not None
    return written.replay.settlements[-1]


def _rewrite(ledger: Ledger, sid: int, change: Callable[[Stored], Change], what: str,
             own_hand: int | None = None, dry_run: bool = False) -> Replay:
    """A rewrite of the session; a later hand that the rules now refuse refuses it."""
    try:
        written = ledger.write(sid, change, what=what, dry_run=dry_run)
    except HandRejected as exc:
        if own_hand is not None and exc.problems and all(p.hand == own_hand
                                                         for p in exc.problems):
            raise
        raise HandRejected(f"{what} is refused, because then {exc.message}; nothing was "
                           "changed", exc.problems) from None
    assert written.replay is not None
    return written.replay


def amend_record(ledger: Ledger, sid: int, n: int, record: HandRecord, *,
                 dry_run: bool = False) -> Replay:
    """Replace hand ``n`` with ``record`` and settle every later hand again (``dry_run``:
    settle it all, write nothing: the preview)."""
    def change(stored: Stored) -> Change:
        refuse_closed(sid, stored.closed, stored.head.name)
        hands = stored.session.hands
        _hand_exists(sid, n, len(hands))
        return Change(hands=hands[:n - 1] + (record,) + hands[n:], audit=(AuditEntry(
            hand=n, action="amend", old=stored.records[n - 1], new=STORED_RECORD),))
    return _rewrite(ledger, sid, change, f"amending hand {n}", own_hand=n, dry_run=dry_run)


def undo(ledger: Ledger, sid: int, *, expect_last: int | None = None) -> int:
    """Remove the last hand; returns its number. With ``expect_last``, TableChanged
    (nothing written) unless the last hand is that one."""
    removed: list[int] = []

    def change(stored: Stored) -> Change:
        refuse_closed(sid, stored.closed, stored.head.name)
        n = len(stored.records)
        if not n:
            raise NotFound(f"session {sid} has no hand to undo")
        if expect_last is not None and n != expect_last:
            raise TableChanged(f"the last hand is now hand {n}, not {expect_last}: the table "
                               "changed meanwhile in another terminal; nothing was written")
        removed.append(n)
        session = stored.session
        rules, changes = pulled_back(session.rules, session.rule_changes, n)
        moved = changes != session.rule_changes
        return Change(hands=session.hands[:-1], seat_changes=tuple(
                          {**c, "before_hand": min(c["before_hand"], n)}
                          for c in stored.seat_changes),
                      rules=rules if moved else None, rule_changes=changes if moved else None,
                      audit=(AuditEntry(hand=n, action="undo", old=stored.records[-1]),))
    _rewrite(ledger, sid, change, "undoing the last hand")
    return removed[0]


def logged(changes: tuple[Mapping[str, Any], ...], before_hand: int, player: str,
           change: str) -> tuple[Mapping[str, Any], ...]:
    """The session's log of seat changes with ``player``'s ``change`` (``join`` or
    ``leave``) before hand ``before_hand`` added at the end."""
    return (*changes, {"before_hand": before_hand, "player": player, "change": change})


def seat_add(ledger: Ledger, sid: int, name: str, after: str | None) -> str:
    """Seat a new player (after ``after``, else last), or bring back one who left."""
    from loo_ledger.services.names import check_dealable, check_names, check_player_name
    said: list[str] = []

    def change(stored: Stored) -> Change:
        refuse_closed(sid, stored.closed, stored.head.name)
        session = stored.session
        log = logged(stored.seat_changes, stored.next_hand, name, "join")
        v = variant_at(session, stored.next_hand)
        if name in session.players:
            if name in stored.present:
                raise LooError(f"{name} is already seated and playing")
            check_dealable(v, replace(stored.state, seats=(*stored.present, name)))
            said.append(f"{name} is back at the table")
            return Change(present={name: True}, seat_changes=log,
                          audit=(AuditEntry(hand=None, action="joined", new={"player": name}),))
        check_player_name(name)
        check_names([*session.players, name], names_checked=True)
        check_dealable(v, replace(stored.state, seats=(*stored.present, name)))
        seats = list(session.players)
        if after is not None and after not in seats:
            raise NotFound(f"--after {after}: no such player; the players are {', '.join(seats)}")
        seats.insert(seats.index(after) + 1 if after else len(seats), name)
        said.append(f"{name} is seated" + (f" after {after}" if after else ""))
        return Change(players=tuple(seats), seat_changes=log,
                      hands=tuple(replace(h, sitting_out=h.sitting_out + (name,))
                                  for h in session.hands),
                      audit=(AuditEntry(hand=None, action="seated",
                                        new={"player": name, "after": after}),))
    try:
        ledger.write(sid, change, what=f"seating {name}")
    except HandRejected as exc:
        raise HandRejected(f"seating {name} is refused, because then {exc.message}; nothing "
                           "was changed", exc.problems) from None
    return said[0]


def seat_leave(ledger: Ledger, sid: int, name: str) -> str:
    """A player leaves the table: they keep their seat and balance; the deal skips them."""
    def change(stored: Stored) -> Change:
        refuse_closed(sid, stored.closed, stored.head.name)
        if name not in stored.present:
            raise LooError(f"{name} is not playing at this table now")
        if len(stored.present) <= 2:
            raise LooError("a table needs at least two players; close the session instead")
        return Change(present={name: False},
                      seat_changes=logged(stored.seat_changes, stored.next_hand, name, "leave"),
                      audit=(AuditEntry(hand=None, action="left", new={"player": name}),))
    ledger.write(sid, change, what=f"seat {name}")
    return f"{name} leaves the table (their balance is kept)"


def close(ledger: Ledger, sid: int) -> list[str]:
    """Close the session; returns warnings for the table."""
    warnings: list[str] = []

    def change(stored: Stored) -> Change:
        refuse_closed(sid, stored.closed, stored.head.name)
        v = variant_at(stored.session, stored.next_hand)
        hands = ledger.hands(sid)
        if stored.state.pool:
            warnings.append(f"{stored.state.pool} chips remain in the pool: carry them into "
                            f"the next session with 'loo new NAME --carry-from {sid}'")
        if v.game_end == "full-rounds" and hands and hands[-1]["looed"]:
            warnings.append("the last deal had a loo: under Britannica's rule the game goes "
                            "on until a hand without a loo (game_end=full-rounds)")
        closed_at = now_iso()
        return Change(fields={"closed_at": closed_at}, audit=(AuditEntry(
            hand=None, action="closed", new={"closed_at": closed_at}),))
    ledger.write(sid, change, what=f"session {sid}")
    return warnings
