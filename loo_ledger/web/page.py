"""The page ``loo serve`` shows: pure functions of a :class:`~loo_ledger.services.live.LiveTable`
(its figures: services/snapshot.py's TableSnapshot, the same ``loo table`` shows).

The page is made of parts (:data:`PARTS`), each the inside of one element with that id;
the event stream sends the parts again after every change and the page's script
(static/live.js) puts each one in place, so the ``aria-live`` region of the last hand is
kept and only its words change. Every piece of text from the ledger is escaped (a player
called ``<script>`` is a name); meaning never rests on colour alone (signs and words).
Nothing is fetched from elsewhere: the page's style and script are served beside it.
"""

from __future__ import annotations

import json
from html import escape

from loo_ledger.domain.rules.chips import signed
from loo_ledger.services.live import LiveTable
from loo_ledger.services.snapshot import PlayerLine

#: The parts of the page, in order: the id of the element each one fills.
PARTS = ("head", "pool", "board", "last", "chart")
#: Seconds between the reloads of a page without scripts (<noscript> refresh).
REFRESH_SECONDS = 4

#: The Content-Security-Policy of every response: nothing but this server's own style,
#: script and event stream; no inline script or style, no frame, no form, no base.
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
       "img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")


def parts(table: LiveTable | None, problem: str | None = None) -> dict[str, str]:
    """Each part's HTML: the table's, or what to say when there is no session (or the
    ledger could not be read: ``problem``)."""
    if problem is not None:
        return {"head": "<h1>loo serve</h1>",
                "pool": f'<p class="problem">The ledger could not be read: {escape(problem)}'
                        "</p><p>The page tries again by itself.</p>",
                "board": "", "last": "", "chart": ""}
    if table is None:
        return {"head": "<h1>No session yet</h1>",
                "pool": "<p>Start one with <code>loo new NAME --players Ann,Ben,Cat</code> "
                        "(or choose one with <code>loo use</code>): this page shows it as "
                        "soon as it is current.</p>",
                "board": "", "last": "", "chart": ""}
    return {"head": head(table), "pool": pool(table), "board": board(table),
            "last": last_hand(table), "chart": chart(table)}


def head(live: LiveTable) -> str:
    """The session's name, what it plays and how many hands so far."""
    t = live.table
    hands = f"{t.hands} hand{'' if t.hands == 1 else 's'}"
    closed = ' <span class="tag">closed</span>' if t.closed else ""
    return (f"<h1>{escape(t.name)}{closed}</h1>"
            f'<p class="about">{escape(live.about)} · {hands}</p>')


def pool(live: LiveTable) -> str:
    """The pool (Lou: the pot), who deals next, simple or double, the antes due."""
    t = live.table
    money = f" · {escape(t.pool_money_text)}" if t.pool_money_text else ""
    cells = [_figure(t.pool_word.capitalize(), str(t.pool), f"{escape(t.units)}{money}",
                     "pool-chips"),
             _figure("Next dealer", escape(t.next_dealer), f"hand {t.next_hand}", "next-dealer")]
    if t.pool_kind:
        cells.append(_figure("Next pool", t.pool_kind, escape(t.why), "next-pool"))
    elif t.lou_first is not None:
        cells.append(_figure("Next deal", "first deal" if t.lou_first else "later deal",
                             escape(t.why), "next-pool"))
    antes = ", ".join(f"{escape(a.player)} {a.amount}" for a in t.antes) or "none"
    lines = [f'<p id="antes"><strong>Antes due:</strong> {antes}</p>']
    if t.burn is not None:
        lines.append(f"<p>A burned player pays {t.burn} (burn cap {t.burn_cap}).</p>")
    return '<div class="figures">' + "".join(cells) + "</div>" + "".join(lines)


def _figure(label: str, value: str, note: str, ident: str) -> str:
    return (f'<div class="figure"><span class="label">{label}</span>'
            f'<span class="big" id="{ident}">{value}</span>'
            f'<span class="note">{note}</span></div>')


def board(live: LiveTable) -> str:
    """The scoreboard, from the next dealer's left: net (and money), the last hand's change,
    and in words who deals next, who was looed (Lou: burned), who has left or sits out."""
    t = live.table
    last_head = f"Hand {t.hands}" if t.hands else "Last hand"
    rows = "".join(_seat_row(s, t.lou) for s in t.players)
    return ('<table class="board"><caption>Scoreboard, from the next dealer\'s left'
            '</caption><thead><tr><th scope="col">Player</th><th scope="col" class="n">Net'
            f'</th><th scope="col" class="n">{last_head}</th></tr></thead>'
            f"<tbody>{rows}</tbody></table>")


def _seat_row(s: PlayerLine, lou: bool) -> str:
    tags = [word for word, yes in (("deals next", s.deals_next), ("has left", not s.present),
                                   ("sits out", s.sits_out)) if yes]
    named = escape(s.name) + "".join(f' <span class="tag">{w}</span>' for w in tags)
    money = f'<span class="money">{escape(s.money_text)}</span>' if s.money_text else ""
    last = "" if s.last is None else escape(signed(s.last))
    if s.looed:
        last += f' <span class="tag">{"burned" if lou else "looed"}</span>'
    return (f'<tr><th scope="row" class="name">{named}</th>'
            f'<td class="n"><span class="net {_sign(s.net)}">{escape(signed(s.net))}</span>'
            f'{money}</td><td class="n {_sign(s.last or 0)}">{last}</td></tr>')


def _sign(n: int) -> str:
    """A class for colour, always beside a sign that says the same."""
    return "pos" if n > 0 else "neg" if n < 0 else "zero"


def last_hand(live: LiveTable) -> str:
    """The last hand in words, as ``loo hand`` printed it."""
    if live.last is None:
        return (f"<h2>Last hand</h2><p>No hand yet: {escape(live.table.next_dealer)} deals "
                "the first.</p>")
    from loo_ledger.cli.show import settlement_lines  # noqa: PLC0415 (hand words: only once a hand is recorded)
    first, *rest = settlement_lines(live.last, v=live.variant, present=live.present)
    items = "".join(f"<li>{escape(' '.join(line.split()))}</li>" for line in rest)
    return f"<h2>Last hand</h2><p><strong>{escape(first)}</strong></p><ul>{items}</ul>"


def chart(live: LiveTable) -> str:
    """The export's chart of the running nets in its two layouts: the desk's (scrolled sideways
    where it does not fit) and, on a screen under 30rem, the phone's 360-px one (live.css)."""
    if not live.chart:
        return ""
    return ('<h2>Running balance</h2><div class="chart-box">' + live.chart + "</div>"
            '<p class="note">Each line is a player, named in the legend with their net; '
            "the figures are on the scoreboard above.</p>")


def document(shown: dict[str, str], *, title: str, version: str) -> str:
    """The whole page: the parts in place, the style and script beside it, a reload every
    few seconds where scripts do not run."""
    body = "".join(f'<section id="{p}"{_live(p)}>{shown[p]}</section>' for p in PARTS)
    return "\n".join([
        "<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f'<noscript><meta http-equiv="refresh" content="{REFRESH_SECONDS}"></noscript>',
        f"<title>{escape(title)}</title>", '<link rel="stylesheet" href="live.css">',
        '<script src="live.js" defer></script>', "</head>",
        f'<body data-version="{escape(version)}">', f"<main>{body}</main>",
        '<footer><p>Read only: this page follows the ledger by itself. '
        '<span id="status" role="status"></span></p></footer>', "</body>", "</html>", ""])


def _live(part: str) -> str:
    """The last hand is read out when it changes (a polite live region)."""
    return ' aria-live="polite" aria-atomic="true"' if part == "last" else ""


def page_title(table: LiveTable | None) -> str:
    """The browser tab's title."""
    return "loo: " + (table.table.name if table is not None else "no session")


def event(shown: dict[str, str], *, title: str, version: str, hands: int) -> bytes:
    """One server-sent event carrying every part (JSON: ``version``, ``hands``, ``title``,
    ``parts``); JSON keeps it on one ``data:`` line."""
    data = json.dumps({"version": version, "hands": hands, "title": title, "parts": shown},
                      ensure_ascii=True, separators=(",", ":"))
    return f"id: {version}\nevent: table\ndata: {data}\n\n".encode("ascii")
