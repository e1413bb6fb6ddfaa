"""The leak tallies counted by the one writer as it derives a session's rows
(store/leak_tallies.py ``Tally``), not read back from the stored hands: the same counts
whether the hands come from the writer or from the store (``loo check``, m023).

A Tally fed by hand, worked by hand. Ann, Ben, Cat at positions 0, 1, 2, Cat deals, an
exchanging game (``swapping``):

  hand 1, simple pool, words "sps" (Ann stands, Ben passes, Cat stands), Ben looed in the
  hand before (mask 0b010); Ann +4 and exchanged 2, Ben 0, Cat -4 and exchanged none.
  Dealt order Ann (seat 1), Ben (seat 2), Cat (seat 0, the dealer); ``first`` is
  1 * 1024 plus the place. Dealt lines: Ann 1024, Ben 1025, Cat 1026. Choices in order:
    0 Ann stand line, seat 1, nobody stood before: stand       -> 1024
    1 Ann miss line (the miss is there, he stands on his cards) -> 1025
    2 Ann exchange, seat 1: "2"                                 -> 1026
    3 Ben stand line, seat 2, one stood before: pass            -> 1027
    4 Ben after-a-loo line: pass                                -> 1028
    5 Cat stand line, seat 0, one stood before: stand           -> 1029
    6 Cat miss line: stand                                      -> 1030
    7 Cat defence line (someone stood): stand                   -> 1031
    8 Cat exchange, seat 0: "0"                                 -> 1032
  hand 2, the same words and dealer, a double pool, Cat looed in hand 1 (mask 0b100);
  Ann -3 (no exchange named: "0"), Ben 0, Cat +3. Base 2048: Ann stand 2048, Ann miss
  2049, Ann exchange "0" 2050, Ben stand 2051 (no after-loo: Ben was not looed in hand 1),
  Cat stand 2052, Cat after-loo 2053, Cat miss 2054, Cat defence 2055, Cat exchange 2056.
  hand 3, as hand 1 (simple, Ann +4 exchanging 2, Cat -4), Ben looed in hand 2: it adds
  to hand 1's tallies: Ann stand n 2, chips 8, first still 1024; Ben after-loo n 2,
  chips 0, first 1028.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from season_kit import five_card_exchanges

from loo_ledger.store import leak_tallies
from loo_ledger.store.leak_tallies import Tally, hand_choices, session_game
from loo_ledger.store.ledger import Ledger
from loo_ledger.store.situations import exchanges, hand_facts

SAMPLES = Path(__file__).resolve().parent.parent / "sample_sessions"


def _three_hands() -> dict[tuple[str, int, str, str], list[int]]:
    t = Tally(["Ann", "Ben", "Cat"], lou=False, swapping=True, looed_last=0b010)
    t.add(1, 2, "sps", [4, 0, -4], 0, 0b100, {"Ann": 2})
    t.add(2, 2, "sps", [-3, 0, 3], 1, 0b010, {})
    t.add(3, 2, "sps", [4, 0, -4], 0, 0, {"Ann": 2})
    return t.tallies()


def test_a_tally_worked_by_hand() -> None:
    got = _three_hands()
    assert got[("Ann", 0, "dealt", "")] == [2, 8, 1024]
    assert got[("Ben", 0, "dealt", "")] == [2, 0, 1025]
    assert got[("Cat", 0, "dealt", "")] == [2, -8, 1026]
    assert got[("Ann", 0, "stand simple 1 0", "stand")] == [2, 8, 1024]
    assert got[("Ann", 0, "miss simple", "stand")] == [2, 8, 1025]
    assert got[("Ann", 0, "exchange simple 1", "2")] == [2, 8, 1026]
    assert got[("Ben", 0, "stand simple 2 1", "pass")] == [2, 0, 1027]
    assert got[("Ben", 0, "after-loo simple", "pass")] == [2, 0, 1028]
    assert got[("Cat", 0, "stand simple 0 1", "stand")] == [2, -8, 1029]
    assert got[("Cat", 0, "miss simple", "stand")] == [2, -8, 1030]
    assert got[("Cat", 0, "defend simple", "stand")] == [2, -8, 1031]
    assert got[("Cat", 0, "exchange simple 0", "0")] == [2, -8, 1032]
    assert got[("Ann", 1, "dealt", "")] == [1, -3, 2048]
    assert got[("Ann", 1, "exchange double 1", "0")] == [1, -3, 2050]
    assert got[("Ben", 1, "stand double 2 1", "pass")] == [1, 0, 2051]
    assert ("Ben", 1, "after-loo double", "pass") not in got
    assert got[("Cat", 1, "after-loo double", "stand")] == [1, 3, 2053]
    assert got[("Cat", 1, "exchange double 0", "0")] == [1, 3, 2056]
    assert len(got) == 3 + 9 + 3 + 9   # dealt and choices, simple then double


def test_the_dealt_lines_come_first_then_the_others_as_first_met() -> None:
    keys = list(_three_hands())
    assert keys[:6] == [("Ann", 0, "dealt", ""), ("Ben", 0, "dealt", ""),
                        ("Cat", 0, "dealt", ""), ("Ann", 1, "dealt", ""),
                        ("Ben", 1, "dealt", ""), ("Cat", 1, "dealt", "")]
    firsts = [v[2] for v in _three_hands().values()][6:]
    assert firsts == sorted(firsts)


def _choices_summed(db: Any, sid: int) -> dict[tuple[Any, ...], list[int]]:
    """The tallies of session ``sid`` summed choice by choice from ``hand_choices`` (the
    leak finder's own reading of the stored hands), as m023 first summed them."""
    variant, rules = db.execute("SELECT variant, rules FROM sessions WHERE id = ?",
                                (sid,)).fetchone()
    lou, swapping = session_game(variant, rules)
    swaps = exchanges(db, [sid]) if swapping else None
    out: dict[tuple[Any, ...], list[int]] = {}
    for row, seats, chosen in hand_choices(list(hand_facts(db, [sid])),
                                           (sid,) if lou else (), swaps):
        number, deltas, double, names = row[1], row[4], int(row[5]), row[7]
        for i, (pos, _seat) in enumerate(seats):
            got = out.setdefault((names[pos], double, "dealt", ""), [0, 0, number * 1024 + i])
            got[0] += 1
            got[1] += deltas[pos] or 0
        for k, (pos, _seat, line, choice) in enumerate(chosen):
            got = out.setdefault((names[pos], double, leak_tallies.text(line), choice),
                                 [0, 0, number * 1024 + k])
            got[0] += 1
            got[1] += deltas[pos] or 0
    return out


def test_the_writer_stores_what_each_choice_of_the_hands_gives(loo: Any,
                                                                 tmp_path: Path) -> None:
    """Every sample evening (the miss, Irish and five-card exchanges, Lou's deals, cards,
    flushes), imported: each session's stored tallies are those of its stored hands,
    choice by choice, and ``loo check`` finds nothing."""
    db = tmp_path / "s.db"
    files = sorted(str(p) for p in SAMPLES.glob("*.json"))
    assert loo(db, "import", *files).exit_code == 0
    ledger = Ledger.open(db)
    try:
        sids = [r[0] for r in ledger.db.execute("SELECT id FROM sessions ORDER BY id")]
        assert len(sids) == len(files)
        for sid in sids:
            stored = leak_tallies.stored(ledger.db, sid)
            assert stored, sid
            assert stored == _choices_summed(ledger.db, sid), sid
    finally:
        ledger.close()
    out = loo(db, "check")
    assert out.exit_code == 0, out.output


def test_hands_appended_add_to_them(loo: Any, tmp_path: Path) -> None:
    """Five-card, two hands recorded at the table with their exchanges
    (tests/season_kit.py; the writer resumes after the stored hand, the loo of the last
    stored hand read back), then the first undone and recorded again by an amendment of
    nothing (the tallies written anew): each time the stored tallies are those of the
    stored hands, choice by choice; Ann's exchange of 2 from seat 1 in hand 1 (+3) among
    them."""
    db = five_card_exchanges(loo, tmp_path / "f.db")
    ledger = Ledger.open(db)
    try:
        stored = leak_tallies.stored(ledger.db, 1)
        assert stored[("Ann", 0, "exchange simple 1", "2")][:2] == [1, 3]
        assert stored == _choices_summed(ledger.db, 1)
    finally:
        ledger.close()
    assert loo(db, "undo", "--yes").exit_code == 0
    ledger = Ledger.open(db)
    try:
        assert leak_tallies.stored(ledger.db, 1) == _choices_summed(ledger.db, 1)
        assert ("Cat", 0, "exchange simple 2", "1") not in leak_tallies.stored(ledger.db, 1)
    finally:
        ledger.close()
