"""Extension fields (``x-...``) and ``$schema``: kept, never read.

A session file may carry ``x-`` fields in the session, its ``unit``, each hand, and each
flush and penalty object (schemas/session.schema.json), and a top-level ``$schema``.
loo_ledger ignores them: they never reach the domain's HandRecord or Session. A hand's
stay in the raw JSON that the store keeps as its record; the session's and its unit's in
:func:`session_extras`, which the store keeps beside the session (``sessions.extras``).
Writing a session back (``session_to_dict(session, raw)``) puts them where they were.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

PREFIX = "x-"
_KEPT = ("$schema",)


def is_extension(key: str) -> bool:
    """Whether a key is an extension field.

    >>> is_extension("x-app"), is_extension("tricks"), is_extension("X-app")
    (True, False, False)
    """
    return key.startswith(PREFIX)


def own(raw: Mapping[str, Any] | None, *, top: bool = False) -> dict[str, Any]:
    """The extension fields of one object (and ``$schema`` at the top), in file order."""
    if type(raw) is not dict and not isinstance(raw, Mapping):  # a dict: asked no ABC
        return {}
    if top:
        return {k: v for k, v in raw.items() if k.startswith(PREFIX) or k in _KEPT}
    return {k: v for k, v in raw.items() if k.startswith(PREFIX)}


def _items(raw: Mapping[str, Any] | None, key: str) -> list[Any]:
    value = raw.get(key) if isinstance(raw, Mapping) else None
    return value if isinstance(value, list) else []


def merge_hand(out: dict[str, Any], raw: Mapping[str, Any] | None) -> dict[str, Any]:
    """``out`` (a hand object as written) with the extension fields of ``raw`` (the hand
    object as read) put back: the hand's own, and each flush's and penalty's by position.

    >>> merge_hand({"tricks": {}, "flushes": [{"player": "A", "kind": "flush"}]},
    ...            {"x-seen": 1, "flushes": [{"player": "A", "kind": "flush", "x-at": 2}]})
    {'tricks': {}, 'flushes': [{'player': 'A', 'kind': 'flush', 'x-at': 2}], 'x-seen': 1}
    """
    for key in ("flushes", "penalties"):
        if key in out:
            for item, raw_item in zip(out[key], _items(raw, key), strict=False):
                item.update(own(raw_item))
    extra = own(raw)
    if extra:
        out.update(extra)
    return out


def session_extras(raw: Mapping[str, Any] | None) -> dict[str, Any]:
    """What a session object carries beside its own fields: ``$schema`` and its ``x-``
    fields, in file order, and its unit's ``x-`` fields under ``unit`` (none: no key). The
    store keeps this object (``sessions.extras``); :func:`merge_session` puts it back.

    >>> session_extras({"$schema": "s", "variant": "v", "unit": {"x-rate": 1}, "x-app": 2})
    {'$schema': 's', 'x-app': 2, 'unit': {'x-rate': 1}}
    >>> session_extras({"variant": "v", "unit": {"name": "chip"}})
    {}
    """
    out = own(raw, top=True)
    unit = own(raw.get("unit")) if isinstance(raw, Mapping) else {}
    return {**out, "unit": unit} if unit else out


def merge_session(out: dict[str, Any], raw: Mapping[str, Any] | None) -> dict[str, Any]:
    """``out`` (a session object as written) with the extension fields of ``raw`` put
    back: ``$schema`` first, the session's ``x-`` fields last, the unit's and every
    hand's (by position) in their objects."""
    if not isinstance(raw, Mapping):
        return out
    if isinstance(out.get("unit"), dict):
        out["unit"].update(own(raw.get("unit")))
    for hand, raw_hand in zip(out.get("hands", ()), _items(raw, "hands"), strict=False):
        merge_hand(hand, raw_hand)
    head = {k: raw[k] for k in _KEPT if k in raw}
    tail = {k: v for k, v in raw.items() if is_extension(k)}
    return {**head, **out, **tail}
