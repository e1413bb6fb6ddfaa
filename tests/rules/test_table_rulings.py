"""Table rulings per player (issue 7, item 7): ``deltas`` may name only some players; those
not named keep the rules' figure, the pool takes up the difference, chips are conserved.
Every figure worked by hand from RULES.md.
"""

from __future__ import annotations

from rules_kit import V, expect, hand, problems, rejects, run, table, validate

from loo_ledger.domain.rules.codes import MovementKind

FOUR = ("A", "B", "C", "D")


def test_the_issue_example_only_the_named_player_changes():
    # Simple pool, dealer D antes 9: P = 9, 3 a trick. A, B, C a trick each (+3); D took none:
    # -9 ante, looed 9 -> -18, 9 carried on. The table rules "D only pays the ante": D -9,
    # 9 better than the rules; the pool pays it and is left empty. A, B, C keep +3.
    s = run(V(), table(FOUR), tricks=dict(A=1, B=1, C=1, D=0), deltas=dict(D=-9),
            table_ruling="D only pays the ante")
    expect(s, dict(A=3, B=3, C=3, D=-9), 0, pot=9)
    assert dict(s.rules_deltas) == {"D": -18}
    assert s.table_ruling == "D only pays the ante"
    ruled = [m for m in s.movements if m.kind == MovementKind.RULING]
    assert [(m.payer, m.payee, m.amount) for m in ruled] == [(None, "D", 9)]
    assert str(ruled[0].rule) == "table ruling"
    assert s.next_state.pool == 0 and s.next_state.double is False


def test_a_double_pool_ruling_leaves_chips_in_the_pool():
    # 27 carried (double), D antes 9: P = 36, 12 a trick. A and C stand, B and D pass;
    # A 2 tricks +24, C 1 trick +12, D -9, pool empty. The table takes C's trick back into the
    # pool (C 0): C pays 12 into the pool, 12 carried on, so the next pool is double.
    s = run(V(), table(FOUR, pool=27), declarations=dict(A="stand", B="pass", C="stand", D="pass"),
            tricks=dict(A=2, C=1), deltas=dict(C=0), table_ruling="C revoked; forgiven")
    expect(s, dict(A=24, B=0, C=0, D=-9), 12, pot=36)
    assert dict(s.rules_deltas) == {"C": 12}
    assert s.next_state.pool == 12 and s.next_state.double is True


def test_a_figure_the_table_names_equal_to_the_rules_is_kept_without_a_movement():
    s = run(V(), table(FOUR), tricks=dict(A=1, B=1, C=1), deltas=dict(A=3, D=-9),
            table_ruling="D only pays the ante")
    expect(s, dict(A=3, B=3, C=3, D=-9), 0)
    assert dict(s.rules_deltas) == {"A": 3, "D": -18}
    assert len([m for m in s.movements if m.kind == MovementKind.RULING]) == 1


def test_without_a_ruling_a_partial_record_that_agrees_is_accepted():
    # The table wrote down only A's +3: it agrees with the rules; B, C, D are not compared.
    s = run(V(), table(FOUR), tricks=dict(A=1, B=1, C=1), deltas=dict(A=3))
    expect(s, dict(A=3, B=3, C=3, D=-18), 9)
    assert dict(s.rules_deltas) == {}


def test_without_a_ruling_a_differing_figure_names_only_that_player_and_both_figures():
    state = table(FOUR)
    record = hand(tricks=dict(A=1, B=1, C=1, D=0), deltas=dict(A=3, D=-9))
    assert problems(V(), state, record) == [("DELTAS_MISMATCH", "D")]
    (p,) = validate(record, state, V())
    assert "-9" in p.message and "-18" in p.message and "+0" not in p.message
    rejects(V(), state, "DELTAS_MISMATCH", "D", record=record)


def test_a_ruling_may_not_take_more_than_the_pool_holds():
    # As the issue example, with D +0: 18 better than the rules, but the pool holds 9.
    rejects(V(), table(FOUR), "TABLE_RULING_INVALID", "D", tricks=dict(A=1, B=1, C=1),
            deltas=dict(D=0), table_ruling="D pays nothing")
