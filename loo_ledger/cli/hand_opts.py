"""The options of ``loo hand`` and ``loo amend`` besides the players' words, as one value.

Its own small module so that defining the commands (cli/options.py, cli/table_cmds.py)
does not import the parser (cli/entry.py) and with it the rules engine: ``loo --help``
and the read-only commands stay cheap to start.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(kw_only=True)
class Options:
    """The options of ``loo hand`` besides the players' words (see cli/options.py)."""

    trump: str | None = None
    flushes: list[str] = field(default_factory=list)       # NAME[:KIND]
    exchanges: list[str] = field(default_factory=list)     # NAME=N
    revokes: list[str] = field(default_factory=list)       # NAME
    penalties: list[str] = field(default_factory=list)     # NAME=KIND
    pam: str | None = None
    sitting_out: list[str] = field(default_factory=list)
    note: str | None = None
    paid: list[str] = field(default_factory=list)          # NAME=DELTA
    table_ruling: str | None = None
    cards: list[str] = field(default_factory=list)          # a trick each, leader first
    turned: str | None = None                               # the trump card (or simple pool's)
