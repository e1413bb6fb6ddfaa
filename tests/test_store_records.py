"""The store reads and writes a hand's record itself (it may not import formats/), so it
must read and write exactly what formats/sessionfile.py does: checked on every hand of the
sample sessions and of the shared conformance cases."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from loo_ledger.domain import HandRecord
from loo_ledger.domain.model import Flush, Penalty
from loo_ledger.formats.sessionfile import hand_from_dict, hand_to_dict
from loo_ledger.store.records import record_from_dict, record_to_dict, stored_record

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted((ROOT / "sample_sessions").glob("*.json")) + sorted(
    (ROOT.parent / "shared" / "conformance" / "cases").glob("*.json"))


def _hands(path: Path) -> list[dict]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return data.get("session", data).get("hands", [])


def test_there_are_hands_to_compare():
    assert sum(len(_hands(p)) for p in FILES) > 100


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_the_store_reads_and_writes_hands_as_the_session_format_does(path):
    for raw in _hands(path):
        try:
            want = hand_from_dict(raw)
        except Exception:   # a case that is not a valid hand object: not stored
            continue
        assert record_from_dict(raw) == want
        assert record_to_dict(want) == hand_to_dict(want)
        assert record_from_dict(record_to_dict(want)) == want


def test_a_record_with_every_field():
    record = HandRecord(dealer="A", sitting_out=("E",), trump="hearts",
                        declarations={"B": "stand", "A": "defend"}, exchanges={"B": 2},
                        flushes=(Flush(player="B", kind="pam", suit="hearts",
                                       cards=("JC", "2H")),),
                        pam_holder="B", tricks={}, penalties=(Penalty(player="A", kind="revoke"),),
                        deltas={"A": -9, "B": 9}, table_ruling="agreed", note="ü")
    assert record_to_dict(record) == hand_to_dict(record)
    assert record_from_dict(record_to_dict(record)) == record
    # An entered hand keeps the dealer the rules named, first; a record's own dealer wins.
    assert list(stored_record(HandRecord(tricks={"A": 3}), "D")) == ["dealer", "tricks"]
    assert stored_record(record, "D")["dealer"] == "A"
