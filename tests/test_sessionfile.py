"""Session files: the schema, the loader's messages, and export/import round trips."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from loo_ledger.domain.rules.model import Flush, HandRecord, Penalty, Session, Unit
from loo_ledger.errors import SessionFileError
from loo_ledger.formats.sessionfile import (
    dumps_session,
    hand_from_dict,
    hand_to_dict,
    load_session_file,
    schema_path,
    session_from_dict,
    session_to_dict,
    validator,
)

REPO = Path(__file__).resolve().parent.parent
CASES = sorted((REPO / "tests" / "data" / "conformance" / "cases").glob("*.json"))
SAMPLES = sorted((REPO / "sample_sessions").glob("*.json"))


def base() -> dict:
    """A small valid session: five players, four hands."""
    hand = {
        "declarations": {
            "Ann": "stand",
            "Ben": "pass",
            "Cat": "stand",
            "Dov": "pass",
            "Eve": "stand",
        },
        "tricks": {"Ann": 1, "Cat": 2},
    }
    return {
        "format": "loo-session/1",
        "name": "Friday at Ann's",
        "variant": "three-card",
        "players": ["Ann", "Ben", "Cat", "Dov", "Eve"],
        "first_dealer": "Ann",
        "hands": [copy.deepcopy(hand) for _ in range(4)],
    }


def reject(data: dict, source: str = "friday.json") -> SessionFileError:
    with pytest.raises(SessionFileError) as info:
        session_from_dict(data, source=source)
    assert all(p.code == "SCHEMA" for p in info.value.problems)
    return info.value


def where(err: SessionFileError) -> list[tuple[str | None, int | None]]:
    return [(p.path, p.hand) for p in err.problems]


def test_schema_is_a_valid_2020_12_schema():
    from jsonschema import Draft202012Validator

    schema = json.loads(schema_path().read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"]
    assert schema_path() == REPO / "schemas" / "session.schema.json"


def test_conformance_cases_are_present():
    assert len(CASES) >= 40


@pytest.mark.parametrize("case", CASES + SAMPLES, ids=lambda p: p.stem)
def test_every_case_passes_the_schema_and_round_trips(case: Path):
    doc = json.loads(case.read_text(encoding="utf-8"))
    data = doc.get("session", doc)
    assert list(validator().iter_errors(data)) == []
    session = session_from_dict(data, source=case.name)
    assert len(session.hands) == len(data["hands"])
    again = session_from_dict(session_to_dict(session))
    assert again == session
    assert [hand_to_dict(h) for h in session.hands] == data["hands"]
    assert session_from_dict(json.loads(dumps_session(session))) == session


def test_load_returns_session_and_raw_dict(tmp_path: Path):
    path = tmp_path / "friday.json"
    path.write_text(json.dumps(base()), encoding="utf-8")
    session, raw = load_session_file(path)
    assert raw == base()
    assert session.players == ("Ann", "Ben", "Cat", "Dov", "Eve")
    assert session.hands[0].tricks == {"Ann": 1, "Cat": 2}
    assert session.hands[0].deltas is None
    assert session.opening_pool == 0 and session.unit is None and session.rules == {}


def test_export_text_and_field_order():
    s = Session(
        variant="lou",
        players=("Zoë", "Ben"),
        first_dealer="Ben",
        name="n",
        started_at="2026-11-20T20:00:00+00:00",
        rules={"loo_limit": 90},
        unit=Unit(name="cent", value="0.01", currency="USD"),
        opening_pool=4,
        hands=(
            HandRecord(
                dealer="Ben", tricks={}, deltas={"Zoë": 3, "Ben": -3}, table_ruling="agreed"
            ),
        ),
    )
    text = dumps_session(s)
    assert text.endswith("}\n") and "Zoë" in text and '\n  "format"' in text
    assert list(json.loads(text)) == [
        "format",
        "name",
        "started_at",
        "variant",
        "rules",
        "unit",
        "players",
        "first_dealer",
        "opening_pool",
        "hands",
    ]
    assert json.loads(text)["hands"] == [
        {"dealer": "Ben", "tricks": {}, "deltas": {"Zoë": 3, "Ben": -3}, "table_ruling": "agreed"}
    ]
    assert session_from_dict(json.loads(text)) == s


def test_missing_file(tmp_path: Path):
    with pytest.raises(SessionFileError) as info:
        load_session_file(tmp_path / "nope.json")
    assert str(tmp_path / "nope.json") in info.value.message
    assert "no such file" in info.value.message


def test_a_folder_is_not_a_file(tmp_path: Path):
    with pytest.raises(SessionFileError, match="folder"):
        load_session_file(tmp_path)


def test_malformed_json_names_line_and_column(tmp_path: Path):
    path = tmp_path / "friday.json"
    path.write_text(
        '{\n  "format": "loo-session/1",\n  "variant": "three-card"\n  "players": []\n}\n'
    )
    with pytest.raises(SessionFileError) as info:
        load_session_file(path)
    message = info.value.message
    assert message.startswith(f"{path}: not a session file: ")
    assert "line 4, column 3" in message


def test_message_for_one_problem(tmp_path: Path):
    data = base()
    data["hands"][3]["tricks"]["Ann"] = -1
    path = tmp_path / "friday.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SessionFileError) as info:
        load_session_file(path)
    err = info.value
    assert (
        err.message
        == f"{path}: not a session file: hand 4 at $.hands[3].tricks.Ann: "
        "-1 is less than the minimum of 0"
    )
    [p] = err.problems
    assert (p.path, p.hand, p.player) == ("$.hands[3].tricks.Ann", 4, "Ann")


def test_wrong_format():
    data = base()
    data["format"] = "loo-session/2"
    err = reject(data)
    assert where(err) == [("$.format", None)]
    assert (
        "'loo-session/2'" in err.problems[0].message
        and "'loo-session/1'" in err.problems[0].message
    )


@pytest.mark.parametrize(
    "hand, field, value", [(1, "deltas", 9.0), (3, "tricks", 1.0), (2, "exchanges", 2.0)]
)
def test_float_amount_is_refused_even_when_whole(hand, field, value):
    data = base()
    data["hands"][hand][field] = {"Ben": value}
    err = reject(data)
    assert where(err) == [(f"$.hands[{hand}].{field}.Ben", hand + 1)]
    assert err.problems[0].player == "Ben"
    assert "not a whole number" in err.problems[0].message


def test_float_from_json_text_is_refused(tmp_path: Path):
    path = tmp_path / "f.json"
    path.write_text(
        json.dumps(base()).replace('"first_dealer"', '"opening_pool": 9.0, "first_dealer"')
    )
    with pytest.raises(SessionFileError) as info:
        load_session_file(path)
    assert where(info.value) == [("$.opening_pool", None)]


def test_booleans_are_not_numbers():
    data = base()
    data["hands"][0]["tricks"]["Cat"] = True
    assert where(reject(data)) == [("$.hands[0].tricks.Cat", 1)]


def test_unknown_declaration_word():
    data = base()
    data["hands"][2]["declarations"]["Dov"] = "folded"
    err = reject(data)
    assert where(err) == [("$.hands[2].declarations.Dov", 3)]
    assert "'folded'" in err.problems[0].message


def test_unknown_hand_field_is_named_with_a_suggestion():
    data = base()
    data["hands"][1]["trickz"] = {"Ann": 3}
    err = reject(data)
    assert where(err) == [("$.hands[1].trickz", 2)]
    assert err.problems[0].message == "unknown field 'trickz' (did you mean 'tricks'?)"


def test_unknown_top_level_field_but_x_prefix_allowed():
    data = base()
    data["x-app"] = {"anything": [1.5]}
    assert session_from_dict(data).name == "Friday at Ann's"
    data["colour"] = "green"
    assert where(reject(data)) == [("$.colour", None)]


def test_duplicate_player_names():
    data = base()
    data["players"] = ["Ann", "Ben", "Ann", "Cat"]
    err = reject(data)
    assert where(err) == [("$.players", None)]
    assert err.problems[0].message == '"Ann" listed more than once; names must be unique'


def test_player_names_are_1_to_40_characters():
    data = base()
    data["players"] = ["Ann", "", "x" * 41]
    assert where(reject(data)) == [("$.players[1]", None), ("$.players[2]", None)]


def test_several_problems_are_all_reported_in_path_order():
    data = base()
    del data["first_dealer"]
    data["players"] = ["Ann", "Ann"]
    data["hands"][0]["trump"] = "Hearts"
    data["hands"][2]["flushes"] = [{"player": "Ben", "kind": "flush", "cards": ["K", "1"]}]
    data["hands"][3]["penalties"] = [{"player": "Eve"}]
    data["hands"][3]["deltas"] = {"Eve": 9.5}
    err = reject(data)
    assert where(err) == [
        ("$", None),
        ("$.hands[0].trump", 1),
        ("$.hands[2].flushes[0].cards[1]", 3),
        ("$.hands[3].deltas.Eve", 4),
        ("$.hands[3].penalties[0]", 4),
        ("$.players", None),
    ]
    assert "'first_dealer' is a required property" in err.problems[0].message
    assert err.message.startswith("friday.json: not a session file: at $: ")
    assert err.message.endswith("(and 5 more problems)")
    assert str(err).count("\n  - ") == 6


def test_not_an_object_at_all():
    assert where(reject([1, 2])) == [("$", None)]


@pytest.mark.parametrize(
    "value, ok",
    [
        ("0.05", True),
        ("1", True),
        ("12.50", True),
        ("1.", False),
        (".5", False),
        ("01", False),
        ("1\n", False),
        ("-1", False),
        ("1e3", False),
    ],
)
def test_unit_value_is_a_decimal_string(value, ok):
    data = base()
    data["unit"] = {"name": "white chip", "value": value, "currency": "GBP"}
    if ok:
        assert session_from_dict(data).unit == Unit(name="white chip", value=value, currency="GBP")
    else:
        assert where(reject(data)) == [("$.unit.value", None)]


def test_rules_values():
    data = base()
    data["rules"] = {
        "loo": "mixed",
        "loo_limit": 90,
        "club_law": True,
        "dealer_options": ["stand", "miss"],
    }
    assert session_from_dict(data).rules == data["rules"]
    data["rules"] = {"loo_limit": 9.5, "x": None, "y": [1]}
    assert where(reject(data)) == [
        ("$.rules.loo_limit", None),
        ("$.rules.x", None),
        ("$.rules.y[0]", None),
    ]


def test_hand_from_dict_checks_one_hand():
    with pytest.raises(SessionFileError) as info:
        hand_from_dict({"tricks": {"Ann": 9}, "dealr": "Ann"}, source="hand")
    assert where(info.value) == [("$.dealr", None), ("$.tricks.Ann", None)]
    assert info.value.problems[1].player == "Ann"


NAMES = st.sampled_from(["Ann", "Ben", "Cat", "Dov Lee", "Zoë"])
# Free text: anything but control characters (tab and newline allowed) and surrogates.
TEXT = st.text(
    st.characters(blacklist_categories=("Cc", "Cs")) | st.sampled_from("\t\n"), max_size=20
)
SUITS = st.sampled_from(["clubs", "diamonds", "hearts", "spades"])
HANDS = st.builds(
    HandRecord,
    dealer=st.none() | NAMES,
    sitting_out=st.lists(NAMES, unique=True).map(tuple),
    trump=st.none() | SUITS,
    declarations=st.none()
    | st.dictionaries(NAMES, st.sampled_from(["stand", "pass", "miss", "defend", "fold"])),
    exchanges=st.dictionaries(NAMES, st.integers(0, 6)),
    flushes=st.lists(
        st.builds(
            Flush,
            player=NAMES,
            kind=st.sampled_from(["flush", "pam", "blaze"]),
            suit=st.none() | SUITS,
            cards=st.lists(st.sampled_from(["A", "K", "10", "2"]), max_size=5).map(tuple),
        ),
        max_size=20,
    ).map(tuple),
    pam_holder=st.none() | NAMES,
    tricks=st.none() | st.dictionaries(NAMES, st.integers(0, 5)),
    penalties=st.lists(
        st.builds(Penalty, player=NAMES, kind=st.sampled_from(["revoke", "misdeal"])), max_size=40
    ).map(tuple),
    deltas=st.none() | st.dictionaries(NAMES, st.integers(-(10**6), 10**6)),
    table_ruling=st.none() | TEXT.filter(str.strip),
    note=st.none() | TEXT,
)


@given(HANDS)
def test_hand_round_trip(h: HandRecord):
    d = hand_to_dict(h)
    assert hand_from_dict(json.loads(json.dumps(d))) == h
    assert all(v not in ((), [], None) for v in d.values())
