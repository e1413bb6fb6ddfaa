"""The published session schema (issue 11, item 2): a valid 2020-12 schema under the
project's own $id that accepts ``$schema``, checks ``started_at`` as a date-time, and
allows ``x-`` extension fields everywhere, which a round trip keeps."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator, FormatChecker

from loo_ledger.domain.rules.model import HandRecord
from loo_ledger.errors import SessionFileError
from loo_ledger.formats.sessionfile import (
    SCHEMA_ID,
    dumps_session,
    hand_to_dict,
    load_session_file,
    schema_path,
    session_from_dict,
    session_to_dict,
)

REPO = Path(__file__).resolve().parent.parent
SAMPLES = sorted((REPO / "sample_sessions").glob("*.json"))
SCHEMA = json.loads((REPO / "schemas" / "session.schema.json").read_text(encoding="utf-8"))


def good() -> dict:
    """Three-card, three players, one hand with a flush and a penalty."""
    return {
        "format": "loo-session/1",
        "variant": "three-card",
        "unit": {"name": "white chip", "value": "0.05", "currency": "GBP"},
        "players": ["Ann", "Ben", "Cat"],
        "first_dealer": "Ann",
        "hands": [{"declarations": {"Ben": "stand", "Cat": "pass", "Ann": "stand"},
                   "flushes": [{"player": "Ben", "kind": "flush"}],
                   "penalties": [{"player": "Ann", "kind": "revoke"}],
                   "tricks": {}}],
    }


def strict() -> Draft202012Validator:
    """The schema as another program sees it, with format checking switched on."""
    return Draft202012Validator(SCHEMA, format_checker=FormatChecker())


def refused(data: dict) -> SessionFileError:
    with pytest.raises(SessionFileError) as info:
        session_from_dict(data, source="f.json")
    return info.value


def test_the_schema_is_a_valid_2020_12_schema_under_the_projects_id():
    Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert SCHEMA["$id"] == SCHEMA_ID == "https://loo-ledger.github.io/schemas/session.schema.json"
    assert "example" not in SCHEMA["$id"]
    assert schema_path() == REPO / "schemas" / "session.schema.json"


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_every_sample_session_is_valid_against_the_schema(sample: Path):
    data = json.loads(sample.read_text(encoding="utf-8"))
    assert [e.message for e in strict().iter_errors(data)] == []
    session, raw = load_session_file(sample)
    assert len(session.hands) == len(raw["hands"]) > 0


def test_samples_are_all_there():
    assert {p.stem for p in SAMPLES} >= {"three-card-mixed-friday", "five-card-pam-saturday",
                                         "irish-sunday", "lou-game"}


def test_a_schema_key_is_accepted_and_kept_first():
    data = {"$schema": SCHEMA_ID, **good()}
    assert list(strict().iter_errors(data)) == []
    session = session_from_dict(data)
    out = session_to_dict(session, data)
    assert list(out)[:2] == ["$schema", "format"]
    assert out["$schema"] == SCHEMA_ID
    assert "$schema" not in session_to_dict(session)


@pytest.mark.parametrize("when", ["2025-03-14T19:45:00+00:00", "2025-03-14T19:45:00Z",
                                  "2025-03-14T19:45:00.5-05:00", "2025-03-14T19:45:00",
                                  "2025-03-14T19:45", "2024-02-29T20:00:00+01:00"])
def test_started_at_date_times_that_are_accepted(when: str):
    data = good() | {"started_at": when}
    assert session_from_dict(data).started_at == when
    assert list(strict().iter_errors(data)) == []


@pytest.mark.parametrize("when", ["last tuesday-ish", "2025-03-14", "2025-03-14 19:45:00",
                                  "20:00", "2025-03-14T19:45:00+01", "2025-3-14T19:45:00",
                                  "2025-03-14T19:45:00\n", "2025-03-14T19:45+00:00", ""])
def test_started_at_shapes_that_are_refused_with_the_path(when: str):
    err = refused(good() | {"started_at": when})
    assert [(p.path, p.hand) for p in err.problems] == [("$.started_at", None)]
    assert "not a date-time such as 2025-03-14T19:45:00+00:00" in err.problems[0].message
    assert err.message.startswith("f.json: not a session file: at $.started_at: ")
    assert list(strict().iter_errors(good() | {"started_at": when}))


@pytest.mark.parametrize("when", ["2025-02-29T20:00:00+00:00", "2025-02-30T20:00:00",
                                  "2025-13-01T20:00:00Z", "2025-03-14T24:00:00",
                                  "2025-03-14T19:60:00", "0000-01-01T00:00:00",
                                  "2025-03-14T19:45:00+24:00"])
def test_started_at_that_is_no_real_time_is_refused_by_the_loader(when: str):
    """Right shape, impossible date or time: the loader's own check (validators do not
    check "format" unless asked)."""
    data = good() | {"started_at": when}
    assert list(Draft202012Validator(SCHEMA).iter_errors(data)) == []
    err = refused(data)
    assert [(p.path, p.hand) for p in err.problems] == [("$.started_at", None)]
    assert "is not a real date and time" in err.problems[0].message


def with_extensions() -> dict:
    data = good()
    data["x-app"] = {"version": 3, "tags": ["friday", None, 1.5]}
    data["unit"]["x-rate-source"] = "ECB"
    hand = data["hands"][0]
    hand["x-photo"] = "IMG_0042.jpg"
    hand["flushes"][0]["x-cards-seen"] = ["7", "K", "3"]
    hand["penalties"][0]["x-witness"] = {"name": "Cat"}
    return data


def test_extension_fields_are_allowed_everywhere_by_the_schema():
    assert list(strict().iter_errors(with_extensions())) == []
    assert list(strict().iter_errors({"$schema": SCHEMA_ID, **with_extensions()})) == []


def test_extension_fields_do_not_reach_the_domain():
    plain, extended = session_from_dict(good()), session_from_dict(with_extensions())
    assert extended == plain
    assert extended.hands[0] == plain.hands[0]


def test_a_round_trip_keeps_every_extension_field(tmp_path: Path):
    data = {"$schema": SCHEMA_ID, **with_extensions()}
    path = tmp_path / "f.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    session, raw = load_session_file(path)
    out = session_to_dict(session, raw)
    assert out["x-app"] == {"version": 3, "tags": ["friday", None, 1.5]}
    assert out["unit"] == {"name": "white chip", "value": "0.05", "currency": "GBP",
                           "x-rate-source": "ECB"}
    hand = out["hands"][0]
    assert hand["x-photo"] == "IMG_0042.jpg"
    assert hand["flushes"] == [{"player": "Ben", "kind": "flush", "x-cards-seen": ["7", "K", "3"]}]
    assert hand["penalties"] == [{"player": "Ann", "kind": "revoke", "x-witness": {"name": "Cat"}}]
    assert out | {"opening_pool": None} == data | {"opening_pool": None}
    again = json.loads(dumps_session(session, raw))
    assert again == out
    assert session_from_dict(again) == session


def test_the_raw_hands_kept_for_the_store_carry_the_extensions(tmp_path: Path):
    """What import hands to the store as each hand's record is the raw hand object."""
    path = tmp_path / "f.json"
    path.write_text(json.dumps(with_extensions()), encoding="utf-8")
    _, raw = load_session_file(path)
    assert raw["hands"][0]["x-photo"] == "IMG_0042.jpg"
    record = copy.deepcopy(raw["hands"][0])
    assert hand_to_dict(session_from_dict(with_extensions()).hands[0], record) == record


def test_hand_to_dict_without_raw_writes_no_extensions():
    h = HandRecord(tricks={"Ann": 3}, deltas={"Ann": 6, "Ben": -3, "Cat": -3})
    assert hand_to_dict(h) == {"tricks": {"Ann": 3}, "deltas": {"Ann": 6, "Ben": -3, "Cat": -3}}


@pytest.mark.parametrize("where", [[], ["unit"], ["hands", 0], ["hands", 0, "flushes", 0],
                                   ["hands", 0, "penalties", 0]])
def test_a_field_without_the_x_prefix_is_still_refused(where: list):
    data = good()
    target = data
    for step in where:
        target = target[step]
    target["X-app"] = 1
    err = refused(data)
    assert [p.path for p in err.problems] == ["$" + "".join(
        f"[{s}]" if isinstance(s, int) else f".{s}" for s in where) + '["X-app"]']
    assert err.problems[0].message.startswith("unknown field 'X-app'")


def test_the_schema_states_the_limits_that_limits_py_names():
    """One set of numbers: the schema's bounds are loo_ledger/formats/limits.py's."""
    from loo_ledger.formats import limits as L

    props, defs = SCHEMA["properties"], SCHEMA["$defs"]
    hand = defs["hand"]["properties"]
    assert (props["players"]["minItems"], props["players"]["maxItems"]) == (L.MIN_PLAYERS,
                                                                           L.MAX_PLAYERS) == (2, 20)
    assert (defs["player"]["maxLength"], defs["player"]["pattern"]) == (L.MAX_NAME, L.NAME_PATTERN)
    assert L.MAX_NAME == 40 and L.MAX_CHIPS == 10**12
    assert props["opening_pool"]["maximum"] == props["buy_in"]["maximum"] == L.MAX_CHIPS
    assert hand["deltas"]["additionalProperties"] == {"type": "integer", "minimum": -L.MAX_CHIPS,
                                                      "maximum": L.MAX_CHIPS}
    rule = props["rules"]["additionalProperties"]
    assert (rule["minimum"], rule["maximum"], rule["maxLength"], rule["maxItems"]) == (
        -L.MAX_CHIPS, L.MAX_CHIPS, L.MAX_WORD, L.MAX_RULE_ITEMS)
    assert hand["tricks"]["additionalProperties"]["maximum"] == L.MAX_TRICKS == 5
    assert hand["exchanges"]["additionalProperties"]["maximum"] == L.MAX_EXCHANGE == 6
    assert hand["flushes"]["items"]["properties"]["cards"]["maxItems"] == L.MAX_HAND_SIZE
    assert hand["penalties"]["maxItems"] == L.MAX_PENALTIES
    assert props["unit"]["properties"]["value"]["pattern"] == L.UNIT_VALUE_PATTERN
    assert (defs["text"]["maxLength"], defs["text"]["pattern"]) == (L.MAX_TEXT, L.TEXT_PATTERN)
    assert (defs["word"]["maxLength"], defs["word"]["pattern"]) == (L.MAX_WORD, L.WORD_PATTERN)
    for field in ("declarations", "exchanges", "tricks", "deltas"):
        assert hand[field]["maxProperties"] == L.MAX_PLAYERS
        assert hand[field]["propertyNames"] == {"$ref": "#/$defs/player"}


@pytest.mark.parametrize("value, ok", [("0", True), ("0.05", True), ("999999999999", True),
                                       ("99999999999.9", True), ("0.000001", True),
                                       ("9999999999999", False), ("0.0000001", False),
                                       ("1e3", False), ("Infinity", False), ("-0.05", False)])
def test_the_unit_value_pattern_by_itself(value: str, ok: bool):
    """What another program's validator makes of unit.value, without our loader."""
    data = good()
    data["unit"]["value"] = value
    assert (list(strict().iter_errors(data)) == []) is ok
