"""Random sequences of what a table does (issue 7, item 4): import, hand, amend, undo, seat
leave, seat add, through the services, on a temporary database. After every step the
database's derived rows (hands, postings with kind, seats' nets, the cached table state,
plays and the three totals tables) equal those of a copy rebuilt from the raw records, and
``loo check`` finds nothing. A step the rules refuse leaves the database as it was.
"""

from __future__ import annotations

import copy
import json
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from store_helpers import candidates, derived, dump, rebuilt

from loo_ledger.errors import HandRejected, LooError
from loo_ledger.services import table
from loo_ledger.services.checking import check
from loo_ledger.services.importing import import_files
from loo_ledger.store.ledger import Ledger

GOOD = {"format": "loo-session/1", "variant": "three-card", "players": ["A", "B", "C", "D"],
        "first_dealer": "D", "opening_pool": 0,
        "hands": [{"tricks": {"A": 1, "B": 0, "C": 1, "D": 1}},
                  {"trump": "hearts",
                   "declarations": {"B": "stand", "C": "pass", "D": "miss", "A": "stand"},
                   "tricks": {"B": 2, "D": 0, "A": 1}}]}
OPS = ("hand", "hand", "hand", "amend", "undo", "leave", "add", "import")


def _record(ledger: Ledger, sid: int, seed: int, path: Path) -> None:
    view = table.table_view(ledger, sid)
    for rec in candidates(view, seed):
        before = dump(path)
        try:
            table.record(ledger, sid, rec, expect_hand=view.hand_no)
            return
        except HandRejected:
            assert dump(path) == before


def _amend(ledger: Ledger, sid: int, seed: int, path: Path) -> None:
    count = len(ledger.hands(sid))
    if not count:
        return
    n = seed % count + 1
    for rec in candidates(table.view_before(ledger, sid, n), seed):
        before = dump(path)
        try:
            table.amend_record(ledger, sid, n, rec)
            return
        except HandRejected as exc:
            assert f"hand {n}" in str(exc) or "because then hand" in str(exc)
            assert dump(path) == before


def _step(ledger: Ledger, sid: int, op: str, seed: int, path: Path, folder: Path) -> None:
    if op == "hand":
        _record(ledger, sid, seed, path)
    elif op == "amend":
        _amend(ledger, sid, seed, path)
    elif op == "undo":
        if ledger.hands(sid):
            table.undo(ledger, sid)
    elif op == "leave":
        present = ledger.present_players(sid)
        if len(present) > 2:
            table.seat_leave(ledger, sid, present[seed % len(present)])
    elif op == "add":
        row = ledger.session(sid)
        away = [p for p in row["players"] if p not in ledger.present_players(sid)]
        name = away[0] if away and seed % 2 else f"N{len(row['players'])}"
        if len(row["players"]) < 6 or name in row["players"]:
            before = dump(path)
            try:
                table.seat_add(ledger, sid, name, row["players"][seed % len(row["players"])])
            except LooError:
                assert dump(path) == before
    elif op == "import":
        data = copy.deepcopy(GOOD)
        data["hands"] = data["hands"][:seed % 3]
        source = folder / "in.json"
        source.write_text(json.dumps(data))
        import_files(ledger, [source], again=True)


@settings(max_examples=30, deadline=None)
@given(steps=st.lists(st.tuples(st.sampled_from(OPS), st.integers(0, 10_000)), max_size=8))
def test_every_step_leaves_what_a_rebuild_from_the_records_gives(fresh_db, steps):
    # In memory where there is a RAM disk: every write of the writer is a synced commit.
    ram = Path("/dev/shm")
    with tempfile.TemporaryDirectory(dir=ram if ram.is_dir() else None) as tmp:
        folder = Path(tmp)
        path = fresh_db(folder)
        ledger = Ledger.open(path)
        try:
            sid = table.new_session(ledger, name="t", variant_name="three-card", rule_args=[],
                                    players=["A", "B", "C", "D"], dealer="D", buy_in=None,
                                    unit_value=None, currency=None, when=None, carry_from=None)
            for op, seed in steps:
                _step(ledger, sid, op, seed, path, folder)
                assert derived(path) == rebuilt(path), (op, seed)
                assert check(ledger) == [], (op, seed)
        finally:
            ledger.close()


def test_a_sequence_worked_by_hand_keeps_every_table_in_step(tmp_path, fresh_db):
    """One fixed sequence, so that a failure here names the step: three hands, a player
    leaves and one is seated, hand 2 amended, the last hand undone."""
    path = fresh_db(tmp_path)
    ledger = Ledger.open(path)
    try:
        sid = table.new_session(ledger, name="t", variant_name="three-card", rule_args=[],
                                players=["A", "B", "C", "D"], dealer="D", buy_in=None,
                                unit_value=None, currency=None, when=None, carry_from=None)
        for op, seed in [("hand", 0), ("hand", 1), ("hand", 2), ("leave", 1), ("add", 2),
                         ("hand", 4), ("amend", 1), ("add", 1), ("undo", 0), ("import", 2),
                         ("hand", 7)]:
            _step(ledger, sid, op, seed, path, tmp_path)
            assert derived(path) == rebuilt(path), (op, seed)
            assert check(ledger) == [], (op, seed)
        assert len(ledger.hands(sid)) == 4      # 3 + 1 - 1 (undo) + 1
        assert ledger.session(sid)["players"] == ["A", "B", "C", "N4", "D"]
        assert ledger.present_players(sid) == ["A", "B", "C", "N4", "D"]
        assert [a["action"] for a in ledger.audit(sid)] == [
            "add", "add", "add", "left", "seated", "add", "amend", "joined", "undo", "add"]
    finally:
        ledger.close()
