"""One family of errors. The CLI turns any LooError into exit status 1 in one place."""

from __future__ import annotations

import msgspec


class Problem(msgspec.Struct, frozen=True, kw_only=True):
    """One thing wrong with a record: which hand, which player, which rule.

    ``hand`` is 1-based (None for a problem with the session as a whole),
    ``code`` is a stable identifier such as ``TRICKS_SUM``, ``message`` says
    what is wrong in words a player understands.
    """

    code: str
    message: str
    hand: int | None = None
    player: str | None = None
    path: str | None = None

    def describe(self) -> str:
        where = []
        if self.hand is not None:
            where.append(f"hand {self.hand}")
        if self.player is not None:
            where.append(f"player {self.player}")
        if self.path is not None:
            where.append(f"at {self.path}")
        prefix = ", ".join(where)
        text = f"{self.message} [{self.code}]"
        return f"{prefix}: {text}" if prefix else text


class LooError(Exception):
    """Base of every error the program reports to a person (exit status 1)."""

    def __init__(self, message: str, problems: tuple[Problem, ...] | list[Problem] = ()):
        super().__init__(message)
        self.message = message
        self.problems = tuple(problems)

    def __str__(self) -> str:
        if not self.problems:
            return self.message
        lines = [self.message] + [f"  - {p.describe()}" for p in self.problems]
        return "\n".join(lines)


class VariantError(LooError):
    """An unknown variant, parameter or value."""


class HandRejected(LooError):
    """A hand record that the rules make impossible."""


class SessionFileError(LooError):
    """A session file that cannot be read: missing, not JSON, or not the schema."""


class StoreError(LooError):
    """The database cannot be used: not a loo_ledger database, corrupt, locked."""


class NotFound(LooError):
    """A session, hand or player that does not exist."""
