"""One hand of the loo-session/1 format as plain data: the only code that turns a hand
object into a HandRecord and back. The session-file reader and writer
(formats/sessionfile.py) add the schema check and extension fields around it; the store
(store/codec.py) keeps and replays exactly these objects.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from loo_ledger.domain.rules.model import CardRecord, Flush, HandRecord, Penalty

_LISTS = ("sitting_out", "exchanges", "flushes", "penalties")
_KEYS = ("dealer", "sitting_out", "trump", "declarations", "exchanges", "flushes",
         "pam_holder", "tricks", "penalties", "deltas", "table_ruling", "note", "cards")


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


def record_from_dict(d: Mapping[str, Any]) -> HandRecord:
    """The HandRecord of a hand object that is already valid (checked by the schema when it
    came in)."""
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


def record_to_dict(h: HandRecord) -> dict[str, Any]:
    """The hand object of a record, leaving out what is absent or empty: ``declarations``,
    ``tricks`` and ``deltas`` are written whenever they are not None (an empty ``tricks``
    says cards were played, which is not the same as no ``tricks``)."""
    out: dict[str, Any] = {}
    for key in _KEYS:
        value = getattr(h, key)
        if value is None or (key in _LISTS and not value):
            continue
        if key == "cards":
            value = cards_to_dict(value)
        elif key == "flushes":
            value = [{"player": f.player, "kind": str(f.kind),
                      **({"suit": str(f.suit)} if f.suit is not None else {}),
                      **({"cards": list(f.cards)} if f.cards else {})} for f in value]
        elif key == "penalties":
            value = [{"player": p.player, "kind": str(p.kind)} for p in value]
        elif key == "sitting_out":
            value = list(value)
        elif hasattr(value, "items"):
            value = {k: (str(v) if isinstance(v, str) else v) for k, v in value.items()}
        elif isinstance(value, str):
            value = str(value)
        out[key] = value
    return out
