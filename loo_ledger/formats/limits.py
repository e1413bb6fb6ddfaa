"""The documented limits of what loo_ledger accepts (README "Limits").

Every value a session file may carry lies within these bounds, so nothing accepted can
poison a session later (an integer SQLite cannot hold, a name that impersonates the pool,
text that cannot be encoded). ``schemas/session.schema.json`` states the same numbers;
tests/test_schema_published.py holds the two equal. Other layers (the CLI, the store)
import these names rather than writing the numbers again. This module imports nothing of
ours but MAX_CHIPS, whose home is the engine's domain/rules/chips.py (the engine bounds the chips
play produces by it), and formats/lookalike.py (characters that show nothing, names that
look alike), which imports nothing else of ours.
"""

from __future__ import annotations

import re
import unicodedata

from loo_ledger.domain.rules.chips import MAX_CHIPS as MAX_CHIPS  # the engine's (see below)
from loo_ledger.formats import lookalike

MIN_PLAYERS = 2
#: Players at one table; more than the cards allow in any variant (three-card: 16).
MAX_PLAYERS = 20
#: A player's name, in characters.
MAX_NAME = 40
#: A chip amount (opening_pool, buy_in, a hand's deltas, an integer rule value) lies
#: within -MAX_CHIPS..MAX_CHIPS (opening_pool and buy_in are also >= 0); so do the pool and
#: each player's change in a hand, which the engine bounds: MAX_CHIPS, imported above
#: from its home, domain/rules/chips.py.
#: The largest hand, in cards (five-card Loo, Lou): the most cards a flush lists.
MAX_HAND_SIZE = 5
#: Tricks one player can win in a hand.
MAX_TRICKS = MAX_HAND_SIZE
#: Cards one player can exchange in a hand.
MAX_EXCHANGE = 6
#: Penalties in one hand (two per player at most).
MAX_PENALTIES = 2 * MAX_PLAYERS
#: unit.value: a decimal string of at most MAX_UNIT_DIGITS digits, MAX_UNIT_DECIMALS of
#: them after the point ("0.05", "12.50"); so it is finite and >= 0.
MAX_UNIT_DIGITS = 12
MAX_UNIT_DECIMALS = 6
#: Any string anywhere in a file (object keys and extension fields included).
MAX_TEXT = 2000
#: A word: variant name, rule name or string value, unit name, currency.
MAX_WORD = 64
#: Items in a rule's list value (e.g. dealer_options).
MAX_RULE_ITEMS = 20
#: How deeply arrays and objects may nest anywhere in a file (the format itself needs 6).
MAX_DEPTH = 32
#: Any number anywhere in a file, extension fields included: a whole number within
#: +/- (2**53 - 1), the range every JSON reader keeps exactly (RFC 7493), or a finite float.
MAX_INT = 2**53 - 1
#: A session file's size in bytes.
MAX_FILE_BYTES = 64 * 1024 * 1024
#: Problems listed in one error (the count of the rest is given).
MAX_PROBLEMS = 20

#: Names the program uses for its own rows; refused as player names, whatever the case.
#: Any name in parentheses, such as "(pool)", is reserved too.
RESERVED_NAMES = frozenset({"pool", "total"})

#: Characters refused in a name, as a regular-expression class body: control characters
#: (C0, DEL, C1), and the invisible format characters that reorder or hide text (bidi
#: marks, embeddings, overrides and isolates, zero-width space, word joiner, soft hyphen,
#: byte-order mark, line and paragraph separators). Zero-width (non-)joiners stay allowed:
#: some scripts and emoji need them.
NAME_FORBIDDEN = (r"\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b\u200e\u200f"
                  r"\u2028-\u202e\u2060-\u206f\ufeff")
#: Control characters refused in free text (a note, a ruling, the session's name): all but
#: tab and newline.
TEXT_FORBIDDEN = r"\u0000-\u0008\u000b-\u001f\u007f-\u009f"

# The patterns below are for the schema: ECMA-262 and Python read them alike. They end in
# (?![\s\S]) because Python's $ also matches before a final newline.
_END = r"(?![\s\S])"
#: A player's name (with 1..MAX_NAME characters, stated beside it in the schema).
NAME_PATTERN = (rf"^(?!\(.*\){_END})(?![Pp][Oo][Oo][Ll]{_END})(?![Tt][Oo][Tt][Aa][Ll]{_END})"
                rf"[^\s{NAME_FORBIDDEN}](?:[^{NAME_FORBIDDEN}]*[^\s{NAME_FORBIDDEN}])?{_END}")
#: Free text.
TEXT_PATTERN = rf"^[^{TEXT_FORBIDDEN}]*{_END}"
#: A card in a hand's ``cards`` (domain/cards/deck.py reads it): rank (A K Q J 10..2, T for 10)
#: then suit (s h d c or a suit sign), any case: As, 10h, td, J♣ (and J♣️ with the emoji
#: variation selector). A hand, the miss and the tricks hold at most MAX_HAND_SIZE cards
#: or tricks; a trick at most MAX_PLAYERS cards.
CARD_PATTERN = rf"^(?:10|[2-9AKQJTakqjt])[SHDCshdc♠♥♦♣♤♡♢♧]\ufe0f?{_END}"
#: A word (variant, rule, unit name, currency): no control or invisible characters.
WORD_PATTERN = rf"^[^{NAME_FORBIDDEN}]*{_END}"
#: unit.value: "0", "0.05", "12.50": at most MAX_UNIT_DIGITS digits, MAX_UNIT_DECIMALS after
#: the point, no sign, exponent or leading zero.
UNIT_VALUE_PATTERN = (rf"^(?!(?:\.?[0-9]){{{MAX_UNIT_DIGITS + 1}}})(0|[1-9][0-9]*)"
                      rf"(\.[0-9]{{1,{MAX_UNIT_DECIMALS}}})?{_END}")

_BAD = re.compile(f"[{NAME_FORBIDDEN}]")
_TEXT_BAD = re.compile(f"[{TEXT_FORBIDDEN}]")
_SURROGATE = re.compile("[\ud800-\udfff]")


def visible(text: str, limit: int = 60, *, count: bool = True) -> str:
    """``text`` quoted for a message: escapes for what a terminal would act on or hide,
    cut to ``limit`` characters.

    >>> visible("Ann\\u202e")
    "'Ann\\\\u202e'"
    >>> visible("x" * 100, 10)
    "'xxxxxxxxxx…' (100 characters)"
    """
    if len(text) <= limit:
        return lookalike.escape_hidden(repr(text))
    cut = lookalike.escape_hidden(f"{text[:limit]!r}")[:-1] + "…'"
    return f"{cut} ({len(text)} characters)" if count else cut


def name_problem(name: str) -> str | None:
    """What is wrong with ``name`` as a player's name, in words, or None when it is fine.

    >>> name_problem("Zoë"), name_problem("Dov Lee")
    (None, None)
    >>> name_problem("(pool)")
    "'(pool)' is reserved for the program's own rows; choose another name"
    >>> name_problem("Ann\\udcff")
    "'Ann\\\\udcff' contains a lone surrogate, which is not text"
    >>> name_problem("Ann\\u202e")
    "'Ann\\\\u202e' contains U+202E (RIGHT-TO-LEFT OVERRIDE), an invisible character"
    >>> name_problem("t\\u043etal")[:68]
    "'tоtal' looks like 'total' ('о' is U+043E CYRILLIC SMALL LETTER O), "
    """
    if not 1 <= len(name) <= MAX_NAME:
        return f"{visible(name)} is {len(name)} characters; a name has 1 to {MAX_NAME}"
    problem = _forbidden(name) or hidden_problem(name)
    if problem is not None:
        return problem
    if name != name.strip():
        return f"{visible(name)} begins or ends with a space"
    if name.lower() in RESERVED_NAMES or (name.startswith("(") and name.endswith(")")):
        return f"{visible(name)} is reserved for the program's own rows; choose another name"
    folded = lookalike.fold(name)
    own = [w for w in sorted(RESERVED_NAMES) if lookalike.fold(w) == folded]
    if own or (folded.startswith("(") and folded.endswith(")")):
        word = own[0] if own else "(...)"
        return (f"{visible(name)} looks like {word!r}{lookalike.telling(name, word)}, which is "
                "reserved for the program's own rows; choose another name")
    return None


def hidden_problem(text: str) -> str | None:
    """Whether ``text`` (any name or word) holds a character that shows nothing: Unicode's
    Default_Ignorable_Code_Point, or a blank-looking one (formats/lookalike.hidden).

    >>> hidden_problem("Ann\\u034f")
    "'Ann\\\\u034f' contains U+034F (COMBINING GRAPHEME JOINER), a character that shows nothing"
    """
    char = lookalike.hidden(text)
    if char is None:
        return None
    what = unicodedata.name(char, "")
    return (f"{visible(text)} contains U+{ord(char):04X}{f' ({what})' if what else ''}, "
            "a character that shows nothing")


def word_problem(word: str) -> str | None:
    """What is wrong with ``word`` as a word (a house rule's name, a currency, a unit's
    name), or None: 1 to MAX_WORD characters, no control, invisible or hidden character.

    >>> word_problem("GBP"), word_problem("")
    (None, "'' is 0 characters; a word has 1 to 64")
    """
    if not 1 <= len(word) <= MAX_WORD:
        return f"{visible(word)} is {len(word)} characters; a word has 1 to {MAX_WORD}"
    if _SURROGATE.search(word):
        return f"{visible(word)} contains a lone surrogate, which is not text"
    bad = _BAD.search(word)
    if bad:
        return (f"{visible(word)} contains U+{ord(bad.group()):04X}, an invisible or control "
                "character")
    return hidden_problem(word)


def text_problem(text: str, limit: int = MAX_TEXT) -> str | None:
    """What is wrong with ``text`` as free text (a note, a ruling, a label), or None.

    >>> text_problem("two lines\\nare fine"), text_problem("\\x1b[31mred")
    (None, "'\\\\x1b[31mred' contains a control character (U+001B)")
    """
    if len(text) > limit:
        return f"{visible(text)} is too long; text here is at most {limit} characters"
    bad = _TEXT_BAD.search(text) or _SURROGATE.search(text)
    if bad:
        return f"{visible(text)} contains a control character (U+{ord(bad.group()):04X})"
    return None


def _forbidden(text: str) -> str | None:
    """A lone surrogate, or a character NAME_FORBIDDEN refuses, in ``text``, in words."""
    if _SURROGATE.search(text):
        return f"{visible(text)} contains a lone surrogate, which is not text"
    bad = _BAD.search(text)
    if bad:
        char = bad.group()
        what = unicodedata.name(char, "")
        what = f" ({what}), an invisible character" if what else ", a control character"
        return f"{visible(text)} contains U+{ord(char):04X}{what}"
    return None
