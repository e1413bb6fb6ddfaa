"""Playing at the table: a new session, one hand at a time, corrections, seats, the pool.

Functions take the Ledger and return data or raise a LooError; no printing.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from loo_ledger.domain import Replay, Session, Settlement, Unit, opening_state, replay, settle
from loo_ledger.domain.deal import antes, dealer_for, deal_kind
from loo_ledger.domain.variants import PRESETS, Variant, parse_rule_args, variant
from loo_ledger.cli.entry import Options, build_record, match_player
from loo_ledger.errors import HandRejected, LooError, NotFound
from loo_ledger.store.ledger import Ledger

_UNITS = {"lou": "cent", 5: "chip", 3: "white chip"}


def resolve_variant(ledger: Ledger, name: str, rule_args: list[str]) -> tuple[str, dict, str | None]:
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
    base, rules, house = resolve_variant(ledger, variant_name, rule_args)
    v = variant(base, rules)
    _check_names(players)
    try:
        dealer = match_player(dealer, players) if dealer else players[-1]
    except ValueError as exc:
        raise LooError(f"--dealer: {exc}") from None
    opening, source = 0, None
    if carry_from is not None:
        opening, source = _carried_pool(ledger, carry_from), f"carried from session {carry_from}"
    started = None
    if when:
        from loo_ledger.services.dates import parse_when
        started = parse_when(when)
    unit = Unit(name=_UNITS.get(v.game if v.game == "lou" else v.hand_size, "chip"),
                value=unit_value, currency=currency)
    session = Session(variant=base, players=tuple(players), first_dealer=dealer, rules=rules,
                      name=name, started_at=started, unit=unit, opening_pool=opening,
                      buy_in=buy_in)
    return ledger.create_session(session, opening_state(players, dealer, opening),
                                 house_rule=house, source=source)


def _check_names(players: list[str]) -> None:
    if len(players) < 2:
        raise LooError("a table needs at least two players: --players Ann,Ben,Cat")
    lowered = [p.lower() for p in players]
    for p in players:
        if not 1 <= len(p) <= 40:
            raise LooError(f"player name {p!r} must be 1 to 40 characters")
        if lowered.count(p.lower()) > 1:
            raise LooError(f"two players are called {p!r}: names must differ (ignoring case)")


def _carried_pool(ledger: Ledger, sid: int) -> int:
    row = ledger.session(sid)
    if row["closed_at"] is None:
        raise LooError(f"session {sid} is still open: close it first ('loo close') to carry "
                       "its pool")
    if row["pool"] <= 0:
        raise LooError(f"session {sid} closed with an empty pool: nothing to carry")
    if any(s["id"] != sid and ledger.session(s["id"]).get("source") == f"carried from session {sid}"
           for s in ledger.sessions()):
        raise LooError(f"the pool of session {sid} has already been carried into another session")
    return row["pool"]


def stored_variant(ledger: Ledger, sid: int) -> Variant:
    row = ledger.session(sid)
    return variant(row["variant"], row["rules"])


def _open_session(ledger: Ledger, sid: int) -> dict:
    row = ledger.session(sid)
    if row["closed_at"] is not None:
        raise LooError(f"session {sid} is closed; start a new one with 'loo new'")
    return row


def record_hand(ledger: Ledger, sid: int, words: list[str], opts: Options, *,
                dry_run: bool = False) -> Settlement:
    """Settle the next hand from what was typed, store it (unless dry_run) and return it."""
    row = _open_session(ledger, sid)
    v = variant(row["variant"], row["rules"])
    state = ledger.final_state(sid)
    record = build_record(words, opts, state=state, v=v, present=ledger.present_players(sid))
    result = settle(record, state, v)
    if not dry_run:
        ledger.append_hand(sid, _raw(record, result.dealer), result)
    return result


def _raw(record, dealer: str) -> dict:
    from loo_ledger.formats.sessionfile import hand_to_dict
    return {"dealer": dealer, **hand_to_dict(record)}


def _stored(ledger: Ledger, sid: int) -> tuple[Session, list[dict]]:
    from loo_ledger.formats.sessionfile import session_from_dict
    data = ledger.session_dict(sid)
    return session_from_dict(data, source=f"session {sid}"), list(data["hands"])


def _rewrite(ledger: Ledger, sid: int, session: Session, raws: list[dict], audit, what: str) -> Replay:
    try:
        result = replay(session)
    except HandRejected as exc:
        raise HandRejected(f"{what} is refused, because then {exc.message}; nothing was "
                           "changed", exc.problems) from None
    ledger.rewrite_session(sid, session, raws, result.settlements, result.final, audit)
    return result


def undo(ledger: Ledger, sid: int) -> int:
    """Remove the last hand; returns its number."""
    _open_session(ledger, sid)
    session, raws = _stored(ledger, sid)
    if not raws:
        raise NotFound(f"session {sid} has no hand to undo")
    n = len(raws)
    _rewrite(ledger, sid, replace(session, hands=session.hands[:-1]), raws[:-1],
             [(n, "undo", raws[-1], None)], f"undoing hand {n}")
    return n


def amend(ledger: Ledger, sid: int, n: int, words: list[str], opts: Options) -> Replay:
    """Replace hand ``n`` and settle every later hand again."""
    _open_session(ledger, sid)
    session, raws = _stored(ledger, sid)
    if not 1 <= n <= len(raws):
        raise NotFound(f"session {sid} has no hand {n} (it has {len(raws)})")
    v = variant(session.variant, dict(session.rules))
    before = replay(replace(session, hands=session.hands[:n - 1])).final
    old = session.hands[n - 1]
    present = [p for p in session.players if p not in old.sitting_out]
    record = build_record(words, opts, state=before, v=v, present=present)
    hands = session.hands[:n - 1] + (record,) + session.hands[n:]
    new_raw = _raw(record, settle(record, before, v).dealer)
    audit = [(n, "amend", raws[n - 1], new_raw)]
    return _rewrite(ledger, sid, replace(session, hands=hands),
                    raws[:n - 1] + [new_raw] + raws[n:], audit, f"amending hand {n}")


def seat_add(ledger: Ledger, sid: int, name: str, after: str | None) -> str:
    """Seat a new player (after ``after``, else last), or bring back one who left."""
    _open_session(ledger, sid)
    session, raws = _stored(ledger, sid)
    if name in session.players:
        if name in ledger.present_players(sid):
            raise LooError(f"{name} is already seated and playing")
        ledger.set_present(sid, name, True)
        return f"{name} is back at the table"
    _check_names([*session.players, name])
    seats = list(session.players)
    if after is not None and after not in seats:
        raise NotFound(f"--after {after}: no such player; the players are {', '.join(seats)}")
    seats.insert(seats.index(after) + 1 if after else len(seats), name)
    hands = tuple(replace(h, sitting_out=h.sitting_out + (name,)) for h in session.hands)
    raws = [{**r, "sitting_out": [*r.get("sitting_out", []), name]} for r in raws]
    _rewrite(ledger, sid, replace(session, players=tuple(seats), hands=hands), raws,
             [(None, "seated", None, {"player": name, "after": after})], f"seating {name}")
    return f"{name} is seated" + (f" after {after}" if after else "")


def seat_leave(ledger: Ledger, sid: int, name: str) -> str:
    _open_session(ledger, sid)
    present = ledger.present_players(sid)
    if name not in present:
        raise LooError(f"{name} is not playing at this table now")
    if len(present) <= 2:
        raise LooError("a table needs at least two players; close the session instead")
    ledger.set_present(sid, name, False)
    return f"{name} leaves the table (their balance is kept)"


def close(ledger: Ledger, sid: int) -> list[str]:
    """Close the session; returns warnings for the table."""
    from loo_ledger.store.codec import now_iso
    _open_session(ledger, sid)
    v, hands = stored_variant(ledger, sid), ledger.hands(sid)
    pool = ledger.balances(sid)["pool"]
    warnings = []
    if pool:
        warnings.append(f"{pool} chips remain in the pool: carry them into the next session "
                        f"with 'loo new NAME --carry-from {sid}'")
    if v.game_end == "full-rounds" and hands and hands[-1]["looed"]:
        warnings.append("the last deal had a loo: under Britannica's rule the game goes on "
                        "until a hand without a loo (game_end=full-rounds)")
    ledger.set_session_fields(sid, closed_at=now_iso())
    return warnings


def pool_status(ledger: Ledger, sid: int) -> dict[str, Any]:
    """Who owes the pool: the chips in it, the next dealer and ante, last hand's loos."""
    v, state = stored_variant(ledger, sid), ledger.final_state(sid)
    present = [p for p in ledger.present_players(sid) if p not in state.sit_out]
    dealer = dealer_for(state, present)
    dealt = [p for p in state.seats if p in present]
    hands = ledger.hands(sid)
    last = hands[-1] if hands else None
    owed = [{"player": m["payer"], "amount": m["amount"], "reason": m["reason"]}
            for m in ledger.postings(sid) if last and m["hand"] == last["number"]
            and m["payer"] is not None and m["payee"] is None and "pays the pool" in m["reason"]]
    kind, why = deal_kind(state, v)
    due = antes(state, v, dealer, dealt)
    out = {"session": sid, "pool": state.pool, "next_hand": state.hand_no,
           "next_dealer": dealer, "double": state.double, "deal": kind, "why": why,
           "antes": [{"player": p, "amount": a} for p, a in due],
           "loos_from_last_hand": owed, "sitting_out": sorted(state.sit_out)}
    if v.game == "lou":
        pot = state.pool + sum(a for _, a in due)
        out.update(first_deal=state.lou_first, pot=pot, burn=min(pot, v.burn_cap),
                   burn_cap=v.burn_cap)
    return out
