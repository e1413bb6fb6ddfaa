"""Issue 8, item 4: the session file records seat changes, so export then import keeps who is
at the table; a hand that seats out the scheduled dealer says who deals instead.

The evening (three-card, default rules): Ann, Ben, Cat, Dov; Dov deals hand 1, Ann hand 2,
so Ben is to deal hand 3 (the deal passes to the left). Ben goes home after hand 2: the
deal passes over him to Cat. Before this was recorded in the file, the re-imported session
dealt hand 3 to Ben, who had gone home.
"""

from __future__ import annotations

import copy
import json

import pytest

from loo_ledger.errors import SessionFileError
from loo_ledger.formats.sessionfile import seat_change_problems, session_from_dict


def _evening(loo, db) -> None:
    new = loo(db, "new", "Friday", "--players", "Ann,Ben,Cat,Dov", "--dealer", "Dov")
    assert new.exit_code == 0
    assert loo(db, "hand", "a=1", "b=1", "c=1", "d=0").exit_code == 0
    assert loo(db, "hand", "a=p", "b=2", "c=m:1", "d=p").exit_code == 0


def _pool(loo, db) -> dict:
    return json.loads(loo(db, "pool", "--json").stdout)


def test_export_import_keeps_who_has_left_the_table(loo, tmp_path):
    db, again = tmp_path / "l.db", tmp_path / "again.db"
    _evening(loo, db)
    assert loo(db, "seat", "leave", "ben").exit_code == 0
    assert _pool(loo, db)["next_dealer"] == "Cat"
    out = loo(db, "export", "-o", tmp_path / "friday.json")
    assert out.exit_code == 0, out.output
    data = json.loads((tmp_path / "friday.json").read_text())
    assert data["seat_changes"] == [{"before_hand": 3, "player": "Ben", "change": "leave"}]
    assert loo(again, "import", tmp_path / "friday.json").exit_code == 0
    assert _pool(loo, again)["next_dealer"] == "Cat"  # not Ben, who went home
    assert json.loads(loo(again, "export").stdout) == data
    back = loo(again, "seat", "add", "be")
    assert back.stdout.strip() == "Ben is back at the table"
    assert _pool(loo, again)["next_dealer"] == "Ben"


def test_a_player_seated_late_and_gone_again_round_trips(loo, tmp_path):
    db, again = tmp_path / "l.db", tmp_path / "again.db"
    _evening(loo, db)
    assert loo(db, "seat", "add", "Eve", "--after", "cat").exit_code == 0
    assert loo(db, "hand", "a=1", "b=1", "c=1", "d=0", "e=0").exit_code == 0  # hand 3: five
    assert loo(db, "seat", "leave", "eve").exit_code == 0
    exported = loo(db, "export").stdout
    data = json.loads(exported)
    assert data["players"] == ["Ann", "Ben", "Cat", "Eve", "Dov"]
    assert data["seat_changes"] == [{"before_hand": 3, "player": "Eve", "change": "join"},
                                    {"before_hand": 4, "player": "Eve", "change": "leave"}]
    assert [h.get("sitting_out", []) for h in data["hands"]] == [["Eve"], ["Eve"], []]
    (tmp_path / "f.json").write_text(exported)
    assert loo(again, "import", tmp_path / "f.json").exit_code == 0
    assert _pool(loo, again)["next_dealer"] == "Cat"
    hand = loo(again, "hand", "a=1", "b=1", "c=1", "d=0")  # Eve is away: four are dealt
    assert hand.exit_code == 0, hand.output


def test_undo_keeps_the_seat_changes_within_the_hands(loo, tmp_path):
    db = tmp_path / "l.db"
    _evening(loo, db)
    assert loo(db, "seat", "leave", "dov").exit_code == 0
    assert loo(db, "undo", "--yes").exit_code == 0
    data = json.loads(loo(db, "export").stdout)
    assert data["seat_changes"] == [{"before_hand": 2, "player": "Dov", "change": "leave"}]
    session_from_dict(data)  # still a valid file: hand 2 is next


GOOD = {
    "format": "loo-session/1", "variant": "three-card", "players": ["Ann", "Ben", "Cat"],
    "first_dealer": "Cat",
    "hands": [{"tricks": {"Ann": 1, "Ben": 1, "Cat": 1}},
              {"sitting_out": ["Ben"], "tricks": {"Ann": 2, "Cat": 1}}],
    "seat_changes": [{"before_hand": 2, "player": "Ben", "change": "leave"}],
}


def test_a_file_without_seat_changes_still_loads():
    data = copy.deepcopy(GOOD)
    del data["seat_changes"]
    assert session_from_dict(data).players == ("Ann", "Ben", "Cat")


@pytest.mark.parametrize(("change", "where", "says"), [
    ({"before_hand": 2, "player": "Zed", "change": "leave"}, "$.seat_changes[0].player",
     "Zed is not one of the players"),
    ({"before_hand": 4, "player": "Ben", "change": "leave"}, "$.seat_changes[0].before_hand",
     "hand 4 is beyond the next hand (3)"),
    ({"before_hand": 1, "player": "Ben", "change": "leave"}, "$.hands[0].sitting_out",
     "Ben is away from the table (seat_changes[0]) but is dealt this hand"),
])
def test_seat_changes_that_contradict_the_hands_are_refused(change, where, says):
    data = copy.deepcopy(GOOD)
    data["seat_changes"] = [change]
    with pytest.raises(SessionFileError) as caught:
        session_from_dict(data, source="f.json")
    assert where in str(caught.value) and says in str(caught.value)


def test_seat_changes_out_of_order_or_twice_the_same_are_refused():
    data = copy.deepcopy(GOOD)
    data["seat_changes"] = [{"before_hand": 3, "player": "Ben", "change": "join"},
                            {"before_hand": 2, "player": "Ben", "change": "join"}]
    found = dict((tuple(map(str, p)), m) for p, m in seat_change_problems(data))
    assert "list the changes in order" in found[("seat_changes", "1", "before_hand")]
    assert "already joined" in found[("seat_changes", "1", "change")]


def test_schema_refuses_a_change_that_is_no_change():
    data = copy.deepcopy(GOOD)
    data["seat_changes"][0]["change"] = "went home"
    with pytest.raises(SessionFileError, match=r"seat_changes\[0\]\.change"):
        session_from_dict(data)


def test_sitting_out_the_scheduled_dealer_says_who_deals_instead(loo, tmp_path):
    db = tmp_path / "l.db"
    _evening(loo, db)  # Ben is to deal hand 3
    out = loo(db, "hand", "a=1", "c=1", "d=1", "--sitting-out", "ben")
    assert out.exit_code == 0, out.output
    assert "Ben sat this hand out, so the deal passed to the left: Cat dealt instead" in out.stdout
    normal = loo(db, "hand", "a=1", "b=1", "c=1", "d=0")
    assert "dealt instead" not in normal.stdout
