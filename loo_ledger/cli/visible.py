"""Text from the ledger shown as itself: control and hidden characters made visible, and
(in rich tables) rich markup such as ``[bold]x[/bold]`` printed literally; widths by
terminal cells, so CJK and emoji names line up."""

from __future__ import annotations

from functools import cache
from typing import Any

#: Invisible characters that reorder or hide text (bidi controls); shown as escapes.
_BIDI = frozenset("\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

#: Characters rich counts as one terminal cell (rich.cells' single-cell ranges, with
#: dashes, quotes, bullets and currency signs): with only these, a table's widths are
#: its lengths (tests/test_startup_render.py asks rich about every one).
ONE_CELL_RANGES = ((0x20, 0x7E), (0xA0, 0xAC), (0xAE, 0x2FF), (0x370, 0x482), (0x2010, 0x2027),
                   (0x2030, 0x205E), (0x20A0, 0x20C0), (0x2500, 0x25FC), (0x2800, 0x28FF))


@cache
def one_cell() -> frozenset[str]:
    """Every character of :data:`ONE_CELL_RANGES` (made when a table is first written)."""
    return frozenset(chr(c) for lo, hi in ONE_CELL_RANGES for c in range(lo, hi + 1))


@cache
def as_they_are() -> frozenset[str]:
    """The one-cell characters :func:`escape` leaves as they are, so that text made of them
    alone is shown without loading unicodedata and the lookalike data (``-£1.35``, ``Zoë``):
    those :meth:`str.isprintable` accepts (no control, no bidi or other format character),
    less U+2800, blank-looking (formats/lookalike.BLANK). tests/test_startup_render.py
    holds every one to :func:`escape`."""
    return frozenset(ch for ch in one_cell() if ch.isprintable()) - {"\u2800"}


def visible(text: object) -> str:
    r"""``text`` with every control and bidi character, and every character that shows
    nothing (formats/lookalike.hidden: U+034F, tag characters...), written as an escape.

    >>> visible("Ann\x1b[31m\tB\u202eC\u034f")
    'Ann\\x1b[31m\\tB\\u202eC\\u034f'
    >>> visible("李雷 👨\u200d👩")  # a zero-width joiner inside an emoji stays
    '李雷 👨\u200d👩'
    """
    text = str(text)
    if text.isascii() and text.isprintable():  # no control character (the usual name)
        return text
    if as_they_are().issuperset(text):  # "-£1.35", "Zoë": nothing to escape
        return text
    return escape(text)


def escape(text: str) -> str:
    r""":func:`visible` the long way, character by character (unicodedata and
    formats/lookalike are loaded for it).

    >>> escape("£1\u2800\u00ad")
    '£1\\u2800\\u00ad'
    """
    import unicodedata  # noqa: PLC0415 (about 1 ms: only for text that needs it)

    from loo_ledger.formats.lookalike import escape_hidden  # noqa: PLC0415 (lookalikes: only for text that needs escapes)
    out = []
    for ch in text:
        if unicodedata.category(ch) == "Cc" or ch in _BIDI or ch in "\u2028\u2029":
            out.append(ch.encode("unicode_escape").decode("ascii"))
        else:
            out.append(ch)
    return escape_hidden("".join(out))


def cell(value: Any) -> Any:
    """A rich Text for a table cell or title: never read as markup, controls visible."""
    from rich.text import Text  # noqa: PLC0415 (rich: only for a terminal's table)
    return Text(visible(value))


def width(text: str) -> int:
    """How many terminal cells ``text`` takes (a CJK character or an emoji takes two): its
    length when every character takes one cell (:func:`one_cell`, held to rich's measure by
    tests/test_startup_render.py), else rich's measure (rich is imported only then)."""
    if text.isascii() and text.isprintable():  # U+0020..U+007E: one cell each
        return len(text)
    if one_cell().issuperset(text):
        return len(text)
    from rich.cells import cell_len  # noqa: PLC0415 (rich: only for wide characters)
    return cell_len(text)


def ljust(text: str, cells: int) -> str:
    """``text`` padded on the right to ``cells`` terminal cells."""
    return text + " " * max(0, cells - width(text))
