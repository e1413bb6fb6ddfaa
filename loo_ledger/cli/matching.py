"""Names and words as people type them: a unique prefix, in any case.

The one matcher for everything a person names at the command line: a player (``loo hand``,
``--dealer``, ``seat add``/``leave``, ``stats --player``, ``player rename``), a session
(``loo use``), a variant or saved house rule (``variants show``, ``--variant``), and the
words of the one-line hand (``p`` is pass, ``m`` miss). An exact match (any case) wins;
else the one choice that starts with what was typed; else :class:`NoMatch` saying which
choices there are, or which ones the prefix fits.

>>> match("be", ("Ann", "Ben", "Bea"), "player")
Traceback (most recent call last):
...
loo_ledger.cli.matching.NoMatch: 'be' is ambiguous: it matches Ben, Bea; type more of the name
>>> match("BEN", ("Ann", "Ben", "Bea"), "player")
'Ben'
>>> match("th", ("three-card", "five-card"), "variant")
'three-card'
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from loo_ledger.cli.visible import visible
from loo_ledger.errors import NotFound


class NoMatch(NotFound, ValueError):
    """Nothing, or more than one thing, matches what was typed (a LooError: exit 1);
    ``near`` is the one choice close to what was typed when nothing matched (a typo)."""

    def __init__(self, message: str, near: str | None = None):
        super().__init__(message)
        self.near = near


def near_miss(typed: str, choices: Iterable[str]) -> str | None:
    """The one choice ``typed`` looks like a typo of (difflib's ratio 0.6 or more, any
    case), else None.

    >>> near_miss("Clarx", ("Ann", "Clara", "Ben")), near_miss("Zed", ("Ann", "Clara"))
    ('Clara', None)
    """

    options = list(dict.fromkeys(choices))
    folded = {c.casefold(): c for c in options}
    close = difflib.get_close_matches(typed.strip().casefold(), list(folded), n=2, cutoff=0.6)
    return folded[close[0]] if len(close) == 1 else None


def candidates(typed: str, choices: Iterable[str]) -> list[str]:
    """The choices ``typed`` names: the exact one (any case), else all it begins."""
    low = typed.strip().casefold()
    if not low:
        return []
    options = list(dict.fromkeys(choices))
    exact = [c for c in options if c.casefold() == low]
    return exact or [c for c in options if c.casefold().startswith(low)]


def match(typed: str, choices: Iterable[str], what: str = "player", *,
          plural: str | None = None) -> str:
    """The one choice named by ``typed`` (exact, or a unique prefix, in any case); NoMatch
    naming the choices (or the ones it fits) otherwise. ``what`` names a choice in the
    message ("player", "session", "variant or house rule")."""
    options = list(dict.fromkeys(choices))
    found = candidates(typed, options)
    if len(found) == 1:
        return found[0]
    many = plural or f"{what}s"
    said = visible(repr(typed))
    if not found:
        listed = visible(", ".join(options)) if options else "none"
        near = near_miss(typed, options)
        guess = f"did you mean {visible(near)}? " if near else ""
        raise NoMatch(f"no {what} matches {said}; {guess}the {many} are {listed}", near)
    raise NoMatch(f"{said} is ambiguous: it matches {visible(', '.join(found))}; type more of "
                  "the name")


def match_player(typed: str, seats: Iterable[str]) -> str:
    """The one seated player whose name is ``typed`` or starts with it (any case)."""
    return match(typed, seats, "player")
