"""The one reader (formats/reader.py, issue 20): a valid file is decoded and checked by
msgspec alone, one hand at a time, and gives the Session the file's JSON objects make
(handcodec), the file's object, and the fingerprint as it was always taken. Whatever the
schema refuses, the reader refuses, and the schema words it (sessionfile.refusal)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from session_fuzz import good as fuzz_good
from session_fuzz import mutated

from loo_ledger.domain.rules.model import RuleChange, Session, Unit
from loo_ledger.errors import SessionFileError
from loo_ledger.formats import jsonsafe, reader, schemacheck, sessionfile
from loo_ledger.formats.handcodec import record_from_dict
from loo_ledger.formats.sessionfile import load_session, read_session, session_from_dict

REPO = Path(__file__).resolve().parent.parent
SAMPLES = sorted((REPO / "sample_sessions").glob("*.json"))
CASES = sorted((REPO / "tests" / "data" / "conformance" / "cases").glob("*.json"))


def plain_good() -> dict:
    """The fuzzer's good file without its extension fields."""
    data = fuzz_good()
    del data["x-app"], data["hands"][0]["x-seen"]
    return data


def old_fingerprint(raw: Any) -> str:
    """How fingerprints were always taken (services/importing.py before msgspec)."""
    text = json.dumps(raw, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def made(raw: dict) -> Session:
    """The Session a valid file's object makes, field by field (handcodec for the hands)."""
    unit = raw.get("unit")
    return Session(
        variant=raw["variant"], players=tuple(raw["players"]), first_dealer=raw["first_dealer"],
        hands=tuple(record_from_dict(h) for h in raw["hands"]), rules=raw.get("rules", {}),
        name=raw.get("name"), started_at=raw.get("started_at"),
        unit=None if unit is None else Unit(name=unit.get("name", "chip"),
                                            value=unit.get("value"),
                                            currency=unit.get("currency")),
        opening_pool=raw.get("opening_pool", 0), buy_in=raw.get("buy_in"),
        rule_changes=tuple(RuleChange(from_hand=c["from_hand"], rules=c["rules"])
                           for c in raw.get("rule_changes", ())))


def valid(data: bytes) -> bool:
    """Whether the schema and the checks beyond it find nothing wrong (the reader's oracle)."""
    try:
        raw = jsonsafe.parse(data)
    except jsonsafe.ParseError:
        return False
    return not schemacheck.problems(raw) and not reader.changes_problems(raw)


def refused(data: bytes) -> bool:
    try:
        reader.read(data)
    except reader.Refused:
        return True
    return False


def changed(seat: bool, rule: bool, good: bool = True) -> dict:
    """plain_good with Dov seated late (away for hand 1, so in its sitting_out unless
    not ``good``) and the loo unlimited from hand 2 (from hand 5, beyond, unless good)."""
    data = plain_good()
    if seat:
        data["players"].append("Dov")
        data["seat_changes"] = [{"before_hand": 2, "player": "Dov", "change": "join"}]
        if good:
            data["hands"][0]["sitting_out"] = ["Dov"]
    if rule:
        data["rule_changes"] = [{"from_hand": 2 if good else 5, "rules": {"loo": "unlimited"}}]
    return data


def files() -> list[tuple[str, bytes]]:
    out = [(p.stem, p.read_bytes()) for p in SAMPLES]
    for seat, rule, good in ((1, 0, 1), (0, 1, 1), (1, 1, 1), (1, 0, 0), (0, 1, 0)):
        name = f"seat{seat}-rule{rule}-{'good' if good else 'bad'}"
        out.append((name, json.dumps(changed(bool(seat), bool(rule), bool(good))).encode()))
    for case in CASES:
        session = json.loads(case.read_text(encoding="utf-8")).get("session")
        if isinstance(session, dict):
            out.append((case.stem, json.dumps(session, indent=1).encode()))
    return out


FILES = files()


def test_there_are_files_to_compare():
    assert len(SAMPLES) >= 12 and len(FILES) >= 50
    for seat, rule in ((True, False), (False, True)):
        data = json.dumps(changed(seat, rule)).encode()
        assert reader.read(data) is not None
        with pytest.raises(SessionFileError) as info:
            read_session(json.dumps(changed(seat, rule, good=False)).encode())
        assert info.value.problems[0].path == (
            "$.hands[0].sitting_out" if seat else "$.rule_changes[0].from_hand")


def test_the_plain_good_file_is_read_and_its_hands_decoded_when_asked_for():
    data = plain_good()
    session, raw, print_ = reader.read(json.dumps(data, ensure_ascii=False).encode())
    assert isinstance(raw["hands"], reader.RawHands)
    assert list(raw) == list(data) and raw["hands"][1] == data["hands"][1]
    assert list(raw["hands"]) == data["hands"] and len(raw["hands"]) == 2
    assert print_ == old_fingerprint(data) and session == made(data)
    assert session.hands[1].deltas == {"Ann": -3, "Ben": 0, "Cat": 3}


def read(data: bytes) -> tuple[Any, Any, str]:
    """reader.read with the raw hands decoded (they are decoded when asked for)."""
    session, raw, print_ = reader.read(data)
    return session, {**raw, "hands": list(raw["hands"])}, print_


@pytest.mark.parametrize("name, data", FILES, ids=[n for n, _ in FILES])
def test_a_file_is_read_as_its_objects_make_it_or_refused_as_the_schema_says(name: str,
                                                                            data: bytes):
    if not valid(data):
        assert refused(data)
        with pytest.raises(SessionFileError):
            read_session(data)
        return
    session, raw, print_ = read(data)
    expected = json.loads(data)
    assert session == made(expected) and raw == expected
    assert print_ == old_fingerprint(expected)
    hands = reader.read(data)[1]["hands"]
    assert hands[1:3] == expected["hands"][1:3] and hands[-1] == expected["hands"][-1]


def test_valid_files_never_reach_the_schema_checker(monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path):
    def no(*_: Any, **__: Any) -> None:
        raise AssertionError("the long way was taken")

    monkeypatch.setattr(schemacheck, "problems", no)
    monkeypatch.setattr(sessionfile, "refusal", no)
    monkeypatch.setattr(jsonsafe, "parse", no)
    for sample in SAMPLES:
        session, raw, print_ = load_session(sample)
        assert len(session.hands) == len(raw["hands"]) > 0
        assert print_ == old_fingerprint(json.loads(sample.read_bytes()))
    path = tmp_path / "x.json"
    path.write_text(json.dumps(fuzz_good(), ensure_ascii=False), encoding="utf-8")
    session, raw, _ = load_session(path)  # extension fields, rules, a ruling: still fast
    assert raw["x-app"] == {"v": 1} and raw["hands"][0]["x-seen"] is True


def test_extension_fields_are_kept_and_fingerprinted_as_before():
    data = fuzz_good()
    data["x-float"] = [1e16, 0.1, -0.0, 1e-7]
    data["hands"][1]["flushes"][0]["x-at"] = {"é": "ü"}
    data["hands"][1]["penalties"][0]["x-why"] = None
    data["unit"]["x-rate"] = 1.5
    got = read(json.dumps(data, ensure_ascii=False).encode())
    assert got[1] == data and got[2] == old_fingerprint(data)
    assert got[0] == made(data) and got[0] == session_from_dict(data)


@pytest.mark.parametrize("needle, twice", [
    ('"format": "loo-session/1"', '"format": "loo-session/1", "format": "loo-session/1"'),
    ('"first_dealer": "Ann"', '"first_dealer": "Ben", "first_dealer": "Ann"'),
    ('"tricks": {"Ben": 1, "Ann": 2}', '"tricks": {"Ben": 1, "Ben": 1, "Ann": 2}'),
    ('"note": "ok"', '"note": "ok", "note": "ok"'),
    ('"rules": {"loo": "mixed"', '"rules": {"loo": "mixed", "loo": "mixed"'),
    ('"x-app": {"v": 1}', '"x-app": {"v": 1, "v": 2}'),
])
def test_a_key_given_twice_is_never_accepted(needle: str, twice: str):
    base = json.dumps(fuzz_good() if needle.startswith('"x-') else plain_good())
    assert needle in base
    data = base.replace(needle, twice, 1).encode()
    assert refused(data)
    with pytest.raises(SessionFileError, match="given more than once"):
        read_session(data, source="f.json")


@pytest.mark.parametrize("hands", [
    "null", "[null]", "{}", '[{"x-a": 1, "tricks": 1}]',
    '[{"flushes": [{"player": "Ann", "kind": "flush", "x-a": 1}, 2]}]'])
def test_a_file_of_the_wrong_shape_with_extensions_is_refused_at_hands(hands: str):
    data = json.dumps(fuzz_good() | {"hands": "@"}).replace('"@"', hands).encode()
    assert refused(data)
    with pytest.raises(SessionFileError, match="hands"):
        read_session(data, source="f.json")


def test_the_raw_object_is_the_file_as_read_extensions_and_all():
    data = fuzz_good()
    data["unit"]["x-u"] = 1
    data["hands"][1]["flushes"][0]["x-f"] = 2
    got = read(json.dumps(data).encode())
    assert got[1] == data
    assert got[1]["unit"]["x-u"] == 1 and got[1]["hands"][1]["flushes"][0]["x-f"] == 2


@pytest.mark.parametrize("name, written", [
    ("Friday: the late game", "Friday\\u003a the late game"),
    ("Friday: the late game", "Friday\\u003A the late game"),
    ("a\\u003a b", "a\\\\u003a b"),            # an escaped backslash, then u003a
    ("a\\: b", "a\\\\\\u003a b"),             # an escaped backslash, then an escaped colon
])
def test_a_colon_written_as_an_escape_is_read_and_a_key_twice_still_found(name: str,
                                                                          written: str):
    text = json.dumps(plain_good() | {"name": "@"}).replace('"@"', f'"{written}"')
    session, raw, print_ = reader.read(text.encode())
    assert session.name == name and print_ == old_fingerprint(json.loads(text))
    twice = text.replace('"first_dealer": "Ann"', '"first_dealer": "Ben", "first_dealer": "Ann"')
    assert refused(twice.encode())


@pytest.mark.parametrize("change, where", [
    ({"players": ["Ann", "Ben", "Ann"], "hands": []}, "$.players"),
    ({"hands": [{"sitting_out": ["Cat", "Cat"]}]}, "$.hands[0].sitting_out"),
    ({"hands": [{"deltas": {"Ann": 0, "Ben": 0, "Cat": 0}, "table_ruling": "  "}]},
     "$.hands[0].table_ruling"),
    ({"hands": [{"tricks": {"pool": 3}}]}, "$.hands[0].tricks.pool"),
    ({"hands": [{"dealer": " Ann"}]}, "$.hands[0].dealer"),
    ({"rules": {"loo": "a\u200bb"}}, "$.rules.loo"),
    ({"rules": {"loo_limit": "9999999999999"}}, "$.rules.loo_limit"),
    ({"started_at": "2025-02-30T20:00:00"}, "$.started_at"),
    ({"hands": [{"cards": {"civil": [1, 1]}}]}, "$.hands[0].cards.civil"),
    ({"hands": [{"tricks": {"Ann": 3.0}}]}, "$.hands[0].tricks.Ann"),
    ({"x-deep": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]},
     "$[\"x-deep\"]"),
    ({"x-big": 2**60}, "$[\"x-big\"]"),
])
def test_what_msgspec_cannot_say_is_still_refused_with_its_path(change: dict, where: str):
    data = json.dumps((fuzz_good() if where.startswith('$["x-') else plain_good()) | change,
                      ensure_ascii=False).encode()
    assert refused(data)
    with pytest.raises(SessionFileError) as info:
        read_session(data, source="f.json")
    assert info.value.problems[0].path.startswith(where)


def test_a_file_with_many_problems_still_gets_them_all_with_their_paths():
    data = fuzz_good()
    data["players"] = ["Ann", "Ben", "(pool)"]
    data["hands"][0]["tricks"] = {"Ben": 9, "Ann": "two"}
    data["hands"][1]["colour"] = "red"
    with pytest.raises(SessionFileError) as info:
        read_session(json.dumps(data).encode(), source="f.json")
    assert [p.path for p in info.value.problems] == [
        "$.hands[0].tricks.Ann", "$.hands[0].tricks.Ben", "$.hands[1].colour", "$.players[2]"]


def test_canonical_json_is_json_dumps_byte_for_byte_for_every_code_point():
    """The fingerprint of a file without extension fields is msgspec's sorted encoding:
    the same bytes as json.dumps(sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    for every character (and so every key order), and for whole numbers and booleans.

    Every code point (surrogates aside: not in UTF-8) once, in one string, as a key and as
    a value: each character is escaped (or not) alike. Every code point as a key of its own,
    inserted from the last to the first, in runs of 1,024 consecutive code points:
    json.dumps sorts by code point, and each run comes out the same from both; so do the
    first and last keys of every run, in one dict. Since a sort orders by a total order,
    x in one run, y in a later run: x <= that run's last < the later run's first <= y, so
    both order all the keys alike, whatever the length of a run. (The runs are short
    because the items json.dumps sorts live as long as their run: runs of 8,192 left
    enough of them alive at each young collection to set off full collections of a test
    worker's whole heap, 0.9 CPU-s more here; one dict of every key, three times that.)"""
    import msgspec

    chars = [*map(chr, range(0xD800)), *map(chr, range(0xE000, 0x110000))]
    every = "".join(chars)
    whole = {every: [every, 7, -7, True, False], "k": every}
    assert msgspec.json.encode(whole, order="sorted") == reader.canonical(whole)
    run = 1024
    ends = []
    for start in range(0, len(chars), run):
        part = chars[start:start + run]
        ends += (part[0], part[-1])
        keys = dict.fromkeys(reversed(part), 0)
        assert msgspec.json.encode(keys, order="sorted") == reader.canonical(keys), hex(start)
    assert len(ends) == 2 * -(-1_112_064 // run) and ends[-1] == chr(0x10FFFF)
    keys = dict.fromkeys(reversed(ends), 0)
    assert msgspec.json.encode(keys, order="sorted") == reader.canonical(keys)
    edge = {"n": [0, -1, 2**53 - 1, -(2**53 - 1), 10**12], "": {}, "l": [], "t": None}
    assert msgspec.json.encode(edge, order="sorted") == reader.canonical(edge)


@settings(max_examples=3 * settings.default.max_examples, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutated())
def test_the_reader_accepts_what_the_schema_accepts_and_the_schema_words_what_it_refuses(
        data: bytes):
    """The reader (msgspec) and the published schema with the checks beyond it agree on
    every mutated file; a refused file is worded by them, never by msgspec's fallback."""
    try:
        session, raw, print_ = read(data)
    except reader.Refused as exc:
        error = sessionfile.refusal(data, "f.json", exc)
        assert error.message.startswith("f.json: not a session file: ")
        assert exc.problems or exc.reason not in error.message
        return
    assert valid(data)
    expected = json.loads(data.decode("utf-8-sig"))
    assert raw == expected and print_ == old_fingerprint(expected)
    assert session == made(expected)


def test_a_process_that_decoded_many_files_exits_cleanly():
    """msgspec 0.22 frees a pattern inside a union of four types twice, which crashed the
    process at exit (types.py states a rule's string pattern for the schema only): every
    type here is used in a fresh process, which must exit 0."""
    import subprocess
    import sys

    code = (
        "import gc, glob\n"
        "from loo_ledger.formats import reader, sessionfile\n"
        "files = [open(p, 'rb').read() for p in sorted(glob.glob('sample_sessions/*.json'))]\n"
        "for _ in range(5):\n"
        "    for d in files:\n"
        "        reader.read(d)\n"
        "        try:\n"
        "            sessionfile.read_session(d.replace(b'\"Ann\"', b'\"(pool)\"'))\n"
        "        except Exception:\n"
        "            pass\n"
        "    gc.collect()\n"
        "print('done')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=REPO)
    assert (done.returncode, done.stdout) == (0, "done\n"), done.stderr[-2000:]


def test_a_record_read_fast_is_the_record_made_by_its_fields():
    """fromtyped.record makes the same record as HandRecord's constructor given the fields
    one by one: equal, and equal field for field, every field set (a Struct field left
    unset would raise AttributeError when read)."""
    import msgspec
    from msgspec.structs import fields

    from loo_ledger.domain.rules.model import HandRecord, Penalty
    from loo_ledger.formats import fromtyped, types
    hand = msgspec.convert({
        "dealer": "Ann", "sitting_out": ["Cat"], "trump": "clubs",
        "declarations": {"Ann": "stand"}, "exchanges": {"Ann": 2}, "pam_holder": "Ben",
        "tricks": {"Ann": 3}, "penalties": [{"player": "Ben", "kind": "revoke"}],
        "deltas": {"Ann": 3}, "table_ruling": "agreed", "note": "n"}, types.Hand)
    made = fromtyped.record(hand)
    expected = HandRecord(
        dealer="Ann", sitting_out=("Cat",), trump="clubs", declarations={"Ann": "stand"},
        exchanges={"Ann": 2}, pam_holder="Ben", tricks={"Ann": 3},
        penalties=(Penalty(player="Ben", kind="revoke"),), deltas={"Ann": 3},
        table_ruling="agreed", note="n")
    assert made == expected
    names = [f.name for f in fields(HandRecord)]
    assert [getattr(made, n) for n in names] == [getattr(expected, n) for n in names]
    bare = fromtyped.record(msgspec.convert({}, types.Hand))
    assert bare == HandRecord()
    assert [getattr(bare, n) for n in names] == [getattr(HandRecord(), n) for n in names]


def test_a_bug_in_the_reader_is_raised_not_read_another_way(monkeypatch: pytest.MonkeyPatch):
    """No catch-all (issue 20): a fault in the reader, here a TypeError, is the program's
    bug, raised as it is; it is never turned into another, slower way to the same answer
    (as the three readers tried in turn once did) nor into a refusal of a good file."""
    from loo_ledger.formats import fromtyped

    def broken(hand: Any) -> Any:
        raise TypeError("a bug")

    monkeypatch.setattr(fromtyped, "record", broken)
    with pytest.raises(TypeError, match="a bug"):
        read_session(SAMPLES[0].read_bytes(), source="f.json")
