"""Issue 23, section 1: forfeits before play (Britannica laws 5, 7 and 8) at ``loo table``,
offered only where ``legal`` allows them (legal.forfeits_allowed), one key each.

Every figure is worked by hand from shared/spec/RULES.md and CATALOGUE.md §3.12.
"""

from __future__ import annotations

import json
from typing import Any

from table_kit import drive, lasts, new, text

from loo_ledger.domain.next import legal
from loo_ledger.domain.rules.codes import PenaltyKind
from loo_ledger.domain.rules.variants import variant
from loo_ledger.tui.app import TableApp
from loo_ledger.tui.screens import Choose, HandScreen


def test_legal_says_who_may_forfeit_before_play():
    """Britannica (forfeits=true), dealt A B C (C deals), A and C play, B threw up his
    hand: a misdeal is the dealer's alone (law 5); anyone dealt in may have looked early
    (law 7); only B, not in play, may have declared early (law 8: he throws up his hand).
    Three-card (forfeits=false): none, and each refusal says why."""
    b = variant("britannica")
    assert legal.forfeits_allowed(b, ("A", "B", "C"), ("A", "C")) == {
        PenaltyKind.MISDEAL: ("C",), PenaltyKind.LOOKED_EARLY: ("A", "B", "C"),
        PenaltyKind.DECLARED_EARLY: ("B",)}
    assert legal.refuse_forfeit(b, "declared-early", "A", ("A", "B", "C"), ("A", "C")) \
        is not None
    assert legal.refuse_forfeit(b, "misdeal", "D", ("A", "B", "C"), ("A", "C")).code == \
        "PENALTY_BY_NONPLAYER"
    refused = legal.refuse_forfeit(variant("three-card"), "misdeal", "C", ("A", "B", "C"), ())
    assert refused is not None and "forfeits=false" in refused.message
    assert legal.forfeits_allowed(variant("three-card"), ("A", "B", "C"), ("A", "B")) == {}


def test_forfeits_are_offered_by_key_and_settled_into_this_pool(loo, tmp_path):
    """britannica, seats Ann Ben Cat, Cat deals: antes a stake (3) each, the dealer two
    (6): 12. Ann stands, Ben stands, Cat passes (Cat is asked nothing more: the miss is
    not taken). At the preview, f: which forfeit? (misdeal m, looked-early l,
    declared-early d); m: Cat, the dealer, is the only one a misdeal is charged to, so
    nobody is asked. f again: misdeal is no longer offered; l, then a: Ann looked early.
    Each forfeit is a single (3) into this pool: P = 12 + 3 + 3 = 18, a trick 6.
    Tricks Ann 2, Ben 1 (filled in). Ann -3 ante -3 forfeit +12 = +6; Ben -3 + 6 = +3;
    Cat -6 ante -3 forfeit = -9. Nobody looed: pool after 18 - 18 = 0. Then amended."""
    db = tmp_path / "brit.db"
    new(loo, db, "--variant", "britannica", "--players", "Ann,Ben,Cat", "--dealer", "Cat")

    async def script(pilot: Any, app: TableApp) -> None:
        await pilot.press("n", "s", "s", "p", "enter", "2")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HandScreen) and screen.record is not None
        assert "[f] a forfeit before play" in text(app, "#hand-question")
        assert set(screen.forfeits) == {"misdeal", "looked-early", "declared-early"}
        assert screen.forfeits["misdeal"] == ("Cat",)
        await pilot.press("f")
        await pilot.pause()
        assert isinstance(app.screen, Choose)
        assert app.screen.keys == {"m": "misdeal", "l": "looked-early", "d": "declared-early"}
        await pilot.press("m")
        await pilot.pause()
        assert app.screen is screen and screen.record is not None
        assert "forfeit: misdeal" in text(app, "#hand-question")
        assert "misdeal" not in screen.forfeits
        await pilot.press("f")
        await pilot.pause()
        assert app.screen.keys == {"l": "looked-early", "d": "declared-early"}
        await pilot.press("l")
        await pilot.pause()
        assert app.screen.keys == {"a": "Ann", "b": "Ben", "c": "Cat"}
        await pilot.press("a")
        await pilot.pause()
        assert "Ann      +6" in text(app, "#hand-question")
        await pilot.press("y")
        await pilot.pause()
        assert lasts(app) == {"Ann": 6, "Ben": 3, "Cat": -9}
        assert app.board is not None and app.board.pool == 0
        # amended (a): the forfeits are kept; Ann's count taken back and made 1, Ben's 2
        # filled in: P = 18, a trick 6: Ann -3 - 3 + 6 = 0, Ben -3 + 12 = +9, Cat -9
        await pilot.press("a")
        await pilot.pause()
        amend = app.screen
        assert isinstance(amend, HandScreen) and amend.record is not None
        assert "18 in play" in text(app, "#hand-question")   # 12 antes + 2 forfeits
        assert "misdeal" not in amend.forfeits   # Cat's is charged already
        await pilot.press("backspace", "1", "y")
        await pilot.pause()
        assert lasts(app) == {"Ann": 0, "Ben": 9, "Cat": -9}

    drive(db, script)
    [h] = json.loads(loo(db, "hands", "--json").output)
    assert h["record"]["penalties"] == [{"player": "Cat", "kind": "misdeal"},
                                        {"player": "Ann", "kind": "looked-early"}]
    assert h["record"]["tricks"] == {"Ann": 1, "Ben": 2}


def test_a_forfeit_is_taken_back_and_never_offered_where_the_table_has_none(loo, tmp_path):
    """britannica as above: after f, m (Cat's misdeal), backspace takes the forfeit back
    (misdeal is offered again; Ann +8, Ben +4 at P = 12, a trick 4: Ann -3 + 8 = +5).
    three-card (forfeits=false): the preview offers no forfeit and f does nothing."""
    db = tmp_path / "brit.db"
    new(loo, db, "--variant", "britannica", "--players", "Ann,Ben,Cat", "--dealer", "Cat")

    async def script(pilot: Any, app: TableApp) -> None:
        await pilot.press("n", "s", "s", "p", "enter", "2", "f", "m")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HandScreen) and "misdeal" not in screen.forfeits
        await pilot.press("backspace")
        await pilot.pause()
        assert screen.record is not None and "misdeal" in screen.forfeits
        assert "Ann      +5" in text(app, "#hand-question")
        await pilot.press("escape")

    drive(db, script)
    plain = tmp_path / "plain.db"
    new(loo, plain, "--players", "Ann,Ben,Cat", "--dealer", "Cat")

    async def no_forfeits(pilot: Any, app: TableApp) -> None:
        await pilot.press("n", "enter", "1", "2")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HandScreen) and screen.record is not None
        assert "forfeit" not in text(app, "#hand-question") and screen.forfeits == {}
        await pilot.press("f")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("escape")

    drive(plain, no_forfeits)


def test_the_board_says_who_sits_out_the_next_deal_in_words():
    """A player who must sit out the next deal (Lou's reneger) is said so in words; one who
    has left the table is "sitting out"; the next dealer "deals next"."""
    from loo_ledger.services.snapshot import PlayerLine
    from loo_ledger.tui.app import player_words

    def line(**kw: Any) -> PlayerLine:
        base: dict[str, Any] = dict(name="Ann", net=0, money=None, money_text="", last=None,
                                    looed=False, present=True, sits_out=False,
                                    deals_next=False)
        return PlayerLine(**{**base, **kw})
    assert player_words(line(sits_out=True), lou=True) == "sits out the next deal"
    assert player_words(line(present=False), lou=False) == "sitting out"
    assert player_words(line(deals_next=True, looed=True), lou=True) == "deals next, burned"
