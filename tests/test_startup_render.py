"""Piped tables are written without rich (cli/render.py: Table.plain), and what is written is
what rich writes for the same table: rich itself is the reference here."""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len, get_character_cell_size
from rich.console import Console

from loo_ledger.cli.render import PIPE_WIDTH, Table, show, table
from loo_ledger.cli.visible import as_they_are, escape, one_cell, visible

# ASCII, Latin-1, spaces (NBSP), Greek, a soft hyphen, a combining accent, CJK, an emoji,
# controls, markup, an ellipsis
ALPHABET = st.sampled_from([*"aZ09 -+£€é ßΩж", "  ", "\xa0", "\xad", "e\u0301", "李", "👨",
                            "\x1b", "\t", "\n", "[b]", "]", ":smile:", "…"])
TEXT = st.lists(ALPHABET, max_size=6).map("".join)


def rich_text(t: Table) -> str:
    """What rich writes for ``t`` to a pipe (cli/render.show's console, not a terminal)."""
    out = io.StringIO()
    console = Console(file=out, highlight=False, soft_wrap=False, width=PIPE_WIDTH)
    console.print(t)
    return out.getvalue()


def test_a_balances_table_by_hand() -> None:
    t = table("Balances, session 3 (chips)", ["player", "net", "money"],
              [("Ann", "+12", "£0.60"), ("Benedict", "-3", ""), ("(pool)", 9, "")],
              right=("net", "money"))
    assert t.plain() == (
        "Balances, session 3 (chips)\n"
        " player   ┃ net ┃ money \n"
        "━━━━━━━━━━╇━━━━━╇━━━━━━━\n"
        " Ann      │ +12 │ £0.60 \n"
        " Benedict │  -3 │       \n"
        " (pool)   │   9 │       \n")
    assert t.plain() == rich_text(t)


def test_no_title_and_no_rows() -> None:
    t = table(None, ["", "id"], [], right=("id",))
    assert t.plain() == rich_text(t)
    short = table("Short rows", ["a", "b", "c"], [("x",), ("y", "z")])
    assert short.plain() == rich_text(short)


@settings(deadline=None)
@given(title=st.one_of(st.none(), TEXT), columns=st.lists(TEXT, min_size=1, max_size=4),
       data=st.data())
def test_plain_is_what_rich_writes(title: str | None, columns: list[str], data) -> None:
    rows = data.draw(st.lists(st.lists(TEXT, min_size=len(columns), max_size=len(columns)),
                              max_size=4))
    right = data.draw(st.sets(st.sampled_from(columns)))
    t = table(title, columns, rows, right=right)
    plain = t.plain()
    if plain is not None:  # None: a character rich must measure, so rich draws the table
        assert plain == rich_text(t)


def test_every_one_cell_character_is_one_cell_for_rich() -> None:
    for ch in one_cell():
        assert get_character_cell_size(ch) == 1, hex(ord(ch))
    assert cell_len("".join(sorted(one_cell()))) == len(one_cell())


@settings(deadline=None)
@given(text=TEXT)
def test_width_is_richs_measure(text: str) -> None:
    from loo_ledger.cli.visible import ljust, width
    assert width(text) == cell_len(text)
    assert cell_len(ljust(text, 8)) == max(8, cell_len(text))


def test_show_writes_plain_text_when_piped_and_rich_otherwise(capsys, monkeypatch) -> None:
    t = table("Sessions", ["id", "name"], [(1, "Friday")], right=("id",))
    show(t)
    assert capsys.readouterr().out == rich_text(t)
    monkeypatch.setenv("FORCE_COLOR", "1")  # rich styles the header even into a pipe
    show(t)
    assert "\x1b[1m" in capsys.readouterr().out
    monkeypatch.delenv("FORCE_COLOR")
    wide = table("Players", ["player"], [("李雷",)])
    show(wide)
    assert capsys.readouterr().out == rich_text(wide)


def test_every_character_shown_as_it_is_is_left_so_the_long_way() -> None:
    """visible() leaves text of as_they_are() alone without loading unicodedata and the
    lookalike data: each of those characters the long way (escape) is itself too, so the
    shortcut changes nothing. U+2800 (blank-looking), a soft hyphen (U+00AD, shows nothing)
    and NBSP (not printable for str.isprintable) take the long way, and the first two are
    escaped by it."""
    kept = [ch for ch in sorted(as_they_are()) if escape(ch) != ch]
    assert kept == []
    assert {"£", "€", "é", "Ω", "–", "…"} <= as_they_are()
    assert not {"\u2800", "\xad", "\xa0"} & as_they_are()
    assert visible("-£1.35 \u2800") == "-£1.35 \\u2800" == escape("-£1.35 \u2800")
    assert visible("a\xadb") == "a\\u00adb"
