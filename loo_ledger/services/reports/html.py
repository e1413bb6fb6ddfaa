"""One self-contained HTML page for a session: balances, charts (inline SVG), every hand.

Nothing is fetched: the CSS is inline, the charts are inline SVG, there is no
script, no link and no URL, and a Content-Security-Policy forbids loading
anything should a browser find something to load. All text from the ledger
(names, notes, rulings) is escaped.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from html import escape

from loo_ledger.domain.rules.chips import signed
from loo_ledger.services.reports import series, svg
from loo_ledger.services.reports.cells import hand_cell
from loo_ledger.services.reports.evening import Evening
from loo_ledger.services.reports.highlights import facts
from loo_ledger.services.reports.text import settling, transfer_lines
from loo_ledger.store.rows import HandRow

CSS = """
body { font: 15px/1.45 system-ui, sans-serif; color: #222; margin: 2em auto; max-width: 1100px;
       padding: 0 1em; }
h1 { margin-bottom: .2em; } .meta { color: #555; margin-top: 0; }
table { border-collapse: collapse; margin: .5em 0 1.5em; }
th, td { padding: .25em .6em; border-bottom: 1px solid #ddd; text-align: left;
         vertical-align: top; }
th { background: #f3f3f3; } td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
.pos { color: #1a7f37; } .neg { color: #b3261e; } .pool td { font-style: italic; }
.wide { overflow-x: auto; max-width: 100%; } .hands { font-size: 13px; }
.hands td { white-space: nowrap; } .hands td.note { white-space: normal; min-width: 12em; }
.note { color: #555; max-width: 22em; } .ruled { font-weight: bold; }
.key { color: #555; font-size: 13px; }
svg.chart { max-width: 100%; height: auto; display: block; margin: 1em 0 2em; }
svg.phone { display: none; }
@media (max-width: 640px) {
  body { margin: 1em auto; padding: 0 .6em; } h1 { font-size: 1.5em; }
  svg.desk { display: none; } svg.phone { display: block; width: 100%; }
  th, td { padding: .2em .4em; }
}
footer { color: #777; font-size: 12px; margin-top: 2em; }
"""
CSP = "default-src 'none'; style-src 'unsafe-inline'"


def page_head(title: str, meta: str) -> list[str]:
    """A page's opening lines to its first heading and the line under it: the document's
    head with the policy, the phone's viewport and the styles, then ``title`` and ``meta``
    (both escaped). The evening's page and the season's (season_html.py) begin alike."""
    return [
        "<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title>", f"<style>{CSS}</style>", "</head>", "<body>",
        f"<h1>{escape(title)}</h1>", f'<p class="meta">{escape(meta)}</p>']


def _double_mark(h: HandRow, ev: Evening) -> str:
    """" D" after a double pool's pot, where the game has simple and double pools."""
    return " D" if h["double"] and ev.simple_double else ""


def _row(cells: Iterable[str], *, tag: str = "td", cls: str = "") -> str:
    attr = f' class="{cls}"' if cls else ""
    return f"<tr{attr}>" + "".join(
        c if c.startswith(f"<{tag}") else f"<{tag}>{c}</{tag}>" for c in cells) + "</tr>"


def _num(n: int, *, sign: bool = True, tag: str = "td") -> str:
    cls = "n pos" if sign and n > 0 else "n neg" if sign and n < 0 else "n"
    return f'<{tag} class="{cls}">{signed(n) if sign else n}</{tag}>'


def _table(head: Sequence[str], rows: list[str], *, cls: str = "") -> str:
    ths = "".join(f"<th>{h}</th>" if not h.startswith("<th") else h for h in head)
    attr = f' class="{cls}"' if cls else ""
    return (f'<div class="wide"><table{attr}><thead><tr>{ths}</tr></thead><tbody>'
            + "\n".join(rows) + "</tbody></table></div>")


def balances_table(ev: Evening) -> str:
    """Player, net and money, best first as in the Markdown summary (seat order on a tie),
    then the pool (the money sums to its total)."""
    def cash(text: str) -> str:
        return f'<td class="n">{escape(text)}</td>'

    rows = [_row([escape(p), _num(ev.nets[p]), cash(ev.net_money_text(p))])
            for p in ev.best_first]
    rows.append(_row([ev.pool_word, _num(ev.pool, sign=False), cash(ev.pool_money_text())],
                     cls="pool"))
    return _table(["player", '<th class="n">net</th>', '<th class="n">money</th>'], rows)


def hands_table(ev: Evening) -> str:
    """Every hand: dealer, pool in play, declarations, tricks, each change, pool after, note."""
    return "".join(hands_table_chunks(ev))


def hands_table_chunks(ev: Evening) -> Iterator[str]:
    """:func:`hands_table` a row at a time (a long session's hands are read as they go).

    As `loo hands` shows them: each player's word, tricks, flushes, revokes and change
    (services/reports/cells.hand_cell), the hand's number starred when the table ruled it,
    the ruling's words in the note."""
    pool = ev.pool_word
    head = ['<th class="n">#</th>', "dealer", f'<th class="n">{pool}</th>',
            *(f'<th class="n">{escape(p)}</th>' for p in ev.players),
            '<th class="n">after</th>', "note"]
    before, after = _table(head, ["\x00"], cls="hands").split("\x00")
    marks = ", D = double" if ev.simple_double else ""
    yield (f'<p class="key">{pool} in play{marks}; t = tricks won; '
           f"{'renege' if ev.lou else 'revoke'}: caught revoking; * = table ruling</p>")
    yield before
    for i, h in enumerate(ev.hands):
        yield ("\n" if i else "") + _hand_row(ev, h)
    yield after


def _hand_row(ev: Evening, h: HandRow) -> str:
    rec = h["record"]
    settled = ev.tricks.get(h["number"]) or rec.get("tricks") or {}
    record = {**rec, "tricks": settled}
    ruling = h.get("table_ruling")
    note = " ".join(x for x in (rec.get("note"), ruling and f"* Table ruling: {ruling}") if x)
    changes = []
    for p in ev.players:
        d = h["deltas"].get(p)
        cls = "n" if d is None else "n pos" if d > 0 else "n neg" if d < 0 else "n"
        changes.append(f'<td class="{cls}">'
                       f"{escape(hand_cell(record, p, h['deltas'], lou=ev.lou))}</td>")
    number = f'<td class="n ruled">{h["number"]}*</td>' if ruling else _num(h["number"],
                                                                             sign=False)
    return _row([number, escape(h["dealer"]),
                 f'<td class="n">{h["pot"]}{_double_mark(h, ev)}</td>', *changes,
                 _num(h["pool_after"], sign=False),
                 f'<td class="note">{escape(note)}</td>'])


def nets_chart(ev: Evening,
               points: tuple[list[int], dict[str, list[int]]] | None = None, *,
               phone: bool = False) -> str:
    """The chart of each player's running net, hand by hand (an ``<svg>`` element): the
    page's first chart, and the one ``loo serve`` shows; drawn from ``points`` (the hand
    numbers and each player's nets) where the caller has them, else from at most
    series.MAX_POINTS points (series.bounded). ``phone``: its 360-px layout."""
    xs, nets = points if points is not None else series.bounded(ev)[:2]
    return svg.line_chart(xs, nets, y_label=f"net ({ev.units})", phone=phone,
                          width=360 if phone else 960, height=300 if phone else 400,
                          title="Running balance of each player, hand by hand")


def page(ev: Evening) -> str:
    """The whole page, as text."""
    return "".join(chunks(ev))


def chunks(ev: Evening) -> Iterator[str]:
    """The page in pieces: everything above the hands, then the hands' table a row at a
    time. The charts are drawn from at most series.MAX_POINTS points (series.bounded), so
    memory does not grow with the session."""
    xs, nets_by_player, pool_sizes = series.bounded(ev)
    unit = ev.units
    what = f"{unit.capitalize()} in the {ev.pool_word} after each hand"
    charts = []
    for phone in (False, True):  # the page shows one of the two, by the screen's width
        charts.append(nets_chart(ev, (xs, nets_by_player), phone=phone))
        charts.append(svg.line_chart(xs, {ev.pool_word: pool_sizes}, y_label=unit, fill=True,
                                     title=what, phone=phone, width=360 if phone else 960,
                                     height=240 if phone else 300))
    meta = " · ".join(ev.head)
    items = "".join(f"<li>{escape(f)}</li>" for f in [*facts(ev), *ev.card_lines])
    transfers = "".join(f"<li>{escape(t)}</li>" for t in transfer_lines(ev, settling(ev)))
    yield "\n".join([
        *page_head(ev.title, meta),
        "<h2>Balances</h2>", balances_table(ev), f"<ul>{items}</ul>",
        "<h2>To settle up</h2>", f'<ul class="settle">{transfers}</ul>',
        "<h2>Charts</h2>", *charts, "<h2>Hands</h2>", ""])
    yield from hands_table_chunks(ev)
    yield "\n" + "\n".join([
        f"<footer>Session {ev.session_id}, written by loo_ledger.</footer>",
        "</body>", "</html>", ""])
