"""One thing wrong with a record, as data: what ``validate`` collects and a LooError
carries (loo_ledger/errors.py gives it under its own name too, loaded on first use)."""

from __future__ import annotations

from enum import StrEnum

import msgspec


class ProblemCode(StrEnum):
    """Every code a :class:`Problem` may carry: a stable identifier, written in session-file
    tools' reports, ``loo check --json`` and the conformance cases (``expect.code``). A
    member compares equal to its text, so ``problem.code == "TRICKS_SUM"`` and
    ``problem.code == ProblemCode.TRICKS_SUM`` say the same. tests/test_problem_codes.py
    holds every code written in the package to this list (the CHECK_ codes of issue 19's
    loo check are listed ahead of their landing).
    """

    BAD_CARD = "BAD_CARD"
    BAD_COMBINATION = "BAD_COMBINATION"
    BAD_DECLARATION = "BAD_DECLARATION"
    BAD_ENTRY = "BAD_ENTRY"
    BAD_TRUMP = "BAD_TRUMP"
    BAD_VALUE = "BAD_VALUE"
    CANNOT_DEAL = "CANNOT_DEAL"
    CARDS_NOT_DEALT = "CARDS_NOT_DEALT"
    CARD_COUNT = "CARD_COUNT"
    CARD_NOT_HELD = "CARD_NOT_HELD"
    CARD_TWICE = "CARD_TWICE"
    CHECK_ALIASES = "CHECK_ALIASES"
    CHECK_AUDIT_ACTION = "CHECK_AUDIT_ACTION"
    CHECK_AUDIT_CLOSED = "CHECK_AUDIT_CLOSED"
    CHECK_AUDIT_CONTINUITY = "CHECK_AUDIT_CONTINUITY"
    CHECK_AUDIT_EXTRA = "CHECK_AUDIT_EXTRA"
    CHECK_AUDIT_HAND = "CHECK_AUDIT_HAND"
    CHECK_AUDIT_JSON = "CHECK_AUDIT_JSON"
    CHECK_AUDIT_MISSING = "CHECK_AUDIT_MISSING"
    CHECK_AUDIT_ORDER = "CHECK_AUDIT_ORDER"
    CHECK_AUDIT_RECORD = "CHECK_AUDIT_RECORD"
    CHECK_AUDIT_SEATS = "CHECK_AUDIT_SEATS"
    CHECK_BALANCE = "CHECK_BALANCE"
    CHECK_CONSERVATION = "CHECK_CONSERVATION"
    CHECK_CONTINUITY = "CHECK_CONTINUITY"
    CHECK_DELTAS = "CHECK_DELTAS"
    CHECK_HAND = "CHECK_HAND"
    CHECK_HANDS = "CHECK_HANDS"
    CHECK_IMPORTS = "CHECK_IMPORTS"
    CHECK_INTEGRITY = "CHECK_INTEGRITY"
    CHECK_LEAK_TALLIES = "CHECK_LEAK_TALLIES"
    CHECK_PAYMENTS = "CHECK_PAYMENTS"
    CHECK_PLAYS = "CHECK_PLAYS"
    CHECK_POOL = "CHECK_POOL"
    CHECK_POSTINGS = "CHECK_POSTINGS"
    CHECK_RECORD = "CHECK_RECORD"
    CHECK_REPLAY = "CHECK_REPLAY"
    CHECK_SEATS = "CHECK_SEATS"
    CHECK_STATE = "CHECK_STATE"
    CHECK_TOTALS = "CHECK_TOTALS"
    CHIPS_LIMIT = "CHIPS_LIMIT"
    DEALER_MUST_PLAY = "DEALER_MUST_PLAY"
    DEALER_OPTION_NOT_ALLOWED = "DEALER_OPTION_NOT_ALLOWED"
    DEALER_OUT_OF_ROTATION = "DEALER_OUT_OF_ROTATION"
    DEFEND_NOT_ALLOWED = "DEFEND_NOT_ALLOWED"
    DELTAS_MISMATCH = "DELTAS_MISMATCH"
    EXCHANGE_DISAGREES = "EXCHANGE_DISAGREES"
    EXCHANGE_INVALID = "EXCHANGE_INVALID"
    EXCHANGE_NOT_ALLOWED = "EXCHANGE_NOT_ALLOWED"
    FIRST_DEALER_SITS_OUT = "FIRST_DEALER_SITS_OUT"
    FLUSH_BY_NONPLAYER = "FLUSH_BY_NONPLAYER"
    FLUSH_CARDS_NEEDED = "FLUSH_CARDS_NEEDED"
    FLUSH_DISAGREES = "FLUSH_DISAGREES"
    FLUSH_NOT_RECOGNISED = "FLUSH_NOT_RECOGNISED"
    MISSING_DECLARATION = "MISSING_DECLARATION"
    MISSING_PLAYER = "MISSING_PLAYER"
    MISS_NOT_AVAILABLE = "MISS_NOT_AVAILABLE"
    MISS_NOT_ELDEST = "MISS_NOT_ELDEST"
    MULTIPLE_MISS = "MULTIPLE_MISS"
    NOT_DEALT_IN = "NOT_DEALT_IN"
    NOT_IN_PACK = "NOT_IN_PACK"
    PAM_DISAGREES = "PAM_DISAGREES"
    PAM_HELD_TWICE = "PAM_HELD_TWICE"
    PASS_NOT_ALLOWED = "PASS_NOT_ALLOWED"
    PENALTY_BY_NONPLAYER = "PENALTY_BY_NONPLAYER"
    PENALTY_NOT_ALLOWED = "PENALTY_NOT_ALLOWED"
    PLAYERS = "PLAYERS"
    PLAYER_TWICE = "PLAYER_TWICE"
    SCHEMA = "SCHEMA"
    TABLE_RULING_INVALID = "TABLE_RULING_INVALID"
    TABLE_RULING_WITHOUT_DELTAS = "TABLE_RULING_WITHOUT_DELTAS"
    TRICKS_BY_NONPLAYER = "TRICKS_BY_NONPLAYER"
    TRICKS_DISAGREE = "TRICKS_DISAGREE"
    TRICKS_INVALID = "TRICKS_INVALID"
    TRICKS_SUM = "TRICKS_SUM"
    TRICKS_WITH_NO_PLAY = "TRICKS_WITH_NO_PLAY"
    TRICK_COUNT = "TRICK_COUNT"
    TRICK_LEADER = "TRICK_LEADER"
    TRICK_SIZE = "TRICK_SIZE"
    TRUMP = "TRUMP"
    TRUMP_MISSING = "TRUMP_MISSING"
    TURNED_MISSING = "TURNED_MISSING"
    TURNED_UNUSED = "TURNED_UNUSED"
    UNKNOWN_PARAMETER = "UNKNOWN_PARAMETER"
    UNKNOWN_PLAYER = "UNKNOWN_PLAYER"
    UNKNOWN_VARIANT = "UNKNOWN_VARIANT"


class Problem(msgspec.Struct, frozen=True, kw_only=True):
    """One thing wrong with a record: which hand, which player, which rule.

    ``hand`` is 1-based (None for a problem with the session as a whole),
    ``code`` is a stable identifier such as ``TRICKS_SUM`` (a :class:`ProblemCode`),
    ``message`` says what is wrong in words a player understands.
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
