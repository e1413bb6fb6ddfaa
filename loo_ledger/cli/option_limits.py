"""Typer callbacks that refuse hostile option values at the command line, with the
documented limits of loo_ledger/formats/limits.py, before anything is opened or stored.

Each is given to one option with ``callback=``; a refusal is a ``typer.BadParameter``
(exit 2, the option named, the value quoted safely). So nothing the CLI accepts can poison
a session later: an infinite or exponent unit value, a negative or astronomically large
chip count, a blank ruling, control characters in text, ids that SQLite cannot hold.
"""

# No ``from __future__ import annotations`` here: Typer reads these signatures at every
# start, and annotations that are objects spare it compiling each one from a string.

import re
from functools import cache

import typer

# formats/limits.py is imported by each check when it runs: a command line whose options
# need no check does not load it (and its patterns).


@cache
def _unit_value() -> re.Pattern[str]:
    from loo_ledger.formats.limits import UNIT_VALUE_PATTERN  # noqa: PLC0415 (format limits: only when this option is given)
    return re.compile(UNIT_VALUE_PATTERN)


@cache
def _whole() -> re.Pattern[str]:
    return re.compile(r"^[+-]?[0-9]+$")


def unit_value(value: str | None) -> str | None:
    """``--unit-value``: a plain decimal such as 0.05 (no sign, exponent, NaN or Infinity)."""
    if value is None:
        return value
    from loo_ledger.formats.limits import MAX_UNIT_DECIMALS, MAX_UNIT_DIGITS, visible  # noqa: PLC0415 (format limits: only when this option is given)
    if not _unit_value().match(value):
        raise typer.BadParameter(
            f"{visible(value)} is not a money value like 0.05: digits with at most one "
            f"point, at most {MAX_UNIT_DIGITS} digits, {MAX_UNIT_DECIMALS} after the point, "
            "no sign or exponent")
    return value


def chips(value: int | None) -> int | None:
    """A number of chips a person gives (``--buy-in``): 0 to MAX_CHIPS."""
    if value is None:
        return value
    from loo_ledger.formats.limits import MAX_CHIPS  # noqa: PLC0415 (format limits: only when this option is given)
    if not 0 <= value <= MAX_CHIPS:
        raise typer.BadParameter(f"{_number(value)} chips: give a whole number from 0 to "
                                 f"{MAX_CHIPS:,}")
    return value


def ident(value: int | None) -> int | None:
    """A session id or a hand number: 1 and up, within what every store can hold."""
    if value is None:
        return value
    from loo_ledger.formats.limits import MAX_INT  # noqa: PLC0415 (format limits: only when this option is given)
    if not 1 <= value <= MAX_INT:
        raise typer.BadParameter(f"{_number(value)} is not a number in this ledger: numbers "
                                 "start at 1 (see 'loo sessions', 'loo hands')")
    return value


def session(value: str | None) -> str | None:
    """``-s/--session ID|NAME``: a number is an id, 1 and up, within what every store can
    hold (:func:`ident`); anything else is a name, free text (:func:`text`)."""
    if value is None:
        return value
    number = value.strip()
    digits = number.lstrip("+-")
    if number.isascii() and digits.isdigit():
        if len(digits) > 24:  # beyond any id, and too long for int()
            raise typer.BadParameter(f"{digits[:12]}… ({len(digits)} digits) is not a number "
                                     "in this ledger (see 'loo sessions')")
        ident(int(number))
    return text(value)


def ruling(value: str | None) -> str | None:
    """``--table-ruling``: why the table's figures stand; not blank, no control characters."""
    if value is not None:
        if not value.strip():
            raise typer.BadParameter("say why the table's figures stand, e.g. "
                                     "--table-ruling 'agreed at the table'; it cannot be blank")
        text(value)
    return value


def text(value: str | None) -> str | None:
    """Free text (a note, a session's name): at most MAX_TEXT characters, no control
    characters but tab and newline."""
    if value is None:
        return value
    from loo_ledger.formats.limits import MAX_TEXT, text_problem  # noqa: PLC0415 (format limits: only when this option is given)
    if problem := text_problem(value, MAX_TEXT):
        raise typer.BadParameter(problem)
    return value


def word(value: str | None) -> str | None:
    """A word (``--currency``): 1 to MAX_WORD characters, no control or invisible
    characters (formats/limits.word_problem)."""
    if value is None:
        return value
    from loo_ledger.formats.limits import word_problem  # noqa: PLC0415 (format limits: only when this option is given)
    if problem := word_problem(value):
        raise typer.BadParameter(problem)
    return value


def currency(value: str | None) -> str | None:
    """``--currency``: a word (:func:`word`) that is an ISO 4217 code, such as GBP or JPY
    (domain/rules/money.currency_problem), refused before anything is written."""
    value = word(value)
    if value is None:
        return value
    from loo_ledger.domain.rules.money import currency_problem  # noqa: PLC0415 (money: only when --currency is given)
    if problem := currency_problem(value):
        raise typer.BadParameter(problem)
    return value


def rules(values: list[str]) -> list[str]:
    """``--rule NAME=VALUE``: each within MAX_WORD characters a side, a whole number within
    MAX_CHIPS, and no control characters (the rules' own checks follow)."""
    if not values:
        return values
    from loo_ledger.formats.limits import MAX_CHIPS, MAX_WORD, visible  # noqa: PLC0415 (format limits: only when this option is given)
    for item in values:
        name, _, value = item.partition("=")
        if len(name) > MAX_WORD or len(value) > MAX_WORD:
            raise typer.BadParameter(f"{visible(item)}: a rule's name and value are at most "
                                     f"{MAX_WORD} characters each")
        text(item)
        if _whole().match(value.strip()) and abs(int(value)) > MAX_CHIPS:
            raise typer.BadParameter(f"{visible(item)}: a number in a rule is at most "
                                     f"{MAX_CHIPS:,}")
    return values


def _number(value: int) -> str:
    """``value`` for a message, cut when it is huge."""
    digits = str(value)
    return digits if len(digits) <= 24 else f"{digits[:12]}… ({len(digits)} digits)"
