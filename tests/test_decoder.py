"""The one-pass decoder (issue 10, item 2): a valid file is decoded and checked by msgspec
alone, and gives what the long way (jsonsafe + the JSON Schema + session_from_dict) gives:
the same Session, raw object and fingerprint. Whatever the long way refuses, the fast way
does not accept (it returns None and the long way lists the problems)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from session_fuzz import good as fuzz_good
from session_fuzz import mutated

from loo_ledger.errors import SessionFileError
from loo_ledger.formats import decode, jsonsafe, lean, schemacheck, sessionfile
from loo_ledger.formats.sessionfile import load_session, read_session, session_from_dict

REPO = Path(__file__).resolve().parent.parent
SAMPLES = sorted((REPO / "sample_sessions").glob("*.json"))
CASES = sorted((REPO / "tests" / "data" / "conformance" / "cases").glob("*.json"))


def plain_good() -> dict:
    """The fuzzer's good file without its extension fields (lean.read takes it on)."""
    data = fuzz_good()
    del data["x-app"], data["hands"][0]["x-seen"]
    return data


def old_fingerprint(raw: Any) -> str:
    """How fingerprints were always taken (services/importing.py before msgspec)."""
    text = json.dumps(raw, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def long_way(data: bytes) -> tuple[Any, Any, str]:
    raw = jsonsafe.parse(data)
    return session_from_dict(raw, source="f.json"), raw, old_fingerprint(raw)


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
        assert lean.read(data) is not None
        with pytest.raises(SessionFileError) as info:
            read_session(json.dumps(changed(seat, rule, good=False)).encode())
        assert info.value.problems[0].path == (
            "$.hands[0].sitting_out" if seat else "$.rule_changes[0].from_hand")


def test_the_plain_good_file_is_read_lean_and_its_hands_decoded_when_asked_for():
    data = plain_good()
    got = lean.read(json.dumps(data, ensure_ascii=False).encode())
    assert got is not None
    session, raw, print_ = got
    assert list(raw) == list(data) and raw["hands"][1] == data["hands"][1]
    assert list(raw["hands"]) == data["hands"] and len(raw["hands"]) == 2
    assert print_ == old_fingerprint(data) and session == session_from_dict(data)


def lean_way(data: bytes) -> tuple[Any, Any, str] | None:
    """lean.read with the raw hands decoded (they are decoded when asked for)."""
    got = lean.read(data)
    if got is None:
        return None
    raw = dict(got[1])
    assert isinstance(raw["hands"], lean.RawHands)
    raw["hands"] = list(raw["hands"])
    return got[0], raw, got[2]


def plain(data: bytes) -> bool:
    """Whether lean.read takes the file on: every valid file."""
    return True


@pytest.mark.parametrize("name, data", FILES, ids=[n for n, _ in FILES])
def test_a_valid_file_takes_the_fast_way_and_gives_what_the_long_way_gives(name: str,
                                                                          data: bytes):
    try:
        expected = long_way(data)
    except SessionFileError:
        assert decode.fast(data) is None and lean.read(data) is None
        return
    for got in (decode.fast(data), lean_way(data)):
        if got is None and plain(data) is False:
            continue
        assert got is not None, name
        assert got[0] == expected[0]
        assert got[1] == expected[1]
        assert got[2] == expected[2]
    raw = lean.read(data)
    if raw is not None:
        hands = raw[1]["hands"]
        assert len(hands) == len(expected[1]["hands"])
        assert hands[1:3] == expected[1]["hands"][1:3] and hands[-1] == expected[1]["hands"][-1]


def test_valid_files_never_reach_the_schema_checker(monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path):
    def no(*_: Any, **__: Any) -> None:
        raise AssertionError("the long way was taken")

    monkeypatch.setattr(schemacheck, "check", no)
    monkeypatch.setattr(sessionfile, "check", no)
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
    raw_bytes = json.dumps(data, ensure_ascii=False).encode()
    for got in (decode.fast(raw_bytes), lean_way(raw_bytes)):
        assert got is not None
        assert got[1] == data and got[2] == old_fingerprint(data)
        assert got[0] == session_from_dict(data)


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
    assert decode.fast(data) is None and lean.read(data) is None
    with pytest.raises(SessionFileError, match="given more than once"):
        read_session(data, source="f.json")


@pytest.mark.parametrize("hands", [
    "null", "[null]", "{}", '[{"x-a": 1, "tricks": 1}]',
    '[{"flushes": [{"player": "Ann", "kind": "flush", "x-a": 1}, 2]}]'])
def test_a_file_of_the_wrong_shape_with_extensions_takes_the_long_way(hands: str):
    data = json.dumps(fuzz_good() | {"hands": "@"}).replace('"@"', hands).encode()
    assert decode.fast(data) is None and lean.read(data) is None
    with pytest.raises(SessionFileError, match="hands"):
        read_session(data, source="f.json")


def test_the_raw_object_is_the_file_as_read_extensions_and_all():
    data = fuzz_good()
    data["unit"]["x-u"] = 1
    data["hands"][1]["flushes"][0]["x-f"] = 2
    for got in (decode.fast(json.dumps(data).encode()), lean_way(json.dumps(data).encode())):
        assert got is not None and got[1] == data
        assert got[1]["unit"]["x-u"] == 1 and got[1]["hands"][1]["flushes"][0]["x-f"] == 2


def test_a_colon_written_as_an_escape_takes_the_long_way_and_is_accepted():
    data = json.dumps(plain_good() | {"name": "Friday: the late game"}).replace(
        ": the", "\\u003a the").encode()
    assert decode.fast(data) is None and lean.read(data) is None
    session, raw, print_ = read_session(data)
    assert session.name == "Friday: the late game"
    assert print_ == old_fingerprint(raw)


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
    assert decode.fast(data) is None and lean.read(data) is None
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
    for every character (and so every key order), and for whole numbers and booleans."""
    import msgspec

    chars = [chr(i) for i in range(0x110000) if not 0xD800 <= i <= 0xDFFF]
    for start in range(0, len(chars), 8192):
        chunk = {c + "k": [c, i, -i, i % 2 == 0] for i, c in enumerate(chars[start:start + 8192])}
        assert msgspec.json.encode(chunk, order="sorted") == decode.canonical(chunk)
    edge = {"n": [0, -1, 2**53 - 1, -(2**53 - 1), 10**12], "": {}, "l": [], "t": None}
    assert msgspec.json.encode(edge, order="sorted") == decode.canonical(edge)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.data_too_large])
@given(mutated())
def test_the_fast_way_never_accepts_what_the_long_way_refuses(data: bytes):
    for got in (decode.fast(data), lean_way(data)):
        if got is None:
            continue
        session, raw, print_ = long_way(data)
        assert got[0] == session and got[1] == raw and got[2] == print_


def test_a_process_that_decoded_many_files_exits_cleanly():
    """msgspec 0.22 frees a pattern inside a union of four types twice, which crashed the
    process at exit (types.py states a rule's string pattern for the schema only): every
    type here is used in a fresh process, which must exit 0."""
    import subprocess
    import sys

    code = (
        "import gc, glob\n"
        "from loo_ledger.formats import decode, lean, sessionfile\n"
        "files = [open(p, 'rb').read() for p in sorted(glob.glob('sample_sessions/*.json'))]\n"
        "for _ in range(5):\n"
        "    for d in files:\n"
        "        assert decode.fast(d) is not None\n"
        "        lean.read(d)\n"
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

    from loo_ledger.domain.model import HandRecord, Penalty
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
