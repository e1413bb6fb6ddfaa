"""Streamed outputs (issue 10, item 4): `loo hands --json`, `loo export` (json, csv) write
the hands one at a time. What they write must be byte for byte what the whole-list
versions gave before (json.dumps of the list; dumps_session of the stored session; the
Evening's hands CSV), for every sample evening: seat changes, rule changes, cards, x-
fields, Lou, rulings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from loo_ledger.formats.sessionfile import dumps_session, session_from_dict
from loo_ledger.services.reports import csvout
from loo_ledger.services.reports.evening import Evening
from loo_ledger.services.reports.stream import hand_rows, hands_csv, json_array, session_file
from loo_ledger.store.ledger import Ledger

SAMPLES = sorted((Path(__file__).resolve().parent.parent / "sample_sessions").glob("*.json"))


@pytest.fixture(scope="module")
def ledger(tmp_path_factory) -> Ledger:
    from typer.testing import CliRunner

    from loo_ledger.cli import app
    db = tmp_path_factory.mktemp("stream") / "l.db"
    result = CliRunner().invoke(app, ["--db", str(db), "import", *map(str, SAMPLES)])
    assert result.exit_code == 0, result.output
    return Ledger.open(db)


def _ids(ledger: Ledger) -> list[int]:
    return [s["id"] for s in ledger.sessions()]


def test_every_sample_is_imported(ledger):
    assert len(_ids(ledger)) == len(SAMPLES) >= 10


def test_json_array_is_json_dumps():
    awkward = "é\u2028\x7f\x00\x1f\"\\/𝄞 <&>"
    for value in ([], [1], [{"a": [1, {"b": "é"}], "c": {}}, [], "x"], [{"n": None}] * 3,
                  [{awkward: [awkward, -2**70, 2**63, True, False, {}]}]):
        assert "".join(json_array(value)) == json.dumps(value, indent=2, ensure_ascii=False)


def test_hands_json_is_the_list_dumped(ledger):
    for sid in _ids(ledger):
        whole = [{k: r[k] for k in ("number", "dealer", "double", "pool_in", "pot", "deltas",
                                    "pool_after", "looed", "outcome", "table_ruling", "record")}
                 for r in ledger.hands(sid)]
        assert "".join(json_array(hand_rows(ledger, sid))) == json.dumps(
            whole, indent=2, ensure_ascii=False)


def test_session_file_is_dumps_session(ledger):
    for sid in _ids(ledger):
        stored = ledger.session_dict(sid)
        want = dumps_session(session_from_dict(stored, source=f"session {sid}"), stored)
        assert "".join(session_file(ledger, sid)) == want, sid


def test_hands_csv_is_the_evenings(ledger):
    for sid in _ids(ledger):
        assert "".join(hands_csv(ledger, sid)) == csvout.hands_csv(Evening.load(ledger, sid))


def test_progress_counts_every_hand(ledger):
    sid = max(_ids(ledger), key=lambda s: len(ledger.hands(s)))
    told: list[int] = []
    "".join(session_file(ledger, sid, told.append))
    assert sum(told) == len(ledger.hands(sid)) > 0


def test_export_to_a_file_that_fails_leaves_the_old_file(ledger, tmp_path, monkeypatch):
    from loo_ledger.cli.streaming import write_file
    from loo_ledger.errors import LooError
    out = tmp_path / "s.json"
    out.write_text("old")

    def broken():
        yield "new half"
        raise LooError("a record the format refuses")
    with pytest.raises(LooError):
        write_file(out, broken())
    assert out.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["s.json"]
    assert write_file(out, iter(["é", "x"])) == 3 and out.read_text() == "éx"


def test_export_shows_a_bar_onlyon_a_terminal(tmp_path, loo, good_file):
    from terminals import on_a_terminal
    db = tmp_path / "t.db"
    assert loo(db, "import", good_file).exit_code == 0
    captured = loo(db, "export", "-f", "csv")
    assert captured.exit_code == 0 and captured.stderr == ""
    out, seen, code = on_a_terminal("--db", str(db), "export", "-f", "csv")
    assert code == 0 and out.replace("\r\n", "\n") == captured.stdout.replace("\r\n", "\n")
    assert "exporting session 1" in seen and "3/3" in seen


def test_a_stored_hand_the_format_refuses_stops_the_export(loo, good_db, tmp_path):
    """Hand 2 of GOOD_SESSION changed outside the ledger to a note that is a number: the
    session format wants a note as text, so the export stops at that hand, naming the
    session, the hand and the rule, and writes no file."""
    import sqlite3
    with sqlite3.connect(good_db) as c:
        c.execute("""UPDATE hands SET record = '{"dealer":"A","note":5}' WHERE number = 2""")
    c.close()
    out = tmp_path / "s.json"
    result = loo(good_db, "export", "-o", out)
    assert result.exit_code == 1
    assert ("session 1, hand 2: not a valid hand: at $.note: 5 is not of type 'string'"
            in result.stderr)
    assert not out.exists()
