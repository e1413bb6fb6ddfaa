"""Hostile session files for the fuzz tests (a helper module, not a test module): a good
file (:func:`good`) and hypothesis strategies that mutate it (:func:`mutated`), used by
tests/test_sessionfile_fuzz.py and tests/test_decoder.py."""

from __future__ import annotations

import codecs
import json
from typing import Any

from hypothesis import strategies as st

from loo_ledger.formats.limits import MAX_CHIPS

HOLE = "@@HOLE@@"

# Every character UTF-8 can write: every code point but the surrogates, which are exactly
# the category Cs (checked over all 1,114,112 code points). The same alphabet as
# st.text()'s default, characters(codec="utf-8"), which hypothesis works out by encoding
# and decoding every code point, about 2.4 CPU-s in each test process on its first run
# (a fresh clone, CI), before it keeps the answer in .hypothesis/; the categories come
# from the Unicode table it keeps anyway (0.2 s the first time).
UTF8_CHARACTERS = st.characters(exclude_categories=("Cs",))


def good() -> dict:
    return {
        "format": "loo-session/1",
        "name": "Friday",
        "started_at": "2025-03-14T19:45:00+00:00",
        "variant": "three-card",
        "rules": {"loo": "mixed", "loo_limit": 90},
        "unit": {"name": "white chip", "value": "0.05", "currency": "GBP"},
        "players": ["Ann", "Ben", "Cat"],
        "first_dealer": "Ann",
        "opening_pool": 0,
        "buy_in": 100,
        "x-app": {"v": 1},
        "hands": [{"declarations": {"Ben": "stand", "Cat": "pass", "Ann": "stand"},
                   "tricks": {"Ben": 1, "Ann": 2}, "x-seen": True},
                  {"tricks": {"Cat": 3}, "flushes": [{"player": "Cat", "kind": "flush"}],
                   "penalties": [{"player": "Ann", "kind": "revoke"}],
                   "deltas": {"Ann": -3, "Ben": 0, "Cat": 3}, "note": "ok",
                   "table_ruling": "agreed"}],
    }


def places(data: Any, path: tuple = ()) -> list[tuple]:
    """Every path to a value in ``data``."""
    out = [path]
    if isinstance(data, dict):
        for k, v in data.items():
            out += places(v, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += places(v, path + (i,))
    return out


PLACES = places(good())[1:]
CONTROL = st.characters(min_codepoint=0, max_codepoint=0x9F).filter(
    lambda c: ord(c) < 32 or ord(c) >= 0x7F)
ODD = st.sampled_from(["\u202e", "\u200f", "\u2066", "\u200b", "\ufeff", "\u00ad", "\u2028",
                       " ", "\u00a0", "(", ")", "pool", "Total", "\u200d", "x" * 39])
PIECES = st.lists(st.one_of(CONTROL, ODD, st.characters()), max_size=12).map("".join)
TEXTS = st.one_of(
    st.text(UTF8_CHARACTERS, max_size=30),
    PIECES,
    st.builds(lambda c, n: c * n, st.sampled_from("xé李"), st.integers(30, 12_000)),
    st.sampled_from(["(pool)", "Pool", "TOTAL", "", " ", "Ann", "Ben", "x-y", "1e5",
                     "Infinity", "2025-02-30T20:00:00", "last tuesday-ish", "-1", "0.0000001"]),
)
NUMBERS = st.one_of(
    st.integers(-2**70, 2**70), st.sampled_from([2**63, 2**63 - 1, -(2**63), 2**53, MAX_CHIPS,
                                                 MAX_CHIPS + 1, -1, 0, 5, 6]),
    st.floats(allow_nan=False, allow_infinity=False), st.just(9.0),
)
# Raw JSON text: what json.dumps cannot write, or writes only slowly.
RAW = st.one_of(
    st.integers(1, 6_000).map(lambda n: "[" * n + "]" * n),
    st.integers(1, 6_000).map(lambda n: '{"a":' * n + "1" + "}" * n),
    st.integers(21, 6_000).map(lambda n: "9" * n),
    st.integers(21, 6_000).map(lambda n: "-" + "1" * n),
    st.sampled_from(["NaN", "Infinity", "-Infinity", "1e400", "-1e400", "1E999",
                     r'"\ud800"', r'"x\udfffy"', r'"\ud83d"', r'"\ud83c\udccf"',
                     '{"Ann": 1, "Ann": 2}', "[1, 2, 3]", "{}", "[]", "null", "true"]),
)
JSON_VALUES = st.recursive(st.none() | st.booleans() | NUMBERS | TEXTS,
                           lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(TEXTS, inner, max_size=4), max_leaves=12)


@st.composite
def mutated(draw: Any) -> bytes:
    """The good file with one to three values replaced (or keys added or renamed, a
    player renamed everywhere, an extension field added), then perhaps its bytes spoiled."""
    data = good()
    raws: list[str] = []
    for _ in range(draw(st.integers(1, 2))):
        how = draw(st.sampled_from(["value", "raw", "key", "add", "rename", "rename", "x", "x"]))
        if how == "rename":
            old = draw(st.sampled_from(["Ann", "Ben", "Cat"]))
            new = draw(TEXTS | st.text(st.characters(blacklist_categories=("Cc", "Cs")),
                                       min_size=1, max_size=40))
            data = json.loads(json.dumps(data).replace(f'"{old}"', json.dumps(new)))
            continue
        path = draw(st.sampled_from(PLACES))
        parent = data
        try:
            for step in path[:-1]:
                parent = parent[step]
        except (KeyError, IndexError, TypeError):
            continue
        key = path[-1]
        if not (isinstance(parent, dict) and key in parent
                or isinstance(parent, list) and isinstance(key, int) and key < len(parent)):
            continue
        if how == "x":
            target = parent if isinstance(parent, dict) else data
            target["x-" + draw(st.text(UTF8_CHARACTERS, max_size=8))] = f"{HOLE}{len(raws)}"
            raws.append(draw(RAW | JSON_VALUES.map(lambda v: json.dumps(v, allow_nan=False))))
        elif how == "raw":
            parent[key] = f"{HOLE}{len(raws)}"
            raws.append(draw(RAW))
        elif how == "value":
            parent[key] = draw(JSON_VALUES)
        elif isinstance(parent, dict) and how == "key":
            parent[draw(TEXTS)] = parent.pop(key)
        elif isinstance(parent, dict):
            new_key = draw(TEXTS | st.sampled_from(["x-new", "colour", "$schema"]))
            parent[new_key] = draw(JSON_VALUES)
        else:
            parent.append(draw(JSON_VALUES))
    text = json.dumps(data, ensure_ascii=draw(st.booleans()))
    for i, raw in enumerate(raws):
        text = text.replace(f'"{HOLE}{i}"', raw)
    data_bytes = text.encode("utf-8", "surrogatepass")
    bytes_how = draw(st.sampled_from(["none"] * 12 + ["bom", "utf16", "cut", "flip"]))
    if bytes_how == "bom":
        data_bytes = codecs.BOM_UTF8 + data_bytes
    elif bytes_how == "utf16":
        data_bytes = text.encode("utf-16", "surrogatepass")
    elif bytes_how == "cut":
        data_bytes = data_bytes[:draw(st.integers(0, len(data_bytes)))]
    elif bytes_how == "flip":
        at = draw(st.integers(0, len(data_bytes) - 1))
        data_bytes = data_bytes[:at] + bytes([draw(st.integers(0, 255))]) + data_bytes[at + 1:]
    return data_bytes
