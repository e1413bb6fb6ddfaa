"""A hand's record as the store keeps it: the session format's JSON object of one hand,
read and written by formats/handcodec.py (the one codec of a hand; the store does not
import the session-file reader, only this leaf module)."""

from __future__ import annotations

from typing import Any

from loo_ledger.domain.model import HandRecord
from loo_ledger.formats.handcodec import record_from_dict, record_to_dict

__all__ = ["record_from_dict", "record_to_dict", "stored_record"]


def stored_record(h: HandRecord, dealer: str) -> dict[str, Any]:
    """What the store keeps for a hand entered or changed at the table: its object, with
    the dealer the rules named (the record's own ``dealer`` if it gave one)."""
    return {"dealer": dealer, **record_to_dict(h)}
