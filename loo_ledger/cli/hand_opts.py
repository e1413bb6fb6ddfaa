"""The options of ``loo hand`` and ``loo amend`` besides the players' words, as one value.

Its own small module so that defining the commands (cli/options.py, cli/table_cmds.py)
does not import the parser (cli/entry.py) and with it the rules engine: ``loo --help``
and the read-only commands stay cheap to start.
"""

from __future__ import annotations

import msgspec


class Options(msgspec.Struct, kw_only=True):
    """The options of ``loo hand`` besides the players' words (see cli/options.py)."""

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
