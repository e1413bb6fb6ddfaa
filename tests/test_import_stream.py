"""Issue 10: a plain session file is imported a hand at a time (services/importing.py).

Streamed, it must store exactly what reading the whole file and settling it stores; the
settlements must be pulled a batch at a time (so memory does not grow with the file); and
what only the end of a file shows must still roll the file back and be worded with its
path, with nothing written.
"""

from __future__ import annotations

import json
import sqlite3
import sys
from pathlib import Path

import pytest

from loo_ledger.domain import replay
from loo_ledger.errors import LooError
from loo_ledger.formats.sessionfile import read_session, seat_changes
from loo_ledger.services import importing
from loo_ledger.store import derive
from loo_ledger.store.ledger import Ledger

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import generate  # noqa: E402

SAMPLES = sorted((Path(__file__).resolve().parent.parent / "sample_sessions").glob("*.json"))
TABLES = ("sessions", "seats", "hands", "player_totals", "seat_totals", "session_totals")


def _rows(db: Path) -> dict[str, list[tuple]]:
    conn = sqlite3.connect(db)
    try:
        out = {}
        for table in TABLES:
            rows = conn.execute(f"SELECT * FROM {table} ORDER BY 1, 2, 3").fetchall()
            names = [d[0] for d in conn.execute(f"SELECT * FROM {table}").description]
            # when the row was made is not what was stored
            out[table] = [tuple(v for n, v in zip(names, r, strict=True) if n != "created_at")
                          for r in rows]
        return out
    finally:
        conn.close()


def _the_whole_way(path: Path, db: Path) -> None:
    """Read the whole file, settle it all, then store it in one go."""
    session, raw, _ = read_session(path.read_bytes(), source=str(path))
    result = replay(session)
    ledger = Ledger.open(db)
    ledger.add_sessions([(session, raw["hands"], result.settlements, result.final, str(path),
                          seat_changes(raw))])
    ledger.close()


#: Generated evenings with every kind of hand (flushes, penalties, rulings, sit-outs).
BUSY = generate.Habits(flush=0.3, revoke=0.05, forfeit=0.1, ruling=0.03, seat_change=0.05)


def _busy(variant: str, folder: Path) -> Path:
    data = generate.generate_session(variant, 5, 200, seed=7, habits=BUSY)
    return generate.write_session(data, folder / f"{variant}.json")


@pytest.mark.parametrize("variant", ["three-card", "irish", "five-card", "lou", "bicycle"])
def test_busy_generated_evenings_stream_to_what_the_whole_way_stores(variant, tmp_path, fresh_db):
    path = _busy(variant, tmp_path)
    streamed, whole = fresh_db(tmp_path, "streamed.db"), fresh_db(tmp_path, "whole.db")
    ledger = Ledger.open(streamed)
    importing.load([path], ledger=ledger)
    ledger.close()
    _the_whole_way(path, whole)
    assert _rows(streamed) == _rows(whole)


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_a_streamed_import_stores_what_the_whole_file_settled_stores(path, tmp_path, fresh_db):
    streamed, whole = fresh_db(tmp_path, "streamed.db"), fresh_db(tmp_path, "whole.db")
    ledger = Ledger.open(streamed)
    [done] = importing.load([path], ledger=ledger)
    ledger.close()
    _the_whole_way(path, whole)
    assert _rows(streamed) == _rows(whole)
    data = json.loads(path.read_text())
    assert done.hands == len(data["hands"]) and done.session_id == 1
    conn = sqlite3.connect(whole)
    assert done.nets == dict(conn.execute("SELECT name, net FROM seats ORDER BY position"))
    assert done.final.pool == conn.execute("SELECT pool FROM sessions").fetchone()[0]
    conn.close()


def test_settlements_are_pulled_a_hand_at_a_time(tmp_path, monkeypatch):
    """Each hand is settled, derived and handed to the insert before the next is settled:
    when the writer is given hand k's row, k hands have been settled (never more)."""
    data = generate.generate_session("three-card", 5, 1000, seed=4)
    path = generate.write_session(data, tmp_path / "long.json")
    pulled, derived, ahead = [0], [0], []
    settle = importing.settle_each

    def counting(*args, **kwargs):
        for s in settle(*args, **kwargs):
            pulled[0] += 1
            yield s

    real = derive.Deriving.each

    def deriving(self, records, settlements, *args, **kwargs):
        for row in real(self, records, settlements, *args, **kwargs):
            derived[0] += 1
            ahead.append(pulled[0] - derived[0])
            yield row

    monkeypatch.setattr(importing, "settle_each", counting)
    monkeypatch.setattr(derive.Deriving, "each", deriving)
    ledger = Ledger.open(tmp_path / "loo.db")
    importing.load([path], ledger=ledger)
    ledger.close()
    assert derived[0] == pulled[0] == 1000
    assert len(ahead) == 1000 and max(ahead) == 0  # none settled and not yet derived


def _twice_in_the_last_hand(data: dict, path: Path) -> Path:
    """``data`` written with a key given twice in its last hand."""
    data = {**data, "hands": [*data["hands"][:-1], {"zz": 1, **data["hands"][-1]}]}
    path.write_text(json.dumps(data).replace('"zz": 1', '"note": "a", "note": "b"'))
    return path


def test_a_key_given_twice_in_the_last_hand_writes_nothing_and_says_where(tmp_path, loo,
                                                                          dump_db):
    db = tmp_path / "loo.db"
    assert loo(db, "new", "Before", "--players", "A,B,C").exit_code == 0
    before = dump_db(db)
    data = generate.generate_session("three-card", 4, 300, seed=2)
    result = loo(db, "import", _twice_in_the_last_hand(data, tmp_path / "doubt.json"))
    assert result.exit_code == 1
    assert "given more than once" in result.stderr and "hands[299]" in result.stderr
    assert dump_db(db) == before


def test_an_impossible_hand_before_a_doubt_at_the_end_is_the_doubt_that_is_told(tmp_path):
    data = generate.generate_session("three-card", 4, 300, seed=2)
    data["hands"][10]["deltas"] = {p: 0 for p in data["players"]}  # settles otherwise
    path = _twice_in_the_last_hand(data, tmp_path / "both.json")
    ledger = Ledger.open(tmp_path / "loo.db")
    with pytest.raises(LooError, match="given more than once"):
        importing.load([path], ledger=ledger)
    assert ledger.sessions() == []
    path.write_text(json.dumps(data))  # without the doubt, the hand is what is told
    with pytest.raises(LooError, match=r"both\.json: .*hand 11.*nothing was imported"):
        importing.load([path], ledger=ledger)
    assert ledger.sessions() == []
    ledger.close()


def test_unzip_gives_both_sides_whichever_is_read_first():
    firsts, seconds = importing._unzip(iter([(1, "a"), (2, "b"), (3, "c")]))
    assert next(seconds) == "a" and next(seconds) == "b"
    assert list(firsts) == [1, 2, 3] and list(seconds) == ["c"]


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_totals_tallied_over_pieces_are_the_sums_of_the_hands(path):
    """Deriving tallies each player's hands, given a few at a time, and sums the tallies
    once at the end:
    the totals are derive()'s of the whole session in one go, and each player's hands,
    net, best and worst hand, loos and tricks are the plain sums over the settlements."""
    session, raw, _ = read_session(path.read_bytes(), source=str(path))
    result = replay(session)
    players = session.players
    batched = derive.Deriving(players)
    hands = raw["hands"]
    for i in range(0, len(hands), 7):
        batched.rows(hands[i:i + 7], result.settlements[i:i + 7])
    last = batched.derived(result.final)
    whole = derive.derive(players, raw["hands"], result.settlements, result.final)
    assert last.player_totals == whole.player_totals
    assert last.seat_totals == whole.seat_totals
    assert last.session_totals == whole.session_totals and last.nets == whole.nets
    columns = derive.PLAYER_TOTAL_COLUMNS
    for p, t in last.player_totals.items():
        mine = [s for s in result.settlements if p in s.dealt]
        changes = [s.deltas.get(p, 0) for s in mine]
        got = dict(zip(columns, t, strict=True))
        assert got["hands"] == len(mine) and got["net"] == sum(changes)
        assert (got["best"], got["worst"]) == (max(changes), min(changes))
        assert got["looed"] == sum(p in s.looed for s in mine)
        assert got["loo_paid"] == sum(s.loos.get(p, 0) for s in mine)
    assert last.session_totals[0] == len(result.settlements)
    assert last.session_totals[5] == sum(sum(s.loos.values()) for s in result.settlements)
