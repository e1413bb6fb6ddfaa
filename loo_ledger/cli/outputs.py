"""What ``--json`` prints for a command that writes: one object saying what was written.

Every action's JSON has ``action`` (the command, e.g. ``"hand"``, ``"seat add"``),
``session`` (its id, or null for one that is about no session) and, for a session, the
``table`` as the next hand finds it, read back after the write with
:func:`loo_ledger.services.table.table_view` (the next dealer is
:func:`loo_ledger.domain.next.legal.next_dealer`'s, never worked out here). A settlement is
written out with each movement's ``kind``. The shapes are published in schemas/output/.

A command adds ``--json`` with one option and one line::

    if as_json: return action_result(ctx, "undo", sid, hand=n)
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import typer

from loo_ledger.cli.context import env, print_json
from loo_ledger.errors import LooError

if TYPE_CHECKING:
    from loo_ledger.domain import Movement, Settlement
    from loo_ledger.services.importing import Imported

#: What a movement's ``from``/``to`` says for the pool (``loo explain --json`` says the same;
#: "pool" is a reserved name, never a player's).
POOL = "pool"


def movement_json(m: Movement) -> dict[str, Any]:
    """One chip movement: who to whom, how much, its kind, the reason and the rule."""
    return {"from": m.payer or POOL, "to": m.payee or POOL, "amount": m.amount,
            "kind": str(m.kind), "reason": m.reason, "rule": m.rule.text()}


def settlement_json(s: Settlement) -> dict[str, Any]:
    """A hand's settlement: the pool, each dealt player's change and every movement."""
    return {
        "hand": s.hand_no, "dealer": s.dealer, "dealt": list(s.dealt), "deal": str(s.kind),
        "double": s.double, "pool_in": s.pool_in, "pot": s.pot, "pool_after": s.pool_after,
        "outcome": str(s.outcome), "words": {p: str(w) for p, w in s.words.items()},
        "deltas": dict(s.deltas), "looed": list(s.looed), "loos": dict(s.loos),
        "whole": s.whole, "movements": [movement_json(m) for m in s.movements],
        "notes": list(s.notes), "table_ruling": s.table_ruling,
        "rules_deltas": dict(s.rules_deltas),
    }


def table_after(ledger: Any, sid: int) -> dict[str, Any]:
    """The table as the next hand of session ``sid`` finds it, read after the write."""
    from loo_ledger.domain.next.legal import deal_shape, next_dealer  # noqa: PLC0415 (the next deal: not for `loo leaks`, --help)
    from loo_ledger.services.table import table_view  # noqa: PLC0415 (the table service: not for `loo leaks`, --help)
    row = ledger.session(sid)
    if row["closed_at"] is not None:
        return {"closed": True, "pool": row["pool"], "next_hand": None, "next_dealer": None,
                "double": None, "deal": None, "present": list(ledger.present_players(sid))}
    view = table_view(ledger, sid)
    return {"closed": False, "pool": view.state.pool, "next_hand": view.hand_no,
            "next_dealer": next_dealer(view.state, view.present), "double": view.state.double,
            "deal": str(deal_shape(view.state, view.variant).kind),
            "present": list(view.present)}


def jsonable(value: Any) -> Any:
    """``value`` with any Settlement written out (also inside lists, tuples and dicts)."""
    from loo_ledger.domain.rules.model import Settlement  # noqa: PLC0415 (the model: only with a settlement to show)
    if isinstance(value, Settlement):
        return settlement_json(value)
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, Sequence) and not isinstance(value, str | bytes):
        return [jsonable(v) for v in value]
    return value


def action_result(ctx: typer.Context, action: str, session: int | None, **fields: Any) -> None:
    """Print what ``action`` wrote as JSON: the action, the session, ``fields`` and (for a
    session) the table after the write."""
    out: dict[str, Any] = {"action": action, "session": session,
                           **{k: jsonable(v) for k, v in fields.items()}}
    if session is not None:
        out["table"] = table_after(env(ctx).ledger(), session)
    print_json(out)


def stored_session(ledger: Any, sid: int) -> dict[str, Any]:
    """What is stored for session ``sid`` (``loo new --json``, ``loo use --json``): its name,
    when play began as parsed (ISO 8601, or null), the variant (and the house rule it came
    from), the rules given (as stored: a number as a number), the unit, the first dealer,
    the buy-in and the pool it opened with."""
    row = ledger.session(sid)
    return {"name": row["name"], "started_at": row["started_at"], "variant": row["variant"],
            "house_rule": row["house_rule"], "rules": row["rules"],
            "unit": {"name": row["unit_name"], "value": row["unit_value"],
                     "currency": row["currency"]},
            "first_dealer": row["first_dealer"], "buy_in": row["buy_in"],
            "opening_pool": row["opening_pool"]}


def read_stdin(files: Sequence[Any]) -> bytes | None:
    """Standard input's bytes when ``-`` is among ``files`` (at most once), else None."""
    from loo_ledger.formats.limits import MAX_FILE_BYTES  # noqa: PLC0415 (format limits: only when reading stdin)
    named = sum(str(f) == "-" for f in files)
    if named > 1:
        raise LooError("- (standard input) can be read only once; name it once")
    return sys.stdin.buffer.read(MAX_FILE_BYTES + 1) if named else None


def imported(i: Imported) -> dict[str, Any]:
    """One file of ``loo import --json``: what it holds and the session it became (null
    under --dry-run)."""
    session = i.session
    return {"file": i.source, "session": i.session_id, "name": session.name,
            "variant": session.variant, "started_at": session.started_at,
            "players": list(session.players), "hands": i.hands, "pool": i.final.pool,
            "nets": i.nets}
