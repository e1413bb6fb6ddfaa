"""A valid session file read one hand at a time, for import: little held at once.

:func:`read` decodes the file's head (everything but the hands) into the typed records of
formats/types.py and leaves each hand as its JSON text (``msgspec.Raw``, a view of the
file's bytes). Each hand is then decoded and checked on its own into its HandRecord, and
its typed record let go; the raw hand objects the store keeps as records are decoded
again only when asked for (:class:`RawHands`), one at a time. The fingerprint is hashed
as it goes: a hand's typed record encoded with its keys sorted is the canonical JSON of a
hand that has no field beyond the format's.

Extension fields are set aside before the typed pass (decode.py's way) and their hands
hashed by json. Any doubt returns None, and the caller tries formats/decode.py, then the
long way. The checks are decode.py's.
"""

from __future__ import annotations

import codecs
import functools
import gc
import hashlib
import operator
from collections.abc import Callable, Iterator, Mapping, Sequence
from types import UnionType
from typing import Annotated, Any, Literal, Union, get_args, get_origin, overload

import msgspec
from msgspec import UNSET
from msgspec.structs import replace

from loo_ledger.domain.model import HandRecord, Session
from loo_ledger.formats import decode, fromtyped, types
from loo_ledger.formats.limits import MAX_FILE_BYTES

_TOP = msgspec.json.Decoder(dict[str, msgspec.Raw])
_TEXTS = msgspec.json.Decoder(list[msgspec.Raw])
_ANY = msgspec.json.Decoder()
_KEYS = msgspec.json.Decoder(dict[str, msgspec.Raw])
_ENCODE = msgspec.json.Encoder().encode
_TITLE = "player name"


@functools.lru_cache(maxsize=8)
def _hand_decoder(players: tuple[str, ...]) -> msgspec.json.Decoder[Any]:
    """A decoder of types.Hand in which a player's name is one of ``players``: msgspec
    checks it by a lookup and gives the one string object for every mention of a name
    (about 20 in a hand: a third of what the hands hold, and of the time to decode them).
    A name that is not a player's is refused here; decode.py and the engine say more."""
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
                    kw_only=True, forbid_unknown_fields=True, omit_defaults=True)
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


class HandText:
    """One hand of a file being read (:meth:`Stream.hands`): its JSON text and, where it
    has no extension field, its checked typed form (types.Hand); its object is decoded
    only when asked for. The store encodes the typed form (records.encode_typed)."""

    __slots__ = ("text", "typed")

    def __init__(self, text: msgspec.Raw, typed: Any) -> None:
        self.text, self.typed = text, typed

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


def hand(obj: Mapping[str, Any], players: tuple[str, ...]) -> HandRecord | None:
    """A hand object (as a file or the store has it) checked and built the fast way, its
    names among ``players``; None at any doubt (extension fields among them), for the
    caller to go the long way (``sessionfile.hand_from_dict``), which says what is wrong."""
    try:
        return fromtyped.record(_hand_decoder(players).decode(_ENCODE(obj)))
    except Exception:  # noqa: BLE001 - any surprise is the long way's to report
        return None


class Doubt(Exception):
    """The file is not the plain case, or not valid: the caller goes the long way."""


class Stream:
    """A plain session file read one hand at a time: its ``session`` (with no hands yet),
    its object (``raw``, whose ``hands`` are :class:`RawHands`), and :meth:`hands`, each
    hand checked and built in turn. Only once the last hand is read is the file known to
    be sound (a key given twice, a seat change that does not fit the hands) and its
    ``fingerprint`` taken; :meth:`hands` then raises :class:`Doubt` if it is not. Building
    one raises Doubt when the head is not plain."""

    def __init__(self, data: bytes):
        try:
            self._open(data)
        except Exception as exc:  # noqa: BLE001 - any surprise is the long way's to report
            raise Doubt() from exc
        self.fingerprint: str | None = None

    def _open(self, data: bytes) -> None:
        if len(data) > MAX_FILE_BYTES:
            raise Doubt()
        if data.startswith(codecs.BOM_UTF8):
            data = data[3:]
        if b"\\u003a" in data or b"\\u003A" in data:
            raise Doubt()
        top = _TOP.decode(data)
        head = {k: _ANY.decode(v) for k, v in top.items() if k != "hands"}
        plain = _plain_head(head)
        if plain is None or "hands" not in top:
            raise Doubt()
        typed = msgspec.convert(plain, types.SessionHead, strict=True)
        self._texts = texts = _TEXTS.decode(top["hands"])
        if not decode.sound(typed, head):
            raise Doubt()
        names = set(typed.players)
        names.add(typed.first_dealer)
        if typed.seat_changes is not UNSET:
            names.update(c.player for c in typed.seat_changes)
        if not fromtyped.names_ok(names):
            raise Doubt()
        self._data, self._top, self._head, self._typed = data, top, head, typed
        self.session = fromtyped.session(typed, [])
        hands = RawHands(texts)
        self.raw = {k: hands if k == "hands" else head[k] for k in top}

    def __len__(self) -> int:
        """The number of hands in the file."""
        return len(self._texts)

    def hands(self) -> Iterator[tuple[HandRecord, HandText]]:
        """Each hand's record and its text, in order; Doubt at any doubt, up to after the
        last (when the whole file has been checked)."""
        try:
            yield from self._hands()
        except Doubt:
            raise
        except Exception as exc:  # noqa: BLE001 - any surprise is the long way's to report
            raise Doubt() from exc

    def _hands(self) -> Iterator[tuple[HandRecord, HandText]]:
        top, head, typed = self._top, self._head, self._typed
        digest, colons = hashlib.sha256(b"{"), 0
        encode = msgspec.json.encode
        sitting: list[tuple[str, ...]] = []
        for i, key in enumerate(sorted(top)):
            piece = (b"," if i else b"") + decode.canonical(key) + b":"
            if key != "hands":
                piece += decode.canonical(head[key])
                digest.update(piece)
                colons += piece.count(b":")
                continue
            digest.update(piece + b"[")
            colons += 1
            hand_decoder = _hand_decoder(tuple(typed.players))
            for n, text in enumerate(self._texts):
                try:
                    hand = checked = hand_decoder.decode(text)
                    canonical = encode(hand, order="sorted")
                except msgspec.ValidationError:  # extension fields: set aside, then checked
                    raw_hand = _ANY.decode(text)
                    hand = msgspec.convert(decode.plain_hand(raw_hand), hand_decoder.type,
                                           strict=True)
                    canonical = decode.canonical(raw_hand)
                    checked = None
                record = fromtyped.record(hand)  # its names are players: the decoder says
                if record is None:
                    raise Doubt()
                digest.update(b"," + canonical if n else canonical)
                colons += canonical.count(b":")
                sitting.append(record.sitting_out)
                yield record, HandText(text, checked)
            digest.update(b"]")
        digest.update(b"}")
        if colons != self._data.count(b":"):
            raise Doubt()  # a key given twice (the long way says where)
        if not decode.changes_ok(head | {"hands": _seated(sitting)}):
            raise Doubt()
        self.fingerprint = digest.hexdigest()


def read(data: bytes) -> tuple[Session, dict[str, Any], str] | None:
    """(session, the file's object, fingerprint), or None when the file is not the plain
    case or not valid (decode.fast, then the long way). The object's ``hands`` are
    :class:`RawHands`, decoded when asked for."""
    paused = gc.isenabled()
    gc.disable()
    try:
        stream = Stream(data)
        records = [record for record, _ in stream.hands()]
    except Doubt:
        return None
    finally:
        if paused:
            gc.enable()
    assert stream.fingerprint is not None
    return replace(stream.session, hands=tuple(records)), stream.raw, stream.fingerprint


def _plain_head(head: dict[str, Any]) -> dict[str, Any] | None:
    """The head less its and its unit's ``x-`` fields; None if another field is unknown
    or an ``x-`` value is one jsonsafe refuses."""
    out = decode.strip(head, decode.FIELDS[types.SessionHead], 0)
    if out is None:
        return None
    unit = out.get("unit")
    if type(unit) is dict:
        plain_unit = decode.strip(unit, decode.FIELDS[types.Unit], 1)
        if plain_unit is None:
            return None
        out = {**out, "unit": plain_unit}
    return out


def _seated(sitting: list[tuple[str, ...]]) -> _Made:
    """The hands as the checks of seat and rule changes read them: who sat out."""
    return _Made(sitting, lambda out: {"sitting_out": out})
