"""Streaming outputs (issue 10, item 4): a session's hands written one at a time, so the
memory an export or ``loo hands --json`` needs does not grow with the session.

Each function yields pieces of text whose concatenation is exactly what the whole-list
version gives (``json.dumps(..., indent=2, ensure_ascii=False)``, the session file of
``dumps_session``, the CSV of ``csvout.hands_csv``): the tests compare them byte for byte.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

import msgspec
from msgspec.structs import replace

from loo_ledger.services.reports.csvout import HAND_COLUMNS, cell

if TYPE_CHECKING:
    from loo_ledger.store.rows import HandRow

#: Told the number of hands written since the last call (every ``EVERY`` hands, then the rest).
Progress = Callable[[int], None]
EVERY = 1000


_encode = msgspec.json.Encoder().encode


def _indented(value: Any, depth: int) -> str:
    """``value`` as indented JSON, every line but the first moved right by ``depth`` levels:
    what ``json.dumps(value, indent=2, ensure_ascii=False)`` gives (the tests compare them),
    made by msgspec some fifteen times faster (json's indenting encoder is pure Python)."""
    text = msgspec.json.format(_encode(value), indent=2).decode("utf-8")
    return text.replace("\n", "\n" + "  " * depth)


def json_array(items: Iterable[Any]) -> Iterator[str]:
    """``json.dumps(list(items), indent=2, ensure_ascii=False)``, an item at a time.

    >>> "".join(json_array([{"a": 1}, [2]])) == json.dumps([{"a": 1}, [2]], indent=2)
    True
    >>> "".join(json_array([]))
    '[]'
    """
    first = True
    for item in items:
        yield ("[\n  " if first else ",\n  ") + _indented(item, 1)
        first = False
    yield "[]" if first else "\n]"


def hand_rows(ledger: Any, sid: int, progress: Progress | None = None) -> Iterator[HandRow]:
    """``loo hands --json``'s objects, one hand at a time from the ledger's cursor."""
    done = 0
    for r in ledger.iter_hands(sid):
        yield {"number": r["number"], "dealer": r["dealer"], "double": r["double"],
               "pool_in": r["pool_in"], "pot": r["pot"], "deltas": r["deltas"],
               "pool_after": r["pool_after"], "looed": r["looed"],
               "outcome": r["outcome"], "table_ruling": r["table_ruling"],
               "record": r["record"]}
        done += 1
        if progress is not None and done % EVERY == 0:
            progress(EVERY)
    if progress is not None and done % EVERY:
        progress(done % EVERY)


_MARK = "\x00hands\x00"


def session_file(ledger: Any, sid: int, progress: Progress | None = None) -> Iterator[str]:
    """The session file ``loo export`` writes (``dumps_session`` of the stored session),
    hand by hand: each stored record is read back through the session format (so a record
    the format refuses stops the export with its message), extension fields kept."""
    from loo_ledger.domain.rules.model import RuleChange
    from loo_ledger.formats.sessionfile import (
        dumps_session,
        hand_from_dict,
        hand_to_dict,
        session_from_dict,
    )
    head = ledger.session_head(sid)
    # seat and rule changes are checked against the hands, which come later: the store
    # checked them when it wrote them; the header alone is checked here
    session = replace(session_from_dict(
        {k: v for k, v in head.items() if k not in ("seat_changes", "rule_changes")},
        source=f"session {sid}"), rule_changes=tuple(
            RuleChange(from_hand=c["from_hand"], rules=dict(c["rules"]))
            for c in head.get("rule_changes", ())))
    whole = json.loads(dumps_session(session, head))
    if "hands" not in whole:  # pragma: no cover - the format always writes hands
        raise ValueError("a session file without hands")
    whole["hands"] = [_MARK]
    before, after = json.dumps(whole, indent=2, ensure_ascii=False).split(
        json.dumps(_MARK), 1)
    before = before.rstrip(" \n")  # ends with '"hands": ['
    after = after.lstrip(" \n")    # starts with ']'
    source = f"session {sid}"
    hands = 0
    players = tuple(dict.fromkeys([*head["players"],
                                   *(c["player"] for c in head.get("seat_changes", ()))]))
    for number, raw in ledger.iter_records(sid):
        record = hand_from_dict(raw, source=f"{source}, hand {number}", players=players)
        out = hand_to_dict(record, raw)  # the extension fields put back
        yield (before if hands == 0 else ",") + "\n    " + _indented(out, 2)
        hands += 1
        if progress is not None and hands % EVERY == 0:
            progress(EVERY)
    if progress is not None and hands % EVERY:
        progress(hands % EVERY)
    yield (before + after if hands == 0 else "\n  " + after) + "\n"


class _SafeText(dict[str, str]):
    """``csvout.cell`` of each text, worked out once (numbers never need it)."""

    def __missing__(self, text: str) -> str:
        value: str = cell(text)
        self[text] = value
        return value


def hands_csv(ledger: Any, sid: int, progress: Progress | None = None, *,
              kept: set[int] | None = None, header: bool = True) -> Iterator[str]:
    """``csvout.hands_csv``, a hand at a time: a row for each player in each hand's deltas,
    in seat order, with his running net and the pool after the hand. Tricks are the
    record's; a hand recorded with cards and no counts takes the tricks as settled from the
    store (read only for such a session). ``kept``: only these hands' rows (the running net
    is still the evening's); ``header``: the header row first."""
    players = [p["name"] for p in ledger.balances(sid)["players"]]
    nets = dict.fromkeys(players, 0)
    judged: dict[int, dict[str, int]] | None = None
    safe = _SafeText()  # names and words, made safe for a spreadsheet once each
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\r\n")
    if header:
        writer.writerow(HAND_COLUMNS)
    hands = 0
    for h in ledger.iter_hands(sid):
        record, deltas = h["record"], h["deltas"]
        declarations = record.get("declarations") or {}
        tricks = record.get("tricks")
        if not tricks and record.get("cards"):
            if judged is None:
                from loo_ledger.store.stats_sql import StatsReader
                judged = StatsReader(ledger.db).hand_tricks(sid)
            tricks = judged.get(h["number"])
        tricks = tricks or {}
        dealer = safe[h["dealer"]]
        shown = kept is None or h["number"] in kept
        for p in players:
            if p in deltas:
                nets[p] += deltas[p]
                if shown:
                    writer.writerow((sid, h["number"], dealer, safe[p],
                                     safe[declarations.get(p, "")], tricks.get(p, 0),
                                     deltas[p], nets[p], h["pool_after"]))
        hands += 1
        if hands % 200 == 0:
            yield buf.getvalue()
            buf.seek(0)
            buf.truncate()
        if progress is not None and hands % EVERY == 0:
            progress(EVERY)
    if progress is not None and hands % EVERY:
        progress(hands % EVERY)
    yield buf.getvalue()
