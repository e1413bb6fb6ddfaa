"""A session file's ``seat_changes``: players who joined or left the table between hands.

They are not part of the engine's Session (the store keeps them: who is at the table now);
the reader checks them against the hands (:func:`seat_change_problems`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def seat_changes(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The session's log of seat changes (``seat_changes``), or an empty list."""
    return [dict(c) for c in data.get("seat_changes", ())]


def _away_at_start(changes: list[dict[str, Any]]) -> set[str]:
    """Players whose first change is ``join``: away until then (seated late)."""
    first: dict[str, str] = {}
    for c in changes:
        first.setdefault(c["player"], c["change"])
    return {p for p, change in first.items() if change == "join"}


def seat_change_problems(data: Mapping[str, Any]) -> list[tuple[list[Any], str]]:
    """What is wrong with a (schema-valid) file's ``seat_changes``: a player not seated, a
    change after the hand that follows the last, changes out of order or twice the same,
    and a player away from the table who is dealt a hand (not in its ``sitting_out``)."""
    changes, hands = seat_changes(data), data["hands"]
    players, out = set(data["players"]), []
    last: dict[str, str] = {}
    before = 1
    for i, c in enumerate(changes):
        at, who, n = ["seat_changes", i], c["player"], c["before_hand"]
        if who not in players:
            out.append((at + ["player"], f"{who} is not one of the players"))
        if n > len(hands) + 1:
            out.append((at + ["before_hand"], f"hand {n} is beyond the next hand "
                        f"({len(hands) + 1}): the session has {len(hands)} hands"))
        if n < before:
            out.append((at + ["before_hand"], f"hand {n} comes before the change above it "
                        f"(hand {before}): list the changes in order"))
        if last.get(who) == c["change"]:
            did = "joined" if c["change"] == "join" else "left"
            out.append((at + ["change"], f"{who} already {did} in the change before; a "
                        "player joins and leaves in turn"))
        last[who], before = c["change"], max(before, n)
    if out:
        return out
    away, ordered, k = _away_at_start(changes), sorted(enumerate(changes),
                                                      key=lambda e: e[1]["before_hand"]), 0
    since: dict[str, int] = {}
    for h, hand in enumerate(hands, start=1):
        while k < len(ordered) and ordered[k][1]["before_hand"] <= h:
            i, c = ordered[k]
            (away.add if c["change"] == "leave" else away.discard)(c["player"])
            since[c["player"]] = i
            k += 1
        for who in sorted(away - set(hand.get("sitting_out", ()))):
            why = (f"seat_changes[{since[who]}]" if who in since else
                   "their first seat change is a join")
            out.append((["hands", h - 1, "sitting_out"], f"{who} is away from the table "
                        f"({why}) but is dealt this hand: list them in sitting_out"))
    return out
