"""Issue 22, item 11: `loo explain` shows a capped loo's arithmetic and quotes the sources'
words for the rules it cites, as its help promises ("its parameter and source text").

Worked by hand from shared/spec/RULES.md: three-card, loo=mixed with loo_limit=45, 45
carried in; E deals and antes 9, so P = 54, 18 a trick. A stands and takes 2 tricks (36),
B stands and takes 1 (18), D stands and takes none: looed, a mixed loo pays P up to the
limit, min(54, 45) = 45. C and E pass. The pool carries 54 - 36 - 18 + 45 = 45.
"""

from __future__ import annotations

import json
from pathlib import Path

from loo_ledger.domain.rules.params import PARAMS
from loo_ledger.services.source_words import SAME, WORDS

#: The project's copy of the rule sources (tests/test_conformance.py proves it the shared one).
SEEDS = Path(__file__).resolve().parent / "data" / "seeds"
CAPPED = {"format": "loo-session/1", "variant": "three-card",
          "rules": {"loo": "mixed", "loo_limit": 45},
          "players": ["A", "B", "C", "D", "E"], "first_dealer": "E", "opening_pool": 45,
          "hands": [{"declarations": {"A": "stand", "B": "stand", "C": "pass", "D": "stand",
                                      "E": "pass"}, "tricks": {"A": 2, "B": 1, "D": 0}}]}
MIXED_WORDS = ("A player who is looed matches the pot subject to an a agreed limit - say 30 "
               "red chips.")


def _explain(loo, tmp_path, save, *args):
    db = tmp_path / "x.db"
    result = loo(db, "import", save(tmp_path / "capped.json", CAPPED))
    assert result.exit_code == 0, result.output
    result = loo(db, "explain", "1", *args)
    assert result.exit_code == 0, result.output
    return result.stdout


def test_a_capped_loo_shows_its_arithmetic(loo, tmp_path, save):
    out = _explain(loo, tmp_path, save)
    assert "Hand 1 of session 1: E dealt; 45 carried in, 54 in play, 45 carried on." in out
    line = next(x for x in out.splitlines() if "D -> pool" in x)
    assert line.split()[0] == "45" and "(min(54, 45) = 45)" in line
    assert "loo=mixed" in line
    shares = [x for x in out.splitlines() if "pool -> " in x]
    assert all("min(" not in x for x in shares)


def test_the_sources_words_are_quoted_once_each(loo, tmp_path, save):
    out = _explain(loo, tmp_path, save)
    words = out.split("In the sources' words:\n")[1].splitlines()
    assert words == [
        "  ante_model=dealer: \u201cBefore dealing, the dealer must always place three red "
        "chips in the pool.\u201d (000, the modern rules page)",
        "  divided=true: \u201ceach player takes one third of the contents of the pool for "
        "each trick they have won\u201d (000, the modern rules page)",
        f"  loo=mixed: \u201c{MIXED_WORDS}\u201d (000, the modern rules page)"]


def test_a_preset_is_quoted_from_its_own_source(loo, tmp_path, save):
    """poker-book (002) has unlimited loo as its own rule: its words are 002's."""
    session = {**CAPPED, "variant": "poker-book", "rules": {}}
    db = tmp_path / "p.db"
    assert loo(db, "import", save(tmp_path / "p.json", session)).exit_code == 0
    out = loo(db, "explain", "1").stdout
    assert ("  loo=unlimited: \u201cmust put into the pool as many units as there were in it "
            "at the beginning of the deal\u201d (002, the poker book)") in out.splitlines()


def test_the_json_has_the_arithmetic_and_the_words(loo, tmp_path, save):
    data = json.loads(_explain(loo, tmp_path, save, "--json"))
    loo_row = next(m for m in data["movements"] if m["from"] == "D")
    assert (loo_row["amount"], loo_row["arithmetic"]) == (45, "min(54, 45) = 45")
    assert {"rule": "loo=mixed", "source": "000", "title": "the modern rules page",
            "words": MIXED_WORDS} in data["sources"]


def test_every_passage_names_a_parameter_and_one_of_its_values():
    for key in [*WORDS, *SAME.values()]:
        name, _, value = key.partition("=")
        assert name in PARAMS, key
        choices = PARAMS[name].choices
        if value and choices:
            assert value in choices, key
        elif value:
            assert PARAMS[name].kind == "bool" and value in ("true", "false"), key
    assert set(SAME) <= set(PARAMS)


def test_every_passage_is_its_sources_own_words():
    texts = {f.name[:3]: " ".join(f.read_text(encoding="utf-8").split())
             for f in SEEDS.glob("*.txt")}
    assert sorted(texts) == ["000", "001", "002", "003", "004"]
    for key, passages in WORDS.items():
        for source, words in passages:
            assert " ".join(words.split()) in texts[source], (key, source)
