"""The README's "At the table" example is a real evening: this test reads its code block,
runs every `loo ...` line in order against a fresh database, and checks each printed
settlement against figures worked by hand from shared/spec/RULES.md (below), so the
example cannot go stale.

Seats (clockwise) Ann, Ben, Cat, Dov, Eve; Eve deals first. three-card with loo=mixed,
loo_limit=90: the dealer antes 9, a trick takes P // 3, a looed player pays min(P, 90).

Hand 1, Eve deals. Empty pool: a simple pool, everyone plays. P = 9, 3 a trick, L = 9.
  Ann, Cat, Dov 1 trick each: +3. Ben none: -9. Eve none: -9 ante - 9 loo = -18.
  Pool after: 9 - 9 + 2*9 = 18 -> double. Ann deals next.
Hand 2, Ann deals. P = 18 + 9 = 27, 9 a trick, L = min(27, 90) = 27.
  Ben, Dov pass (0). Cat took the miss, no trick: looed -27. Eve 1 trick +9.
  Ann -9 ante + 2*9 = +9. Pool after: 27 - 27 + 27 = 27. Ben deals next.
Hand 3, Ben deals. P = 27 + 9 = 36, 12 a trick. Cat alone stands; Ben defends.
  Cat 2 tricks +24. Ben -9 (ante); his 1 trick's 12 stays. Dov, Eve, Ann 0.
  Pool after: 36 - 24 = 12. Cat deals next (a double pool).
Hand 4, Cat deals. P = 12 + 9 = 21. Everyone else passes: Cat takes 21: -9 + 21 = +12.
  Pool after: 0. Dov deals next, a simple pool.
Nets: Ann 3+9 = 12; Ben -9-9 = -18; Cat 3-27+24+12 = 12; Dov 3;
Eve -18+9 = -9. Sum 12-18+12+3-9 = 0 with the pool empty. Money at £0.05 a chip:
Ann £0.60, Ben -£0.90, Cat £0.60, Dov £0.15, Eve -£0.45.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from typer.testing import CliRunner

from loo_ledger.cli import app

README = Path(__file__).resolve().parents[1] / "README.md"

HANDS = [  # (deltas, pool after, next dealer), worked by hand above
    ({"Ann": 3, "Ben": -9, "Cat": 3, "Dov": 3, "Eve": -18}, 18, "Ann"),
    ({"Ann": 9, "Ben": 0, "Cat": -27, "Dov": 0, "Eve": 9}, 27, "Ben"),
    ({"Ann": 0, "Ben": -9, "Cat": 24, "Dov": 0, "Eve": 0}, 12, "Cat"),
    ({"Ann": 0, "Ben": 0, "Cat": 12, "Dov": 0, "Eve": 0}, 0, "Dov"),
]
NETS = {"Ann": "+12", "Ben": "-18", "Cat": "+12", "Dov": "+3", "Eve": "-9"}
MONEY = {"Ann": "£0.60", "Ben": "-£0.90", "Cat": "£0.60", "Dov": "£0.15", "Eve": "-£0.45"}


def readme_commands() -> list[list[str]]:
    """The `loo` lines of the first sh block under "## At the table", split as a shell
    would (continuations joined, comments dropped)."""
    text = README.read_text(encoding="utf-8")
    section = text.split("## At the table", 1)[1]
    block = section.split("```sh\n", 1)[1].split("```", 1)[0]
    joined = re.sub(r"\\\n", " ", block)
    return [shlex.split(line, comments=True) for line in joined.splitlines()
            if line.strip().startswith("loo ")]


def _settlement(output: str) -> tuple[dict[str, int], int, str]:
    deltas = {m[1]: int(m[2]) for m in re.finditer(r"^  (\w+)\s+([+-]?\d+)  ", output, re.M)}
    tail = re.search(r"Pool now (\d+)\. Next: (\w+) deals", output)
    assert tail, output
    return deltas, int(tail[1]), tail[2]


def test_readme_at_the_table_runs_line_by_line(tmp_path):
    commands = readme_commands()
    assert [c[:2] for c in commands] == [["loo", "new"], *[["loo", "hand"]] * 4,
                                         ["loo", "pool"], ["loo", "balances"]]
    db = str(tmp_path / "ledger.db")
    runner = CliRunner()
    hands = iter(HANDS)
    for words in commands:
        result = runner.invoke(app, ["--db", db, *words[1:]])
        assert result.exit_code == 0, f"{' '.join(words)}:\n{result.output}"
        out = result.output
        if words[1] == "new":
            assert "Eve deals first" in out
        elif words[1] == "hand":
            deltas, pool, dealer = next(hands)
            assert _settlement(out) == (deltas, pool, dealer), f"{' '.join(words)}:\n{out}"
        elif words[1] == "pool":
            assert "next is hand 5, dealt by Dov" in out
            assert "Antes due: Dov 9" in out
        else:
            for name, net in NETS.items():
                assert re.search(rf"{name}\s+│\s+{re.escape(net)}\s+│\s+"
                                 rf"{re.escape(MONEY[name])}", out), out
            assert re.search(r"\(pool\)\s+│\s+0\s", out), out
