"""One family of errors. The CLI turns any LooError into exit status 1 in one place.

:class:`~loo_ledger.problem.Problem` (one thing wrong with a record) is given here too,
loaded when first asked for: it is a msgspec Struct, and a command that reports nothing
wrong, such as ``loo pool`` or ``loo balances``, need not load msgspec.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from loo_ledger.problem import Problem as Problem


def __getattr__(name: str) -> Any:
    if name == "Problem":
        from loo_ledger.problem import Problem  # noqa: PLC0415 (problems (~35 modules): not for `loo --help`, balances)
        return Problem
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
