"""The sample evenings in sample_sessions/: each imports cleanly and passes `loo check`;
and two of them are settled by hand.

The expected balances below are worked by hand from shared/spec/RULES.md, hand by hand,
in the comments beside them. They were not copied from the program's output.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from loo_ledger.cli import app

SAMPLES = Path(__file__).resolve().parents[1] / "sample_sessions"
FILES = sorted(SAMPLES.glob("*.json"))


def _run(db: Path, *args: str):
    result = CliRunner().invoke(app, ["--db", str(db), *args])
    return result


def _ok(db: Path, *args: str):
    result = _run(db, *args)
    assert result.exit_code == 0, (
        f"loo {' '.join(args)} exited {result.exit_code}:\n{result.output}\n"
        f"{result.exception!r}")
    return result


def _balances(db: Path) -> tuple[dict[str, int], int]:
    data = json.loads(_ok(db, "balances", "--json").stdout)
    return {p["name"]: p["net"] for p in data["players"]}, data["pool"]


def test_the_four_evenings_are_there():
    names = {p.name for p in FILES}
    assert {"three-card-mixed-friday.json", "five-card-pam-saturday.json",
            "irish-sunday.json", "lou-game.json"} <= names


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_sample_imports_cleanly(path, tmp_path):
    db = tmp_path / "ledger.db"
    _ok(db, "import", str(path))
    session = json.loads(path.read_text(encoding="utf-8"))
    hands = json.loads(_ok(db, "hands", "--json").stdout)
    assert len(hands) == len(session["hands"])
    assert [h["number"] for h in hands] == list(range(1, len(session["hands"]) + 1))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_sample_passes_check_after_import(path, tmp_path):
    db = tmp_path / "ledger.db"
    _ok(db, "import", str(path))
    _ok(db, "check")


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_sample_looks_like_a_real_evening(path):
    session = json.loads(path.read_text(encoding="utf-8"))
    assert session["format"] == "loo-session/1"
    assert session.get("name") and session.get("started_at")
    unit = session.get("unit") or {}
    assert unit.get("value") and unit.get("currency")
    assert sum(1 for h in session["hands"] if h.get("note")) >= 2
    assert any("deltas" in h for h in session["hands"])


# ---------------------------------------------------------------------------
# The Lou game, settled by hand.
#
# Seats (clockwise): Frank, Gloria, Hector, Irene, Jamal. Jamal deals first.
# Lou preset: lou_ante_dealer 100, lou_ante_each 500, burn_cap 5000 (cents).
# b = min(P, 5000) is what a burned player pays into the next pot.
#
# Hand 1, Jamal deals. The pot is empty, so a new game: a first deal.
#   Antes: Jamal 100, then 500 from each of the five (Jamal too): P = 100 + 5*500 = 2600.
#   Everyone stands. b = min(2600, 5000) = 2600.
#   Tricks Frank 1, Gloria 2, Hector 0, Irene 2, Jamal 0: nobody has three.
#   First deal, nobody reached three: the two-trick players Gloria and Irene share
#   the pot: 2600 / 2 = 1300 each, no odd cent.
#   Burned (0 or 1 trick): Frank, Hector, Jamal pay 2600 each.
#   Frank  -500 - 2600 = -3100     Gloria -500 + 1300 = +800
#   Hector -500 - 2600 = -3100     Irene  -500 + 1300 = +800
#   Jamal  -100 - 500 - 2600 = -3200
#   Pot after: 2600 - 2600 + 3*2600 = 7800.
# Hand 2, Frank deals (a later deal: no antes). P = 7800, b = min(7800, 5000) = 5000:
#   the cap bites.
#   Gloria, Irene, Jamal stand; Hector, Frank fold. Tricks Gloria 2, Irene 2, Jamal 1.
#   Nobody has three: on a later deal the pot stays. Three stood, so the two-trick
#   players neither win nor pay. Jamal (1 trick) is burned 5000.
#   Jamal -5000. Pot after: 7800 + 5000 = 12800.
# Hand 3, Gloria deals. Everyone folds: the pot stays (12800) and Gloria deals again.
#   Nobody pays anything.
# Hand 4, Gloria deals again. P = 12800, b = 5000.
#   Hector and Frank stand, the rest fold. Tricks Hector 2, Frank 3.
#   Frank has three: takes the pot, +12800. Exactly two stood, so Hector, without
#   three tricks, is burned whatever he took: -5000. Pot after: 5000.
# Hand 5, Hector deals. P = 5000, b = min(5000, 5000) = 5000.
#   Irene, Jamal, Frank, Gloria stand; Hector folds. Tricks Irene 1, Jamal 2,
#   Frank 0, Gloria 2. Nobody has three: the pot stays. Four stood, so the
#   two-trick players (Jamal, Gloria) are safe; Irene (1) and Frank (0) are burned
#   5000 each. Pot after: 5000 + 2*5000 = 15000.
# Hand 6, Irene deals. Only Hector stands: he takes the pot without play, +15000,
#   and the game ends. Pot after: 0.
#
# Nets:
#   Frank  -3100 + 12800 - 5000         = +4700
#   Gloria  +800                         =  +800
#   Hector -3100 - 5000 + 15000          = +6900
#   Irene   +800 - 5000                  = -4200
#   Jamal  -3200 - 5000                  = -8200
#   Sum: 4700 + 800 + 6900 - 4200 - 8200 = 0, and the pot is 0: every cent accounted for.
LOU_NETS = {"Frank": 4700, "Gloria": 800, "Hector": 6900, "Irene": -4200, "Jamal": -8200}
LOU_POOL = 0


def test_lou_game_balances_worked_by_hand(tmp_path):
    db = tmp_path / "ledger.db"
    _ok(db, "import", str(SAMPLES / "lou-game.json"))
    nets, pool = _balances(db)
    assert sum(LOU_NETS.values()) + LOU_POOL == 0
    assert nets == LOU_NETS
    assert pool == LOU_POOL


# ---------------------------------------------------------------------------
# The first five hands of the three-card Friday, settled by hand.
#
# Seats (clockwise): Margaret, Tom, Priya, Hugh, Sian, Declan. Margaret deals first.
# three-card preset with {"loo": "mixed", "loo_limit": 90}: the dealer antes 9 white,
# a trick takes P // 3, and a looed player pays L = min(P, 90).
#
# Hand 1, Margaret deals. The pool is empty: a simple pool, everyone plays, no miss.
#   P = 9 (Margaret's ante), 3 a trick, L = min(9, 90) = 9.
#   Tom 1 trick +3, Hugh 2 tricks +6. Priya, Sian, Declan, Margaret took none: looed 9.
#   Margaret -9 (ante) - 9 (loo) = -18.
#   Pool after: 9 - (3 + 6) + 4*9 = 36.
# Hand 2, Tom deals. 36 carried: a double pool. P = 36 + 9 = 45, 15 a trick, L = 45.
#   Hugh stands, Sian takes the miss, Tom (dealer) stands; Priya, Declan, Margaret pass.
#   Hugh 2 tricks +30, Sian 1 trick +15, Tom none: -9 (ante) - 45 (loo) = -54.
#   Pool after: 45 - 45 + 45 = 45.
# Hand 3, Priya deals. P = 45 + 9 = 54, 18 a trick, L = 54.
#   Only Sian stands; Priya, the dealer, defends the pool with the miss.
#   Sian 2 tricks +36. The defender's 1 trick (18) stays in the pool; she neither
#   collects nor is looed: Priya -9 (ante). Pool after: 54 - 36 = 18.
# Hand 4, Hugh deals. P = 18 + 9 = 27. Everyone passes: the dealer takes P.
#   Hugh -9 + 27 = +18. Pool after: 0.
# Hand 5, Sian deals. The pool is empty again: a simple pool. P = 9, 3 a trick, L = 9.
#   Declan, Margaret, Priya 1 trick each: +3 each. Tom, Hugh, Sian took none: looed 9.
#   Sian -9 (ante) - 9 (loo) = -18.
#   Pool after: 9 - 3*3 + 3*9 = 27.
#
# Nets after five hands (hands 1 to 5 in order):
#   Margaret  -18 + 0 + 0 + 0 + 3 = -15
#   Tom        +3 - 54 + 0 + 0 - 9 = -60
#   Priya      -9 + 0 - 9 + 0 + 3 = -15
#   Hugh       +6 + 30 + 0 + 18 - 9 = +45
#   Sian       -9 + 15 + 36 + 0 - 18 = +24
#   Declan     -9 + 0 + 0 + 0 + 3 = -6
#   Sum: -15 - 60 - 15 + 45 + 24 - 6 = -27, and 27 white chips are in the pool.
FRIDAY_5_NETS = {"Margaret": -15, "Tom": -60, "Priya": -15, "Hugh": 45, "Sian": 24,
                 "Declan": -6}
FRIDAY_5_POOL = 27


def test_three_card_friday_first_five_hands_worked_by_hand(tmp_path):
    session = json.loads((SAMPLES / "three-card-mixed-friday.json").read_text(encoding="utf-8"))
    session["hands"] = session["hands"][:5]
    short = tmp_path / "friday-first-five.json"
    short.write_text(json.dumps(session), encoding="utf-8")
    db = tmp_path / "ledger.db"
    _ok(db, "import", str(short))
    nets, pool = _balances(db)
    assert sum(FRIDAY_5_NETS.values()) + FRIDAY_5_POOL == 0
    assert nets == FRIDAY_5_NETS
    assert pool == FRIDAY_5_POOL
