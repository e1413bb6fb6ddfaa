"""Names that impersonate: characters that cannot be seen, and names that look alike.

Two questions every name check asks (formats/limits.name_problem and word_problem, for
players, sessions, house rules, currencies and units, at every entry point and in the
session-file reader):

* :func:`hidden` -- the first character of a name that shows nothing: Unicode's
  Default_Ignorable_Code_Point (zero-width characters, the combining grapheme joiner
  U+034F, variation selectors, Hangul fillers U+115F, U+1160, U+3164, U+FFA0, tag
  characters U+E0000..U+E0FFF...) and the blank-looking U+2800 BRAILLE PATTERN BLANK. A
  zero-width joiner between two symbols (an emoji sequence such as 👨‍👩), a zero-width
  (non-)joiner after a virama or between Arabic letters, and a variation selector after a
  symbol (♣️) are part of what they join, and stay allowed.
* :func:`fold` -- the key two names are compared by: UTS #39's confusable skeleton
  (NFD, each character to its prototype, NFD) of the name without its default-ignorable
  characters, folded for case (and NFKC), and the skeleton again: ``tоtal`` (a Cyrillic о) folds to
  ``total``, ``ΑNN`` (a Greek Alpha) to ``ann``, ``Ann`` to ``ann``.

The data (Default_Ignorable_Code_Point; the prototypes of confusables.txt) is in
unicode_data.py and unicode_confusables.py, written by scripts/unicode_names.py.

>>> fold("tоtal") == fold("TOTAL"), fold("Ann") == fold("Ben")
(True, False)
>>> hidden("Ann\\u034f"), hidden("Zoë"), hidden("👨\\u200d👩")
('\\u034f', None, None)
"""

from __future__ import annotations

import functools
import unicodedata
from bisect import bisect_right
from collections.abc import Iterable

from loo_ledger.formats import unicode_data

#: Characters that look blank and are not default-ignorable (nor white space, which the
#: name check refuses at either end and the skeleton folds to a space).
BLANK = frozenset("\u2800")

_ZWNJ, _ZWJ = "\u200c", "\u200d"
_STARTS = tuple(a for a, _ in unicode_data.IGNORABLE)


def ignorable(ch: str) -> bool:
    """Whether ``ch`` is a Default_Ignorable_Code_Point.

    >>> ignorable("\\u200b"), ignorable("\\U000e0041"), ignorable("a")
    (True, True, False)
    """
    code = ord(ch)
    i = bisect_right(_STARTS, code) - 1
    return i >= 0 and code <= unicode_data.IGNORABLE[i][1]


def _symbol(ch: str) -> bool:
    return unicodedata.category(ch) in ("So", "Sk", "Sm") or ord(ch) >= 0x1F000


def _arabic(ch: str) -> bool:
    return unicodedata.category(ch).startswith("L") and "ARABIC" in unicodedata.name(ch, "")


def _joins(text: str, i: int) -> bool:
    """Whether the ignorable ``text[i]`` is part of what it joins (see the module)."""
    ch = text[i]
    before = text[i - 1] if i else ""
    after = text[i + 1] if i + 1 < len(text) else ""
    if 0xFE00 <= ord(ch) <= 0xFE0F:
        return bool(before) and _symbol(before)
    if ch not in (_ZWJ, _ZWNJ) or not before or not after:
        return False
    if unicodedata.combining(before) == 9:  # a virama: the joiner picks the conjunct's form
        return True
    if ch == _ZWJ:
        # 👨‍👩, 🏳️‍🌈: a symbol (perhaps with its variation selector) then a symbol
        core = text[i - 2] if 0xFE00 <= ord(before) <= 0xFE0F and i >= 2 else before
        return _symbol(core) and _symbol(after)
    return _arabic(before) and _arabic(after)


def hidden(text: str) -> str | None:
    """The first character of ``text`` that shows nothing (see the module), or None."""
    if text.isascii():
        return None
    for i, ch in enumerate(text):
        if ch in BLANK or (ignorable(ch) and not _joins(text, i)):
            return ch
    return None


@functools.cache
def _prototypes() -> dict[str, str]:
    from loo_ledger.formats.unicode_confusables import PROTOTYPE_LINES  # noqa: PLC0415 (the confusables table: only when two names are compared)
    return dict(line.split("\t", 1) for line in PROTOTYPE_LINES.split("\n") if line)


def skeleton(text: str) -> str:
    """UTS #39's skeleton of ``text``: NFD, each character to its prototype, NFD.

    >>> skeleton("pооl"), skeleton("rn") == skeleton("m")
    ('pool', True)
    """
    table = unicode_data.ASCII_PROTOTYPES if text.isascii() else _prototypes()
    mapped = "".join(table.get(c, c) for c in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


def fold(name: str) -> str:
    """The key by which two names are the same name: its skeleton without the characters
    that show nothing, folded for case, and the skeleton of that (case folding can give a
    letter a prototype of its own: ``I`` and ``i``); compatibility forms (``（ｐｏｏｌ）``,
    full width) are folded with NFKC first.

    >>> fold("（ｐｏｏｌ）")
    '(pool)'
    """
    seen = "".join(c for c in name if not ignorable(c))
    return skeleton(unicodedata.normalize("NFKC", skeleton(seen)).casefold())


def escape_hidden(text: str) -> str:
    r"""``text`` with each character that shows nothing written as its escape.

    >>> escape_hidden("Ann\u034f"), escape_hidden("👨\u200d👩")
    ('Ann\\u034f', '👨\u200d👩')
    """
    if hidden(text) is None:
        return text
    return "".join(_escaped(ch) if ch in BLANK or (ignorable(ch) and not _joins(text, i))
                   else ch for i, ch in enumerate(text))


def _escaped(ch: str) -> str:
    return f"\\u{ord(ch):04x}" if ord(ch) < 0x10000 else f"\\U{ord(ch):08x}"


def alike(names: Iterable[str]) -> tuple[str, str] | None:
    """The first two of ``names`` that are the same name by :func:`fold`, or None.

    >>> alike(["Ann", "Ben", "\u0410nn"])
    ('Ann', '\u0410nn')
    """
    seen: dict[str, str] = {}
    for name in names:
        key = fold(name)
        if key in seen:
            return seen[key], name
        seen[key] = name
    return None


def telling(name: str, like: str) -> str:
    """Where ``name`` differs from the name ``like`` it looks like, in words: the first
    character that is not what it seems (for a message), or "" when they are spelt alike
    but for case.

    >>> telling("t\\u043etal", "total")
    " ('\\u043e' is U+043E CYRILLIC SMALL LETTER O)"
    >>> telling("Ann", "ANN")
    ''
    """
    pairs = zip(name, like, strict=False) if len(name) == len(like) else ((c, "") for c in name)
    for mine, theirs in pairs:
        if mine.casefold() != theirs.casefold() and (not mine.isascii() or not theirs):
            what = unicodedata.name(mine, "")
            return f" ({mine!r} is U+{ord(mine):04X}{' ' + what if what else ''})"
    return ""
