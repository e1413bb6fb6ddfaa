"""The words for what is wrong with a session file the reader refuses (formats/reader.py),
checked against ``schemas/session.schema.json``.

The reader (msgspec) says only *that* a file is wrong; this module says what and where.
Three passes, each reporting *every* problem with its JSON path and hand number:
1. jsonsafe.hazards: what would break a later layer (depth, huge numbers, surrogates...);
2. the schema (jsonschema lists every error);
3. what validators do not check by default: ``started_at`` is a real date and time, a
   rule written as a string is not a number beyond MAX_CHIPS (:func:`beyond_schema`, which
   the reader checks too), and the names: no character that shows nothing (in players, the
   session's name, the unit's name and currency), no look-alike of the program's rows, no
   two players that look alike (formats/limits.py, formats/lookalike.py: the check every
   command makes too).
"""

from __future__ import annotations

import difflib
import functools
import json
import re
from datetime import datetime
from pathlib import Path
from typing import Any, NoReturn

import loo_ledger
from loo_ledger.errors import Problem, SessionFileError
from loo_ledger.formats import jsonsafe
from loo_ledger.formats.limits import (
    MAX_CHIPS,
    MAX_PROBLEMS,
    MAX_UNIT_DECIMALS,
    MAX_UNIT_DIGITS,
    UNIT_VALUE_PATTERN,
    hidden_problem,
    name_problem,
    text_problem,
    visible,
)
from loo_ledger.formats.lookalike import alike, telling

FORMAT = "loo-session/1"
SCHEMA_NAME = "session.schema.json"
SCHEMA_ID = "https://loo-ledger.github.io/schemas/session.schema.json"
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_PLAYER_MAPS = ("declarations", "exchanges", "tricks", "deltas")


def schemas_dir() -> Path:
    """The schemas: inside the installed package (pyproject's force-include), else the
    repository's ``schemas/`` (an editable install)."""
    packaged = Path(loo_ledger.__file__).parent / "schemas"
    if (packaged / SCHEMA_NAME).is_file():
        return packaged
    return Path(loo_ledger.__file__).resolve().parent.parent / "schemas"


def schema_path() -> Path:
    """The session-file schema (:func:`schemas_dir`)."""
    return schemas_dir() / SCHEMA_NAME


@functools.cache
def _schema_text() -> str:
    return schema_path().read_text(encoding="utf-8")


def schema() -> dict[str, Any]:
    """The session schema as JSON (a fresh copy: the validators' compilers may keep it)."""
    loaded: dict[str, Any] = json.loads(_schema_text())
    return loaded


@functools.cache
def validator(part: str | None = None) -> Any:
    """The compiled validator for the whole file, or for one ``$defs`` entry (``"hand"``).

    Draft 2020-12, except that ``integer`` refuses floats: JSON Schema counts ``9.0`` as
    an integer, but a chip amount written ``9.0`` is a mistake we want to point at.
    """
    from jsonschema import Draft202012Validator, validators  # type: ignore[import-untyped]  # noqa: PLC0415 (jsonschema: only to word a file msgspec refuses)

    checker = Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _checker, x: isinstance(x, int) and not isinstance(x, bool))
    whole = schema()
    full = validators.extend(Draft202012Validator, type_checker=checker)(whole)
    return full if part is None else full.evolve(schema=whole["$defs"][part])


def json_path(path: Any) -> str:
    """A JSONPath-like spelling of a location, as players see it in messages; a key that
    a terminal would act on is escaped, a long one cut.

    >>> json_path(["hands", 3, "tricks", "Ann"])
    '$.hands[3].tricks.Ann'
    >>> json_path(["hands", 0, "deltas", "Ann Lee"]), json_path(["players", "\\x1b[2J"])
    ('$.hands[0].deltas["Ann Lee"]', '$.players["\\\\u001b[2J"]')
    """
    out = "$"
    for step in path:
        if isinstance(step, int):
            out += f"[{step}]"
        elif _IDENT.match(step) and len(step) <= 40:
            out += f".{step}"
        else:
            step = step if len(step) <= 40 else step[:40] + "…"
            out += f"[{json.dumps(step, ensure_ascii=not step.isprintable())}]"
    return out


def problem_at(path: list[Any], message: str) -> Problem:
    """A SCHEMA problem at ``path`` of a whole session file (naming the hand)."""
    return _problem(path, message, True)


def _problem(path: list[Any], message: str, whole: bool) -> Problem:
    """A SCHEMA problem at ``path``; in a whole file ``$.hands[i]`` gives hand i + 1."""
    hand, rest = None, path
    if whole:
        inside = len(path) >= 2 and path[0] == "hands" and isinstance(path[1], int)
        hand, rest = (path[1] + 1, path[2:]) if inside else (None, [])
    player = rest[1] if len(rest) >= 2 and rest[0] in _PLAYER_MAPS else None
    if player is not None and (not isinstance(player, str) or name_problem(player)):
        player = None
    if len(message) > 300:
        message = message[:300] + "…"
    return Problem(code="SCHEMA", message=message, path=json_path(path), hand=hand, player=player)


def _shown(value: Any) -> str:
    return visible(value) if isinstance(value, str) else repr(value)[:60]


def _quoted(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=not (isinstance(value, str) and value.isprintable()))
    return text if len(text) <= 60 else text[:60] + "…"


def _pattern_message(path: list[Any], value: Any, schema_here: dict[str, Any]) -> str | None:
    title = schema_here.get("title")
    if not isinstance(value, str):
        return None
    if title == "player name":
        return name_problem(value)
    if title == "text":
        return text_problem(value)
    if title == "word":
        return f"{visible(value)} contains an invisible or control character"
    if title == "card":
        return (f"{visible(value)} is not a card: write the rank (A K Q J 10 9 ... 2, or T "
                "for 10) then the suit (s h d c, or ♠ ♥ ♦ ♣), e.g. As, 10h, J♣")
    if path[-1:] == ["table_ruling"]:
        return "the ruling is blank; say why the table's figures stand"
    if path[-2:] == ["unit", "value"]:
        return (f"{visible(value)} is not a decimal such as \"0.05\", \"1\" or \"12.50\" "
                f"(at most {MAX_UNIT_DIGITS} digits, {MAX_UNIT_DECIMALS} after the point)")
    return None


def _problems_of(error: Any, whole: bool) -> list[Problem]:
    """One jsonschema error in words for Loo players (an unknown field names the field)."""
    path, value, kind = list(error.absolute_path), error.instance, error.validator
    if "propertyNames" in error.relative_schema_path and isinstance(value, str):
        path = path + [value]
    closed = error.validator_value is False and isinstance(value, dict)
    if kind == "additionalProperties" and closed:
        known = list(error.schema.get("properties", {}))
        patterns = list(error.schema.get("patternProperties", {}))
        out = []
        for key in value:
            if key in known or any(re.search(p, key) for p in patterns):
                continue
            near = difflib.get_close_matches(key, known, n=1)
            hint = f" (did you mean {near[0]!r}?)" if near else f" (known: {', '.join(known)})"
            out.append(_problem(path + [key], f"unknown field {visible(key)}{hint}", whole))
        return out
    message = None
    if kind == "type" and isinstance(value, float) and "integer" in str(error.validator_value):
        message = f"{value!r} is not a whole number (amounts are whole units, never decimals)"
    elif kind == "uniqueItems" and isinstance(value, list):
        seen: set[str] = set()
        again: set[str] = set()
        for item in map(_quoted, value):
            (again if item in seen else seen).add(item)
        twice = sorted(again)
        message = f"{', '.join(twice)} listed more than once; names must be unique"
    elif kind == "pattern":
        message = _pattern_message(path, value, error.schema)
    elif kind == "anyOf" and path == ["started_at"]:
        message = (f"{_shown(value)} is not a date-time such as 2025-03-14T19:45:00+00:00 "
                   "(RFC 3339) or 2025-03-14T19:45:00")
    elif kind == "const" and path == ["format"]:
        message = f"format is {_shown(value)}; this program reads {FORMAT!r}"
    elif kind in ("maxLength", "minLength") and isinstance(value, str):
        message = (f"{visible(value, count=False)} is {len(value)} characters; at "
                   f"{'most' if kind == 'maxLength' else 'least'} {error.validator_value} here")
    elif kind in ("maxItems", "minItems") and isinstance(value, list):
        what = "players" if path == ["players"] else "items"
        message = (f"{len(value)} {what}; at {'most' if kind == 'maxItems' else 'least'} "
                   f"{error.validator_value} here")
    return [_problem(path, message or error.message, whole)]


def refuse(problems: list[Problem], source: str, part: str | None = None) -> NoReturn:
    """Raise :func:`refusal`."""
    raise refusal(problems, source, part)


def refusal(problems: list[Problem], source: str, part: str | None = None) -> SessionFileError:
    """The SessionFileError for ``problems``: the first in the message, at most
    MAX_PROBLEMS listed."""
    first = problems[0]
    where = f"hand {first.hand} at {first.path}" if first.hand is not None else f"at {first.path}"
    more = len(problems) - 1
    tail = f" (and {more:,} more problem{'s' if more > 1 else ''})" if more else ""
    what = "not a session file" if part is None else f"not a valid {part}"
    return SessionFileError(f"{source}: {what}: {where}: {first.message}{tail}",
                            problems[:MAX_PROBLEMS])


def _without_echoes(found: list[tuple[str, Problem]]) -> list[Problem]:
    """The problems, less a pattern's where another check already spoke of the same value
    (a blank ruling is too short; the pattern need not say it again)."""
    spoken = {p.path for kind, p in found if kind != "pattern"}
    return [p for kind, p in found if kind != "pattern" or p.path not in spoken]


def beyond_schema(data: dict[str, Any]) -> list[tuple[list[Any], str]]:
    """What the schema states but validators do not enforce by default."""
    out: list[tuple[list[Any], str]] = []
    when = data.get("started_at")
    if isinstance(when, str):
        try:
            datetime.fromisoformat(when)
        except ValueError as e:
            out.append((["started_at"], f"{visible(when)} is not a real date and time: {e}"))
    for key, value in (data.get("rules") or {}).items():
        try:
            number = int(value.strip()) if isinstance(value, str) else None
        except ValueError:
            continue
        if number is not None and abs(number) > MAX_CHIPS:
            out.append((["rules", key], f"{visible(value)} is beyond {MAX_CHIPS:,} either way"))
    unit = data.get("unit")
    currency = unit.get("currency") if isinstance(unit, dict) else None
    if isinstance(currency, str) and not hidden_problem(currency):
        from loo_ledger.domain.rules.money import currency_problem, unit_problem  # noqa: PLC0415 (money's checks: only to word a refused file)
        worth = unit.get("value") if isinstance(unit, dict) else None
        if problem := currency_problem(currency):
            out.append((["unit", "currency"], problem))
        elif isinstance(worth, str) and re.match(UNIT_VALUE_PATTERN, worth) \
                and (problem := unit_problem(worth, currency)):
            out.append((["unit", "value"], problem))
    return out + _names(data)


def _names(data: dict[str, Any]) -> list[tuple[list[Any], str]]:
    """The checks of names the schema's patterns cannot make: characters that show nothing,
    look-alikes of the program's rows, two players whose names look alike."""
    out: list[tuple[list[Any], str]] = []
    seated: list[tuple[list[Any], str]] = []
    for i, name in enumerate(data.get("players") or ()):
        if isinstance(name, str):
            seated.append((["players", i], name))
    for i, change in enumerate(data.get("seat_changes") or ()):
        name = change.get("player") if isinstance(change, dict) else None
        if isinstance(name, str) and name not in data.get("players", ()):
            seated.append((["seat_changes", i, "player"], name))
    for path, name in seated:
        problem = name_problem(name)
        if problem is not None:
            out.append((path, problem))
    known = {n for _, n in seated}
    for i, hand in enumerate(data.get("hands") or ()):
        for field in _PLAYER_MAPS:  # a name no player has: the engine's, unless it is none
            table = hand.get(field) if isinstance(hand, dict) else None
            for name in table if isinstance(table, dict) else ():
                if name not in known and (problem := name_problem(name)) is not None:
                    out.append((["hands", i, field, name], problem))
    if not out:
        names = list(dict.fromkeys(n for _, n in seated))
        pair = alike(names)
        if pair is not None:
            path = next(p for p, n in seated if n == pair[1])
            out.append((path, f"{visible(pair[0])} and {visible(pair[1])} look alike"
                              f"{telling(pair[1], pair[0])}: names must differ (ignoring case "
                              "and letters that look the same)"))
    unit = data.get("unit")
    unit = unit if isinstance(unit, dict) else {}
    for path, value in ((["name"], data.get("name")), (["unit", "name"], unit.get("name")),
                        (["unit", "currency"], unit.get("currency"))):
        problem = hidden_problem(value) if isinstance(value, str) else None
        if problem is not None:
            out.append((path, problem))
    return out


def problems(data: Any, part: str | None = None) -> list[Problem]:
    """Every problem of the first pass that finds any (hazards, the schema, then
    :func:`beyond_schema`), sorted by path, best first; [] when there is none."""
    whole = part is None
    risky, _ = jsonsafe.scan(data)
    if risky:
        return [_problem(p, m, whole) for p, m in risky]
    from jsonschema.exceptions import relevance  # type: ignore[import-untyped]  # noqa: PLC0415 (jsonschema: only to word a file msgspec refuses)

    errors = sorted(validator(part).iter_errors(data), key=relevance, reverse=True)
    errors.sort(key=lambda e: jsonsafe.path_key(list(e.absolute_path)))
    found = _without_echoes([(e.validator, p) for e in errors for p in _problems_of(e, whole)])
    if found:
        return found
    if whole and isinstance(data, dict):
        return [_problem(p, m, whole) for p, m in beyond_schema(data)]
    return []


def check(data: Any, source: str, part: str | None = None) -> None:
    """Raise SessionFileError listing every problem (:func:`problems`), if there is one."""
    found = problems(data, part)
    if found:
        refuse(found, source, part)
