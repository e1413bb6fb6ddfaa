"""Names at the table, and whether a table can be dealt: checked before anything is written.

A player's name must keep to the documented limits (formats/limits.name_problem: length,
control, invisible and default-ignorable characters, the reserved ``pool``/``total``/
``(...)`` and their look-alikes) and must be typeable in the one-line hand: no ``=``,
``:`` or ``,`` (the entry syntax's own characters) and no leading ``-``. Two names at a
table must not look alike (formats/lookalike.fold: case and UTS #39's confusables folded).
Sessions, house rules and currencies keep to the same characters (``check_label``,
``check_word``). A table must be dealable from the pack in every deal the variant has
(domain.legal.can_deal and cards_needed). No printing: LooError with the reason.
"""

from __future__ import annotations

from msgspec.structs import replace

from loo_ledger.domain.next.legal import DealShape, can_deal, cards_needed, deal_shape
from loo_ledger.domain.rules.model import TableState
from loo_ledger.domain.rules.variants import Variant
from loo_ledger.errors import LooError
from loo_ledger.formats.limits import (
    hidden_problem,
    name_problem,
    text_problem,
    visible,
    word_problem,
)
from loo_ledger.formats.lookalike import alike, telling

#: Characters the one-line hand needs (``Ann=miss:1``, ``--players Ann,Ben``), refused in
#: names so that every player can be typed.
ENTRY_CHARACTERS = "=:,"


def player_name_problem(name: str) -> str | None:
    """What is wrong with ``name`` as a player's name at the table, or None: the
    documented limits (formats/limits.name_problem), and the characters the hand's entry
    syntax needs."""
    problem = name_problem(name)
    if problem is not None:
        return problem
    used = [c for c in ENTRY_CHARACTERS if c in name]
    if used:
        return (f"{visible(name)} contains {' and '.join(repr(c) for c in used)}, which "
                "'loo hand' reads as part of the entry (Ann=miss:1, --players Ann,Ben); "
                "choose a name without it")
    if name.startswith("-"):
        return f"{visible(name)} begins with '-', which would be read as an option"
    return None


def check_player_name(name: str) -> None:
    """LooError saying what is wrong with ``name`` as a player's name, if anything."""
    problem = player_name_problem(name)
    if problem is not None:
        raise LooError(f"player name {problem}")


def check_label(name: str) -> None:
    """A session's name: not blank, free text within the limits (formats/limits.py)."""
    if not name.strip():
        raise LooError("the session needs a name, e.g. loo new \"Friday at Ann's\"")
    problem = text_problem(name) or hidden_problem(name)
    if problem is not None:
        raise LooError(f"session name {problem}")


def check_word(what: str, word: str | None) -> None:
    """LooError if ``word`` (a house rule's name, a currency: ``what``) holds a control,
    invisible or hidden character or is too long (formats/limits.word_problem)."""
    problem = None if word is None else word_problem(word)
    if problem is not None:
        raise LooError(f"{what} {problem}")


def check_currency(currency: str | None) -> None:
    """LooError unless ``currency`` is None or a word (:func:`check_word`) that is an ISO 4217
    code (domain/rules/money.currency_problem), before anything is written."""
    check_word("currency", currency)
    if currency is not None:
        from loo_ledger.domain.rules.money import currency_problem  # noqa: PLC0415 (money: only a currency to check)
        if problem := currency_problem(currency):
            raise LooError(f"currency {problem}")


def same_names(players: list[str]) -> str | None:
    """What is wrong if two of ``players`` are one name (in any case, or letters that look
    alike: formats/lookalike.fold), or None."""
    pair = alike(players)
    if pair is None:
        return None
    first, second = pair
    if first.casefold() == second.casefold():
        return f"two players are called {visible(first)}: names must differ (ignoring case)"
    return (f"{visible(first)} and {visible(second)} look alike"
            f"{telling(second, first)}: names must differ (ignoring case and letters that look "
            "the same)")


def check_names(players: list[str], *, names_checked: bool = False) -> None:
    """At least two players, each name typeable (unless ``names_checked``), no two alike
    in any case or by letters that look the same."""
    if len(players) < 2:
        raise LooError("a table needs at least two players: --players Ann,Ben,Cat")
    if not names_checked:
        for p in players:
            check_player_name(p)
    problem = same_names(players)
    if problem is not None:
        raise LooError(problem)


def check_dealable(v: Variant, opening: TableState) -> None:
    """LooError naming the pack arithmetic if the table is too big for some deal of the
    variant (the deals that take most cards: with the miss, after a loo)."""
    later = replace(opening, double=True, last_had_loo=True, lou_first=False,
                    lou_antes_due=False)
    n = len(opening.seats)
    shapes = [deal_shape(state, v) for state in (opening, later)]
    most = min(_most(v, shape) for shape in shapes)
    for shape in shapes:
        if not can_deal(v, shape, n):
            miss = f" + {v.hand_size} for the miss" if shape.miss_dealt else ""
            raise LooError(
                f"{n} players cannot be dealt from a pack of {v.pack}: {n} hands of "
                f"{v.hand_size}{miss} + 1 turned trump = {cards_needed(v, shape, n)} cards "
                f"({shape.why}); at most {most} players can sit at this table")


def _most(v: Variant, shape: DealShape) -> int:
    return max((n for n in range(2, v.pack + 1) if can_deal(v, shape, n)), default=0)
