"""cli/show.py settlement_lines: a table ruling shows both figures for each player the table
named; the next dealer is legal's (who is present); Lou is known by the variant's game.

The settlement is written by hand (three-card, seats A B C D, A dealt hand 2): 9 carried in,
A's ante 9, P = 18. The rules give B +12 (2 tricks at 6), D +6, A -9; the table ruled D +3,
so the pool keeps 3 more: pool after = 18 - 12 - 3 = 3.
"""

from __future__ import annotations

from loo_ledger.cli.show import settlement_lines
from loo_ledger.domain import Movement, Settlement, TableState, variant
from loo_ledger.domain.rules.codes import MovementKind, Resolution

SEATS = ("A", "B", "C", "D")
RULING = "D misdealt the last trick"


def _ruled() -> Settlement:
    """The rules' movements, then the ruling's: D pays back the 3 the table did not give him.
    The table named B (+12, as the rules) and D (+3)."""
    moves = (Movement(payer="A", payee=None, amount=9, kind=MovementKind.ANTE, reason="ante"),
             Movement(payer=None, payee="B", amount=12, kind=MovementKind.SHARE,
                      reason="2 tricks at 6"),
             Movement(payer=None, payee="D", amount=6, kind=MovementKind.SHARE,
                      reason="1 trick at 6"),
             Movement(payer="D", payee=None, amount=3, kind=MovementKind.RULING,
                      reason=f"table ruling: {RULING}"))
    return Settlement(hand_no=2, dealer="A", dealt=("B", "C", "D", "A"), movements=moves,
                      deltas={"B": 12, "C": 0, "D": 3, "A": -9}, pool_in=9, pot=18,
                      pool_after=3, double=True, outcome=Resolution.PLAYED,
                      next_state=TableState(seats=SEATS, dealer="B", pool=3, double=True,
                                            hand_no=3),
                      table_ruling=RULING, rules_deltas={"B": 12, "D": 6})


def _line(lines: list[str], player: str) -> str:
    [line] = [x for x in lines if x.startswith(f"  {player} ")]
    return line


def test_a_table_ruling_shows_the_table_figure_and_the_rules_figure_for_the_player_named():
    lines = settlement_lines(_ruled(), v=variant("three-card"), present=SEATS)
    assert _line(lines, "D").split() == ["D", "+3", "takes", "6:", "1", "trick", "at", "6;",
                                         "table", "ruling:", "+3", "instead", "of", "the",
                                         "rules'", "+6"]
    assert _line(lines, "B").endswith("takes 12: 2 tricks at 6; table ruling: +12, as the "
                                      "rules give")
    assert _line(lines, "C").endswith("no chips moved")
    assert f"recorded by table ruling: {RULING}" in "\n".join(lines)
    assert lines[-1] == "Pool now 3. Next: B deals (double pool)."


def test_the_next_dealer_printed_skips_a_player_who_left():
    lines = settlement_lines(_ruled(), v=variant("three-card"), present=("A", "C", "D"))
    assert lines[-1] == "Pool now 3. Next: C deals (double pool)."
