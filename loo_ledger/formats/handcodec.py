"""One hand of the loo-session/1 format as plain data: the only code that turns a hand
object into a HandRecord and back. The session-file reader and writer
(formats/sessionfile.py) add the schema check and extension fields around it; the store
(store/codec.py) keeps and replays exactly these objects.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from loo_ledger.domain.rules.model import CardRecord, Flush, HandRecord, Penalty

_COUNTS = frozenset({int})
_TEXTS = frozenset({str})


def cards_from_dict(d: Mapping[str, Any]) -> CardRecord:
    miss = d.get("miss")
    return CardRecord(
        trump_card=d.get("trump_card"), turned=d.get("turned"),
        miss=None if miss is None else tuple(miss),
        dealt={p: tuple(cs) for p, cs in d.get("dealt", {}).items()},
        exchanged={p: tuple(cs) for p, cs in d.get("exchanged", {}).items()},
        tricks=tuple(tuple(t) for t in d.get("tricks", ())), civil=tuple(d.get("civil", ())))


def cards_to_dict(c: CardRecord) -> dict[str, Any]:
    out: dict[str, Any] = {k: v for k in ("trump_card", "turned")
                           if (v := getattr(c, k)) is not None}
    if c.miss is not None:
        out["miss"] = list(c.miss)
    for key in ("dealt", "exchanged"):
        if getattr(c, key):
            out[key] = {p: list(cs) for p, cs in getattr(c, key).items()}
    if c.tricks:
        out["tricks"] = [list(t) for t in c.tricks]
    if c.civil:
        out["civil"] = list(c.civil)
    return out


#: The keys whose values a HandRecord holds just as the object does (text, or a map of
#: names: :data:`_MAPS`).
_AS_GIVEN = frozenset(("dealer", "trump", "declarations", "exchanges", "pam_holder",
                       "tricks", "deltas", "table_ruling", "note"))
_MAPS = ("declarations", "exchanges", "tricks", "deltas")


def record_from_dict(d: Mapping[str, Any], *, shared: bool = False) -> HandRecord:
    """The HandRecord of a hand object that is already valid (checked by the schema when it
    came in). Its maps (words, tricks...) are copied; with ``shared``, for a caller that
    changes none of them afterwards (``loo check``), an object with only
    :data:`_AS_GIVEN` keys and plain dicts for maps gives them to the HandRecord as they
    are."""
    if shared and _AS_GIVEN.issuperset(d):
        for key in _MAPS:
            value = d.get(key)
            if value is not None and type(value) is not dict:
                break
        else:
            return HandRecord(**d)

    def opt(key: str) -> dict[str, Any] | None:
        return dict(d[key]) if key in d and d[key] is not None else None

    return HandRecord(
        dealer=d.get("dealer"),
        sitting_out=tuple(d.get("sitting_out", ())),
        trump=d.get("trump"),
        declarations=opt("declarations"),
        exchanges=dict(d.get("exchanges", {})),
        flushes=tuple(Flush(player=f["player"], kind=f["kind"], suit=f.get("suit"),
                            cards=tuple(f.get("cards", ()))) for f in d.get("flushes", ())),
        pam_holder=d.get("pam_holder"),
        tricks=opt("tricks"),
        penalties=tuple(Penalty(player=p["player"], kind=p["kind"])
                        for p in d.get("penalties", ())),
        deltas=opt("deltas"),
        table_ruling=d.get("table_ruling"),
        note=d.get("note"),
        cards=cards_from_dict(d["cards"]) if d.get("cards") is not None else None,
    )


def _text(value: Any) -> Any:
    """Text as plain ``str`` (a word given as a StrEnum member: its value); anything else
    as it is."""
    return value if type(value) is str or not isinstance(value, str) else str(value)


def record_to_dict(h: HandRecord) -> dict[str, Any]:
    """The hand object of a record, leaving out what is absent or empty: ``declarations``,
    ``tricks`` and ``deltas`` are written whenever they are not None (an empty ``tricks``
    says cards were played, which is not the same as no ``tricks``). Keys in the format's
    order (that of formats/types.py ``Hand``), each written by its own line: every hand
    of an export passes here."""
    out: dict[str, Any] = {}
    value: Any = h.dealer
    if value is not None:
        out["dealer"] = value if type(value) is str else _text(value)
    if h.sitting_out:
        out["sitting_out"] = list(h.sitting_out)
    value = h.trump
    if value is not None:
        out["trump"] = value if type(value) is str else _text(value)
    value = h.declarations
    if value is not None:
        out["declarations"] = (dict(value) if _TEXTS.issuperset(map(type, value.values()))
                               else {p: _text(w) for p, w in value.items()})
    value = h.exchanges
    if value:
        out["exchanges"] = _mapping(value)
    if h.flushes:
        out["flushes"] = [{"player": f.player, "kind": str(f.kind),
                           **({"suit": str(f.suit)} if f.suit is not None else {}),
                           **({"cards": list(f.cards)} if f.cards else {})} for f in h.flushes]
    if h.pam_holder is not None:
        out["pam_holder"] = _text(h.pam_holder)
    value = h.tricks
    if value is not None:  # counts (the usual) copied here, anything else by _mapping
        out["tricks"] = (dict(value) if _COUNTS.issuperset(map(type, value.values()))
                         else _mapping(value))
    if h.penalties:
        out["penalties"] = [{"player": p.player, "kind": str(p.kind)} for p in h.penalties]
    value = h.deltas
    if value is not None:
        out["deltas"] = (dict(value) if _COUNTS.issuperset(map(type, value.values()))
                         else _mapping(value))
    if h.table_ruling is not None:
        out["table_ruling"] = _text(h.table_ruling)
    if h.note is not None:
        out["note"] = _text(h.note)
    if h.cards is not None:
        out["cards"] = cards_to_dict(h.cards)
    return out


def _mapping(value: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of a record's counts by player (text among them as plain ``str``)."""
    out = dict(value)
    if _COUNTS.issuperset(map(type, out.values())):
        return out
    return {k: _text(x) for k, x in out.items()}
