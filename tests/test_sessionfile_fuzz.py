"""A fuzzer over session files (issue 9, item 3): a good file mutated with hostile values
and bytes either loads, within the documented limits and round-tripping, or is refused
with a SessionFileError that is safe to print. Never anything else."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from session_fuzz import PIECES, mutated

from loo_ledger.errors import SessionFileError
from loo_ledger.formats.limits import (
    MAX_CHIPS,
    MAX_INT,
    MAX_PLAYERS,
    MAX_TEXT,
    NAME_PATTERN,
    name_problem,
)
from loo_ledger.formats.sessionfile import dumps_session, parse_session


def printable(text: str) -> None:
    """Safe to print: encodable, no control character but newline, no bidi override."""
    text.encode("utf-8")
    assert not [c for c in text if c != "\n" and (ord(c) < 32 or 0x7F <= ord(c) <= 0x9F
                                                   or 0x202A <= ord(c) <= 0x202E
                                                   or 0x2066 <= ord(c) <= 0x2069)], text


def within_limits(session: Any, raw: dict) -> None:
    """What was accepted can be stored, shown and written back."""
    json.dumps(raw, ensure_ascii=False, allow_nan=False).encode("utf-8")
    assert 2 <= len(session.players) <= MAX_PLAYERS
    named = list(session.players) + [session.first_dealer]
    for hand in session.hands:
        for field in ("declarations", "exchanges", "tricks", "deltas"):
            named += list(getattr(hand, field) or {})
        assert all(abs(v) <= MAX_CHIPS for v in (hand.deltas or {}).values())
        assert all(0 <= v <= 6 for v in list(hand.exchanges.values())
                   + list((hand.tricks or {}).values()))
        if hand.table_ruling is not None:
            assert hand.table_ruling.strip()
    assert all(name_problem(n) is None for n in named), named
    assert 0 <= session.opening_pool <= MAX_CHIPS
    assert session.buy_in is None or 0 <= session.buy_in <= MAX_CHIPS
    for value, _ in _leaves(raw):
        assert not isinstance(value, int) or abs(value) <= MAX_INT
        assert not isinstance(value, str) or len(value) <= MAX_TEXT
    again, _ = parse_session(dumps_session(session, raw).encode(), source="again")
    assert again == session


def _leaves(data: Any):
    stack = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            stack += list(node.values())
            yield from ((k, None) for k in node)
        elif isinstance(node, list):
            stack += node
        else:
            yield node, None


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                               HealthCheck.data_too_large])
@given(mutated())
def test_a_mutated_file_loads_within_the_limits_or_is_refused_in_words(data: bytes):
    try:
        session, raw = parse_session(data, source="fuzz.json")
    except SessionFileError as err:
        assert err.message.startswith("fuzz.json: ")
        printable(str(err))
        assert len(err.problems) <= 20
        assert all(p.path is None or p.path.startswith("$") for p in err.problems)
        return
    within_limits(session, raw)


@given(PIECES)
def test_the_schemas_name_pattern_and_name_problem_agree(name: str):
    """They agree on every name but two kinds. One with a lone surrogate: the schema's
    pattern is ECMA-262's, where a character beyond U+FFFF is a pair of surrogates, so it
    cannot refuse a lone one without refusing every emoji. A file cannot carry one anyway
    (the reader refuses it: test_sessionfile_hostile.py), and name_problem refuses it for
    the command line, where undecodable bytes arrive as lone surrogates. And a name that
    impersonates (issue 19, item 11): a character that shows nothing, allowed or not by
    what stands beside it, or a look-alike of the program's rows by Unicode's confusables,
    which no regular expression states; the reader refuses those with name_problem
    (test_names_lookalike.py). Whatever name_problem accepts, the pattern accepts."""
    import re
    if re.search("[\ud800-\udfff]", name):
        assert name_problem(name) is not None, name
        return
    by_pattern = 1 <= len(name) <= 40 and re.search(NAME_PATTERN, name) is not None
    problem = name_problem(name)
    if problem is None or not by_pattern:
        assert by_pattern == (problem is None), name
    else:
        assert "shows nothing" in problem or "looks like" in problem, (name, problem)
