"""How the six evenings added for issue 8 were made (bicycle, poker-book, lanterloo,
britannica, undivided, britannica-five-card): benchmarks/generate.py plays each (every
choice asked of domain.legal), then names, a date, a unit, house rules where the source
advises them, notes that say what happened, and the table's score sheet on most hands.
tests/test_samples.py cross-checks their balances by an independent settler.

    python sample_sessions/make_new_samples.py
"""
import json, random, sys
from pathlib import Path
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks")); sys.path.insert(0, str(ROOT))
from generate import generate_session, Habits, dumps
H = Habits(revoke=0.0, forfeit=0.0, ruling=0.0, seat_change=0.0, flush=0.08, second_flush=0.0)
SPECS = [
  ("bicycle", "bicycle-club-thursday", "Thursday club night, Bicycle rules", "2025-10-16T19:30:00-04:00",
   ["Walt", "Dorothy", "Earl", "Mabel", "Curtis", "Lorraine"], {"name": "chip", "value": "0.25", "currency": "USD"}, 22, 4,
   ["Mabel's flush of three trumps: straight into her pile.", "Earl stood alone and Curtis defended: a quiet one."]),
  ("poker-book", "poker-book-cap-night", "The poker-book loo at the Hendersons'", "2024-12-07T21:00:00-06:00",
   ["Ruth", "Virgil", "Opal", "Harlan", "Bess"], {"name": "white chip", "value": "0.05", "currency": "USD"}, 24, 5,
   ["Only the loos make this pool: nobody replenishes after a loo.", "A big unlimited loo: Harlan groaned."]),
  ("lanterloo", "lanterloo-pam-evening", "Lanterloo and Pam at the vicarage", "2025-01-18T19:00:00+00:00",
   ["Edmund", "Harriet", "Lavinia", "Rupert", "Clemency", "Barnaby"], {"name": "counter", "value": "0.02", "currency": "GBP"}, 26, 6,
   ["Pam (the jack of clubs) took the first trick: Harriet grinned.", "The miss was taken and lost: a loo of three."]),
  ("britannica", "britannica-club-stakes", "Stakes at the Blenheim, Britannica laws", "2025-02-22T20:00:00+00:00",
   ["Algernon", "Cecily", "Gwendolen", "Jack", "Lane", "Chasuble"], {"name": "shilling stake third", "value": "0.05", "currency": "GBP"}, 28, 7,
   ["A single: every stake in, the dealer two.", "After the loo only the dealer's one stake goes in."]),
  ("undivided", "undivided-all-or-nothing", "Undivided loo: all three tricks or nothing", "2025-05-09T20:15:00+02:00",
   ["Ingrid", "Lars", "Maren", "Sven", "Tove"], {"name": "white chip", "value": "0.10", "currency": "SEK"}, 20, 8,
   ["Nobody took all three: the whole pool stays.", "Maren swept all three tricks and the pool with them."]),
  ("britannica-five-card", "britannica-five-card-board", "Five-card loo, looing the board", "2025-08-30T20:00:00+01:00",
   ["Hester", "Ambrose", "Prudence", "Silas", "Tabitha"], {"name": "chip", "value": "0.05", "currency": "GBP"}, 24, 9,
   ["A flush loos the board: everyone else pays the holder.", "Silas exchanged all five and still stood."]),
]
NAMES = ("Ann", "Ben", "Cat", "Dov", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon")
def rename(x, m):
    if isinstance(x, dict): return {m.get(k, k): rename(v, m) for k, v in x.items()}
    if isinstance(x, list): return [rename(v, m) for v in x]
    if isinstance(x, str): return m.get(x, x)
    return x
import generate
RULES = {"poker-book": {"loo": "mixed", "loo_limit": 60}, "britannica": {"loo": "mixed", "loo_limit": 90}}
_orig = generate.variant
for variant, stem, name, when, players, unit, n, seed, notes in SPECS:
    rules = RULES.get(variant, {})
    generate.variant = lambda nm, r=None, _rules=rules, **k: _orig(nm, _rules)
    d = generate_session(variant, players=len(players), hands=n, seed=seed, habits=H, started_at=when)
    m = dict(zip(NAMES, players))
    d = rename(d, m)
    d["name"], d["unit"] = name, unit
    if rules:
        d = {**{k: v for k, v in d.items() if k not in ("unit", "players", "first_dealer", "opening_pool", "hands")},
             "rules": rules, **{k: d[k] for k in ("unit", "players", "first_dealer", "opening_pool", "hands")}}
    rng = random.Random(seed)
    # the table's own score sheet on most hands, not all (as people write it)
    for h in d["hands"]:
        if rng.random() < 0.35: h.pop("deltas", None)
    # notes that say what happened at the table, on a few hands
    for h in d["hands"]:
        words = h.get("declarations") or {}
        said = [p for p, w in words.items() if w not in ("pass", "fold")]
        if h.get("flushes"):
            f = h["flushes"][0]
            from loo_ledger.domain.settlement.flushes import flush_name; h["note"] = f"{f['player']} laid down a {flush_name(f['kind'])} before a card was played."
        elif words.get(h["dealer"]) == "defend":
            h["note"] = f"{said[0]} stood alone; {h['dealer']} took the miss and defended the pool."
        elif words and all(w in ("pass", "fold") for q, w in words.items() if q != h["dealer"]):
            h["note"] = f"Everyone passed to {h['dealer']}."
    kept = 0
    for h in d["hands"]:  # keep a handful, the rest of the evening went unremarked
        if "note" in h:
            kept += 1
            if kept > 4: h.pop("note")
    d["hands"][0]["note"] = f"{d['first_dealer']} cut the lowest card and dealt first."
    d["hands"][-1]["note"] = "Last hand of the evening; the taxis were outside."
    open(ROOT / "sample_sessions" / f"{stem}.json", "w", encoding="utf-8").write(dumps(d) + "\n")
    print(stem, len(d["hands"]))
