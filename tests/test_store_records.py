"""One codec for a hand object (formats/handcodec.py), used by the session-file reader and
by the store: every hand of the sample sessions and of the shared conformance cases reads
into a HandRecord and writes back as the same object (empty lists left out)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from loo_ledger.domain import HandRecord
from loo_ledger.domain.rules.model import Flush, Penalty
from loo_ledger.formats.handcodec import record_from_dict, record_to_dict
from loo_ledger.formats.sessionfile import hand_from_dict, hand_to_dict
from loo_ledger.store.codec import stored_record

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted((ROOT / "sample_sessions").glob("*.json")) + sorted(
    (ROOT / "tests" / "data" / "conformance" / "cases").glob("*.json"))


def _hands(path: Path) -> list[dict]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return data.get("session", data).get("hands", [])


def test_there_are_hands_to_compare():
    assert sum(len(_hands(p)) for p in FILES) > 100


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_hand_object_reads_and_writes_back_unchanged(path):
    for raw in _hands(path):
        try:
            record = hand_from_dict(raw)
        except Exception:   # a case that is not a valid hand object: not stored
            continue
        written = {k: v for k, v in raw.items()
                   if not k.startswith("x-") and v != [] and v != {} or k in ("tricks",)}
        assert record_to_dict(record) == written
        assert hand_to_dict(record, raw) == raw or any(v == [] for v in raw.values())
        assert record_from_dict(record_to_dict(record)) == record
        assert record_from_dict(record_to_dict(record), shared=True) == record


def test_a_shared_record_takes_the_objects_maps_and_only_plain_ones():
    """``shared`` (loo check, which changes no record): words, tricks, deltas and exchanges
    given as dicts are the HandRecord's own; a map given another way (pairs, as a record
    edited by hand might hold them) is read as the copying way reads it; a key with no
    such field (sitting_out, flushes, an extension) goes the copying way too."""
    obj = {"dealer": "A", "trump": "hearts", "declarations": {"B": "stand", "A": "pass"},
           "exchanges": {"B": 2}, "tricks": {"B": 3}, "deltas": {"A": -9, "B": 9},
           "note": "n"}
    shared = record_from_dict(obj, shared=True)
    assert shared == record_from_dict(obj)
    for key in ("declarations", "exchanges", "tricks", "deltas"):
        assert getattr(shared, key) is obj[key]
        assert getattr(record_from_dict(obj), key) is not obj[key]
    pairs = {"tricks": [["B", 3]], "deltas": {"B": 0}}
    assert record_from_dict(pairs, shared=True) == record_from_dict(pairs) == HandRecord(
        tricks={"B": 3}, deltas={"B": 0})
    sitting = {"sitting_out": ["C"], "deltas": {"B": 0}, "x-mine": 1}
    assert record_from_dict(sitting, shared=True).sitting_out == ("C",)


def test_a_record_with_every_field():
    record = HandRecord(dealer="A", sitting_out=("E",), trump="hearts",
                        declarations={"B": "stand", "A": "defend"}, exchanges={"B": 2},
                        flushes=(Flush(player="B", kind="pam", suit="hearts",
                                       cards=("JC", "2H")),),
                        pam_holder="B", tricks={}, penalties=(Penalty(player="A", kind="revoke"),),
                        deltas={"A": -9, "B": 9}, table_ruling="agreed", note="ü")
    assert record_to_dict(record) == {
        "dealer": "A", "sitting_out": ["E"], "trump": "hearts",
        "declarations": {"B": "stand", "A": "defend"}, "exchanges": {"B": 2},
        "flushes": [{"player": "B", "kind": "pam", "suit": "hearts", "cards": ["JC", "2H"]}],
        "pam_holder": "B", "tricks": {}, "penalties": [{"player": "A", "kind": "revoke"}],
        "deltas": {"A": -9, "B": 9}, "table_ruling": "agreed", "note": "ü"}
    assert record_from_dict(record_to_dict(record)) == record
    # An entered hand keeps the dealer the rules named, first; a record's own dealer wins.
    assert list(stored_record(HandRecord(tricks={"A": 3}), "D")) == ["dealer", "tricks"]
    assert stored_record(record, "D")["dealer"] == "A"
