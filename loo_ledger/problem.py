"""One thing wrong with a record, as data: what ``validate`` collects and a LooError
carries (loo_ledger/errors.py gives it under its own name too, loaded on first use)."""

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
