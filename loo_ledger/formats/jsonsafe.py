"""JSON from people we do not know: bytes to Python values, never a traceback.

``parse`` turns the bytes of a file into JSON values or one clear message; ``hazards``
walks parsed values (without recursion) and lists every value that would break a later
layer: nesting deeper than MAX_DEPTH (RecursionError), a whole number beyond MAX_INT
(OverflowError in SQLite; ValueError past 4,300 digits), NaN or Infinity (not JSON), a
lone surrogate (UnicodeEncodeError), a string longer than MAX_TEXT, a key given twice.
"""

from __future__ import annotations

import codecs
import json
import math
import re
from typing import Any

from loo_ledger.formats.limits import MAX_DEPTH, MAX_FILE_BYTES, MAX_INT, MAX_TEXT, visible

_SURROGATE = re.compile("[\ud800-\udfff]")
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{},:]')
_BOMS = ((codecs.BOM_UTF32_LE, "UTF-32"), (codecs.BOM_UTF32_BE, "UTF-32"),
         (codecs.BOM_UTF16_LE, "UTF-16"), (codecs.BOM_UTF16_BE, "UTF-16"))


class ParseError(ValueError):
    """The bytes are not JSON we read; ``path`` says where, when it is known."""

    def __init__(self, message: str, path: list[Any] | None = None):
        super().__init__(message)
        self.message, self.path = message, path


class Huge:
    """A whole number too long to read safely; kept as its digits, refused by hazards()."""

    def __init__(self, digits: str):
        self.digits = digits


class NotANumber:
    """NaN, Infinity or -Infinity, which Python's json reads but JSON does not have."""

    def __init__(self, word: str):
        self.word = word


class DuplicateKeys(dict):  # type: ignore[type-arg]
    """An object in which a key was given more than once (the last one won)."""

    twice: list[str]


def _int(digits: str) -> int | Huge:
    return int(digits) if len(digits) <= 20 else Huge(digits)


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) == len(pairs):
        return out
    seen: set[str] = set()
    twice: dict[str, None] = {}
    for key, _ in pairs:
        if key in seen:
            twice[key] = None
        seen.add(key)
    dup = DuplicateKeys(out)
    dup.twice = list(twice)
    return dup


def decode(data: bytes) -> str:
    """The text of a file: UTF-8, with or without a byte-order mark; else ParseError."""
    if len(data) > MAX_FILE_BYTES:
        raise ParseError(f"the file is larger than {MAX_FILE_BYTES:,} bytes, the most a "
                         "session file may be")
    for bom, name in _BOMS:
        if data.startswith(bom):
            raise ParseError(f"the file is {name} text; save it as UTF-8")
    if b"\x00" in data[:4]:
        raise ParseError("the file looks like UTF-16 or UTF-32 text; save it as UTF-8")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise ParseError(f"not UTF-8 text (byte {e.start})") from None


def loads(text: str) -> Any:
    """JSON values from text, with Huge, NotANumber and DuplicateKeys where they stand."""
    try:
        return json.loads(text, parse_int=_int, parse_constant=NotANumber,
                          object_pairs_hook=_object)
    except json.JSONDecodeError as e:
        raise ParseError(f"the JSON is malformed at line {e.lineno}, column {e.colno}: "
                         f"{e.msg}") from None
    except RecursionError:
        path = _too_deep(text)
        raise ParseError(f"arrays and objects nest more than {MAX_DEPTH} deep", path) from None


def parse(data: bytes) -> Any:
    """decode() then loads()."""
    return loads(decode(data))


def _too_deep(text: str) -> list[Any] | None:
    """Where the text first nests deeper than MAX_DEPTH (found without recursion)."""
    stack: list[list[Any]] = []
    last = '""'
    for m in _TOKEN.finditer(text):
        tok = m.group()
        if tok[0] == '"':
            last = tok
        elif tok in "[{":
            if len(stack) >= MAX_DEPTH:
                return [s[1] for s in stack]
            stack.append([tok, 0 if tok == "[" else ""])
        elif tok in "]}":
            if stack:
                stack.pop()
        elif tok == "," and stack and stack[-1][0] == "[":
            stack[-1][1] += 1
        elif tok == ":" and stack:
            try:
                stack[-1][1] = json.loads(last)
            except ValueError:
                stack[-1][1] = last[1:-1]
    return None


def _string(s: str) -> str | None:
    if len(s) > MAX_TEXT:
        return (f"{visible(s)} is too long; text in a session file is at most {MAX_TEXT:,} "
                "characters")
    if not s.isascii() and _SURROGATE.search(s):
        return f"{visible(s)} contains a lone surrogate, which is not text"
    return None


def _scalar(v: Any) -> str | None:
    if isinstance(v, str):
        return _string(v)
    if isinstance(v, bool) or v is None:
        return None
    if isinstance(v, int):
        if -MAX_INT <= v <= MAX_INT:
            return None
        return f"the number {v} is too large; numbers here are at most {MAX_INT:,} either way"
    if isinstance(v, float):
        return None if math.isfinite(v) else f"{v} is not a finite number"
    if isinstance(v, Huge):
        shown = v.digits if len(v.digits) <= 30 else f"{v.digits[:20]}… ({len(v.digits):,} digits)"
        return f"the number {shown} is too large; numbers here are at most {MAX_INT:,} either way"
    if isinstance(v, NotANumber):
        return f"{v.word} is not a JSON number"
    return f"a {type(v).__name__} is not a JSON value"


def hazards(data: Any, limit: int = 1000) -> list[tuple[list[Any], str]]:
    """Every (path, message) where ``data`` holds something a later layer would choke on,
    at most ``limit`` of them, sorted by path.

    >>> for path, message in hazards({"a": [1, 2**70], "b": "\\ud800"}):
    ...     print(path, message.split(";")[0])
    ['a', 1] the number 1180591620717411303424 is too large
    ['b'] '\\ud800' contains a lone surrogate, which is not text
    """
    return scan(data, limit)[0]


def scan(data: Any, limit: int = 1000) -> tuple[list[tuple[list[Any], str]], bool]:
    """hazards(), and whether a float stands anywhere (one walk, without recursion: a
    JSON Schema validator counts 9.0 as an integer, so the loader looks for floats here).
    """
    out: list[tuple[list[Any], str]] = []
    floats = False
    stack: list[tuple[Any, tuple[Any, ...]]] = [(data, ())]
    while stack and len(out) < limit:
        node, path = stack.pop()
        kind = type(node)
        if kind is dict or kind is list or kind is DuplicateKeys:
            if len(path) >= MAX_DEPTH:
                out.append((list(path), f"arrays and objects nest more than {MAX_DEPTH} deep"))
                continue
        else:
            floats = floats or kind is float
            problem = _scalar(node)
            if problem:
                out.append((list(path), problem))
            continue
        if kind is list:
            items: Any = enumerate(node)
        else:
            if kind is DuplicateKeys:
                names = ", ".join(visible(k) for k in node.twice)
                out.append((list(path), f"{names} given more than once in one object"))
            items = node.items()
        for key, value in items:
            if type(key) is str and (len(key) > MAX_TEXT or not key.isascii()):
                problem = _string(key)
                if problem:
                    out.append((list(path) + [key[:40]], f"the key {problem}"))
                    continue
            vkind = type(value)
            if vkind is str:
                if len(value) <= MAX_TEXT and value.isascii():
                    continue
            elif vkind is int:
                if -MAX_INT <= value <= MAX_INT:
                    continue
            elif vkind is dict or vkind is list or vkind is DuplicateKeys:
                stack.append((value, path + (key,)))
                continue
            elif vkind is bool or value is None:
                continue
            elif vkind is float:
                floats = True
            problem = _scalar(value)
            if problem:
                out.append((list(path) + [key], problem))
    return sorted(out, key=lambda item: path_key(item[0])), floats


def path_key(path: list[Any]) -> tuple[tuple[int, Any], ...]:
    """Sort key for JSON paths: indexes in order, then keys in order."""
    return tuple((0, s) if isinstance(s, int) else (1, str(s)) for s in path)
