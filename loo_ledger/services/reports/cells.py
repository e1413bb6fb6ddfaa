"""A player's part in a hand in a few words, as `loo hands` and the HTML export show it."""

from __future__ import annotations

from typing import Any

from loo_ledger.domain.rules.chips import signed


def hand_cell(record: dict[str, Any], player: str, deltas: dict[str, Any], *,
              lou: bool = False) -> str:
    """A player's part in a hand: word, tricks, what else happened to them and the change,
    e.g. ``miss 1t +9``, ``3t flush +27``, ``0t revoke -9`` (Lou: ``renege``); ``-`` when
    he was not in the hand.

    >>> hand_cell({"declarations": {"A": "miss"}, "tricks": {"A": 1}}, "A", {"A": 9})
    'miss 1t +9'
    >>> hand_cell({"tricks": {"A": 0}, "penalties": [{"player": "A", "kind": "revoke"}]},
    ...           "A", {"A": -9}, lou=True), hand_cell({}, "B", {"A": 1})
    ('0t renege -9', '-')
    """
    if player not in deltas:
        return "-"
    from loo_ledger.domain.settlement.flushes import flush_name  # noqa: PLC0415 (flush names: not for `loo hands --help`)
    word = (record.get("declarations") or {}).get(player, "")
    won = (record.get("tricks") or {}).get(player)
    parts = [w for w in (word if word != "stand" else "", "" if won is None else f"{won}t") if w]
    parts += [flush_name(f.get("kind", "flush")) for f in record.get("flushes") or []
              if f.get("player") == player]
    parts += [("renege" if lou else "revoke") if pen.get("kind") == "revoke" else
              str(pen.get("kind")) for pen in record.get("penalties") or []
              if pen.get("player") == player]
    return " ".join([*parts, signed(deltas[player])])
