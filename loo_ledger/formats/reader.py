"""The one reader of session files: msgspec, one hand at a time.

:class:`Stream` decodes a file's head (everything but the hands) into the typed records of
formats/types.py, which check every type, bound and pattern as they parse, and leaves each
hand as its JSON text (``msgspec.Raw``, a view of the file's bytes). Each hand is then
decoded and checked on its own into its HandRecord (:func:`read_hand`); the raw hand
objects the store keeps as records are decoded again only when asked for
(:class:`RawHands`). The fingerprint is hashed as it goes: a hand's typed record encoded
with its keys sorted is the canonical JSON of a hand that has no field beyond the
format's. :func:`read` reads a whole file this way.

What is checked here besides the types: ``x-`` extension fields (set aside before the
typed pass, their values scanned by jsonsafe), keys given twice (msgspec keeps the last:
the colons of the file are counted against those of its canonical encoding), unique
lists, a player name's pattern (once per distinct name), a rule's string value, a ruling
that is not blank, a real date, and the seat and rule changes against the hands.

The reader only says *that* a file is wrong: it raises :class:`Refused` at the first
problem, and formats/sessionfile.py words every problem of the file with its JSON path
(formats/schemacheck.py). Whether a hand is possible by the rules is the engine's
business, not this module's.
"""

from __future__ import annotations

import codecs
import functools
import hashlib
import json
import operator
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from types import UnionType
from typing import Annotated, Any, Literal, Union, get_args, get_origin, overload

import msgspec
from msgspec import UNSET
from msgspec.structs import replace

from loo_ledger.domain.rules.model import HandRecord, Session
from loo_ledger.formats import fromtyped, jsonsafe, schemacheck, types
from loo_ledger.formats.limits import MAX_DEPTH, MAX_FILE_BYTES, WORD_PATTERN

_TOP = msgspec.json.Decoder(dict[str, msgspec.Raw])
_TEXTS = msgspec.json.Decoder(list[msgspec.Raw])
_ANY = msgspec.json.Decoder()
_KEYS = msgspec.json.Decoder(dict[str, msgspec.Raw])
_PLAIN_HAND = msgspec.json.Decoder(types.Hand)
_SORTED = msgspec.json.Encoder(order="sorted").encode
_WORD = re.compile(WORD_PATTERN)
#: A colon written as an escape (``\u003a``), not an escaped backslash before ``u003a``.
_ESCAPED_COLON = re.compile(rb"(?<!\\)(?:\\\\)*\\u003[aA]")
_TITLE = "player name"
#: The fields of each record that takes extension fields.
FIELDS = {t: frozenset(f.encode_name for f in msgspec.structs.fields(t))
          for t in (*types.EXTENSIBLE, types.SessionHead)}
#: What msgspec raises for bytes or values it refuses (malformed JSON, a wrong type or
#: bound, text that is not UTF-8, nesting deeper than it reads).
MSGSPEC_REFUSALS = (msgspec.MsgspecError, UnicodeDecodeError, RecursionError)


class Refused(Exception):
    """msgspec, or a check it cannot make, refuses the file. ``problems``: the (path,
    message) pairs, where the check that refused it words them itself (the seat and rule
    changes); else empty, and formats/sessionfile.py has the schema word what is wrong.
    ``reason``: msgspec's own words, for a problem the schema does not state."""

    def __init__(self, reason: str, problems: Sequence[tuple[list[Any], str]] = ()):
        super().__init__(reason)
        self.reason, self.problems = reason, list(problems)


def canonical(raw: Any) -> bytes:
    """A session file's canonical JSON: keys sorted, no spaces, UTF-8, names as typed.
    Byte for byte ``json.dumps(raw, sort_keys=True, separators=(",", ":"),
    ensure_ascii=False)``, which is how fingerprints were always taken; for what a valid
    file holds without extension fields (strings, whole numbers, booleans) it is
    msgspec's sorted encoding (tests/test_decoder.py checks every code point)."""
    text = json.dumps(raw, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return text.encode("utf-8", "surrogatepass")


def fingerprint(canonical_json: bytes) -> str:
    """The sha256 of a file's canonical JSON, in hex: what the ledger's imports record."""
    return hashlib.sha256(canonical_json).hexdigest()


@functools.lru_cache(maxsize=8)
def _hand_decoder(players: tuple[str, ...]) -> msgspec.json.Decoder[Any]:
    """A decoder of types.Hand in which a player's name is one of ``players``: msgspec
    checks it by a lookup and gives the one string object for every mention of a name
    (about 20 in a hand: a third of what the hands hold, and of the time to decode them).
    A hand it refuses (an extension field, a name that is not a player's) is read by
    :func:`read_hand` with the format's own types.Hand."""
    names = Literal[players]  # type: ignore[valid-type]
    made: dict[type, type] = {}

    def swap(tp: Any) -> Any:
        origin, args = get_origin(tp), get_args(tp)
        if origin is Annotated:
            if any(isinstance(m, msgspec.Meta) and m.title == _TITLE for m in args[1:]):
                return names
            return Annotated[(swap(args[0]), *args[1:])]
        if isinstance(tp, type) and issubclass(tp, msgspec.Struct):
            if tp not in made:
                made[tp] = msgspec.defstruct(
                    tp.__name__, [(f.name, swap(f.type), f.default)
                                  if f.default is not msgspec.NODEFAULT else (f.name, swap(f.type))
                                  for f in msgspec.structs.fields(tp)],
                    kw_only=True, forbid_unknown_fields=True, omit_defaults=True, gc=False)
            return made[tp]
        if origin in (Union, UnionType):
            return functools.reduce(operator.or_, [swap(a) for a in args])
        if origin in (list, dict):
            return origin[tuple(swap(a) for a in args)]
        return tp

    return msgspec.json.Decoder(swap(types.Hand))


class _Made(Sequence[dict[str, Any]]):
    """A sequence of hand objects, each made from its item when asked for."""

    def __init__(self, items: Sequence[Any], make: Callable[[Any], dict[str, Any]]):
        self._items, self._make = items, make

    def __len__(self) -> int:
        return len(self._items)

    @overload
    def __getitem__(self, i: int) -> dict[str, Any]: ...

    @overload
    def __getitem__(self, i: slice) -> list[dict[str, Any]]: ...

    def __getitem__(self, i: int | slice) -> dict[str, Any] | list[dict[str, Any]]:
        if isinstance(i, slice):
            return [self._make(t) for t in self._items[i]]
        return self._make(self._items[i])

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return map(self._make, self._items)


class HandText(msgspec.Struct, frozen=True, gc=False):
    """One hand of a file being read (:meth:`Stream.hands`): its JSON text and, where it
    has no extension field, its checked typed form (types.Hand); its object is decoded
    only when asked for. The store encodes the typed form (store/codec.py ``RecordEncoder``).
    Never in a reference cycle (a text and a typed hand): not tracked."""

    text: msgspec.Raw | bytes
    typed: Any

    def keys(self) -> list[str]:
        """The hand's keys, in the file's order."""
        return list(_KEYS.decode(self.text))

    def object(self) -> dict[str, Any]:
        """The hand's JSON object, as the file gives it."""
        out: dict[str, Any] = _ANY.decode(self.text)
        return out


class RawHands(_Made):
    """The hand objects of a file, each decoded from its JSON text when asked for."""

    def __init__(self, texts: list[msgspec.Raw]):
        super().__init__(texts, _ANY.decode)


class ReadHand(msgspec.Struct, frozen=True, gc=False):
    """One hand read: its record, its typed form where it has no extension field (else
    None) and its canonical JSON (never in a reference cycle: not tracked)."""

    record: HandRecord
    typed: Any
    canonical: bytes


def read_hand(text: msgspec.Raw | bytes, players: tuple[str, ...] | None, *,
              canonical_json: bool = True) -> ReadHand:
    """One hand's JSON text decoded and checked; Refused if it is not a valid hand.

    Most hands name only ``players`` and hold no extension field: msgspec reads them with
    the names as a lookup (:func:`_hand_decoder`). Any other (or any hand, without
    ``players``) is read as the format states it (types.Hand), its ``x-`` fields set
    aside and its names checked by their pattern: a name that is not a player's is the
    engine's to refuse, naming the hand. ``canonical_json`` False: the hand's canonical
    JSON is not wanted (it is then empty)."""
    try:
        if players:
            try:
                typed = _hand_decoder(players).decode(text)
            except msgspec.ValidationError:  # an extension field, or a name not a player's
                typed = None
            if typed is not None:
                return _built(typed, typed, _SORTED(typed) if canonical_json else b"")
        raw_hand = _ANY.decode(text)
        plain = plain_hand(raw_hand)
        if plain is None:
            raise Refused("a hand's field is not one the format has")
        hand = (_PLAIN_HAND.decode(text) if plain is raw_hand
                else msgspec.convert(plain, types.Hand, strict=True))
        names: set[str] = set()
        fromtyped.names_of(hand, names)
        if not fromtyped.names_ok(names, players or ()):
            raise Refused("a name in a hand is not one the format allows")
        return _built(hand, None, canonical(raw_hand) if canonical_json else b"")
    except MSGSPEC_REFUSALS as exc:
        raise Refused(str(exc)) from None


def read_value(value: Any, players: tuple[str, ...]) -> HandRecord | None:
    """The record of one hand given as the JSON values its text decodes to (a hand the
    store decoded), read as :func:`read_hand` first reads a hand: by msgspec, with the
    names as a lookup (the same types and checks, without writing the values as text
    first); None where that read refuses it (an extension field, a name not a player's,
    any problem): :func:`read_hand` of its text then reads it, or says why not."""
    try:
        typed = msgspec.convert(value, _hand_decoder(players).type, strict=True)
    except MSGSPEC_REFUSALS:
        return None
    return fromtyped.record(typed)


def _built(hand: Any, typed: Any, canonical_json: bytes) -> ReadHand:
    record = fromtyped.record(hand)
    if record is None:
        raise Refused("a hand repeats a name or a trick, or its ruling is blank")
    return ReadHand(record, typed, canonical_json)


class Stream:
    """A session file read one hand at a time: its ``session`` (with no hands yet), its
    object (``raw``, whose ``hands`` are :class:`RawHands`), and :meth:`hands`, each hand
    checked and built in turn. Only once the last hand is read is the file known to be
    sound (a key given twice, a seat change that does not fit the hands) and its
    ``fingerprint`` taken; :meth:`hands` then raises :class:`Refused` if it is not.
    Building one raises Refused when the head is not valid."""

    def __init__(self, data: bytes):
        self.fingerprint: str | None = None
        try:
            self._open(data)
        except MSGSPEC_REFUSALS as exc:
            raise Refused(str(exc)) from None

    def _open(self, data: bytes) -> None:
        if len(data) > MAX_FILE_BYTES:
            raise Refused("the file is too large")
        if data.startswith(codecs.BOM_UTF8):
            data = data[3:]
        top = _TOP.decode(data)
        head = {k: _ANY.decode(v) for k, v in top.items() if k != "hands"}
        plain = _plain_head(head)
        if plain is None or "hands" not in top:
            raise Refused("the session has a field the format does not have, or no hands")
        typed = msgspec.convert(plain, types.SessionHead, strict=True)
        self._texts = texts = _TEXTS.decode(top["hands"])
        if not sound(typed, head):
            raise Refused("a name, a rule or the date is not one the format allows")
        names = set(typed.players)
        names.add(typed.first_dealer)
        if typed.seat_changes is not UNSET:
            names.update(c.player for c in typed.seat_changes)
        if not fromtyped.names_ok(names):
            raise Refused("a name is not one the format allows")
        self._data, self._top, self._head, self._typed = data, top, head, typed
        self.session = fromtyped.session(typed, [])
        hands = RawHands(texts)
        self.raw = {k: hands if k == "hands" else head[k] for k in top}

    def __len__(self) -> int:
        """The number of hands in the file."""
        return len(self._texts)

    def hands(self) -> Iterator[tuple[HandRecord, HandText]]:
        """Each hand's record and its text, in order; Refused at the first problem, up to
        after the last hand (when the whole file has been checked)."""
        top, head, typed = self._top, self._head, self._typed
        digest, colons = hashlib.sha256(b"{"), 0
        sitting: list[tuple[str, ...]] = []
        players = tuple(typed.players)
        for i, key in enumerate(sorted(top)):
            piece = (b"," if i else b"") + canonical(key) + b":"
            if key != "hands":
                piece += canonical(head[key])
                digest.update(piece)
                colons += piece.count(b":")
                continue
            digest.update(piece + b"[")
            colons += 1
            for n, text in enumerate(self._texts):
                try:
                    hand = read_hand(text, players)
                except Refused as exc:
                    raise Refused(f"hand {n + 1}: {exc.reason}") from None
                digest.update(b"," + hand.canonical if n else hand.canonical)
                colons += hand.canonical.count(b":")
                sitting.append(hand.record.sitting_out)
                yield hand.record, HandText(text, hand.typed)
            digest.update(b"]")
        digest.update(b"}")
        if colons != _colons(self._data):
            raise Refused("a key is given twice in one object")
        problems = changes_problems(head | {"hands": _seated(sitting)})
        if problems:
            raise Refused(problems[0][1], problems)
        self.fingerprint = digest.hexdigest()


def _colons(data: bytes) -> int:
    """The colons of a file as its canonical JSON writes them: those it holds, and those
    written as an escape (``\\u003a``) inside its strings."""
    found = data.count(b":")
    if b"\\u003" in data:
        found += len(_ESCAPED_COLON.findall(data))
    return found


def read(data: bytes) -> tuple[Session, dict[str, Any], str]:
    """(session, the file's object, fingerprint) of a valid file; Refused if it is not.
    The object's ``hands`` are :class:`RawHands`, decoded when asked for."""
    stream = Stream(data)
    records = [record for record, _ in stream.hands()]
    assert stream.fingerprint is not None
    return replace(stream.session, hands=tuple(records)), stream.raw, stream.fingerprint


def _plain_head(head: dict[str, Any]) -> dict[str, Any] | None:
    """The head less its and its unit's ``x-`` fields; None if another field is unknown
    or an ``x-`` value is one jsonsafe refuses."""
    out: dict[str, Any] | None = strip(head, FIELDS[types.SessionHead], 0)
    if out is None:
        return None
    unit = out.get("unit")
    if type(unit) is dict:
        plain_unit = strip(unit, FIELDS[types.Unit], 1)
        if plain_unit is None:
            return None
        out = {**out, "unit": plain_unit}
    return out


def strip(obj: Any, known: frozenset[str], depth: int) -> Any:
    """``obj`` less its ``x-`` fields; None if another unknown field or a hazard is in it
    (anything but an object is left for the typed pass to refuse)."""
    if type(obj) is not dict:
        return obj
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


def plain_hand(hand: Any) -> Any:
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
    """What msgspec does not check in a head, and schemacheck's checks beyond the schema."""
    if len(set(typed.players)) != len(typed.players) or schemacheck.beyond_schema(raw):
        return False
    rules = [typed.rules] if typed.rules is not UNSET else []
    if typed.rule_changes is not UNSET:
        rules += [c.rules for c in typed.rule_changes]
    for table in rules:
        for value in table.values():
            if isinstance(value, str) and not _WORD.search(value):
                return False
    return True


def changes_problems(data: Mapping[str, Any]) -> list[tuple[list[Any], str]]:
    """What is wrong with the seat and rule changes of a file whose every other part is
    valid (``data``: its head, and its hands as far as who sat out), as (path, message)."""
    if not data.get("seat_changes") and not data.get("rule_changes"):
        return []
    from loo_ledger.formats.rulechanges import rule_change_problems  # noqa: PLC0415 (seat and rule changes: only for a file that has them)
    from loo_ledger.formats.seatchanges import seat_change_problems  # noqa: PLC0415 (seat and rule changes: only for a file that has them)

    if data.get("seat_changes"):
        found = seat_change_problems(data)
        if found:
            return found
    return rule_change_problems(data) if data.get("rule_changes") else []


def _seated(sitting: list[tuple[str, ...]]) -> _Made:
    """The hands as the checks of seat and rule changes read them: who sat out."""
    return _Made(sitting, lambda out: {"sitting_out": out})
