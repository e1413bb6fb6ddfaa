"""--csv, --tsv and --nl on every report (issue 22, item 5), one output group
(cli/report_opts.py), with figures worked by hand for one small evening.

Fri, 2026-03-06, three-card (RULES.md: the dealer antes 9; a simple first deal everyone
plays, 3 chips a trick; no trick: looed, pays 9), Ann Ben Cat, Cat deals, one chip = £0.05:
  h1 pool 9: Ann 2 tricks +6, Ben 1 trick +3, Cat 0 tricks -9 ante -9 looed = -18.
  The pool: 9 in, 9 paid out in tricks, 9 in from Cat's loo: 9 after, and the next hand
  (2, dealt by Ann, the dealer's left) is a double pool: Ann antes 9.
  Money: Ann 6 * 0.05 = 0.30, Ben 0.15, Cat -0.90, the pool 9 * 0.05 = 0.45.
Cat pays Ann 0.30 ('loo paid'); the season "March" holds the evening.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from ledger_kit import copy_for_each_test

fri = copy_for_each_test("fri_built", name="fri", file="fri.db")


@pytest.fixture(scope="module")
def fri_built(loo: Any, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Friday's evening, its payment and the season March, built once for the module."""
    db = tmp_path_factory.mktemp("fri") / "fri.db"
    for args in (("new", "Fri", "--players", "Ann,Ben,Cat", "--dealer", "Cat", "--when",
                  "2026-03-06 20:00", "--unit-value", "0.05", "--currency", "GBP"),
                 ("hand", "Ann=2", "Ben=1", "Cat=0"),
                 ("paid", "Cat", "Ann", "0.30", "--when", "2026-03-07"),
                 ("season", "new", "March", "--since", "2026-03-01", "--until",
                  "2026-03-31")):
        out = loo(db, *args)
        assert out.exit_code == 0, out.output
    return db


def _out(loo: Any, db: Path, *args: str) -> str:
    out = loo(db, *args)
    assert out.exit_code == 0, out.output
    return str(out.stdout)


def _rows(text: str, delimiter: str = ",") -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text), delimiter=delimiter))


def test_balances_as_csv_tsv_and_nl(loo: Any, fri: Path) -> None:
    """A row per player, then the pool: nets 6, 3, -18 and 9 in the pool; money as stored
    decimals 0.30, 0.15, -0.90, 0.45 (never a quote before the minus)."""
    assert _out(loo, fri, "balances", "--csv") == (
        "session,kind,name,net,money\n"
        "1,player,Ann,6,0.30\n"
        "1,player,Ben,3,0.15\n"
        "1,player,Cat,-18,-0.90\n"
        "1,pool,,9,0.45\n")
    assert _out(loo, fri, "balances", "--tsv") == (
        "session\tkind\tname\tnet\tmoney\n"
        "1\tplayer\tAnn\t6\t0.30\n"
        "1\tplayer\tBen\t3\t0.15\n"
        "1\tplayer\tCat\t-18\t-0.90\n"
        "1\tpool\t\t9\t0.45\n")
    lines = _out(loo, fri, "balances", "--nl").splitlines()
    assert [json.loads(line) for line in lines] == [
        {"session": 1, "kind": "player", "name": "Ann", "net": 6, "money": "0.30"},
        {"session": 1, "kind": "player", "name": "Ben", "net": 3, "money": "0.15"},
        {"session": 1, "kind": "player", "name": "Cat", "net": -18, "money": "-0.90"},
        {"session": 1, "kind": "pool", "name": None, "net": 9, "money": "0.45"}]


def test_hands_a_row_a_hand(loo: Any, fri: Path) -> None:
    """The fields of --json, the deltas, the looed and the record as JSON text."""
    rows = _rows(_out(loo, fri, "hands", "--csv"))
    assert list(rows[0]) == ["number", "dealer", "double", "pool_in", "pot", "deltas",
                             "pool_after", "looed", "outcome", "table_ruling", "record"]
    assert len(rows) == 1
    h = rows[0]
    assert (h["number"], h["dealer"], h["double"], h["pool_in"], h["pot"], h["pool_after"],
            h["outcome"], h["table_ruling"]) == ("1", "Cat", "false", "0", "9", "9",
                                                 "played", "")
    assert json.loads(h["deltas"]) == {"Ann": 6, "Ben": 3, "Cat": -18}
    assert json.loads(h["looed"]) == ["Cat"]
    assert json.loads(h["record"])["tricks"] == {"Ann": 2, "Ben": 1, "Cat": 0}
    nl = [json.loads(line) for line in _out(loo, fri, "hands", "--nl").splitlines()]
    assert nl[0]["deltas"] == {"Ann": 6, "Ben": 3, "Cat": -18} and len(nl) == 1
    audit = _rows(_out(loo, fri, "hands", "--audit", "--tsv"), "\t")
    assert [(a["hand"], a["action"], a["old_record"]) for a in audit] == [("1", "add", "")]


def test_stats_a_row_a_player(loo: Any, fri: Path) -> None:
    """Ann: 1 hand, 2 tricks, 2.0 a hand, never looed, +6; Cat looed once (rate 1.0),
    paid 9 in loos, -18. Money is a list (JSON text): Ann 0.30 GBP."""
    rows = {r["player"]: r for r in _rows(_out(loo, fri, "stats", "--csv"))}
    assert list(rows) == ["Ann", "Ben", "Cat"]
    ann, cat = rows["Ann"], rows["Cat"]
    assert (ann["hands"], ann["tricks"], ann["tricks_per_hand"], ann["looed"], ann["net"]) \
        == ("1", "2", "2.0", "0", "6")
    assert (cat["looed"], cat["loo_rate"], cat["paid_in_loos"], cat["net"]) == (
        "1", "1.0", "9", "-18")
    assert json.loads(ann["money"]) == [{"currency": "GBP", "amount": "0.30"}]


def test_settle_up_and_replay(loo: Any, fri: Path) -> None:
    """settle-up: a row per player, then the pool's (its change 9 = £0.45). replay under
    the same rules moves nothing: stored = new, difference 0."""
    rows = _rows(_out(loo, fri, "settle-up", "--csv"))
    assert [(r["kind"], r["name"], r["net"], r["money"]) for r in rows] == [
        ("player", "Ann", "6", "0.30"), ("player", "Ben", "3", "0.15"),
        ("player", "Cat", "-18", "-0.90"), ("pool", "(pool)", "9", "0.45")]
    replayed = _rows(_out(loo, fri, "replay", "--csv"))
    assert [(r["name"], r["stored"], r["new"], r["difference"]) for r in replayed] == [
        ("Ann", "6", "6", "0"), ("Ben", "3", "3", "0"), ("Cat", "-18", "-18", "0"),
        ("(pool)", "9", "9", "0")]


def test_the_ledgers_lists(loo: Any, fri: Path) -> None:
    """sessions, players, payments list, season list, pool: a row each."""
    s = _rows(_out(loo, fri, "sessions", "--csv"))
    assert [(r["id"], r["name"], r["hands"], r["pool"], r["status"], r["current"])
            for r in s] == [("1", "Fri", "1", "9", "open", "true")]
    assert _out(loo, fri, "players", "--csv") == (
        'player,aliases,sessions\nAnn,"[""Ann""]",[1]\nBen,"[""Ben""]",[1]\n'
        'Cat,"[""Cat""]",[1]\n')
    paid = _rows(_out(loo, fri, "payments", "list", "--csv"))
    assert [(r["id"], r["from"], r["to"], r["amount"], r["currency"]) for r in paid] == [
        ("1", "Cat", "Ann", "0.30", "GBP")]
    seasons = _rows(_out(loo, fri, "season", "list", "--csv"))
    assert [(r["name"], json.loads(r["sessions"])) for r in seasons] == [("March", [1])]
    pool = _rows(_out(loo, fri, "pool", "--csv"))
    assert [(r["pool"], r["next_hand"], r["next_dealer"], r["double"]) for r in pool] == [
        ("9", "2", "Ann", "true")]
    assert json.loads(pool[0]["antes"]) == [{"player": "Ann", "amount": 9}]
    assert _out(loo, fri, "check", "--csv") == "session,code,hand,player,message\n"


def test_standings_season_show_and_chart(loo: Any, fri: Path) -> None:
    """standings and season show: Ann 1st (+6, 600.0 per 100 hands), Ben 2nd, Cat 3rd
    (loo rate 1.0). chart: hand 0 (every net 0) and hand 1; --pool-size: 0 then 9."""
    for args in (("standings", "--season", "March"), ("season", "show", "March")):
        rows = _rows(_out(loo, fri, *args, "--csv"))
        assert [(r["place"], r["player"], r["net"], r["per_100"], r["loo_rate"])
                for r in rows] == [("1", "Ann", "6", "600.0", "0.0"),
                                   ("2", "Ben", "3", "300.0", "0.0"),
                                   ("3", "Cat", "-18", "-1800.0", "1.0")]
    assert _out(loo, fri, "chart", "--csv") == (
        'hand,net\n0,"{""Ann"": 0, ""Ben"": 0, ""Cat"": 0}"\n'
        '1,"{""Ann"": 6, ""Ben"": 3, ""Cat"": -18}"\n')
    assert _out(loo, fri, "chart", "--pool-size", "--tsv") == "hand\tpool\n0\t0\n1\t9\n"


def test_text_that_could_be_a_formula_is_quoted(loo: Any, tmp_path: Path) -> None:
    """A player called '@Dee' (a spreadsheet reads '@' as a formula) is written '@Dee with
    a quote in front; her net -6 is a number, never quoted. Ann 2 tricks +6; @Dee, the
    dealer, antes 9 and takes 1 trick: -9 + 3 = -6; the pool: 9 in, 9 out, 0 after."""
    db = tmp_path / "f.db"
    for args in (("new", "X", "--players", "Ann,@Dee", "--dealer", "@Dee"),
                 ("hand", "Ann=2", "@Dee=1")):
        out = loo(db, *args)
        assert out.exit_code == 0, out.output
    rows = _rows(_out(loo, db, "balances", "--csv"))
    assert [(r["name"], r["net"]) for r in rows] == [("Ann", "6"), ("'@Dee", "-6"),
                                                     ("", "0")]


@pytest.mark.parametrize("args", [("balances", "--csv", "--tsv"),
                                  ("stats", "--json", "--nl"),
                                  ("leaks", "--all", "--csv", "--json"),
                                  ("season", "list", "--tsv", "--nl")])
def test_two_outputs_are_a_usage_error(loo: Any, fri: Path, args: tuple[str, ...]) -> None:
    out = loo(fri, *args)
    assert out.exit_code == 2, out.output
    assert "choose one output" in out.output


def test_every_report_has_the_output_group(loo: Any, fri: Path) -> None:
    """The reports docs/guide.md lists: each takes --json, --csv, --tsv and --nl."""
    reports = [("stats",), ("hands",), ("balances",), ("sessions",), ("chart",), ("leaks",),
               ("settle-up",), ("standings",), ("season", "list"), ("season", "show"),
               ("players",), ("pool",), ("payments", "list"), ("replay",), ("check",)]
    for words in reports:
        text = loo(fri, *words, "--help").output
        for flag in ("--json", "--csv", "--tsv", "--nl"):
            assert flag in text, (words, flag)
