"""Reading and writing session files (``loo-session/1``, shared/spec/SESSION-FORMAT.md).

The shape of a file is stated once, as the typed records of types.py; the JSON Schema in
``schemas/session.schema.json`` is generated from them (scripts/session_schema.py). A
valid file is decoded and checked in one pass (lean.py, one hand at a time; decode.py is
a second fast way, the whole file at once); any other is read the long way, which checks
it against the schema and reports *every* problem with its path and hand number. Either
way a valid file becomes the engine's :class:`Session`. Whether a hand is possible by the
rules is the engine's business, not this module's. The long way's checks live in
schemacheck.py (schema, messages), jsonsafe.py (hostile bytes and values) and limits.py
(the documented limits); extension fields in extensions.py.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from loo_ledger.domain.model import (
    HandRecord,
    RuleChange,
    Session,
    Unit,
)
from loo_ledger.errors import SessionFileError
from loo_ledger.formats import decode, extensions, jsonsafe, lean, schemacheck
from loo_ledger.formats.handcodec import (
    cards_from_dict,
    cards_to_dict,
    record_from_dict,
    record_to_dict,
)
from loo_ledger.formats.limits import MAX_FILE_BYTES
from loo_ledger.formats.rulechanges import rule_change_problems
from loo_ledger.formats.schemacheck import (
    FORMAT,
    SCHEMA_ID,
    SCHEMA_NAME,
    _validator,
    check,
    json_path,
    schema_path,
)

__all__ = ["FORMAT", "SCHEMA_ID", "SCHEMA_NAME", "_validator", "cards_from_dict",
           "cards_to_dict", "dumps_session",
           "hand_from_dict", "hand_to_dict", "json_path", "load_session", "load_session_file",
           "parse_session", "read_session", "rule_change_problems", "schema_path",
           "seat_change_problems", "seat_changes",
           "session_from_dict", "session_to_dict"]


def hand_from_dict(d: dict[str, Any], *, source: str = "<hand>") -> HandRecord:
    """One hand from its session-format JSON object, checked against the schema's hand."""
    check(d, source, part="hand")
    return record_from_dict(d)


def hand_to_dict(h: HandRecord, raw: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The session-format JSON of one hand, leaving out what is absent or empty.

    ``declarations``, ``tricks`` and ``deltas`` are written whenever they are not None
    (an empty ``tricks`` says cards were played, which is not the same as no ``tricks``).
    Given ``raw``, the hand object it was read from, its extension fields are kept.
    """
    out = record_to_dict(h)
    return extensions.merge_hand(out, raw) if raw is not None else out


def seat_changes(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The session's log of seat changes (``seat_changes``), or an empty list."""
    return [dict(c) for c in data.get("seat_changes", ())]


def _away_at_start(changes: list[dict[str, Any]]) -> set[str]:
    """Players whose first change is ``join``: away until then (seated late)."""
    first: dict[str, str] = {}
    for c in changes:
        first.setdefault(c["player"], c["change"])
    return {p for p, change in first.items() if change == "join"}


def seat_change_problems(data: Mapping[str, Any]) -> list[tuple[list[Any], str]]:
    """What is wrong with a (schema-valid) file's ``seat_changes``: a player not seated, a
    change after the hand that follows the last, changes out of order or twice the same,
    and a player away from the table who is dealt a hand (not in its ``sitting_out``)."""
    changes, hands = seat_changes(data), data["hands"]
    players, out = set(data["players"]), []
    last: dict[str, str] = {}
    before = 1
    for i, c in enumerate(changes):
        at, who, n = ["seat_changes", i], c["player"], c["before_hand"]
        if who not in players:
            out.append((at + ["player"], f"{who} is not one of the players"))
        if n > len(hands) + 1:
            out.append((at + ["before_hand"], f"hand {n} is beyond the next hand "
                        f"({len(hands) + 1}): the session has {len(hands)} hands"))
        if n < before:
            out.append((at + ["before_hand"], f"hand {n} comes before the change above it "
                        f"(hand {before}): list the changes in order"))
        if last.get(who) == c["change"]:
            did = "joined" if c["change"] == "join" else "left"
            out.append((at + ["change"], f"{who} already {did} in the change before; a "
                        "player joins and leaves in turn"))
        last[who], before = c["change"], max(before, n)
    if out:
        return out
    away, ordered, k = _away_at_start(changes), sorted(enumerate(changes),
                                                      key=lambda e: e[1]["before_hand"]), 0
    since: dict[str, int] = {}
    for h, hand in enumerate(hands, start=1):
        while k < len(ordered) and ordered[k][1]["before_hand"] <= h:
            i, c = ordered[k]
            (away.add if c["change"] == "leave" else away.discard)(c["player"])
            since[c["player"]] = i
            k += 1
        for who in sorted(away - set(hand.get("sitting_out", ()))):
            why = (f"seat_changes[{since[who]}]" if who in since else
                   "their first seat change is a join")
            out.append((["hands", h - 1, "sitting_out"], f"{who} is away from the table "
                        f"({why}) but is dealt this hand: list them in sitting_out"))
    return out


def session_from_dict(data: Any, *, source: str = "<data>") -> Session:
    """Check ``data`` against the schema and build the Session; SessionFileError if invalid.
    A file's ``seat_changes`` are checked here too (:func:`seat_change_problems`); they are
    not part of the Session (the store keeps them: who is at the table now)."""
    check(data, source)
    if data.get("seat_changes"):
        problems = seat_change_problems(data)
        if problems:
            schemacheck.refuse([schemacheck.problem_at(p, m) for p, m in problems], source)
    if data.get("rule_changes"):
        problems = rule_change_problems(data)
        if problems:
            schemacheck.refuse([schemacheck.problem_at(p, m) for p, m in problems], source)
    unit = data.get("unit")
    return Session(
        variant=data["variant"],
        players=tuple(data["players"]),
        first_dealer=data["first_dealer"],
        hands=tuple(record_from_dict(h) for h in data["hands"]),
        rules=dict(data.get("rules", {})),
        name=data.get("name"),
        started_at=data.get("started_at"),
        unit=None if unit is None else Unit(name=unit.get("name", "chip"), value=unit.get("value"),
                                            currency=unit.get("currency")),
        opening_pool=data.get("opening_pool", 0),
        buy_in=data.get("buy_in"),
        rule_changes=tuple(RuleChange(from_hand=c["from_hand"], rules=dict(c["rules"]))
                           for c in data.get("rule_changes", ())),
    )


def parse_session(data: bytes, *, source: str = "<data>") -> tuple[Session, dict[str, Any]]:
    """A session from the bytes of a file (or stdin): the Session and the raw JSON object,
    or SessionFileError naming the source and, where there is one, the JSON path.

    UTF-8 with or without a byte-order mark; anything else, malformed or hostile JSON
    (nesting, huge numbers, lone surrogates...) is refused in words, never a traceback.
    """
    session, raw, _ = read_session(data, source=source)
    return session, raw


def read_session(data: bytes, *, source: str = "<data>", lazy: bool = False,
                 plain: bool = True) -> tuple[Session, dict[str, Any], str]:
    """:func:`parse_session`, and the file's fingerprint (decode.canonical's sha256).

    A valid file is decoded and checked in one pass (formats/lean.py one hand at a time,
    else formats/decode.py); one the fast ways doubt is read the long way, which lists
    every problem with its path. ``lazy``: the raw object's ``hands`` may be a
    lean.RawHands, each hand decoded when asked for (import: not all held at once).
    ``plain`` False skips lean.py (the caller has found the file in doubt there)."""
    done = lean.read(data) if plain else None
    if done is not None:
        if not lazy:
            done[1]["hands"] = list(done[1]["hands"])
        return done
    done = decode.fast(data)
    if done is not None:
        return done
    try:
        raw = jsonsafe.parse(data)
    except jsonsafe.ParseError as e:
        if e.path is None:
            raise SessionFileError(f"{source}: not a session file: {e.message}") from None
        schemacheck.refuse([schemacheck.problem_at(e.path, e.message)], source)
    session = session_from_dict(raw, source=source)
    return session, raw, decode.fingerprint(decode.canonical(raw))


def load_session_file(path: str | Path) -> tuple[Session, dict[str, Any]]:
    """Read a session file: the Session and the raw JSON object, or SessionFileError.

    The raw object keeps what the Session does not hold (extension fields, ``$schema``);
    its ``hands`` are what the store keeps as each hand's record.
    """
    session, raw, _ = load_session(path)
    return session, raw


def read_file(path: str | Path) -> bytes:
    """A session file's bytes (up to one more than the largest allowed, for the reader to
    refuse), or SessionFileError saying why it cannot be read."""
    source = str(path)
    try:
        with open(path, "rb") as f:
            return f.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise SessionFileError(f"{source}: cannot read the session file: there is no such "
                               "file") from None
    except IsADirectoryError:
        raise SessionFileError(f"{source}: cannot read the session file: it is a folder") from None
    except OSError as e:
        raise SessionFileError(f"{source}: cannot read the session file: "
                               f"{e.strerror or e}") from None


def load_session(path: str | Path, *, lazy: bool = False) -> tuple[Session, dict[str, Any], str]:
    """:func:`load_session_file`, and the file's fingerprint; ``lazy`` as for
    :func:`read_session`."""
    return read_session(read_file(path), source=str(path), lazy=lazy)


def session_to_dict(s: Session, raw: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The session-format JSON object of a session, fields in the order people read them.

    Given ``raw``, the object the session was read from (a file, or the store's
    ``session_dict``), its ``seat_changes`` (not part of the Session), ``$schema`` and
    extension fields are written back where they stood: the session's, the unit's, and
    each hand's, flush's and penalty's by position.
    """
    out: dict[str, Any] = {"format": FORMAT}
    if s.name is not None:
        out["name"] = s.name
    if s.started_at is not None:
        out["started_at"] = s.started_at
    out["variant"] = s.variant
    if s.rules:
        out["rules"] = dict(s.rules)
    if s.rule_changes:
        out["rule_changes"] = [{"from_hand": c.from_hand, "rules": dict(c.rules)}
                               for c in s.rule_changes]
    if s.unit is not None:
        out["unit"] = {k: v for k in ("name", "value", "currency")
                       if (v := getattr(s.unit, k)) is not None}
    out["players"] = list(s.players)
    out["first_dealer"] = s.first_dealer
    out["opening_pool"] = s.opening_pool
    if s.buy_in is not None:
        out["buy_in"] = s.buy_in
    if raw is not None and raw.get("seat_changes"):
        out["seat_changes"] = seat_changes(raw)
    out["hands"] = [hand_to_dict(h) for h in s.hands]
    return extensions.merge_session(out, raw) if raw is not None else out


def dumps_session(s: Session, raw: Mapping[str, Any] | None = None) -> str:
    """The session file's text: indented JSON, names as typed (not escaped), final newline;
    ``raw`` as for :func:`session_to_dict`."""
    return json.dumps(session_to_dict(s, raw), indent=2, ensure_ascii=False) + "\n"
