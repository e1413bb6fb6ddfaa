"""Every reason's words: the one place a movement's reason, a loo's cause and a settlement's
notes are written (issue 20).

The engine (domain/settlement/: engine.py, tricks.py, lou.py, rulings.py, book.py) asks here
for the words of each movement it makes; the store keeps a movement's kind and figures and a
loo's cause as a code (:class:`LooCause`, stored as one letter: :data:`CAUSE_LETTER`), and
``loo pool`` words a stored loo here again (:func:`loo`). Change a reason here and every
output that shows it changes with it (tests/test_reason_words.py).

A loo's words are its cause and what it pays: ``looed: took no trick: pays the pool 9``;
in Lou the pot is paid: ``burned (1 trick): pays the pot 5``.
"""

from __future__ import annotations

from collections.abc import Iterable

from loo_ledger.domain.rules.codes import LooCause

# The members the engine reads for every hand, read from their classes once (an
# enum member read from its class costs some 0.4 µs on Python 3.11).
_CAUSE_BURNED = LooCause.BURNED


#: The stored letter of each cause (store/codec.py ``causes``), and back.
CAUSE_LETTER = {LooCause.NO_TRICK: "n", LooCause.REVOKE: "r", LooCause.REVOKE_PAYS: "p",
                LooCause.FLUSH: "f", LooCause.DEALERS_FLUSH: "d", LooCause.BURNED: "b"}
LETTER_CAUSE = {letter: cause for cause, letter in CAUSE_LETTER.items()}

#: The words of each cause; a burn's names the tricks taken (``{tricks}``).
CAUSE_WORDS = {
    LooCause.NO_TRICK: "looed: took no trick",
    LooCause.REVOKE: "revoke: looed",
    LooCause.REVOKE_PAYS: "revoke: pays the pool",
    LooCause.FLUSH: "looed by the flush",
    LooCause.DEALERS_FLUSH: "looed by the dealer's flush",
    LooCause.BURNED: "burned ({tricks})",
}


def tricks(n: int) -> str:
    """``1 trick``, ``2 tricks``."""
    return f"{n} trick{'s' if n != 1 else ''}"


def pool_word(lou: bool) -> str:
    """What the chips in play are called: Lou's pot, Loo's pool."""
    return "pot" if lou else "pool"


def loo(cause: LooCause, amount: int, won: int = 0, *, lou: bool) -> str:
    """A loo movement's reason: its cause and what it pays into the pool (Lou: the pot);
    ``won`` is the tricks a burned player took.

    >>> loo(LooCause.NO_TRICK, 9, lou=False)
    'looed: took no trick: pays the pool 9'
    >>> loo(LooCause.BURNED, 5, lou=True, won=1)
    'burned (1 trick): pays the pot 5'
    """
    return f"{cause_words(cause, won)}: pays the {'pot' if lou else 'pool'} {amount}"


def cause_words(cause: LooCause, won: int = 0) -> str:
    """A loo's cause in words (a burn names the tricks taken)."""
    words = CAUSE_WORDS[cause]
    return words.format(tricks=tricks(won)) if cause == _CAUSE_BURNED else words


# The reasons of the other movements, in the order the engine makes them.

ANTE = "ante"


def forfeit(kind: str) -> str:
    return f"forfeit: {kind} (paid into this pool)"


ALL_PASSED = "all the others passed: takes the pool"
PLAYS_ALONE = "plays alone: takes the pool without play"


def all_tricks(won: int) -> str:
    return f"all {won} tricks: takes the pool"


def trick_share(won: int, share: int) -> str:
    return f"{tricks(won)} at {share}"


def defended(won: int) -> str:
    return f"defended: {won} trick share stays"


ODD_CHIPS = "odd chips stay"
UNDIVIDED = "nobody took every trick: the pool stays (divided=false)"


def revoke_shares(player: str) -> str:
    return f"revoke: {player}'s shares stay"


BLENHEIM = "revoke: forfeits four singles (law 9)"


def revoke_share(offenders: Iterable[str]) -> str:
    return f"revoke by {', '.join(offenders)}: an equal share"


DEALERS_FLUSH_STAYS = "defended with a flush: the pool stays"
DEALERS_FLUSH_NOTE = ("R41: the defending dealer holds the best flush: the pool stays and the "
                      "others in play are looed; confirm this with the table")


def flush_takes(flush: str) -> str:
    """``flush`` is the flush as people say it (flushes.flush_name)."""
    return f"{flush} takes the pool"


BOARD = "the flush loos the board: pays a loo"

# Lou.
ALL_FOLDED = "everyone folded: the pot stays and the same dealer deals again"


def reneged(burn: int, won: int = 0) -> str:
    """A renege's burn, worded from the figures of a burn (``Book.loo``: the amount and the
    tricks won, none here)."""
    return f"reneged: burned {burn}, sits out the redeal"


def renege_note(offenders: Iterable[str]) -> str:
    return "the same dealer deals again; " + ", ".join(offenders) + " sits out"


STOOD_ALONE = "stood alone: takes the pot, the game ends"


def takes_pot(won: int) -> str:
    return f"{won} tricks: takes the pot"


NOBODY_THREE = "nobody took three tricks: the pot stays"
NOBODY_TWO = "nobody took two tricks: everyone is burned and the pot stays"


def first_deal_share(sharers: int) -> str:
    return (f"2 tricks on the first deal: shares the pot {sharers} ways" if sharers > 1
            else "the only one with 2 tricks on the first deal")


ODD_CENTS = "odd cents stay"


# A table ruling and the cards.

def ruling(said: str, rules: int, table: int) -> str:
    return f"table ruling: {said} (the rules give {rules:+d}, the table {table:+d})"


def ruling_note(gave: Iterable[tuple[str, int]]) -> str:
    return "table ruling: the rules gave " + ", ".join(f"{p} {d:+d}" for p, d in gave)


def breach_note(message: str, ruled: bool) -> str:
    return f"the cards show a breach: {message}" + (" (the table ruled)" if ruled else "")
