"""The options of a hand, defined once for ``loo hand`` and ``loo amend``.

:func:`hand_options` adds the typer options below to a command and hands the command one
:class:`Options` (parameter ``opts``) instead of loose values; the parser (cli/entry.py)
takes one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import msgspec
import typer

from loo_ledger.cli import completion, option_limits
from loo_ledger.cli.groups import option_group

F = TypeVar("F", bound=Callable[..., Any])


class Options(msgspec.Struct, kw_only=True):
    """The options of ``loo hand`` besides the players' words (the typer options below)."""

    trump: str | None = None
    flushes: list[str] = msgspec.field(default_factory=list)       # NAME[:KIND]
    exchanges: list[str] = msgspec.field(default_factory=list)     # NAME=N
    revokes: list[str] = msgspec.field(default_factory=list)       # NAME
    penalties: list[str] = msgspec.field(default_factory=list)     # NAME=KIND
    pam: str | None = None
    sitting_out: list[str] = msgspec.field(default_factory=list)
    note: str | None = None
    paid: list[str] = msgspec.field(default_factory=list)          # NAME=DELTA
    table_ruling: str | None = None
    cards: list[str] = msgspec.field(default_factory=list)          # a trick each, leader first
    turned: str | None = None                               # the trump card (or simple pool's)


PLAYERS_ARG = typer.Argument(None, metavar="NAME=VALUE...", autocompletion=completion.words, help=(
    "Each dealt player once: Ann=2 (played, won 2 tricks), Ben=pass (or fold), Cat=miss:1, "
    "Dov=defend:2, Eve=stand (no play: a lone player, a flush). Names by unique prefix. "
    "The dealer's word may be left out when everyone else passed."))

#: (parameter name, Options field, annotation, typer option)
_OPTIONS: tuple[tuple[str, str, Any, Any], ...] = (
    ("trump", "trump", str | None, typer.Option(
        None, "--trump", metavar="SUIT", autocompletion=completion.suits,
        help="The trump suit turned: clubs, diamonds, hearts, spades.")),
    ("flush", "flushes", list[str], typer.Option(
        [], "--flush", metavar="NAME[:KIND]", help="A flush declared (five-card kinds: pam, "
        "trump, plain, pam-blaze, blaze). Repeatable.")),
    ("exchange", "exchanges", list[str], typer.Option(
        [], "--exchange", metavar="NAME=N", help="Cards exchanged. Repeatable.")),
    ("revoke", "revokes", list[str], typer.Option(
        [], "--revoke", metavar="NAME", autocompletion=completion.players,
        help="A revoke or other breach in play.")),
    ("penalty", "penalties", list[str], typer.Option(
        [], "--penalty", metavar="NAME=KIND", help="A penalty: revoke, misdeal, looked-early, "
        "declared-early. Repeatable.")),
    ("pam", "pam", str | None, typer.Option(
        None, "--pam", metavar="NAME", autocompletion=completion.players,
        help="Who held Pam (flush_payout=board).")),
    ("sitting_out", "sitting_out", list[str], typer.Option(
        [], "--sitting-out", metavar="NAME", autocompletion=completion.players,
        help="Not dealt in this hand.")),
    ("note", "note", str | None, typer.Option(
        None, "--note", metavar="TEXT",
        callback=option_limits.text, help="A note kept with the hand.")),
    ("paid", "paid", list[str], typer.Option(
        [], "--paid", metavar="NAME=DELTA", help="The table's own figure for a player's net "
        "change; checked against the rules. Repeatable.")),
    ("ruling", "table_ruling", str | None, typer.Option(
        None, "--table-ruling", metavar="WHY", callback=option_limits.ruling,
        help="Keep the table's --paid figures instead of the rules' settlement, and say why.")),
    ("cards", "cards", list[str], typer.Option(
        [], "--cards", metavar="TRICK", help="The cards of one trick, leader first, e.g. "
        "\"As Kh 10h 2h\"; repeat for each trick in order. The ledger then judges the play: "
        "who won each trick, and any breach (a revoke).")),
    ("turned", "turned", str | None, typer.Option(
        None, "--turned", metavar="CARD", help="The card turned for trumps (in a simple pool "
        "with no trump, the card turned when someone first failed to follow).")),
)


def hand_options(fn: F) -> F:
    """Give command ``fn`` the hand options; it receives them as ``opts: Options``."""
    return option_group(
        fn, into="opts", options=[(name, annotation, option)
                                  for name, _, annotation, option in _OPTIONS],
        read=lambda typed, _ctx: Options(**{field: typed[name]
                                            for name, field, _, _ in _OPTIONS}))
