"""Hostile session files (issue 9, item 3): never a traceback, and nothing accepted beyond
the documented limits (docs/format.md "Limits", loo_ledger/formats/limits.py).

Every refusal is a SessionFileError naming the JSON path (and the hand); what is
accepted stays within the limits and round-trips. The fuzzer at the end mutates a good
file with the cases named here.
"""

from __future__ import annotations

import codecs
import json
from pathlib import Path

import pytest

from loo_ledger.errors import SessionFileError
from loo_ledger.formats import jsonsafe
from loo_ledger.formats.limits import MAX_CHIPS, MAX_DEPTH, MAX_NAME, MAX_PLAYERS, MAX_TEXT
from loo_ledger.formats.sessionfile import load_session_file, parse_session


def good() -> dict:
    """Three-card, three players, two hands (hand 2 with a flush, a penalty and deltas)."""
    return {
        "format": "loo-session/1",
        "variant": "three-card",
        "unit": {"name": "white chip", "value": "0.05", "currency": "GBP"},
        "players": ["Ann", "Ben", "Cat"],
        "first_dealer": "Ann",
        "hands": [{"declarations": {"Ben": "stand", "Cat": "pass", "Ann": "stand"},
                   "tricks": {"Ben": 1, "Ann": 2}},
                  {"tricks": {"Cat": 3}, "flushes": [{"player": "Cat", "kind": "flush"}],
                   "penalties": [{"player": "Ann", "kind": "revoke"}],
                   "deltas": {"Ann": -3, "Ben": 0, "Cat": 3}, "note": "ok"}],
    }


def load(data: dict | bytes | str):
    """parse_session of a dict (as JSON), text (UTF-8) or bytes."""
    if isinstance(data, dict):
        data = json.dumps(data, ensure_ascii=False)
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    return parse_session(data, source="f.json")


def refused(data: dict | bytes | str) -> SessionFileError:
    with pytest.raises(SessionFileError) as info:
        load(data)
    err = info.value
    safe_for_a_terminal(str(err))
    return err


def safe_for_a_terminal(text: str) -> None:
    """No control character but newline, no lone surrogate, no bidi override."""
    text.encode("utf-8")
    assert not [c for c in text if c != "\n" and (ord(c) < 32 or 0x7F <= ord(c) <= 0x9F
                                                   or 0x202A <= ord(c) <= 0x202E
                                                   or 0x2066 <= ord(c) <= 0x2069)], text


def where(err: SessionFileError) -> list[tuple[str | None, int | None]]:
    return [(p.path, p.hand) for p in err.problems]


def with_(**changes) -> dict:
    return good() | changes


def players(*names: str) -> dict:
    return with_(players=list(names), first_dealer=names[0], hands=[])


def test_the_good_file_is_accepted():
    session, raw = load(good())
    assert session.players == ("Ann", "Ben", "Cat") and len(raw["hands"]) == 2


# --- nesting -----------------------------------------------------------------------------

@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 1_000, 5_000, 100_000])
def test_deep_nesting_in_an_ignored_field_is_refused_with_its_path(depth: int):
    text = json.dumps(good())[:-1] + ', "x-deep": ' + "[" * depth + "]" * depth + "}"
    err = refused(text)
    # The file itself is the first level; x-deep's arrays are the second and on, so the
    # first one too deep is the array inside MAX_DEPTH - 1 others.
    assert where(err) == [('$["x-deep"]' + "[0]" * (MAX_DEPTH - 1), None)]
    assert f"nest more than {MAX_DEPTH} deep" in err.message


def test_deep_nesting_inside_a_hand_names_the_hand():
    data = good()
    data["hands"][1]["x-app"] = {"k": None}
    text = json.dumps(data).replace('{"k": null}', '{"k": ' + "[" * 3000 + "]" * 3000 + "}")
    err = refused(text)
    [(path, hand)] = where(err)
    assert hand == 2 and path.startswith('$.hands[1]["x-app"].k[0][0]')


def test_nesting_up_to_the_limit_is_accepted_in_an_extension_field():
    # x-ok's value starts at level 2 (the file is level 1): 31 arrays reach level 32.
    inner = "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1)
    _, raw = load(json.dumps(good())[:-1] + f', "x-ok": {inner}}}')
    node, levels = raw["x-ok"], 1
    while node:
        node, levels = node[0], levels + 1
    assert levels == MAX_DEPTH - 1


# --- numbers -----------------------------------------------------------------------------

@pytest.mark.parametrize("number", [2**63, 2**63 - 1, -(2**63), 2**53, 10**30])
@pytest.mark.parametrize("where_", ["opening_pool", "buy_in", "deltas", "x-n", "rules"])
def test_integers_beyond_two_to_the_53_are_refused_anywhere(number: int, where_: str):
    data = good()
    if where_ == "deltas":
        data["hands"][1]["deltas"]["Ann"] = number
        path, hand = "$.hands[1].deltas.Ann", 2
    elif where_ == "rules":
        data["rules"] = {"ante": number}
        path, hand = "$.rules.ante", None
    else:
        data[where_] = number
        path, hand = ("$." + where_ if where_ != "x-n" else '$["x-n"]'), None
    err = refused(data)
    assert where(err) == [(path, hand)]
    assert "too large" in err.message and "9,007,199,254,740,991" in err.message


@pytest.mark.parametrize("digits", [4_300, 4_301, 5_000, 100_000])
def test_integers_of_thousands_of_digits_are_refused_by_path(digits: int):
    text = json.dumps(good()).replace('"Cat": 3}, "note"', '"Cat": ' + "7" * digits + '}, "note"')
    err = refused(text)
    assert where(err) == [("$.hands[1].deltas.Cat", 2)]
    assert f"({digits:,} digits) is too large" in err.message
    assert len(err.message) < 400


@pytest.mark.parametrize("field, ok, bad", [("opening_pool", MAX_CHIPS, MAX_CHIPS + 1),
                                             ("buy_in", MAX_CHIPS, MAX_CHIPS + 1),
                                             ("buy_in", 0, -5),
                                             ("opening_pool", 0, -1)])
def test_chip_amounts_within_ten_to_the_twelve(field: str, ok: int, bad: int):
    assert getattr(load(with_(**{field: ok}))[0], field) == ok
    assert where(refused(with_(**{field: bad}))) == [(f"$.{field}", None)]


def test_deltas_within_ten_to_the_twelve_either_way():
    data = good()
    data["hands"][1]["deltas"] = {"Ann": -MAX_CHIPS, "Cat": MAX_CHIPS}
    assert load(data)[0].hands[1].deltas == {"Ann": -10**12, "Cat": 10**12}
    data["hands"][1]["deltas"] = {"Ann": -MAX_CHIPS - 1, "Cat": MAX_CHIPS + 1}
    assert where(refused(data)) == [("$.hands[1].deltas.Ann", 2), ("$.hands[1].deltas.Cat", 2)]


@pytest.mark.parametrize("token, shown", [("NaN", "NaN"), ("Infinity", "Infinity"),
                                          ("-Infinity", "-Infinity"), ("1e400", "inf")])
def test_nan_and_infinity_are_refused(token: str, shown: str):
    err = refused(json.dumps(good())[:-1] + f', "x-n": [{token}]}}')
    assert where(err) == [('$["x-n"][0]', None)]
    assert err.problems[0].message.startswith(shown)


@pytest.mark.parametrize("tricks, ok", [(5, True), (6, False), (-1, False)])
def test_tricks_are_small(tricks: int, ok: bool):
    data = good()
    data["hands"][0]["tricks"]["Ben"] = tricks
    if ok:
        assert load(data)[0].hands[0].tricks["Ben"] == 5
    else:
        assert where(refused(data)) == [("$.hands[0].tricks.Ben", 1)]


@pytest.mark.parametrize("rule, ok", [(MAX_CHIPS, True), (MAX_CHIPS + 1, False),
                                      ("1000000000000", True), ("1000000000001", False),
                                      (" -99999999999999 ", False), ("9" * 64, False),
                                      ("9" * 65, False)])
def test_rule_numbers_are_bounded_also_when_written_as_words(rule, ok: bool):
    data = with_(rules={"ante": rule})
    if ok:
        assert load(data)[0].rules == {"ante": rule}
    else:
        assert where(refused(data)) == [("$.rules.ante", None)]


# --- text --------------------------------------------------------------------------------

@pytest.mark.parametrize("escape, path, hand", [
    (r'"C\ud800t"', "$.players[2]", None),
    (r'"\udfff"', "$.hands[1].note", 2),
    (r'"x-\ud83d"', None, None),  # a key
])
def test_lone_surrogates_are_refused(escape: str, path: str | None, hand: int | None):
    text = json.dumps(good())
    if path == "$.players[2]":
        text = text.replace('["Ann", "Ben", "Cat"]', f'["Ann", "Ben", {escape}]')
    elif path is not None:
        text = text.replace('"ok"', escape)
    else:
        text = text[:-1] + f", {escape}: 1}}"
    err = refused(text)
    [(got, got_hand)] = where(err)
    assert got_hand == hand
    assert got == (path or '$["x-\\ud83d"]')
    assert "lone surrogate" in err.message


def test_a_surrogate_pair_is_a_character():
    _, raw = load(json.dumps(good()).replace('"ok"', r'"\ud83c\udccf joker"'))
    assert raw["hands"][1]["note"] == "\N{PLAYING CARD BLACK JOKER} joker"


@pytest.mark.parametrize("name, why", [
    ("Ann\x1b[31m", "U+001B, a control character"),
    ("A\x00nn", "U+0000, a control character"),
    ("Ann\x7f", "U+007F, a control character"),
    ("Ann\x85", "U+0085, a control character"),
    ("An\nn", "U+000A, a control character"),
    ("\u202eBen", "U+202E (RIGHT-TO-LEFT OVERRIDE)"),
    ("Ben\u200f", "U+200F (RIGHT-TO-LEFT MARK)"),
    ("\u2067Ben\u2069", "U+2067 (RIGHT-TO-LEFT ISOLATE)"),
    ("B\u200ben", "U+200B (ZERO WIDTH SPACE)"),
    (" Ben", "begins or ends with a space"),
    ("Ben\u00a0", "begins or ends with a space"),
    ("(pool)", "reserved"), ("Pool", "reserved"), ("TOTAL", "reserved"),
    ("(dealer)", "reserved"),
    ("x" * (MAX_NAME + 1), f"at most {MAX_NAME}"),
    ("", "at least 1"),
])
def test_names_that_are_refused_wherever_a_name_stands(name: str, why: str):
    data = players("Ann", "Dov", name)
    err = refused(data)
    assert where(err) == [("$.players[2]", None)]
    assert why in err.problems[0].message
    data = good()
    data["hands"][1]["deltas"][name] = 0
    err = refused(data)
    assert [hand for _, hand in where(err)] == [2]
    assert err.problems[0].player is None  # a bad name is not echoed as a player
    assert why in err.problems[0].message


@pytest.mark.parametrize("name", ["Zoë", "Dov Lee", "سارة", "דנה", "O'Neil", "Ann (host)",
                                  "👩\u200d👩\u200d👧", "x" * MAX_NAME, "李"])
def test_names_people_have_are_accepted(name: str):
    assert load(players("Ann", name))[0].players == ("Ann", name)


@pytest.mark.parametrize("length", [MAX_NAME + 1, MAX_TEXT + 1, 10_000])
def test_ten_thousand_character_names_are_refused_briefly(length: int):
    err = refused(players("Ann", "B" * length))
    assert where(err) == [("$.players[1]", None)]
    assert f"{length} characters" in err.message and len(err.message) < 300


def test_ten_thousand_players_are_refused_briefly():
    err = refused(players(*(f"P{i}" for i in range(10_000))))
    assert where(err) == [("$.players", None)]
    assert err.problems[0].message == f"10000 players; at most {MAX_PLAYERS} here"
    assert len(err.message) < 200


def test_twenty_players_are_the_most():
    names = [f"P{i}" for i in range(MAX_PLAYERS + 1)]
    assert len(load(players(*names[:MAX_PLAYERS]))[0].players) == 20
    assert where(refused(players(*names))) == [("$.players", None)]


@pytest.mark.parametrize("value", ["999999999999", "0.000001", "123456.123456", "0"])
def test_unit_values_within_the_limits(value: str):
    assert load(with_(unit={"value": value}))[0].unit.value == value


@pytest.mark.parametrize("value", ["Infinity", "NaN", "1e5", "-1", "1" * 5000, "1234567890123",
                                   "1234567.123456", "0.0000001", "1.", " 1", "1 "])
def test_unit_values_beyond_the_limits(value: str):
    err = refused(with_(unit={"value": value}))
    assert where(err) == [("$.unit.value", None)]
    assert len(err.message) < 300


@pytest.mark.parametrize("ruling", ["", " ", "\t\n"])
def test_a_table_ruling_is_not_blank(ruling: str):
    data = good()
    data["hands"][1]["table_ruling"] = ruling
    assert where(refused(data)) == [("$.hands[1].table_ruling", 2)]


@pytest.mark.parametrize("field", ["name", "note", "table_ruling"])
def test_free_text_allows_newlines_but_no_other_control_characters(field: str):
    data = good()
    target = data if field == "name" else data["hands"][1]
    target[field] = "Pam\ttook\nit"
    assert load(data)
    target[field] = "Pam\x1b]0;owned\x07"
    err = refused(data)
    assert "U+001B" in err.message and "\x1b" not in str(err)


def test_text_longer_than_the_limit_is_refused_anywhere():
    data = good() | {"x-blob": "a" * (MAX_TEXT + 1)}
    assert where(refused(data)) == [('$["x-blob"]', None)]
    assert load(good() | {"x-blob": "a" * MAX_TEXT})


def test_a_key_given_twice_is_refused():
    text = json.dumps(good()).replace('"deltas": {"Ann": -3,', '"deltas": {"Ann": 9, "Ann": -3,')
    err = refused(text)
    assert where(err) == [("$.hands[1].deltas", 2)]
    assert "'Ann' given more than once" in err.message


# --- bytes -------------------------------------------------------------------------------

def test_invalid_utf8_names_the_byte():
    text = json.dumps(good()).encode()
    bad = text.replace(b'"Cat"', b'"C\xe9t"', 1)  # Latin-1 é
    err = refused(bad)
    at = bad.index(b"\xe9")
    assert at == len('{"format": "loo-session/1", "variant": "three-card", "unit": {"name": '
                     '"white chip", "value": "0.05", "currency": "GBP"}, "players": ["Ann", '
                     '"Ben", "C')
    assert err.message == f"f.json: not a session file: not UTF-8 text (byte {at})"


def test_a_utf8_byte_order_mark_is_accepted(tmp_path: Path):
    path = tmp_path / "bom.json"
    path.write_bytes(codecs.BOM_UTF8 + json.dumps(good()).encode())
    assert load_session_file(path)[0].players == ("Ann", "Ben", "Cat")


@pytest.mark.parametrize("encoding, name", [("utf-16", "UTF-16"), ("utf-16-be", None),
                                            ("utf-32", "UTF-32"), ("utf-16-le", None)])
def test_other_encodings_are_refused_by_name(encoding: str, name: str | None):
    data = json.dumps(good()).encode(encoding)
    if encoding == "utf-16-be":
        data = codecs.BOM_UTF16_BE + data
        name = "UTF-16"
    err = refused(data)
    assert "save it as UTF-8" in err.message
    assert (f"is {name} text" if name else "looks like UTF-16 or UTF-32") in err.message


def test_a_file_over_the_size_limit_is_refused_unread(tmp_path: Path, monkeypatch):
    from loo_ledger.formats import sessionfile
    monkeypatch.setattr(jsonsafe, "MAX_FILE_BYTES", 100)
    monkeypatch.setattr(sessionfile, "MAX_FILE_BYTES", 100)
    path = tmp_path / "big.json"
    path.write_text(json.dumps(good()), encoding="utf-8")
    with pytest.raises(SessionFileError, match="larger than 100 bytes"):
        load_session_file(path)


# --- through the command line --------------------------------------------------------------

@pytest.mark.parametrize("content", [
    b"[" * 5000 + b"]" * 5000,
    json.dumps(good()).replace('"Cat": 3}, "note"', '"Cat": ' + "9" * 5000 + '}, "note"').encode(),
    json.dumps(good()).replace('"Cat"]', r'"\ud800"]').encode(),
    json.dumps(players("Ann", "(pool)")).encode(),
    json.dumps(good()).encode("utf-16"),
])
def test_import_refuses_hostile_files_with_exit_1_and_no_traceback(loo, tmp_path, content):
    path = tmp_path / "hostile.json"
    path.write_bytes(content)
    result = loo(tmp_path / "loo.db", "import", path)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and str(path) in result.stderr
    assert "not a session file" in result.stderr
