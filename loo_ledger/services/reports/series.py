"""Hand-by-hand series of a session: running nets and the pool. Pure functions.

Hand 0 is the start of the session: every net 0, the pool at its opening size.
A player who is not in a hand's deltas (not yet seated, or gone) keeps his net.
"""

from __future__ import annotations

from loo_ledger.services.reports.evening import Evening


def hand_numbers(ev: Evening) -> list[int]:
    """0, then every hand's number."""
    return [0, *(h["number"] for h in ev.hands)]


def running_nets(ev: Evening) -> dict[str, list[int]]:
    """Each player's running net after hand 0, 1, 2... (aligned with hand_numbers).

    >>> ev = Evening(session_id=1, name=None, started_at=None, variant="v", rules={},
    ...              unit_name=None, unit_value=None, currency=None, players=["A", "B"],
    ...              opening_pool=0, pool=0, nets={"A": 1, "B": -1},
    ...              hands=[{"number": 1, "deltas": {"A": 3, "B": -3}, "pool_after": 0},
    ...                     {"number": 2, "deltas": {"A": -2}, "pool_after": 0}])
    >>> running_nets(ev)
    {'A': [0, 3, 1], 'B': [0, -3, -3]}
    """
    out = {p: [0] for p in ev.players}
    for h in ev.hands:
        for p, values in out.items():
            values.append(values[-1] + h["deltas"].get(p, 0))
    return out


def pool_sizes(ev: Evening) -> list[int]:
    """The chips in the pool at the start, then after each hand."""
    return [ev.opening_pool, *(h["pool_after"] for h in ev.hands)]


def as_json(ev: Evening, *, pool: bool) -> dict:
    """The series for ``--json``: hand number -> running net per player, or pool size."""
    numbers = hand_numbers(ev)
    if pool:
        points: list[dict] = [{"hand": n, "pool": v}
                              for n, v in zip(numbers, pool_sizes(ev), strict=True)]
    else:
        nets = running_nets(ev)
        points = [{"hand": n, "net": {p: nets[p][i] for p in ev.players}}
                  for i, n in enumerate(numbers)]
    return {"session": ev.session_id, "players": ev.players, "series": points}
