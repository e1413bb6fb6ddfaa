"""The fast way in: a session file decoded and checked in one pass by msgspec.

:func:`fast` decodes the bytes straight into the typed records of formats/types.py
(which check every type, bound and pattern as they parse), adds the few checks msgspec
cannot make, and builds the Session. It says only *that* a file is wrong: it returns
None at the first doubt, and the caller (sessionfile.read_session, which tries lean.py's
one-hand-at-a-time way first) then takes the long way, jsonsafe + schemacheck, which lists
every problem with its JSON path. A file the fast way accepts is one the long way
accepts, with the same Session, raw object and fingerprint (tests/test_decoder.py
compares them).

What is checked here besides the types: ``x-`` extension fields (set aside before the
typed pass, their values scanned by jsonsafe), keys given twice (msgspec keeps the
last: the colons of the file are counted against those of its re-encoding), unique
lists, a player name's pattern (once per distinct name), a rule's string value, a
ruling that is not blank, and what schemacheck and sessionfile check beyond the schema.
"""

from __future__ import annotations

import codecs
import gc
import hashlib
import json
import re
from typing import Any

import msgspec
from msgspec import UNSET

from loo_ledger.domain.model import Session
from loo_ledger.formats import fromtyped, jsonsafe, schemacheck, types
from loo_ledger.formats.limits import MAX_DEPTH, MAX_FILE_BYTES, WORD_PATTERN

_TYPED = msgspec.json.Decoder(types.SessionFile)
_ANY = msgspec.json.Decoder()
_WORD = re.compile(WORD_PATTERN)
#: The fields of each record that takes extension fields, by the path to its objects.
FIELDS = {t: frozenset(f.encode_name for f in msgspec.structs.fields(t))
          for t in (*types.EXTENSIBLE, types.SessionHead)}


def canonical(raw: Any) -> bytes:
    """A session file's canonical JSON: keys sorted, no spaces, UTF-8, names as typed.
    Byte for byte ``json.dumps(raw, sort_keys=True, separators=(",", ":"),
    ensure_ascii=False)`` for what a valid file holds without extension fields (strings,
    whole numbers, booleans; tests/test_decoder.py checks every code point), which is how
    fingerprints were always taken; anything else (a float in an ``x-`` field) by json."""
    text = json.dumps(raw, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return text.encode("utf-8", "surrogatepass")


def fingerprint(canonical_json: bytes) -> str:
    """The sha256 of a file's canonical JSON, in hex: what the ledger's imports record."""
    return hashlib.sha256(canonical_json).hexdigest()


def fast(data: bytes) -> tuple[Session, dict[str, Any], str] | None:
    """(session, raw object, fingerprint) of a valid file, else None (take the long way).

    The garbage collector is paused meanwhile: what is built holds no cycles, and a
    100,000-hand file's millions of new objects would set it off again and again (about
    a third of the time)."""
    paused = gc.isenabled()
    gc.disable()
    try:
        return _fast(data)
    except Exception:  # any surprise is the long way's to report
        return None
    finally:
        if paused:
            gc.enable()


def _fast(data: bytes) -> tuple[Session, dict[str, Any], str] | None:
    if len(data) > MAX_FILE_BYTES:
        return None
    if data.startswith(codecs.BOM_UTF8):
        data = data[3:]
    try:
        raw = _ANY.decode(data)
    except (msgspec.MsgspecError, RecursionError, UnicodeDecodeError, ValueError):
        return None
    if type(raw) is not dict:
        return None
    plain = _without_extensions(raw)
    try:
        typed = (_TYPED.decode(data) if plain is raw else
                 msgspec.convert(plain, types.SessionFile, strict=True))
    except (msgspec.MsgspecError, RecursionError, ValueError):
        return None
    encoded = msgspec.json.encode(raw, order="sorted")
    if b"\\u003a" in data or b"\\u003A" in data or data.count(b":") != encoded.count(b":"):
        return None  # a key given twice (or a colon we cannot count): the long way says
    if not sound(typed, raw):
        return None
    session = _session(typed, raw)
    if session is None:
        return None
    return session, raw, fingerprint(encoded if plain is raw else canonical(raw))


def _without_extensions(raw: dict[str, Any]) -> Any:
    """``raw`` itself when it has no field beyond the format's; else a copy with its
    ``x-`` fields set aside, or None when a field is unknown or an ``x-`` value is one
    jsonsafe refuses (the long way says which)."""
    fields = FIELDS
    top = fields[types.SessionFile]
    found = not top.issuperset(raw)
    unit = raw.get("unit")
    found = found or (type(unit) is dict and not fields[types.Unit].issuperset(unit))
    hands = raw.get("hands")
    if type(hands) is list and not found:
        known = fields[types.Hand]
        for hand in hands:
            if type(hand) is not dict or not known.issuperset(hand) or (
                    ("flushes" in hand or "penalties" in hand) and _inner(hand)):
                found = True
                break
    if not found:
        return raw
    out = strip(raw, top, 0)
    if out is None:
        return None
    out = dict(out)  # never raw itself: the store keeps raw as it was read
    if type(unit) is dict:
        out["unit"] = strip(unit, fields[types.Unit], 1)
        if out["unit"] is None:
            return None
    if type(hands) is list:
        out["hands"] = [plain_hand(h) for h in hands]
        if None in out["hands"]:
            return None
    return out


def _inner(hand: dict[str, Any]) -> bool:
    """Whether a hand's flushes or penalties hold a field beyond the format's."""
    for key, record in (("flushes", types.Flush), ("penalties", types.Penalty)):
        items = hand.get(key)
        if type(items) is list and any(type(i) is not dict or not FIELDS[record].issuperset(i)
                                       for i in items):
            return True
    return False


def strip(obj: Any, known: frozenset[str], depth: int) -> dict[str, Any] | None:
    """``obj`` less its ``x-`` fields; None if another unknown field or a hazard is in it."""
    if type(obj) is not dict:
        return obj  # the typed pass refuses it
    extra = {k: v for k, v in obj.items() if k not in known}
    if not extra:
        return obj
    if not all(k.startswith("x-") for k in extra):
        return None
    wrapped: Any = extra
    for _ in range(depth):
        wrapped = [wrapped]
    if depth >= MAX_DEPTH or jsonsafe.scan(wrapped)[0]:
        return None
    return {k: v for k, v in obj.items() if k in known}


def plain_hand(hand: Any) -> dict[str, Any] | None:
    """A hand object less its, its flushes' and its penalties' ``x-`` fields (a copy
    where any were), or None as for :func:`strip`."""
    out = strip(hand, FIELDS[types.Hand], 2)
    if type(out) is not dict:
        return out
    for key, record in (("flushes", types.Flush), ("penalties", types.Penalty)):
        items = out.get(key)
        if type(items) is list:
            kept = [strip(i, FIELDS[record], 4) for i in items]
            if None in kept:
                return None
            out = {**out, key: kept}
    return out


def sound(typed: types.SessionHead, raw: dict[str, Any]) -> bool:
    """What msgspec does not check, and schemacheck's checks beyond the schema."""
    if len(set(typed.players)) != len(typed.players) or schemacheck._extra(raw):
        return False
    rules = [typed.rules] if typed.rules is not UNSET else []
    if typed.rule_changes is not UNSET:
        rules += [c.rules for c in typed.rule_changes]
    for table in rules:
        for value in table.values():
            if isinstance(value, str) and not _WORD.search(value):
                return False
    return True


def _session(t: types.SessionFile, raw: dict[str, Any]) -> Session | None:
    """The Session of the typed records; None if a name, a unique list or a ruling is
    wrong, or the seat or rule changes are (the long way says how)."""
    names = set(t.players)
    names.add(t.first_dealer)
    hands = []
    for h in t.hands:
        fromtyped.names_of(h, names)
        rec = fromtyped.record(h)
        if rec is None:
            return None
        hands.append(rec)
    if t.seat_changes is not UNSET:
        names.update(c.player for c in t.seat_changes)
    if not fromtyped.names_ok(names):
        return None
    return fromtyped.session(t, hands) if changes_ok(raw) else None


def changes_ok(raw: dict[str, Any]) -> bool:
    """sessionfile's checks of seat and rule changes."""
    if not raw.get("seat_changes") and not raw.get("rule_changes"):
        return True
    from loo_ledger.formats.rulechanges import rule_change_problems
    from loo_ledger.formats.sessionfile import seat_change_problems

    return not ((raw.get("seat_changes") and seat_change_problems(raw))
                or (raw.get("rule_changes") and rule_change_problems(raw)))
