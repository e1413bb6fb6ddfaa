"""Text from the ledger shown as itself: control and hidden characters made visible, and
(in rich tables) rich markup such as ``[bold]x[/bold]`` printed literally; widths by
terminal cells, so CJK and emoji names line up."""

from __future__ import annotations

from typing import Any

#: Invisible characters that reorder or hide text (bidi controls); shown as escapes.
_BIDI = frozenset("\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


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
    import unicodedata  # (about 1 ms to load: only for text that needs it)

    from loo_ledger.formats.lookalike import escape_hidden
    out = []
    for ch in text:
        if unicodedata.category(ch) == "Cc" or ch in _BIDI or ch in "\u2028\u2029":
            out.append(ch.encode("unicode_escape").decode("ascii"))
        else:
            out.append(ch)
    return escape_hidden("".join(out))


def cell(value: Any) -> Any:
    """A rich Text for a table cell or title: never read as markup, controls visible."""
    from rich.text import Text
    return Text(visible(value))


def width(text: str) -> int:
    """How many terminal cells ``text`` takes (a CJK character or an emoji takes two): its
    length when every character takes one cell (render.one_cell, held to rich's measure by
    tests/test_startup_render.py), else rich's measure (rich is imported only then)."""
    if text.isascii() and text.isprintable():  # U+0020..U+007E: one cell each
        return len(text)
    from loo_ledger.cli.render import one_cell
    if one_cell().issuperset(text):
        return len(text)
    from rich.cells import cell_len
    return cell_len(text)


def ljust(text: str, cells: int) -> str:
    """``text`` padded on the right to ``cells`` terminal cells."""
    return text + " " * max(0, cells - width(text))
