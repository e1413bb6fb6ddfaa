"""Import speed: a generated 100,000-hand three-card session, imported whole-process.

Run: python benchmarks/import_speed.py [HANDS]   (prints figures; not a test)
The hands are legal by construction: a simple pool is played by everyone; in a double
pool the two players on the dealer's left and the dealer stand, the rest pass.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PLAYERS = ["Ann", "Ben", "Cat", "Dov", "Eve", "Fay"]


def tricks(players: list[str], rng: random.Random) -> dict[str, int]:
    out = dict.fromkeys(players, 0)
    for _ in range(3):
        out[rng.choice(players)] += 1
    return out


def generate(n: int, seed: int = 1) -> dict:
    rng = random.Random(seed)
    hands, dealer, pool = [], len(PLAYERS) - 1, 0
    for _ in range(n):
        order = PLAYERS[dealer + 1:] + PLAYERS[:dealer + 1]
        pot = pool + 9
        if pool == 0:
            hand = {"tricks": tricks(order, rng)}
            playing = order
        else:
            playing = [order[0], order[1], order[-1]]
            decl = {p: ("stand" if p in playing else "pass") for p in order}
            hand = {"declarations": decl, "tricks": tricks(playing, rng)}
        t = hand["tricks"]
        whole = any(v == 3 for v in t.values())
        paid = pot if whole else sum(v * (pot // 3) for v in t.values())
        pool = pot - paid + 9 * sum(1 for p in playing if t[p] == 0)
        hands.append(hand)
        dealer = (dealer + 1) % len(PLAYERS)
    return {"format": "loo-session/1", "name": "benchmark", "variant": "three-card",
            "players": PLAYERS, "first_dealer": PLAYERS[-1], "hands": hands}


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    with tempfile.TemporaryDirectory() as tmp:
        f, db = Path(tmp) / "big.json", Path(tmp) / "big.db"
        f.write_text(json.dumps(generate(n)))
        start = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "loo_ledger", "--db", str(db), "import",
                               str(f)], capture_output=True, text=True)
        took = time.perf_counter() - start
        if proc.returncode:
            sys.exit(proc.stderr)
        print(f"import of {n} hands: {took:.2f} s whole-process, {n / took:,.0f} hands/s")
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "loo_ledger", "--db", str(db), "balances", "--json"],
                       capture_output=True, check=True)
        print(f"balances --json on it: {(time.perf_counter() - start) * 1000:.0f} ms whole-process")


if __name__ == "__main__":
    main()
