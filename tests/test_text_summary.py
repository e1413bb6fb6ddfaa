"""loo export --format text (issue 11, item 8): a summary for chat apps in plain lines, with
the transfers that settle the evening; --format md keeps its table and gains them.

The evenings are worked by hand from shared/spec/RULES.md:

SECOND (tests/test_cli.py): three-card, A B C D, D deals first, white chip = £0.05.
  Hand 1, D deals a simple pool: P = 9, 3 a trick; A takes all three (+9); B and C
  looed 9 each; D antes 9 and is looed 9: -18. Pool after 27.
  Hand 2, A deals, double: P = 27 + 9 = 36; B and C pass; A takes all three: -9 + 36 =
  +27; D is looed: -9. Pool after 9.
  Nets A +36, B -9, C -9, D -27; pool 9. Money: £1.80, -£0.45, -£0.45, -£1.35, pool £0.45.
  Transfers (settle-up's greedy: the largest debtor pays the largest creditor, ties to
  the first in seat order, the pool last): D pays A £1.35 (A still owed £0.45); B and C
  both owe £0.45, B first: B pays A £0.45; C pays the pool £0.45.
  Highlights: the biggest pot is hand 2's 36 (£1.80), dealt by A and taken whole by A;
  the best hand A's +27 (£1.35) in hand 2; the worst D's -18 (£0.90) in hand 1; looed
  most: D, twice (hands 1 and 2).

GOOD_SESSION (tests/conftest.py) at white chip = £0.005: nets A 0, B +12, C +3, D -15,
  pool 0. Exact money 0, 0.060, 0.015, -0.075 (sum 0). Rounded down to the cent: 0, 6,
  1, -8 = -1 cent; the missing cent goes to the largest remainder, C's 0.5 and D's 0.5
  tie, C (seated first) gets it: A £0.00, B +£0.06, C +£0.02, D -£0.08 (sum 0; rounded
  one by one, half up, C and D would be +£0.02 and -£0.07, summing to +£0.01).
  Transfers: D owes 8 cents: D pays B £0.06, then D pays C £0.02.
"""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema

from loo_ledger.services.reports.evening import Evening
from loo_ledger.services.reports.text import summary

SECOND = {
    "format": "loo-session/1", "name": "Second night", "variant": "three-card",
    "started_at": "2026-03-13T20:00:00+00:00",  # a Friday
    "unit": {"name": "white chip", "value": "0.05", "currency": "GBP"},
    "players": ["A", "B", "C", "D"], "first_dealer": "D",
    "hands": [{"tricks": {"A": 3}},
              {"declarations": {"B": "pass", "C": "pass", "D": "stand", "A": "stand"},
               "tricks": {"A": 3, "D": 0}}],
}
SCHEMAS = Path(__file__).resolve().parent.parent / "schemas" / "output"

SECOND_TEXT = """Second night
Fri 13 Mar 2026, 20:00, three-card, 2 hands, white chip = £0.05

Result:
A: +36 white chips, +£1.80
B: -9 white chips, -£0.45
C: -9 white chips, -£0.45
D: -27 white chips, -£1.35
Pool: 9 white chips (£0.45)

Highlights:
- Biggest pot: 36 white chips (£1.80) in hand 2, dealt by A; taken by A.
- Best single hand: A won 27 white chips (£1.35) in hand 2.
- Worst single hand: D lost 18 white chips (£0.90) in hand 1.
- Looed most often: D (2 times).
- 9 white chips (£0.45) stay in the pool for next time.

To settle up:
- D pays A £1.35
- B pays A £0.45
- C pays the pool £0.45
"""


def _db(loo, tmp_path: Path, save, session: dict) -> Path:
    db = tmp_path / "loo.db"
    assert loo(db, "import", save(tmp_path / "s.json", session)).exit_code == 0
    return db


def test_second_night_as_text(loo, tmp_path, save):
    db = _db(loo, tmp_path, save, SECOND)
    result = loo(db, "export", "--format", "text")
    assert result.exit_code == 0, result.output
    assert result.stdout == SECOND_TEXT
    assert "|" not in result.stdout  # no table rows, nothing a chat app shows as pipes


def test_half_cent_unit_money_sums_and_transfers_match(loo, tmp_path, save, good_session):
    good_session["unit"]["value"] = "0.005"
    text = loo(_db(loo, tmp_path, save, good_session), "export", "-f", "text").stdout
    lines = text.splitlines()
    result = lines[lines.index("Result:") + 1:lines.index("Result:") + 6]
    assert result == ["B: +12 white chips, +£0.06", "C: +3 white chips, +£0.02",
                      "A: 0 white chips, £0.00", "D: -15 white chips, -£0.08",
                      "Pool: 0 white chips"]
    assert lines[lines.index("To settle up:") + 1:] == ["- D pays B £0.06", "- D pays C £0.02"]
    assert not any(line.lstrip().startswith("|") for line in lines)


def test_without_a_unit_value_the_transfers_are_in_chips(loo, tmp_path, save, good_session):
    del good_session["unit"]
    text = loo(_db(loo, tmp_path, save, good_session), "export", "-f", "text").stdout
    lines = text.splitlines()
    assert "B: +12 chips" in lines and "D: -15 chips" in lines
    assert lines[lines.index("To settle up:") + 1:] == ["- D pays B 12 chips",
                                                         "- D pays C 3 chips"]


def test_md_keeps_its_table_and_gains_the_transfers(loo, tmp_path, save):
    text = loo(_db(loo, tmp_path, save, SECOND), "export", "-f", "md").stdout
    assert "| A | +36 | £1.80 |" in text and "| *pool* | 9 | £0.45 |" in text
    assert text.endswith("**To settle up**\n\n- D pays A £1.35\n- B pays A £0.45\n"
                         "- C pays the pool £0.45\n")


def test_a_pool_carried_in_and_paid_out():
    """Opening pool 20, 9 left: the players won 11 out of it. A +20 (£1.00), B -9 (-£0.45);
    the pool's change -11 is -£0.55 (sum 0). Greedy: the pool, owing most, pays A £0.55;
    then B pays A £0.45."""
    ev = Evening(session_id=7, name=None, started_at="2025-03-14T19:45:00+00:00",
                 variant="three-card", rules={}, unit_name=None, unit_value="0.05",
                 currency="GBP", players=["A", "B"], opening_pool=20, pool=9,
                 nets={"A": 20, "B": -9}, hands=[])
    assert summary(ev).splitlines() == [
        "Session 7", "Fri 14 Mar 2025, 19:45, three-card, 0 hands, chips = £0.05", "",
        "Result:", "A: +20 chips, +£1.00", "B: -9 chips, -£0.45",
        "Pool: 9 chips (20 at the start, -11 tonight, -£0.55)", "",
        "Highlights:", "- No hands played yet.", "",
        "To settle up:", "- The pool pays A £0.55", "- B pays A £0.45"]


def test_nobody_owes_anything():
    ev = Evening(session_id=1, name="Quiet", started_at=None, variant="three-card", rules={},
                 unit_name=None, unit_value="0.05", currency=None, players=["A", "B"],
                 opening_pool=0, pool=0, nets={"A": 0, "B": 0}, hands=[])
    assert summary(ev).endswith("To settle up:\n- Nobody owes anybody anything.\n")


def test_export_text_to_a_file_reports_its_format(loo, tmp_path, save):
    db = _db(loo, tmp_path, save, SECOND)
    out = tmp_path / "night.txt"
    result = loo(db, "export", "-f", "text", "-o", out, "--json")
    data = json.loads(result.stdout)
    jsonschema.validate(data, json.loads((SCHEMAS / "export.schema.json").read_text()))
    assert (data["format"], data["bytes"]) == ("text", len(SECOND_TEXT.encode("utf-8")))
    assert out.read_text(encoding="utf-8") == SECOND_TEXT
