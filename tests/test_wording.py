"""Every game in its own words (issue 8, item 5): each finding has a test named after it.
The settlements are worked by hand from shared/spec/RULES.md in the comments."""

from __future__ import annotations

import re

import pytest
from cli_kit import BuiltOnce
from rich.cells import cell_len

from loo_ledger.cli.pool_cmd import pool_lines
from loo_ledger.cli.render import show, table
from loo_ledger.cli.show import settlement_lines
from loo_ledger.domain import HandRecord, opening_state, settle, variant
from loo_ledger.domain.next.legal import has_simple_double
from loo_ledger.domain.rules.model import Flush
from loo_ledger.errors import LooError
from loo_ledger.services.reports.cells import hand_cell as _cell
from loo_ledger.services.reports.evening import Evening
from loo_ledger.services.reports.highlights import facts

RUNNER = BuiltOnce()  # the program's command built once for the module


def _lines(name: str, seats: tuple[str, ...], dealer: str, record: HandRecord,
           pool: int = 0, rules: dict | None = None) -> tuple[list[str], object]:
    v = variant(name, rules or {})
    s = settle(record, opening_state(seats, dealer, pool), v)
    return settlement_lines(s, v=v, present=seats), s


def _deltas(lines: list[str]) -> dict[str, int]:
    return {m[1]: int(m[2]) for m in (re.match(r"^  (\S+)\s+([+-]?\d+)  ", x) for x in lines)
            if m}


# RULES.md, presets: simple_pool is play-all (three-card, bicycle, undivided) or as-double
# (a simple pool declared like a double: poker-book, lanterloo, britannica, irish, both
# five-card games); Lou has a pot.
@pytest.mark.parametrize("name, marks", [
    ("three-card", True), ("bicycle", True), ("undivided", True), ("poker-book", False),
    ("lanterloo", False), ("britannica", False), ("irish", False), ("five-card", False),
    ("britannica-five-card", False), ("lou", False)])
def test_has_simple_double_only_where_the_deal_differs(name, marks):
    assert has_simple_double(variant(name)) is marks


def test_lou_says_pot_cents_burned_never_pool_chips_looed():
    # Lou, seats A B C, C deals a first deal: C antes 100, everyone 500: P = 1600, everyone
    # stands. Tricks A 2, B 2, C 1: nobody three; A and B share 1600: 800 each. C (1 trick)
    # is burned min(1600, 5000) = 1600. A -500 + 800 = +300, B +300, C -100-500-1600 = -2200.
    # Pot after: 1600 - 1600 + 1600 = 1600. Next: A deals a later deal.
    lines, _ = _lines("lou", ("A", "B", "C"), "C", HandRecord(tricks={"A": 2, "B": 2, "C": 1}))
    text = "\n".join(lines)
    assert _deltas(lines) == {"A": 300, "B": 300, "C": -2200}
    assert "pot of 1600 in play" in lines[0]
    assert "  burned: C" in lines and lines[-1] == "Pot now 1600. Next: A deals."
    for word in ("pool", "chips", "looed", "double", "simple", "passed"):
        assert word not in text, (word, text)


def test_lou_pool_lines_speak_of_a_pot_in_cents():
    status = {"pool": 1, "double": True, "next_hand": 3, "next_dealer": "A",
              "why": "a later deal of a Lou game", "antes": [],
              "loos_from_last_hand": [{"player": "B", "amount": 1}], "sitting_out": [],
              "first_deal": False, "burn": 1, "burn_cap": 5000}
    text = "\n".join(pool_lines(status, marks=has_simple_double(variant("lou"))))
    assert text.startswith("Pot: 1 cent; next is hand 3, dealt by A")
    assert "burns: B 1" in text
    for word in ("pool", "chip", "looed", "double"):
        assert word not in text, (word, text)


def test_pool_of_1_chip_is_singular():
    status = {"pool": 1, "double": True, "next_hand": 2, "next_dealer": "A",
              "why": "a double pool", "antes": [{"player": "A", "amount": 9}],
              "loos_from_last_hand": [], "sitting_out": []}
    assert pool_lines(status, marks=has_simple_double(variant("three-card")))[0].startswith(
        "Pool: 1 chip (double); next is hand 2")


def test_lou_one_sharer_is_not_1_ways():
    # Lou, A B C D, D deals a first deal: P = 100 + 4*500 = 2100. Tricks A 2, B 1, C 1, D 1:
    # nobody three; A alone has two and takes the 2100. B, C, D burned 2100 each.
    # A -500 + 2100 = +1600; B, C -2600; D -100 - 500 - 2100 = -2700.
    lines, _ = _lines("lou", ("A", "B", "C", "D"), "D",
                      HandRecord(tricks={"A": 2, "B": 1, "C": 1, "D": 1}))
    assert _deltas(lines) == {"A": 1600, "B": -2600, "C": -2600, "D": -2700}
    assert "ways" not in "\n".join(lines)
    assert "the only one with 2 tricks on the first deal" in lines[1]


def test_irish_and_five_card_show_no_simple_or_double():
    # Irish, A B C, C deals with 9 carried: P = 18, 6 a trick. A 2, B 1 (C passes):
    # A +12, B +6, C -9. Pool after 0.
    lines, _ = _lines("irish", ("A", "B", "C"), "C", HandRecord(
        declarations={"A": "stand", "B": "stand", "C": "pass"}, tricks={"A": 2, "B": 1}),
        pool=9)
    assert _deltas(lines) == {"A": 12, "B": 6, "C": -9}
    assert lines[0] == "Hand 1: C dealt; pool of 18 in play (9 carried in)"
    assert lines[-1] == "Pool now 0. Next: A deals."
    # five-card, A B C, C deals 5 into an empty pool; everyone stands; A 3, B 2, C 0:
    # 1 a trick; A +3, B +2, C looed 5: -5 - 5 = -10. Pool after 5 - 5 + 5 = 5.
    lines, _ = _lines("five-card", ("A", "B", "C"), "C", HandRecord(
        declarations={"A": "stand", "B": "stand", "C": "stand"},
        tricks={"A": 3, "B": 2, "C": 0}))
    assert _deltas(lines) == {"A": 3, "B": 2, "C": -10}
    assert not re.search("simple|double", "\n".join(lines))


def test_three_card_flush_is_not_flush_flush():
    # bicycle (flushes on, ante 3, loo 3), A B C, C deals with 6 carried: a double pool,
    # P = 9. A and B stand, C passes; A shows a flush: A takes 9, B played without a flush:
    # looed 3. A +9, B -3, C -3 (ante). Pool after 9 - 9 + 3 = 3.
    lines, _ = _lines("bicycle", ("A", "B", "C"), "C", HandRecord(
        declarations={"A": "stand", "B": "stand", "C": "pass"},
        flushes=(Flush(player="A", kind="flush"),)), pool=6)
    assert _deltas(lines) == {"A": 9, "B": -3, "C": -3}
    assert "takes 9: flush takes the pool" in lines[1]
    assert "flush flush" not in "\n".join(lines)


def test_ruling_note_has_no_python_dict():
    # three-card, A B C, C deals a simple pool: P = 9, 3 a trick, one trick each:
    # A +3, B +3, C -9 + 3 = -6. The table ruled A +3, B 0, C -3 (the pool takes B's 3 and
    # gives C 3): pool after 0.
    _, s = _lines("three-card", ("A", "B", "C"), "C", HandRecord(
        tricks={"A": 1, "B": 1, "C": 1}, deltas={"A": 3, "B": 0, "C": -3},
        table_ruling="B misdealt"))
    assert dict(s.deltas) == {"A": 3, "B": 0, "C": -3}
    assert s.notes and not any(ch in note for note in s.notes for ch in "{}'")


def test_dealer_must_not_he_must():
    # three-card, 9 carried: a double pool. A stands, B passes: the dealer C may not pass.
    with pytest.raises(LooError) as err:
        _lines("three-card", ("A", "B", "C"), "C", HandRecord(
            declarations={"A": "stand", "B": "pass", "C": "pass"}, tricks={"A": 3}), pool=9)
    text = str(err.value) + " ".join(p.message for p in getattr(err.value, "problems", []))
    assert "may not pass but must" in text and "he must" not in text


def test_settlement_columns_align_by_display_width():
    # three-card simple pool: P = 9; 李雷 2 tricks +6, Ann 1 +3, 😀Bo none: -9 - 9 = -18.
    seats = ("李雷", "Ann", "😀Bo")
    lines, _ = _lines("three-card", seats, "😀Bo",
                      HandRecord(tricks={"李雷": 2, "Ann": 1, "😀Bo": 0}))
    assert _deltas(lines) == {"李雷": 6, "Ann": 3, "😀Bo": -18}
    ends = {cell_len(m[1]) for m in (re.match(r"^(  \S+\s+[+-]?\d+)  ", x) for x in lines) if m}
    assert len(ends) == 1, lines


def test_markup_and_control_characters_shown_literally(capsys):
    show(table("[red]Title[/red]", ["[b]col[/b]", "n"], [("[bold]x[/bold]", "a\x07b\u202e")]))
    out = capsys.readouterr().out
    assert "[red]Title[/red]" in out and "[b]col[/b]" in out and "[bold]x[/bold]" in out
    assert "a\\x07b\\u202e" in out and "\x07" not in out and "\u202e" not in out
    lines, _ = _lines("three-card", ("A\x1b[31m", "B"), "B", HandRecord(
        tricks={"A\x1b[31m": 3, "B": 0}))
    assert "\x1b" not in "\n".join(lines) and "A\\x1b[31m" in lines[1]


def test_hands_marks_revokes_flushes_and_reneges():
    record = {"declarations": {"A": "stand", "B": "miss"}, "tricks": {"A": 0, "B": 3},
              "flushes": [{"player": "B", "kind": "trump"}],
              "penalties": [{"player": "A", "kind": "revoke"}]}
    assert _cell(record, "A", {"A": -9, "B": 18}) == "0t revoke -9"
    assert _cell(record, "B", {"A": -9, "B": 18}) == "miss 3t trump flush +18"
    assert _cell(record, "A", {"A": -9, "B": 18}, lou=True) == "0t renege -9"
    assert _cell(record, "C", {"A": -9, "B": 18}) == "-"


def _evening(whole: dict[int, str], sharers: dict[int, list[str]]) -> Evening:
    hands = [{"number": 1, "dealer": "C", "pot": 27, "double": True, "pool_after": 0,
              "deltas": {"A": 18, "B": 9, "C": -27}, "looed": ["C"], "record": {}}]
    return Evening(session_id=1, name="t", started_at=None, variant="three-card", rules={},
                   unit_name=None, unit_value=None, currency=None, players=["A", "B", "C"],
                   opening_pool=0, pool=0, nets={"A": 18, "B": 9, "C": -27}, hands=hands,
                   whole=whole, sharers=sharers)


def test_summary_says_shared_by_when_nobody_took_the_whole_pot():
    # 27 in play, 9 a trick: A took two tricks (18), B one (9): shared, not "taken by A".
    assert facts(_evening({}, {1: ["A", "B"]}))[0] == (
        "Biggest pot: 27 chips in hand 1, dealt by C; shared by A and B.")
    assert facts(_evening({1: "A"}, {}))[0] == (
        "Biggest pot: 27 chips in hand 1, dealt by C; taken by A.")


def _loo(db, *args: str) -> str:

    from loo_ledger.cli import app
    result = RUNNER.invoke(app, ["--db", str(db), *args])
    assert result.exit_code == 0, result.output
    return result.output


SAMPLES = __import__("pathlib").Path(__file__).resolve().parents[1] / "sample_sessions"


def test_loo_hands_and_explain_in_lous_words(tmp_path):
    db = tmp_path / "l.db"
    _loo(db, "import", str(SAMPLES / "lou-game.json"))
    hands = _loo(db, "hands")
    assert "pot in play; t = tricks won" in hands and " pool " not in hands
    assert not re.search(r"\d D ", hands)            # no double marks in Lou
    explain = _loo(db, "explain", "2")                # Jamal burned 5000 into the pot
    assert "Jamal -> pot" in explain and "pool" not in explain


def test_loo_hands_marks_flushes_from_the_ledger(tmp_path):
    db = tmp_path / "b.db"
    _loo(db, "import", str(SAMPLES / "bicycle-club-thursday.json"))
    rows = [x for x in _loo(db, "hands").splitlines() if " flush " in x]
    assert len(rows) == 2                             # the evening's two flushes
