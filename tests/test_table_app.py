"""Issue 23, section 1: `loo table`, the scorer's screen, driven by Textual's Pilot.

Every hand here is entered by keys alone (one key an answer: the words legal allows,
trick counts, Enter for the default, y to record), and every figure is worked by hand
from shared/spec/RULES.md, never read back from the program.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from table_kit import board, board_text, drive, hand, lasts, nets, new, new_hand_form, settled, text

from loo_ledger.store import Ledger
from loo_ledger.tui.app import TableApp
from loo_ledger.tui.footer import KeysFooter
from loo_ledger.tui.screens import HandScreen

# -- a ten-hand three-card evening -----------------------------------------------------

FRIDAY = ["--variant", "three-card", "--rule", "loo=mixed", "--rule", "loo_limit=90",
          "--players", "Ann,Ben,Cat,Dov,Eve", "--dealer", "Eve"]


def _d(ann: int = 0, ben: int = 0, cat: int = 0, dov: int = 0, eve: int = 0) -> dict:
    return {"Ann": ann, "Ben": ben, "Cat": cat, "Dov": dov, "Eve": eve}


#: (keys, each dealt player's change, pool after), worked by hand in the docstring below.
EVENING: list[tuple[tuple[str, ...], dict[str, int], int]] = [
    (("enter", "1", "0", "1", "1"), _d(3, -9, 3, 3, -18), 18),
    (("s", "p", "p", "p", "d", "enter", "2"), _d(-9, 18), 9),
    (("m", "p", "p", "p", "p", "enter"), _d(0, -9, 18), 0),
    (("enter", "3"), _d(-9, -9, -18, 9, -9), 36),
    (("s", "s", "p", "m", "s", "enter", "1", "0", "2"), _d(-45, 0, 30, -54, 15), 90),
    (("s", "s", "p", "p", "s", "enter", "2", "0"), _d(66, -90, 0, 0, 24), 90),
    (("p", "p", "p", "p", "enter"), _d(90), 0),
    (("enter", "2", "0", "0", "1"), _d(3, -18, 6, -9, -9), 27),
    (("s", "p", "p", "p", "d", "enter", "1"), _d(0, 0, -9, 12), 24),
    (("s", "p", "p", "p", "d", "enter", "2"), _d(0, 0, 0, -9, 22), 11),
]


def test_a_ten_hand_evening_entered_by_keys_alone(loo, tmp_path):
    """`loo new Friday --variant three-card --rule loo=mixed --rule loo_limit=90`, seats Ann
    Ben Cat Dov Eve, Eve deals first. RULES.md: the dealer antes 9 (P = pool in + 9); an
    empty pool is simple, everyone plays (play-all); chips carried make it double, declared
    from the dealer's left with a miss; a trick takes P // 3, all three take P; a player who
    played and won no trick pays L = min(P, 90); all but the dealer pass: the dealer takes
    P; a lone miss taker the dealer passes to takes P; a defender is never paid nor looed,
    the shares of his tricks stay. Keys: a word's first letter, a trick count its digit,
    Enter for "anything else? none"; the last count is filled in.

      #  dealer  in   P  sh   L | Ann  Ben  Cat  Dov  Eve | after
      1  Eve      0    9   3   9 |  +3   -9   +3   +3  -18 |  18  simple: 1 0 1 1 (Eve 0)
      2  Ann     18   27   9  27 |  -9  +18    0    0    0 |   9  Ben stands 2, Ann defends 1
      3  Ben      9   18   6  18 |   0   -9  +18    0    0 |   0  Cat alone takes the miss
      4  Cat      0    9   3   9 |  -9   -9  -18   +9   -9 |  36  simple: Dov all 3 (rest 0)
      5  Dov     36   45  15  45 | -45    0  +30  -54  +15 |  90  Eve 1, Ann 0, Cat miss 2
      6  Eve     90   99  33  90 | +66  -90    0    0  +24 |  90  L capped at 90
      7  Ann     90   99  33  90 | +90    0    0    0    0 |   0  all pass: Ann takes 99
      8  Ben      0    9   3   9 |  +3  -18   +6   -9   -9 |  27  simple: Cat 2, Ann 1
      9  Cat     27   36  12  36 |   0    0   -9  +12    0 |  24  Dov 1, Cat defends 2
     10  Dov     24   33  11  33 |   0    0    0   -9  +22 |  11  Eve 2, Dov defends 1
         totals:                   +99 -117  +30  -48  +25 |  11  (sum -11 = -pool 11)
    """
    db = tmp_path / "friday.db"
    new(loo, db, *FRIDAY)

    async def script(pilot: Any, app: TableApp) -> None:
        assert "Eve deals hand 1" in text(app, "#status")
        for n, (keys, deltas, after) in enumerate(EVENING, 1):
            await hand(pilot, *keys)
            b = board(app)
            assert b.next_hand == n + 1 and b.pool == after, n
            assert {p: d for p, d in lasts(app).items() if d is not None} == deltas, n
            assert f"Pool {after}" in text(app, "#status")
            assert f"Hand {n}: " in text(app, "#last")
        assert nets(app) == {"Ann": 99, "Ben": -117, "Cat": 30, "Dov": -48, "Eve": 25}
        assert board(app).pool == 11
        # hand 11: Eve deals (the deal passes to the left of Dov); 11 carried: double
        assert "Pool 11 (double pool next). Next: Eve deals hand 11; antes due: Eve 9." \
            in text(app, "#status")
        shown = board_text(app)
        # from the next dealer's left: Ann first, Eve (who deals next) last; signs and
        # words, not colour alone
        assert shown.splitlines()[0].startswith("Ann | +99")
        assert shown.splitlines()[-1].startswith("Eve | +25") and "deals next" in shown
        # hand 10: Eve stood alone and took 2 tricks; Dov defended (1 trick stays)
        assert "Pool now 11. Next: Eve deals (double pool)." in text(app, "#last")
        assert app.query_one("#hands").row_count == 10

    drive(db, script)
    balances = loo(db, "balances", "--json")
    assert '"pool": 11' in balances.output


# -- five-card: two flushes and an exchange ---------------------------------------------

def test_a_five_card_hand_with_two_flushes_and_an_exchange(loo, tmp_path):
    """five-card (ante 5, loo limited 5, no miss, flushes; an empty pool is declared like a
    double), seats Ann Ben Cat Dov, Dov deals; hearts turned (h). Ann, Ben, Cat stand,
    Dov passes; Ann exchanged 2 (e a 2); Ben declares a plain flush (f b l: p is Pam's key),
    Cat a trump flush (f c t). The best flush by kind (trump over plain) settles the hand
    without play: Cat takes P = 5; Ben, beaten, neither pays nor receives; Ann played
    without a flush: looed L = 5. Ann -5, Ben 0, Cat +5, Dov -5 (ante). Pool after
    5 - 5 + 5 = 5; no trick is asked."""
    db = tmp_path / "five.db"
    new(loo, db, "--variant", "five-card", "--players", "Ann,Ben,Cat,Dov", "--dealer", "Dov")

    async def script(pilot: Any, app: TableApp) -> None:
        screen = await new_hand_form(pilot)
        await pilot.press("h", "s", "s", "s", "p", "e", "a", "2", "f", "b")
        assert screen.question is not None and "which flush" in screen.question.prompt
        assert screen.keys == {"p": "pam", "t": "trump", "l": "plain"}
        await pilot.press("l", "f")
        # Ben has declared his flush: only Ann and Cat are offered
        assert screen.keys == {"a": "Ann", "c": "Cat"}
        await pilot.press("c", "t", "enter")
        await pilot.pause()
        assert screen.record is not None
        assert "tricks won" not in text(app, "#hand-answers")
        await pilot.press("y")
        await pilot.pause()
        assert lasts(app) == {"Ann": -5, "Ben": 0, "Cat": 5, "Dov": -5}
        assert board(app).pool == 5
        assert "Ben" in text(app, "#last") and "looed: Ann" in text(app, "#last")

    drive(db, script)
    [h] = json.loads(loo(db, "hands", "--json").output)
    assert h["record"]["exchanges"] == {"Ann": 2}
    assert h["record"]["flushes"] == [{"player": "Ben", "kind": "plain"},
                                      {"player": "Cat", "kind": "trump"}]


# -- Lou: a first deal -------------------------------------------------------------------

def test_a_lou_first_deal(loo, tmp_path):
    """Lou, seats Ann Ben Cat Dov, Dov deals the first deal: Dov antes 100, then each of the
    four adds 500: P = 2100; everyone must stand (no word is asked). Enter: nothing else;
    tricks from the dealer's left: Ann 3, Ben 1, Cat 1 (Dov's 0 filled in). Ann has three:
    takes the pot, -500 + 2100 = +1600; Ben and Cat, one trick, are burned b = min(2100,
    5000) = 2100: -500 - 2100 = -2600 each; Dov, none: -100 - 500 - 2100 = -2700. Pot after
    2100 - 2100 + 3 x 2100 = 6300; the next deal (Ann's) is a later deal."""
    db = tmp_path / "lou.db"
    new(loo, db, "--variant", "lou", "--players", "Ann,Ben,Cat,Dov", "--dealer", "Dov")

    async def script(pilot: Any, app: TableApp) -> None:
        assert "Pot 0 (first deal)" in text(app, "#status")
        due: dict[str, int] = {}
        for a in board(app).antes:
            due[a.player] = due.get(a.player, 0) + a.amount
        assert due == {"Dov": 600, "Ann": 500, "Ben": 500, "Cat": 500}
        await pilot.press("n")
        await pilot.pause()
        assert "everyone must stand" in text(app, "#hand-answers")
        await pilot.press("enter", "3", "1", "1", "y")
        await pilot.pause()
        assert lasts(app) == {"Ann": 1600, "Ben": -2600, "Cat": -2600, "Dov": -2700}
        assert board(app).pool == 6300
        assert "Pot 6300 (a later deal). Next: Ann deals hand 2" in text(app, "#status")
        shown = board_text(app)
        assert "burned" in shown and "looed" not in shown

    drive(db, script)


# -- undo and amend ----------------------------------------------------------------------

def test_undo_confirmed_and_amend_with_the_form_filled_in(loo, tmp_path):
    """three-card (ante 9, loo limited 9), seats Ann Ben Cat, Cat deals. Hand 1, simple (P =
    9, a trick 3): Ann 1, Ben 2, Cat 0: Ann +3, Ben +6, Cat -9 - 9 = -18; after 9 - 9 + 9 = 9.
    Hand 2, Ann deals, 9 carried: double, P = 18, a trick 6; everyone but Ann passes (Ben p,
    Cat p): Ann takes 18: -9 + 18 = +9; after 0. Undo (u, then n: nothing; u, y: removed):
    back to the table after hand 1, pool 9. Amend hand 1 (a): the form comes filled in with
    the record; two backspaces take back Ben's count and Ann's; Ann 3: Ann takes all 9: +9;
    Ben and Cat looed 9: Ben -9, Cat -18; after 9 - 9 + 18 = 18."""
    db = tmp_path / "amend.db"
    new(loo, db, "--players", "Ann,Ben,Cat", "--dealer", "Cat")

    async def script(pilot: Any, app: TableApp) -> None:
        await hand(pilot, "enter", "1", "2")
        await hand(pilot, "p", "p", "enter")
        assert board(app).pool == 0 and lasts(app)["Ann"] == 9
        await pilot.press("u")
        await pilot.pause()
        assert "Remove hand 2 (dealt by Ann)?" in str(app.screen.query_one("#confirm").render())
        await pilot.press("n")
        await pilot.pause()
        assert board(app).next_hand == 3 and "Nothing undone" in text(app, "#message")
        await pilot.press("u", "y")
        await pilot.pause()
        assert board(app).next_hand == 2 and board(app).pool == 9
        assert nets(app) == {"Ann": 3, "Ben": 6, "Cat": -18}
        assert "Hand 2 removed" in text(app, "#message")
        await pilot.press("a")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HandScreen) and screen.record is not None  # filled in
        assert "Ann: tricks won: 1" in text(app, "#hand-answers")
        await pilot.press("backspace", "backspace")
        assert screen.question is not None and screen.question.key == "tricks:Ann"
        await pilot.press("3")
        await pilot.pause()
        assert screen.record is not None and "Ann: +9" in text(app, "#hand-question")
        await pilot.press("y")
        await pilot.pause()
        assert nets(app) == {"Ann": 9, "Ben": -9, "Cat": -18} and board(app).pool == 18

    drive(db, script)
    audit = loo(db, "hands", "--audit").output
    assert "undo    hand 2" in audit and "amend   hand 1" in audit


# -- nothing half-written; errors in words -------------------------------------------------

def test_quitting_mid_hand_writes_nothing(loo, tmp_path, dump_db):
    db = tmp_path / "quit.db"
    new(loo, db, "--players", "Ann,Ben,Cat", "--dealer", "Cat")
    before = dump_db(db)

    async def script(pilot: Any, app: TableApp) -> None:
        await pilot.press("n", "enter", "1")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert "Nothing written" in text(app, "#message")
        await pilot.press("n", "enter", "1", "2")   # at the preview now
        await pilot.pause()
        await pilot.press("ctrl+c")
        await pilot.pause()

    drive(db, script)
    assert dump_db(db) == before


def test_the_form_opened_again_keeps_nothing_of_the_last_hand(loo, tmp_path):
    """The hand form's screen is built once and started again for each hand: after a
    cancel at a typed answer (Ann's cards: the text box had the keys) the next form asks
    by keys again, with no answer of the last; after a recorded hand, the form is hand 2's.
    three-card, Ann Ben Cat, Cat deals a simple pool (P = 9, a trick 3): Ann 1, Ben 2, Cat
    0 (filled in): Ann +3, Ben +6, Cat -9 ante - 9 loo = -18. Hand 2: Ann deals, 9 carried:
    double, so Ben (Ann's left) is asked his word first."""
    db = tmp_path / "again.db"
    new(loo, db, "--players", "Ann,Ben,Cat", "--dealer", "Cat")

    async def script(pilot: Any, app: TableApp) -> None:
        screen = await new_hand_form(pilot)
        await pilot.press("enter", "c")
        await pilot.pause()
        assert screen.question is not None and screen.question.free
        await pilot.press("escape")
        await pilot.pause()
        assert await new_hand_form(pilot) is screen
        assert screen.question is not None and not screen.question.free
        assert "Ann" not in text(app, "#hand-answers")
        await pilot.press("enter", "1", "2")
        await pilot.pause()
        assert screen.record is not None
        await pilot.press("y")
        await pilot.pause()
        assert lasts(app) == {"Ann": 3, "Ben": 6, "Cat": -18}
        assert await new_hand_form(pilot) is screen
        assert screen.question is not None and screen.question.key == "word:Ben"
        assert "Hand 2: Ann deals" in text(app, "#hand-title")
        assert text(app, "#hand-problem") == "" and "Ann" not in text(app, "#hand-answers")

    drive(db, script)


def _keys(footer: KeysFooter) -> list[str]:
    """The keys a footer shows, in its order (each a FooterKey of Textual's)."""
    return [key.key for key in footer.children if hasattr(key, "key")]


def test_the_boards_footer_keeps_its_keys_behind_the_hand_form(loo, tmp_path):
    """The scoreboard's footer lists its keys: the app's q, the hands table's g e h, the
    entry keys n u a j l (TableApp.BINDINGS, READ, ENTRY), then Textual's ctrl+p (its
    command palette). The hand form covers the whole screen: its own footer lists escape,
    backspace (HandScreen.BINDINGS), the app's q and ctrl+p, and the board's, out
    of sight, is the very same footer as before (not built again for the board's keys
    doing nothing behind the form); after the hand is recorded it still is, with the
    same keys."""
    db = tmp_path / "keys.db"
    new(loo, db, "--players", "Ann,Ben,Cat", "--dealer", "Cat")
    board_keys = ["q", "g", "e", "h", "n", "u", "a", "j", "l", "ctrl+p"]

    async def script(pilot: Any, app: TableApp) -> None:
        footer = app.screen.query_one(KeysFooter)
        shown = list(footer.children)
        assert _keys(footer) == board_keys
        screen = await new_hand_form(pilot)
        assert _keys(screen.query_one(KeysFooter)) == ["escape", "backspace", "q", "ctrl+p"]
        assert list(footer.children) == shown
        await pilot.press("enter", "1", "1")   # Ann 1, Ben 1, Cat 1 (filled in)
        await pilot.pause()
        assert screen.record is not None
        await pilot.press("y")
        await pilot.pause()
        assert app.screen is footer.screen and "Hand 1 recorded." in text(app, "#message")
        assert list(footer.children) == shown and _keys(footer) == board_keys

    drive(db, script)


def test_an_error_is_said_in_words(loo, tmp_path):
    """Two players at the table: one may not leave (a table needs two); said in the app."""
    db = tmp_path / "two.db"
    new(loo, db, "--players", "Ann,Ben", "--dealer", "Ben")

    async def script(pilot: Any, app: TableApp) -> None:
        await pilot.press("l", "a")
        await pilot.pause()
        assert "Error: a table needs at least two players" in text(app, "#message")
        await pilot.press("a")   # no hand to amend
        await pilot.pause()
        assert "No hand selected to amend." in text(app, "#message")

    drive(db, script)


def test_a_player_joins_and_leaves(loo, tmp_path):
    db = tmp_path / "seats.db"
    new(loo, db, "--players", "Ann,Ben,Cat", "--dealer", "Cat")

    async def script(pilot: Any, app: TableApp) -> None:
        await pilot.press("j")
        await pilot.pause()
        await pilot.press(*"Dov", "enter")
        await pilot.pause()
        assert "Dov is seated" in text(app, "#message")
        # seated last, after Cat; Cat deals next, so from his left: Dov first
        assert [p.name for p in board(app).players] == ["Dov", "Ann", "Ben", "Cat"]
        await pilot.press("l", "b")
        await pilot.pause()
        assert "Ben leaves the table" in text(app, "#message")
        assert "Ben | 0 | - | sitting out" in board_text(app)

    drive(db, script)


# -- live: another process records a hand --------------------------------------------------

def _loo_hand(db: Path, *words: str) -> None:
    done = subprocess.run([sys.executable, "-m", "loo_ledger", "--db", str(db), "hand", *words],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


async def _until(pilot: Any, done: Callable[[], bool]) -> bool:
    """Let the app run until ``done()``, or about five seconds (the app polls every half
    second; the benchmark measures how soon it shows)."""
    for _ in range(50):
        if done():
            return True
        await pilot.pause(0.1)
    return done()


def test_a_hand_recorded_in_another_process_shows(loo, tmp_path):
    """three-card, Ann Ben Cat, Cat deals; another process records hand 1: Ann 1, Ben 2,
    Cat 0 (P = 9, a trick 3): Ann +3, Ben +6, Cat -18; pool after 9."""
    db = tmp_path / "live.db"
    new(loo, db, "--players", "Ann,Ben,Cat", "--dealer", "Cat")

    async def script(pilot: Any, app: TableApp) -> None:
        assert board(app).next_hand == 1
        _loo_hand(db, "Ann=1", "Ben=2", "Cat=0")
        assert await _until(pilot, lambda: board(app).next_hand == 2)
        assert nets(app) == {"Ann": 3, "Ben": 6, "Cat": -18} and board(app).pool == 9
        await settled(pilot)
        assert "Hand 1: Cat dealt" in text(app, "#last")

    drive(db, script)


def test_a_hand_recorded_elsewhere_meanwhile_is_not_overwritten(loo, tmp_path):
    """The form was opened for hand 1; another terminal records hand 1 (as above, pool 9)
    before y: nothing is written, the app says so and starts the hand again as hand 2
    (Ann deals, 9 carried: double, so Ben is asked his word)."""
    db = tmp_path / "race.db"
    new(loo, db, "--players", "Ann,Ben,Cat", "--dealer", "Cat")

    async def script(pilot: Any, app: TableApp) -> None:
        await pilot.press("n", "enter", "0", "0")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HandScreen) and screen.record is not None
        _loo_hand(db, "Ann=1", "Ben=2", "Cat=0")
        await pilot.press("y")
        await pilot.pause()
        assert app.screen is screen
        assert "hand 1 was recorded meanwhile in another terminal; nothing was written" in \
            text(app, "#hand-problem")
        assert "Hand 2: Ann deals" in text(app, "#hand-title")
        assert screen.question is not None and screen.question.key == "word:Ben"
        await pilot.press("escape")

    drive(db, script)
    assert loo(db, "balances", "--json").output.count('"net": ') == 3
    assert '"pool": 9' in loo(db, "balances", "--json").output


# -- a shared screen -----------------------------------------------------------------------

def test_view_only_offers_no_entry_and_no_color_is_honoured(loo, tmp_path, dump_db,
                                                            monkeypatch):
    """``--view``: n u j l do nothing and none of their actions is bound; nothing is
    written. The same app, opened with NO_COLOR set, honours it (one app for both: what
    each checks does not depend on the other)."""
    db = tmp_path / "view.db"
    new(loo, db, "--players", "Ann,Ben,Cat", "--dealer", "Cat")
    before = dump_db(db)
    monkeypatch.setenv("NO_COLOR", "1")

    async def script(pilot: Any, app: TableApp) -> None:
        assert app.no_color
        await pilot.press("n", "u", "j", "l")
        await pilot.pause()
        assert not isinstance(app.screen, HandScreen)
        assert all(b.binding.action not in ("hand", "undo", "join", "leave")
                   for b in app.active_bindings.values())

    drive(db, script, view_only=True)
    assert dump_db(db) == before


# -- snapshots -----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def evening_built(loo, tmp_path_factory) -> Path:
    """The first three hands of the ten-hand evening above, recorded by loo hand, once
    for the module (closed: each snapshot opens a copy, ``evening_db``)."""
    db = tmp_path_factory.mktemp("snap") / "snap.db"
    new(loo, db, *FRIDAY)
    for words in (["Ann=1", "Ben=0", "Cat=1", "Dov=1", "Eve=0"],
                  ["Ben=2", "Cat=pass", "Dov=pass", "Eve=pass", "Ann=defend:1"],
                  ["Cat=miss", "Dov=pass", "Eve=pass", "Ann=pass", "Ben=pass"]):
        assert loo(db, "hand", *words).exit_code == 0
    return db


@pytest.fixture
def evening_db(evening_built, copy_ledger, tmp_path) -> Path:
    return copy_ledger(evening_built, tmp_path, "snap.db")


def _snap_app(db: Path, **options: Any) -> TableApp:
    return TableApp(Ledger.open(db), 1, **options)


def test_snapshot_scoreboard(snap_compare, evening_db):
    assert snap_compare(_snap_app(evening_db), terminal_size=(80, 24), run_before=settled)


def test_snapshot_entry_form(snap_compare, evening_db):
    # hand 4: Cat deals a simple pool; Enter (nothing else), Dov 1: Eve is asked next
    assert snap_compare(_snap_app(evening_db), terminal_size=(80, 24),
                        press=["n", "enter", "1"], run_before=settled)


def test_snapshot_big_view(snap_compare, evening_db):
    assert snap_compare(_snap_app(evening_db, big=True, view_only=True),
                        terminal_size=(80, 24), run_before=settled)


def test_loo_table_without_a_session_says_so(loo, tmp_path):
    db = tmp_path / "empty.db"
    result = loo(db, "table")
    assert result.exit_code == 1 and "Error:" in result.output
    assert "Traceback" not in result.output


async def typed(pilot: Any, text: str) -> None:
    """Type ``text`` and Enter (a free answer: the cards)."""
    names = {" ": "space", ",": "comma", "-": "minus"}
    await pilot.press(*(names.get(ch, ch) for ch in text), "enter")


def test_cards_entered_trick_by_trick_then_explained_and_charted(loo, tmp_path):
    """three-card, Ann Ben Cat, Cat deals a simple pool (P = 9, a trick 3, loo 9; no trump
    is known, so none is asked). Ann's count answered c (cards); the hands: Ann Ah 2h 3h,
    Ben Kh Qh Jh, Cat's not known (Enter). Only the cards legal allows are offered, one
    key each: trick 1, Ann (eldest) leads any of hers (a, 2, 3): Ah; Ben must follow
    (k, q, j): Kh; Cat, whose hand is not known, any card not seen: his suit (h), then
    its rank (4). Ann's ace wins. Trick 2, Ann 2h; Ben must head the trick, with Qh or Jh
    (q, j only): Qh; Cat 5h: Ben. Trick 3, Ben leads Jh, his only card (not asked); Cat
    6h; Ann 3h, her only card. Nobody failed to follow: no card turned. Ann 1 trick +3;
    Ben 2 +6; Cat none: -9 ante - 9 loo = -18. Pool after 9 - 9 + 9 = 9. Explained (e):
    the loo is a line. Charted (g): every player's running net."""
    db = tmp_path / "cards.db"
    new(loo, db, "--players", "Ann,Ben,Cat", "--dealer", "Cat")

    async def script(pilot: Any, app: TableApp) -> None:
        await pilot.press("n", "enter", "c")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HandScreen) and screen.question is not None
        assert screen.question.free and "Ann's hand" in screen.question.prompt
        await typed(pilot, "AH 2H 9H 9H")   # refused in words, asked again
        assert "Not possible: Ann has 4 cards dealt, not 3" in text(app, "#hand-problem")
        for text_ in ("AH 2H 3H", "KH QH JH", ""):
            await typed(pilot, text_)
        await pilot.pause()
        assert "Trick 1, Ann plays" in screen.question.prompt
        assert screen.keys == {"2": "2", "3": "3", "a": "A"}
        await pilot.press("a")
        assert "Ben plays (may play Kh Qh Jh)" in screen.question.prompt
        await pilot.press("q", "backspace")   # taken back: Ben is asked again
        await pilot.pause()
        assert "Trick 1, Ben plays" in screen.question.prompt
        await pilot.press("k")
        # Cat's hand is not known: any card not seen, by its suit then its rank
        assert screen.keys == {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
        await pilot.press("h")
        assert set(screen.keys.values()) == {"10", "9", "8", "7", "6", "5", "4"}
        await pilot.press("4", "2")
        assert "trick 1: Ah Kh 4h, won by Ann" in text(app, "#hand-answers")
        assert screen.keys == {"q": "Q", "j": "J"}   # Ben must head the 2h
        await pilot.press("q", "h", "5", "h", "6")
        await pilot.pause()
        assert screen.record is not None, text(app, "#hand-question")
        assert "trick 3: Jh 6h 3h, won by Ben" in text(app, "#hand-answers")
        await pilot.press("y")
        await pilot.pause()
        assert lasts(app) == {"Ann": 3, "Ben": 6, "Cat": -18} and board(app).pool == 9
        await pilot.press("e")
        await pilot.pause()
        shown = str(app.screen.query_one("Static").render())
        assert "Hand 1: Cat dealt; 0 carried in, 9 in play, 9 carried on." in shown
        assert "Cat -> pool" in shown
        await pilot.press("escape", "g")
        await pilot.pause()
        chart = app.query_one("#chart")
        assert chart.display and "Ann" in str(chart.render())

    drive(db, script)
    rec = json.loads(loo(db, "hands", "--json").output)[0]["record"]
    assert rec["cards"]["tricks"] == [["Ah", "Kh", "4h"], ["2h", "Qh", "5h"],
                                      ["Jh", "6h", "3h"]]


def test_a_table_ruling_at_the_preview(loo, tmp_path):
    """three-card, Ann Ben Cat, Cat deals a simple pool: Ann 1, Ben 2, Cat 0 gives by the
    rules Ann +3, Ben +6, Cat -9 ante - 9 loo = -18 (pool after 9). The table rules that
    Cat's cards were misdealt and he is not looed: t, the reason, Enter for Ann's and Ben's
    figures (the rules'), -9 for Cat. Recorded under the ruling: Ann +3, Ben +6, Cat -9;
    the chips still balance, so the pool after is 9 - 9 + 0 = 0; the hand is marked *."""
    db = tmp_path / "ruling.db"
    new(loo, db, "--players", "Ann,Ben,Cat", "--dealer", "Cat")

    async def script(pilot: Any, app: TableApp) -> None:
        await pilot.press("n", "enter", "1", "2")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HandScreen) and screen.record is not None
        assert "[t] a table ruling" in text(app, "#hand-question")
        await pilot.press("t")
        await typed(pilot, "misdealt")
        assert "Ann's figure under the ruling, e.g. -9 (Enter: +3" in \
            text(app, "#hand-question")
        await pilot.press("enter", "enter")
        await typed(pilot, "x")
        assert "not a whole number" in text(app, "#hand-problem")
        await pilot.press("backspace")
        await typed(pilot, "-9")
        await pilot.pause()
        assert screen.record is not None
        assert "recorded by table ruling: misdealt" in text(app, "#hand-question")
        await pilot.press("y")
        await pilot.pause()
        assert lasts(app) == {"Ann": 3, "Ben": 6, "Cat": -9} and board(app).pool == 0
        assert "1*" in str(app.query_one("#hands").get_row_at(0)[0])

    drive(db, script)


def test_a_simple_pool_turns_its_trump_at_the_first_failure_to_follow(loo, tmp_path):
    """three-card, Ann Ben Cat, Cat deals a simple pool (P = 9, a trick 3, loo 9), no hand
    known (Enter three times). Trick 1: Ann As, Ben Ks, Cat 2h: Cat failed to follow, so
    the card then turned for trumps is asked (d, 9: diamonds are trumps), before trick 2;
    no trump is in trick 1: Ann's ace wins. Trick 2: Ann Ad, Ben Kd, Cat Qd: Ann. Trick 3:
    Ann 2c, Ben 3c, Cat 4c: Cat. Ann 2 tricks +6; Ben played and took none: looed, -9;
    Cat -9 ante + 3 = -6. Pool after 9 - 9 + 9 = 9."""
    db = tmp_path / "turn.db"
    new(loo, db, "--players", "Ann,Ben,Cat", "--dealer", "Cat")

    async def script(pilot: Any, app: TableApp) -> None:
        await pilot.press("n", "enter", "c", "enter", "enter", "enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HandScreen) and screen.question is not None
        await pilot.press("s", "a", "s", "k", "h", "2")
        assert "someone failed to follow" in screen.question.prompt
        await pilot.press("d")
        assert len(screen.keys) == 13   # no diamond seen yet: any of the thirteen
        await pilot.press("9")
        assert "trick 1: As Ks 2h, won by Ann" in text(app, "#hand-answers")
        await pilot.press("d", "a", "d", "k", "d", "q", "c", "2", "c", "3", "c", "4")
        await pilot.pause()
        assert screen.record is not None, text(app, "#hand-question")
        await pilot.press("y")
        await pilot.pause()
        assert lasts(app) == {"Ann": 6, "Ben": -9, "Cat": -6} and board(app).pool == 9

    drive(db, script)
    rec = json.loads(loo(db, "hands", "--json").output)[0]["record"]
    assert rec["cards"]["turned"] == "9d"


def test_a_hand_entered_with_the_mouse(loo, tmp_path):
    """Each choice is a link as well as a key. three-card, Ann Ben Cat, Cat deals a simple
    pool (P = 9, a trick 3): "Anything else?" offers [r] revoke, [n] note, [o] none:
    "none" clicked (it begins 22 characters along the choices' line); Ann's count: 1
    clicked ([0] 0 is 0-4, [1] 1 is 7-11); Ben's: 2 typed; Cat's 0 filled in. Ann +3,
    Ben +6, Cat -9 ante - 9 loo = -18."""
    db = tmp_path / "mouse.db"
    new(loo, db, "--players", "Ann,Ben,Cat", "--dealer", "Cat")

    async def script(pilot: Any, app: TableApp) -> None:
        screen = await new_hand_form(pilot)
        assert screen.keys == {"r": "revoke", "n": "note", "o": "none"}
        assert await pilot.click("#hand-question", offset=(23, 1))
        await pilot.pause()
        assert screen.question is not None and screen.question.key == "tricks:Ann"
        assert await pilot.click("#hand-question", offset=(8, 1))
        await pilot.pause()
        assert screen.question is not None and screen.question.key == "tricks:Ben"
        await pilot.press("2", "y")
        await pilot.pause()
        assert lasts(app) == {"Ann": 3, "Ben": 6, "Cat": -18}

    drive(db, script)
