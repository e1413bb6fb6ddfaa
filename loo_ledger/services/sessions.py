"""Sessions you can fix: rename, delete, reopen, set a rule, rename a player.

Each is one write through the store's one writer (BEGIN IMMEDIATE, reads inside the
transaction); a change that settles the hands again (a rule, a player's name) is refused,
naming the hand, if a hand becomes impossible, and then nothing is written. No printing.

A rule set from hand 1 changes the session's rules; from a later hand N it is a rule
change (the session file's optional ``rule_changes``, ``{"from_hand": N, "rules": ...}``)
in force from hand N on, and the hands from N on are settled again under it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec
from msgspec.structs import replace

from loo_ledger.domain.rules.variants import parse_rule_args, rule_words, variant
from loo_ledger.domain.settlement.session import rules_at, variant_at, with_change
from loo_ledger.errors import HandRejected, LooError, NotFound
from loo_ledger.services.names import check_label, check_player_name, same_names
from loo_ledger.services.table import refuse_closed
from loo_ledger.store.changes import AuditEntry, Change, Stored
from loo_ledger.store.codec import rule_changes_list
from loo_ledger.store.ledger import Ledger

#: The keys of a hand object that are maps by player name.
_PLAYER_MAPS = ("declarations", "exchanges", "tricks", "deltas")


def rename_session(ledger: Ledger, sid: int, name: str) -> str:
    """Give session ``sid`` a new name; returns the old one ('' if it had none)."""
    check_label(name)
    old: list[str] = []

    def change(stored: Stored) -> Change:
        old.append(stored.session.name or "")
        return Change(fields={"name": name}, audit=(AuditEntry(
            hand=None, action="renamed", old={"name": stored.session.name},
            new={"name": name}),))
    ledger.write(sid, change, what=f"the name of session {sid}")
    return old[0]


class Removed(msgspec.Struct, frozen=True, kw_only=True):
    """What ``delete`` removed: the session's id, name and number of hands."""

    id: int
    name: str | None
    hands: int


def describe(ledger: Ledger, sid: int) -> Removed:
    """What deleting session ``sid`` would remove (NotFound if there is none)."""
    row = ledger.session(sid)
    return Removed(id=sid, name=row["name"], hands=len(ledger.hands(sid)))


def delete(ledger: Ledger, sid: int) -> Removed:
    """Remove session ``sid``; the audit keeps its whole session file."""
    gone = describe(ledger, sid)
    ledger.delete_session(sid)
    return gone


def reopen(ledger: Ledger, sid: int) -> None:
    """Open a closed session again so that hands can be added."""
    def change(stored: Stored) -> Change:
        if not stored.closed:
            raise LooError(f"session {sid} is not closed")
        return Change(fields={"closed_at": None},
                      audit=(AuditEntry(hand=None, action="reopened"),))
    ledger.write(sid, change, what=f"session {sid}")


def set_rules(ledger: Ledger, sid: int, rule_args: list[str], from_hand: int = 1
              ) -> dict[str, Any]:
    """Set rules (``NAME=VALUE``) of session ``sid`` from hand ``from_hand`` on and settle
    the hands again; returns the rules in force from that hand. Refused, naming the hand,
    if a hand becomes impossible, and for a hand after the next one."""
    given = parse_rule_args(rule_args)
    if not given:
        raise LooError("say which rule to set: loo rules set NAME=VALUE, e.g. loo_limit=90")
    if from_hand < 1:
        raise LooError(f"--from-hand {from_hand}: hands are numbered from 1")
    out: list[dict[str, Any]] = []

    def change(stored: Stored) -> Change:
        refuse_closed(sid, stored.closed, stored.head.name)
        if from_hand > stored.next_hand:
            raise LooError(f"--from-hand {from_hand}: session {sid} has {len(stored.records)} "
                           f"hands, so a rule can be set from hand {stored.next_hand} at the "
                           "latest (the next hand)")
        if from_hand > 1:
            return _changed_from(stored, from_hand, given, out)
        old = dict(stored.session.rules)
        rules = {**old, **given}
        variant(stored.session.variant, rules)  # VariantError naming the bad rule
        out.append(rules)
        return Change(rules=rules, audit=(AuditEntry(hand=None, action="rules",
                                                     old={"rules": old},
                                                     new={"rules": rules}),))
    what = "setting " + " ".join(rule_words(given)) + (
        f" from hand {from_hand}" if from_hand > 1 else "")
    try:
        ledger.write(sid, change, what=what)
    except HandRejected as exc:
        raise HandRejected(f"{what} is refused, because then {exc.message}; nothing was "
                           "changed", exc.problems) from None
    return out[0]


def _changed_from(stored: Stored, from_hand: int, given: Mapping[str, Any],
                  out: list[dict[str, Any]]) -> Change:
    """The Change that sets ``given`` from hand ``from_hand`` (> 1) on: a rule change."""
    session = stored.session
    old = session.rule_changes
    new = with_change(old, from_hand, given)
    changed = replace(session, rule_changes=new)
    for c in new:  # VariantError naming the bad rule
        if c.from_hand >= from_hand:
            variant_at(changed, c.from_hand)
    out.append(rules_at(changed, from_hand))
    return Change(rule_changes=new, audit=(AuditEntry(
        hand=from_hand, action="rules", old={"rule_changes": rule_changes_list(old)},
        new={"rule_changes": rule_changes_list(new)}),))


def renamed_record(record: Mapping[str, Any], old: str, new: str) -> dict[str, Any]:
    """A stored hand object with player ``old`` called ``new`` everywhere it names a
    player (extension fields kept as they were)."""
    def name(p: Any) -> Any:
        return new if p == old else p

    out = dict(record)
    for key in ("dealer", "pam_holder"):
        if key in out:
            out[key] = name(out[key])
    if "sitting_out" in out:
        out["sitting_out"] = [name(p) for p in out["sitting_out"]]
    for key in _PLAYER_MAPS:
        if isinstance(out.get(key), Mapping):
            out[key] = {name(p): v for p, v in out[key].items()}
    for key in ("flushes", "penalties"):
        if key in out:
            out[key] = [{**item, "player": name(item["player"])} for item in out[key]]
    return out


def rename_player(ledger: Ledger, sid: int, old: str, new: str) -> None:
    """Call player ``old`` ``new`` in session ``sid``: its seats, every hand record, the
    first dealer and the log of seat changes; every hand is settled again."""
    check_player_name(new)

    def change(stored: Stored) -> Change:
        players = stored.session.players
        if old not in players:
            raise NotFound(f"{old} has no seat in session {sid}; the players are "
                           f"{', '.join(players)}")
        clash = same_names([*(p for p in players if p != old), new])
        if clash:
            raise LooError(clash)
        return Change(
            players=tuple(new if p == old else p for p in players),
            records=tuple(renamed_record(r, old, new) for r in stored.records),
            first_dealer=new if stored.session.first_dealer == old else None,
            renamed={old: new},
            seat_changes=tuple({**c, "player": new if c["player"] == old else c["player"]}
                               for c in stored.seat_changes),
            audit=(AuditEntry(hand=None, action="renamed", old={"player": old},
                              new={"player": new}),))
    ledger.write(sid, change, what=f"renaming {old} to {new}")
