"""Reading and writing session files (``loo-session/1``, shared/spec/SESSION-FORMAT.md).

The shape of a file is stated once, as the typed records of types.py; the JSON Schema in
``schemas/session.schema.json`` is generated from them (scripts/session_schema.py). Every
file, and every session or hand given as JSON values, is read by the one reader
(formats/reader.py: msgspec, one hand at a time) into the engine's :class:`Session`. A
file the reader refuses is then worded: every problem with its JSON path and hand number
(:func:`refusal`: jsonsafe.py for hostile bytes and values, schemacheck.py for the schema
and its messages, seatchanges.py and rulechanges.py for the changes). Whether a hand is
possible by the rules is the engine's business, not this module's. Writing is
:func:`session_to_dict` and :func:`dumps_session` (extension fields in extensions.py).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from loo_ledger.domain.rules.model import HandRecord, Session
from loo_ledger.errors import Problem, SessionFileError
from loo_ledger.formats import extensions, jsonsafe, reader, schemacheck
from loo_ledger.formats.handcodec import (
    cards_from_dict,
    cards_to_dict,
    record_to_dict,
)
from loo_ledger.formats.limits import MAX_FILE_BYTES
from loo_ledger.formats.rulechanges import rule_change_problems
from loo_ledger.formats.schemacheck import (
    FORMAT,
    SCHEMA_ID,
    SCHEMA_NAME,
    json_path,
    schema_path,
    validator,
)
from loo_ledger.formats.seatchanges import seat_change_problems, seat_changes

__all__ = ["FORMAT", "SCHEMA_ID", "SCHEMA_NAME", "cards_from_dict", "cards_to_dict",
           "dumps_session", "hand_from_dict", "hand_to_dict", "json_path", "load_session",
           "load_session_file", "parse_session", "read_session", "refusal",
           "rule_change_problems", "schema_path", "seat_change_problems", "seat_changes",
           "session_from_dict", "session_to_dict", "validator"]


def refusal(data: bytes | None, source: str, refused: reader.Refused, *, value: Any = None,
            part: str | None = None) -> SessionFileError:
    """The SessionFileError for a file (its bytes ``data``), or JSON ``value``, that the
    reader refused: every problem with its path, as the first check that finds any words
    them (hostile bytes and values, the schema, what the schema does not state, the seat
    and rule changes). ``part``: ``"hand"`` for one hand."""
    if refused.problems:
        return schemacheck.refusal([schemacheck.problem_at(p, m) for p, m in refused.problems],
                                   source, part)
    if data is not None:
        try:
            value = jsonsafe.parse(data)
        except jsonsafe.ParseError as e:
            if e.path is None:
                return SessionFileError(f"{source}: not a session file: {e.message}")
            return schemacheck.refusal([schemacheck.problem_at(e.path, e.message)], source)
    found = schemacheck.problems(value, part)
    if not found and part is None and isinstance(value, dict):
        found = [schemacheck.problem_at(p, m) for p, m in reader.changes_problems(value)]
    if not found:  # the schema states no problem: msgspec's own words
        found = [Problem(code="SCHEMA", message=refused.reason, path="$")]
    return schemacheck.refusal(found, source, part)


_JSON_TEXT = json.JSONEncoder(ensure_ascii=True, allow_nan=False, check_circular=False,
                              separators=(",", ":")).encode


def _json(value: Any) -> bytes | None:
    """JSON values as the text the reader reads, or None if they are not JSON (NaN, an
    object of another kind, nesting Python cannot write)."""
    try:
        return _JSON_TEXT(value).encode("ascii")
    except (TypeError, ValueError, RecursionError):
        return None


def hand_from_dict(d: Any, *, source: str = "<hand>",
                   players: tuple[str, ...] | None = None,
                   text: bytes | None = None) -> HandRecord:
    """One hand from its session-format JSON object, read by the one reader
    (``players``: the session's, for the reader's lookup of names); SessionFileError
    naming every problem otherwise. ``text``: the object's JSON text, where the caller
    has it (an object decoded from JSON, encoded again by msgspec: ``loo export``);
    else it is written here, refusing what is not a JSON value."""
    if text is None:
        text = _json(d)
    try:
        if text is None:
            raise reader.Refused("the hand is not JSON")
        return reader.read_hand(text, players, canonical_json=False).record
    except reader.Refused as refused:
        raise refusal(None, source, refused, value=d, part="hand") from None


def hand_to_dict(h: HandRecord, raw: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The session-format JSON of one hand, leaving out what is absent or empty.

    ``declarations``, ``tricks`` and ``deltas`` are written whenever they are not None
    (an empty ``tricks`` says cards were played, which is not the same as no ``tricks``).
    Given ``raw``, the hand object it was read from, its extension fields are kept.
    """
    out = record_to_dict(h)
    return extensions.merge_hand(out, raw) if raw is not None else out


def session_from_dict(data: Any, *, source: str = "<data>") -> Session:
    """The Session of a session file's JSON object, read by the one reader;
    SessionFileError naming every problem otherwise. A file's ``seat_changes`` are checked
    here too; they are not part of the Session (the store keeps them: who is at the table
    now)."""
    text = _json(data)
    if text is None:
        raise refusal(None, source, reader.Refused("not JSON values"), value=data)
    try:
        return reader.read(text)[0]
    except reader.Refused as refused:
        raise refusal(None, source, refused, value=data) from None


def parse_session(data: bytes, *, source: str = "<data>") -> tuple[Session, dict[str, Any]]:
    """A session from the bytes of a file (or stdin): the Session and the raw JSON object,
    or SessionFileError naming the source and, where there is one, the JSON path.

    UTF-8 with or without a byte-order mark; anything else, malformed or hostile JSON
    (nesting, huge numbers, lone surrogates...) is refused in words, never a traceback.
    """
    session, raw, _ = read_session(data, source=source)
    return session, raw


def read_session(data: bytes, *, source: str = "<data>",
                 lazy: bool = False) -> tuple[Session, dict[str, Any], str]:
    """:func:`parse_session`, and the file's fingerprint (reader.canonical's sha256).
    ``lazy``: the raw object's ``hands`` are a reader.RawHands, each hand decoded when
    asked for (not all held at once)."""
    try:
        session, raw, print_ = reader.read(data)
    except reader.Refused as refused:
        raise refusal(data, source, refused) from None
    if not lazy:
        raw["hands"] = list(raw["hands"])
    return session, raw, print_


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
