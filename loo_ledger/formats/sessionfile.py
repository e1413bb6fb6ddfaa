"""Reading and writing session files (``loo-session/1``, shared/spec/SESSION-FORMAT.md).

The JSON Schema in ``schemas/session.schema.json`` is the single source of truth for the
shape of a file; this module checks a file against it, reports *every* problem with its
path and hand number, and turns a valid file into the engine's :class:`Session`.
Whether a hand is possible by the rules is the engine's business, not this module's.
"""

from __future__ import annotations

import difflib
import functools
import json
import re
from pathlib import Path
from typing import Any

import loo_ledger
from loo_ledger.domain.model import Flush, HandRecord, Penalty, Session, Unit
from loo_ledger.errors import Problem, SessionFileError

FORMAT = "loo-session/1"
SCHEMA_NAME = "session.schema.json"
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_PLAYER_MAPS = ("declarations", "exchanges", "tricks", "deltas")


def schema_path() -> Path:
    """The schema file: inside the installed package, else the repository's ``schemas/``."""
    packaged = Path(loo_ledger.__file__).parent / "schemas" / SCHEMA_NAME
    if packaged.is_file():
        return packaged
    return Path(loo_ledger.__file__).resolve().parent.parent / "schemas" / SCHEMA_NAME


@functools.lru_cache(maxsize=None)
def _validator(part: str | None = None) -> Any:
    """The compiled validator for the whole file, or for one ``$defs`` entry (``"hand"``).

    Draft 2020-12, except that ``integer`` refuses floats: JSON Schema counts ``9.0`` as
    an integer, but a chip amount written ``9.0`` is a mistake we want to point at.
    """
    from jsonschema import Draft202012Validator, validators

    schema = json.loads(schema_path().read_text(encoding="utf-8"))
    checker = Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _checker, x: isinstance(x, int) and not isinstance(x, bool))
    full = validators.extend(Draft202012Validator, type_checker=checker)(schema)
    return full if part is None else full.evolve(schema=schema["$defs"][part])


@functools.lru_cache(maxsize=None)
def _fast_validator(part: str | None = None) -> Any:
    """The same schema compiled to Python by fastjsonschema: for valid files, ten times
    faster. It says only *that* a file is wrong, so a failure falls back to the full
    report. It counts ``9.0`` as an integer, so :func:`_has_float` runs with it."""
    import fastjsonschema

    schema = json.loads(schema_path().read_text(encoding="utf-8"))
    if part is not None:
        schema = {"$defs": schema["$defs"], "$ref": f"#/$defs/{part}"}
    return fastjsonschema.compile(schema)


def _has_float(data: Any) -> bool:
    """Whether a float stands anywhere in ``data``.

    >>> _has_float({"hands": [{"tricks": {"A": 1}}]}), _has_float([{"x": [2.0]}])
    (False, True)
    """
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, float):
            return True
    return False


def _valid_fast(data: Any, part: str | None) -> bool:
    from fastjsonschema import JsonSchemaException
    try:
        _fast_validator(part)(data)
    except JsonSchemaException:
        return False
    return not _has_float(data)


def json_path(path: Any) -> str:
    """A JSONPath-like spelling of a location, as players see it in messages.

    >>> json_path(["hands", 3, "tricks", "Ann"])
    '$.hands[3].tricks.Ann'
    >>> json_path(["hands", 0, "deltas", "Ann Lee"])
    '$.hands[0].deltas["Ann Lee"]'
    """
    out = "$"
    for step in path:
        if isinstance(step, int):
            out += f"[{step}]"
        elif _IDENT.match(step):
            out += f".{step}"
        else:
            out += f"[{json.dumps(step, ensure_ascii=False)}]"
    return out


def _problem(path: list[Any], message: str, whole: bool) -> Problem:
    """A SCHEMA problem at ``path``; in a whole file ``$.hands[i]`` gives hand i + 1."""
    hand, rest = None, path
    if whole:
        inside = len(path) >= 2 and path[0] == "hands" and isinstance(path[1], int)
        hand, rest = (path[1] + 1, path[2:]) if inside else (None, [])
    player = rest[1] if len(rest) >= 2 and rest[0] in _PLAYER_MAPS else None
    return Problem(code="SCHEMA", message=message, path=json_path(path), hand=hand, player=player)


def _problems_of(error: Any, whole: bool) -> list[Problem]:
    """One jsonschema error in words for Loo players (an unknown field names the field)."""
    path, value, kind = list(error.absolute_path), error.instance, error.validator
    if kind == "additionalProperties" and error.validator_value is False and isinstance(value, dict):
        known = list(error.schema.get("properties", {}))
        patterns = list(error.schema.get("patternProperties", {}))
        out = []
        for key in value:
            if key in known or any(re.search(p, key) for p in patterns):
                continue
            near = difflib.get_close_matches(key, known, n=1)
            hint = f" (did you mean {near[0]!r}?)" if near else f" (known: {', '.join(known)})"
            out.append(_problem(path + [key], f"unknown field {key!r}{hint}", whole))
        return out
    if kind == "type" and isinstance(value, float) and "integer" in str(error.validator_value):
        message = f"{value!r} is not a whole number (amounts are whole units, never decimals)"
    elif kind == "uniqueItems" and isinstance(value, list):
        twice = sorted({json.dumps(v, ensure_ascii=False) for i, v in enumerate(value) if v in value[:i]})
        message = f"{', '.join(twice)} listed more than once; names must be unique"
    elif kind == "pattern" and path[-2:] == ["unit", "value"]:
        message = f"{value!r} is not a decimal such as \"0.05\", \"1\" or \"12.50\""
    elif kind == "const" and path == ["format"]:
        message = f"format is {value!r}; this program reads {FORMAT!r}"
    else:
        message = error.message
    return [_problem(path, message, whole)]


def _path_key(path: list[Any]) -> tuple[tuple[int, Any], ...]:
    return tuple((0, s) if isinstance(s, int) else (1, s) for s in path)


def _check(data: Any, source: str, part: str | None = None) -> None:
    """Raise SessionFileError listing every schema problem, sorted by path, best first."""
    if _valid_fast(data, part):
        return
    from jsonschema.exceptions import relevance

    errors = sorted(_validator(part).iter_errors(data), key=relevance, reverse=True)
    errors.sort(key=lambda e: _path_key(list(e.absolute_path)))
    problems = [p for e in errors for p in _problems_of(e, part is None)]
    if not problems:
        return
    first = problems[0]
    where = f"hand {first.hand} at {first.path}" if first.hand is not None else f"at {first.path}"
    more = len(problems) - 1
    tail = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
    what = "not a session file" if part is None else f"not a valid {part}"
    raise SessionFileError(f"{source}: {what}: {where}: {first.message}{tail}", problems)


def _hand(d: dict[str, Any]) -> HandRecord:
    """Build a HandRecord from an already valid hand object."""
    def opt(key: str) -> dict[str, Any] | None:
        return dict(d[key]) if key in d else None

    return HandRecord(
        dealer=d.get("dealer"),
        sitting_out=tuple(d.get("sitting_out", ())),
        trump=d.get("trump"),
        declarations=opt("declarations"),
        exchanges=dict(d.get("exchanges", {})),
        flushes=tuple(Flush(player=f["player"], kind=f["kind"], suit=f.get("suit"),
                            cards=tuple(f.get("cards", ()))) for f in d.get("flushes", ())),
        pam_holder=d.get("pam_holder"),
        tricks=opt("tricks"),
        penalties=tuple(Penalty(player=p["player"], kind=p["kind"]) for p in d.get("penalties", ())),
        deltas=opt("deltas"),
        table_ruling=d.get("table_ruling"),
        note=d.get("note"),
    )


def hand_from_dict(d: dict[str, Any], *, source: str = "<hand>") -> HandRecord:
    """One hand from its session-format JSON object, checked against the schema's hand."""
    _check(d, source, part="hand")
    return _hand(d)


def hand_to_dict(h: HandRecord) -> dict[str, Any]:
    """The session-format JSON of one hand, leaving out what is absent or empty.

    ``declarations``, ``tricks`` and ``deltas`` are written whenever they are not None
    (an empty ``tricks`` says cards were played, which is not the same as no ``tricks``).
    """
    out: dict[str, Any] = {}
    for key in ("dealer", "sitting_out", "trump", "declarations", "exchanges", "flushes",
                "pam_holder", "tricks", "penalties", "deltas", "table_ruling", "note"):
        value = getattr(h, key)
        if value is None or (key in ("sitting_out", "exchanges", "flushes", "penalties") and not value):
            continue
        if key == "flushes":
            value = [{"player": f.player, "kind": f.kind,
                      **({"suit": f.suit} if f.suit is not None else {}),
                      **({"cards": list(f.cards)} if f.cards else {})} for f in value]
        elif key == "penalties":
            value = [{"player": p.player, "kind": p.kind} for p in value]
        elif key == "sitting_out":
            value = list(value)
        elif hasattr(value, "items"):
            value = dict(value)
        out[key] = value
    return out


def session_from_dict(data: Any, *, source: str = "<data>") -> Session:
    """Check ``data`` against the schema and build the Session; SessionFileError if invalid."""
    _check(data, source)
    unit = data.get("unit")
    return Session(
        variant=data["variant"],
        players=tuple(data["players"]),
        first_dealer=data["first_dealer"],
        hands=tuple(_hand(h) for h in data["hands"]),
        rules=dict(data.get("rules", {})),
        name=data.get("name"),
        started_at=data.get("started_at"),
        unit=None if unit is None else Unit(name=unit.get("name", "chip"), value=unit.get("value"),
                                            currency=unit.get("currency")),
        opening_pool=data.get("opening_pool", 0),
        buy_in=data.get("buy_in"),
    )


def load_session_file(path: str | Path) -> tuple[Session, dict[str, Any]]:
    """Read a session file: the Session and the raw JSON object, or SessionFileError."""
    source = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise SessionFileError(f"{source}: cannot read the session file: there is no such file") from None
    except IsADirectoryError:
        raise SessionFileError(f"{source}: cannot read the session file: it is a folder") from None
    except UnicodeDecodeError as e:
        raise SessionFileError(f"{source}: not a session file: not UTF-8 text (byte {e.start})") from None
    except OSError as e:
        raise SessionFileError(f"{source}: cannot read the session file: {e.strerror or e}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise SessionFileError(
            f"{source}: not a session file: the JSON is malformed at line {e.lineno}, "
            f"column {e.colno}: {e.msg}") from None
    return session_from_dict(data, source=source), data


def session_to_dict(s: Session) -> dict[str, Any]:
    """The session-format JSON object of a session, fields in the order people read them."""
    out: dict[str, Any] = {"format": FORMAT}
    if s.name is not None:
        out["name"] = s.name
    if s.started_at is not None:
        out["started_at"] = s.started_at
    out["variant"] = s.variant
    if s.rules:
        out["rules"] = dict(s.rules)
    if s.unit is not None:
        out["unit"] = {k: v for k in ("name", "value", "currency")
                       if (v := getattr(s.unit, k)) is not None}
    out["players"] = list(s.players)
    out["first_dealer"] = s.first_dealer
    out["opening_pool"] = s.opening_pool
    if s.buy_in is not None:
        out["buy_in"] = s.buy_in
    out["hands"] = [hand_to_dict(h) for h in s.hands]
    return out


def dumps_session(s: Session) -> str:
    """The session file's text: indented JSON, names as typed (not escaped), final newline."""
    return json.dumps(session_to_dict(s), indent=2, ensure_ascii=False) + "\n"
