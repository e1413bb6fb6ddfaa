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


def _items(batch: list[Any], depth: int) -> str:
    """The items of ``batch`` as ``json.dumps(..., indent=2, ensure_ascii=False)`` writes
    them inside a list ``depth`` (1 or 2) levels deep: each on its own lines, the first line
    of each indented, separated by ``,`` and a newline (the tests compare them). Encoded and
    indented by msgspec once for the batch (json's indenting encoder is pure Python, and
    msgspec's cost is mostly a call's: a hand at a time took four times as long); two levels
    deep, as the list of an object's key, so that msgspec indents them as they stand."""
    if depth == 1:
        return msgspec.json.format(_encode(batch), indent=2)[2:-2].decode("utf-8")
    if depth != 2:  # pragma: no cover - the outputs nest their lists one or two deep
        raise ValueError(f"items {depth} levels deep")
    # '{\n  "": [\n' before the items, '\n  ]\n}' after them
    return msgspec.json.format(_encode({"": batch}), indent=2)[10:-6].decode("utf-8")


def _batches(items: Iterable[Any], size: int = EVERY) -> Iterator[list[Any]]:
    """``items`` in lists of ``size`` (the last one shorter), none if there are none."""
    batch: list[Any] = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def json_array(items: Iterable[Any]) -> Iterator[str]:
    """``json.dumps(list(items), indent=2, ensure_ascii=False)``, a batch of items at a
    time (memory does not grow with the list).

    >>> "".join(json_array([{"a": 1}, [2]])) == json.dumps([{"a": 1}, [2]], indent=2)
    True
    >>> "".join(json_array([]))
    '[]'
    """
    first = True
    for batch in _batches(items):
        yield ("[\n" if first else ",\n") + _items(batch, 1)
        first = False
    yield "[]" if first else "\n]"


def hand_rows(ledger: Any, sid: int, progress: Progress | None = None) -> Iterator[HandRow]:
    """``loo hands --json``'s objects, one hand at a time from the ledger's cursor (which
    gives them with their keys in this output's order)."""
    if progress is None:
        yield from ledger.iter_hands(sid)
        return
    done = 0
    for r in ledger.iter_hands(sid):
        yield r
        done += 1
        if done % EVERY == 0:
            progress(EVERY)
    if done % EVERY:
        progress(done % EVERY)


_MARK = "\x00hands\x00"


def _read_as_text(raw: Any, players: tuple[str, ...], source: str) -> dict[str, Any]:
    """A stored hand that is not read as it is (an extension field, or a problem): its JSON
    text read by the one reader, which reads any hand and words its problems (``source``
    naming it), then written by the one writer, its extension fields kept. The text is
    msgspec's encoding of the object the store's decoder gave; None where msgspec cannot
    write it, for ``hand_from_dict`` to write it, or word its refusal."""
    from loo_ledger.formats.extensions import PREFIX
    from loo_ledger.formats.handcodec import record_to_dict
    from loo_ledger.formats.reader import Refused, read_hand
    from loo_ledger.formats.sessionfile import hand_from_dict, hand_to_dict
    try:
        text: bytes | None = _encode(raw)
    except (TypeError, ValueError):
        text = None
    try:
        if text is None:
            raise Refused("not JSON text")
        record = read_hand(text, players, canonical_json=False).record
    except Refused:  # read again by hand_from_dict, which words every problem
        record = hand_from_dict(raw, source=source, players=players, text=text)
    # extension fields kept: looked for only where the text names a key "x-..."
    return (record_to_dict(record) if text is not None and f'"{PREFIX}'.encode() not in text
            else hand_to_dict(record, raw))


def session_file(ledger: Any, sid: int, progress: Progress | None = None) -> Iterator[str]:
    """The session file ``loo export`` writes (``dumps_session`` of the stored session),
    hand by hand: each stored record is read back through the session format (so a record
    the format refuses stops the export with its message), extension fields kept. A hand
    is read from the values the store decoded (formats/reader.py ``read_value``), or else
    from their JSON text (:func:`_read_as_text`)."""
    from loo_ledger.domain.rules.model import RuleChange
    from loo_ledger.formats.handcodec import record_to_dict
    from loo_ledger.formats.reader import read_value
    from loo_ledger.formats.sessionfile import dumps_session, session_from_dict
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
    players = tuple(dict.fromkeys([*head["players"],
                                   *(c["player"] for c in head.get("seat_changes", ()))]))
    hands = 0
    out: list[dict[str, Any]] = []
    for number, raw in ledger.iter_records(sid):
        record = read_value(raw, players)  # a plain hand (no extension field): read as it is
        out.append(record_to_dict(record) if record is not None
                   else _read_as_text(raw, players, f"session {sid}, hand {number}"))
        if len(out) == EVERY:
            yield (before if hands == 0 else ",") + "\n" + _items(out, 2)
            hands += EVERY
            out = []
            if progress is not None:
                progress(EVERY)
    if out:
        yield (before if hands == 0 else ",") + "\n" + _items(out, 2)
        hands += len(out)
        if progress is not None:
            progress(len(out))
    yield (before + after if hands == 0 else "\n  " + after) + "\n"


_INTS = frozenset({int})
#: What the hands' CSV reads of each record (the rest of it is not read).
_CSV_KEYS = ("declarations", "tricks", "cards")


class _Fields(dict[str, str]):
    """Each text as the hands' CSV writes it: made safe for a spreadsheet
    (``csvout.cell``) and quoted as the csv module quotes a field among others, worked out
    once per text (:meth:`written`, for any value)."""

    def __init__(self) -> None:
        super().__init__()
        self._buf = io.StringIO()
        self._writer = csv.writer(self._buf, lineterminator="\r\n")

    def written(self, value: Any, safe: bool = True) -> str:
        """``value`` as the csv module writes it in a row of several fields (``safe``:
        made safe for a spreadsheet first)."""
        self._buf.seek(0)
        self._buf.truncate()
        self._writer.writerow((cell(value) if safe else value, 0))  # a lone "" is quoted
        return self._buf.getvalue()[:-len(",0\r\n")]

    def __missing__(self, text: str) -> str:
        value = self[text] = self.written(text)
        return value


def hands_csv(ledger: Any, sid: int, progress: Progress | None = None, *,
              kept: set[int] | None = None, header: bool = True) -> Iterator[str]:
    """``csvout.hands_csv``, a hand at a time: a row for each player in each hand's deltas,
    in seat order, with his running net and the pool after the hand. Tricks are the
    record's; a hand recorded with cards and no counts takes the tricks as settled from the
    store (read only for such a session). ``kept``: only these hands' rows (the running net
    is still the evening's); ``header``: the header row first. The texts (names, words)
    are quoted once each (:class:`_Fields`), the rows joined from them and the numbers."""
    players = [p["name"] for p in ledger.balances(sid)["players"]]
    nets = dict.fromkeys(players, 0)
    judged: dict[int, dict[str, int]] | None = None
    field = _Fields()
    write = field.written
    rows: list[str] = []
    if header:
        rows.append(",".join(write(c, False) for c in HAND_COLUMNS) + "\r\n")
    session = write(sid)
    names = [(p, field[p]) for p in players]
    hands = 0
    for h in ledger.iter_hands(sid, records=_CSV_KEYS):
        deltas, number = h["deltas"], h["number"]
        if kept is not None and number not in kept:  # not shown: the running nets alone
            for p in players:
                if p in deltas:
                    nets[p] += deltas[p]
        else:
            record = h["record"]
            declarations = record.get("declarations") or {}
            tricks = record.get("tricks")
            if not tricks and record.get("cards"):
                if judged is None:
                    from loo_ledger.store.stats_sql import StatsReader
                    judged = StatsReader(ledger.db).hand_tricks(sid)
                tricks = judged.get(number)
            tricks = tricks or {}
            # whole numbers (as ever) are written as str writes them, as the csv module does
            after = h["pool_after"]
            whole = (type(number) is int and type(after) is int
                     and _INTS.issuperset(map(type, deltas.values()))
                     and _INTS.issuperset(map(type, tricks.values())))
            start = f"{session},{number if whole else write(number)},{field[h['dealer']]},"
            end = f",{after if whole else write(after)}\r\n"
            for p, name in names:
                if p in deltas:
                    change = deltas[p]
                    net = nets[p] = nets[p] + change
                    said = field[declarations.get(p, "")]
                    taken = tricks.get(p, 0)
                    rows.append(f"{start}{name},{said},{taken},{change},{net}{end}" if whole
                                else f"{start}{name},{said},{write(taken)},{write(change)},"
                                f"{write(net)}{end}")
        hands += 1
        if hands % 200 == 0:
            yield "".join(rows)
            rows.clear()
        if progress is not None and hands % EVERY == 0:
            progress(EVERY)
    if progress is not None and hands % EVERY:
        progress(hands % EVERY)
    yield "".join(rows)
