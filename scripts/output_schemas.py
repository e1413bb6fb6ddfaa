"""Write schemas/output/*.schema.json: the shape of every command's ``--json`` output.

Run ``python scripts/output_schemas.py`` after changing what a command prints with
``--json``; tests/test_json_outputs.py checks that the files are what this script writes,
that every ``--json`` command has one, and that each command's output validates.

Each file is a self-contained JSON Schema (2020-12), so check-jsonschema and other
validators need nothing else. Shapes are closed (``additionalProperties: false``) except
where the output carries a session file's hand record, which is the session format's
(schemas/session.schema.json).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from loo_ledger.domain.rules.codes import DealKind, MovementKind, Resolution, Word  # noqa: E402

OUT = ROOT / "schemas" / "output"
BASE = "https://loo-ledger.github.io/schemas/output/"

J = dict[str, Any]


def obj(props: J, *, optional: tuple[str, ...] = (), description: str | None = None) -> J:
    """A closed object: every property required except ``optional``."""
    out: J = {"type": "object"}
    if description:
        out["description"] = description
    out.update(required=[k for k in props if k not in optional], properties=props,
               additionalProperties=False)
    return out


def arr(items: J, description: str | None = None) -> J:
    return {"type": "array", **({"description": description} if description else {}),
            "items": items}


def null(schema: J) -> J:
    return {"anyOf": [schema, {"type": "null"}]}


def enum(values: Any) -> J:
    return {"enum": [str(v) for v in values]}


INT = {"type": "integer"}
NAT = {"type": "integer", "minimum": 0}
ID = {"type": "integer", "minimum": 1}
BOOL = {"type": "boolean"}
STR = {"type": "string"}
NAME = {"type": "string", "minLength": 1}
RATE = null({"type": "number", "minimum": 0})
MONEY = {"type": "string", "pattern": r"^-?[0-9]+(\.[0-9]+)?$",
         "description": "An exact decimal amount of money, as a string (never a float)."}
WHEN = {"type": "string", "description": "An ISO 8601 date-time as stored."}
NETS = {"type": "object", "additionalProperties": INT,
        "description": "Player name -> chips (a whole number, positive or negative)."}
PARTY = {"type": "string", "minLength": 1,
         "description": "A player's name, or \"pool\" for the pool (a reserved name)."}
RECORD = {"type": "object", "description": "A hand as the session format writes it "
          "(schemas/session.schema.json, $defs/hand)."}
UNIT = obj({"name": null(STR), "value": null(MONEY), "currency": null(STR)},
           description="The session's chip unit: its name, money value and currency.")
PROBLEM = obj({"code": NAME, "player": null(NAME), "message": NAME})

MOVEMENT = obj({"from": PARTY, "to": PARTY, "amount": NAT, "kind": enum(MovementKind),
                "reason": STR, "rule": STR},
               description="Chips moving from one party to another; kind says what it is.")
SETTLEMENT = obj({
    "hand": ID, "dealer": NAME, "dealt": arr(NAME), "deal": enum(DealKind), "double": BOOL,
    "pool_in": NAT, "pot": NAT, "pool_after": NAT, "outcome": enum(Resolution),
    "words": {"type": "object", "additionalProperties": enum(Word)},
    "deltas": NETS, "looed": arr(NAME), "loos": NETS, "whole": null(NAME),
    "movements": arr(MOVEMENT), "notes": arr(STR), "table_ruling": null(STR),
    "rules_deltas": NETS,
}, description="What one hand moved and where it left the pool.")
TABLE = obj({
    "closed": BOOL, "pool": NAT, "next_hand": null(ID), "next_dealer": null(NAME),
    "double": null(BOOL), "deal": null(enum(DealKind)), "present": arr(NAME),
}, description="The table as the next hand finds it, read back after the write (the next_* "
               "fields are null once the session is closed).")
PARAMETER = obj({"parameter": NAME, "value": STR, "allowed": STR, "source": STR,
                 "meaning": STR})

TRANSFER = obj({"from": NAME, "to": NAME, "amount": MONEY})
CHIP_TRANSFER = obj({"from": NAME, "to": NAME, "chips": ID},
                    description="Chips handed from one party to another.")
MONEY_TAB = obj({
    "currency": null(STR), "in": {"const": "money"},
    "parties": arr(obj({"name": NAME, "money": MONEY, "paid": MONEY, "received": MONEY,
                        "balance": MONEY, "overall": MONEY, "due": MONEY}),
                   "Each person (and \"(pool)\"): money won or lost over the sessions, "
                   "paid and received (in a window: for its evenings), the balance still "
                   "owed to them (negative: owed by them), the balance over all time, and "
                   "what is due here (the balance capped by the one over all time)."),
    "payments": arr(obj({"id": ID, "from": NAME, "to": NAME, "amount": MONEY,
                         "when": WHEN, "note": null(STR), "sessions": null(arr(ID)),
                         "advance": BOOL,
                         "settled": obj({"paid": {"type": "object", "additionalProperties":
                                                  MONEY},
                                         "received": {"type": "object",
                                                      "additionalProperties": MONEY}},
                                        description="Session id -> the payer's losses "
                                        "(paid) and the payee's winnings (received) it "
                                        "settled there."),
                         "counted_paid": MONEY, "counted_received": MONEY},
                        optional=("counted_paid", "counted_received"))),
    "capped": arr(obj({"name": NAME, "balance": MONEY, "overall": MONEY, "due": MONEY}),
                  "Parties asked or paid less here than the window's balance: their "
                  "balance over all time is smaller."),
    "unmatched": arr(obj({"name": NAME, "amount": MONEY}),
                     "What is still due after the transfers: owed (or owing) by parties "
                     "whose part lies in other evenings."),
    "method": STR, "transfers": arr(TRANSFER)}, description="A tab in one currency.")
CHIPS_TAB = obj({
    "currency": {"type": "null"}, "in": {"const": "chips"}, "unit": null(STR),
    "parties": arr(obj({"name": NAME, "chips": INT, "overall": INT, "due": INT})),
    "payments": {"type": "array", "maxItems": 0},
    "capped": arr(obj({"name": NAME, "balance": INT, "overall": INT, "due": INT})),
    "unmatched": arr(obj({"name": NAME, "chips": INT})),
    "method": STR, "transfers": arr(CHIP_TRANSFER)},
    description="A tab in chips, of sessions whose unit has no money value.")
SEASON = obj({
    "scope": obj({"since": null(WHEN), "title": STR, "sessions": arr(ID),
                  "no_money": arr(ID, "Sessions whose unit has no money value (in a tab in "
                                      "chips)."),
                  "rule": STR}, optional=("rule",)),
    "tabs": arr({"anyOf": [MONEY_TAB, CHIPS_TAB]},
                "One tab per currency, and one in chips per unit with no money value."),
}, description="A season's tab (--all, --since): who owes whom across sessions.")


PLAYER_STATS = {
    "player": NAME, "hands": NAT, "declared": NAT, "forced": NAT,
    "played": NAT, "tricks": NAT, "tricks_per_hand": RATE,
    "net": INT, "money": arr(obj({"currency": null(STR), "amount": MONEY})),
    "biggest_gain": NAT, "biggest_loss": {"type": "integer", "maximum": 0},
    "by_seat": arr(obj({"seat": NAT, "label": STR, "hands": NAT, "net": INT, "looed": NAT})),
    # null under a hand filter (--pool, --seat, --with): the figures from the cards are
    # the whole evening's (services/analysis/hand_stats.py)
    "cards": null(obj({"hands": NAT, "trumps_led": NAT, "pam_tricks": NAT,
                       "revokes_caught": NAT, "first_tricks_led": NAT, "first_tricks_won": NAT,
                       "first_trick_rate": RATE}))}
SESSION_STATS = {
    "session": ID, "name": null(STR), "date": null(WHEN), "hands": NAT, "largest_pot": NAT,
    "cards": null(obj({"hands": NAT, "trumps_led": NAT, "pam_tricks": NAT,
                       "revokes_caught": NAT, "eldest_won_first": NAT,
                       "eldest_first_rate": RATE}))}


STORED_SESSION = obj({
    "name": null(STR), "started_at": null({"type": "string", "format": "date-time"}),
    "variant": NAME, "house_rule": null(NAME),
    "rules": {"type": "object", "description": "the overrides given, each with its "
              "parameter's type (loo_limit=45 is the number 45)"},
    "unit": obj({"name": null(STR), "value": null(STR), "currency": null(STR)}),
    "first_dealer": NAME, "buy_in": null(NAT), "opening_pool": NAT},
    description="What was stored: the name, when play began (as parsed), the variant, the "
                "rules, the unit, the first dealer, the buy-in and the pool carried in.")


def action(name: str, props: J, *, session: bool = True, title: str) -> J:
    """What an action command printed: ``action``, ``session``, its own fields, ``table``."""
    return obj({"action": {"const": name}, "session": ID if session else {"type": "null"},
                **props, **({"table": TABLE} if session else {})}, description=title)


SEASON_ROW = obj({
    "name": NAME, "since": null(STR), "until": null(STR), "listed": arr(ID),
    "sessions": arr(ID)},
    description="A season: its span [since, until) in UTC (YYYY-MM-DD HH:MM:SS, null: open), "
                "the sessions it lists, and every session in it (by date or list), oldest first.")
STANDINGS = obj({
    "scope": obj({"title": NAME, "season": null(NAME), "since": null(STR), "sessions": arr(ID),
                  "sort": NAME}),
    "game": enum(["loo", "lou", "mixed"]),
    "evenings": arr(obj({"session": ID, "name": null(STR), "date": null(WHEN), "hands": NAT})),
    "players": arr(obj({
        "player": NAME, "place": ID, "change": null(INT), "evenings": NAT, "hands": NAT,
        "net": INT, "money": arr(obj({"currency": null(STR), "amount": MONEY})),
        "per_100": null({"type": "number"}), "stand_rate": RATE, "loo_rate": RATE,
        "whole_pools": NAT, "best": INT, "worst": INT,
        "rating": obj({"mu": {"type": "number"}, "sigma": {"type": "number", "minimum": 0},
                       "ordinal": {"type": "number"}})}))},
    description="loo standings --json (and loo season show NAME --json): per player over the "
                "evenings in date order; place after the last evening and its change since the "
                "one before (null: new), rating OpenSkill Plackett-Luce mu and sigma "
                "(ordinal = mu - 3 sigma).")
RATES = {"type": "object", "additionalProperties": {"type": "number", "minimum": 0}}
LEAKS = obj({
    "scope": obj({"title": NAME, "season": null(NAME), "since": null(STR), "sessions": arr(ID)}),
    "min_hands": ID, "resamples": ID,
    "players": arr(obj({
        "player": NAME, "hands": NAT, "net": INT, "winners": arr(NAME),
        "lines": arr(obj({
            "line": enum(("stand", "after-loo", "miss", "defend", "exchange")),
            "situation": obj({"pool": enum(("simple", "double", "first", "later")),
                              "seat": NAT, "stood_before": NAT},
                             optional=("seat", "stood_before")),
            "text": NAME, "choice": NAME, "n": ID, "rate": {"type": "number", "minimum": 0},
            "winners_n": ID, "winners_rate": {"type": "number", "minimum": 0},
            "rates": RATES, "winners_rates": RATES,
            "values": {"type": "object", "additionalProperties": {"type": "number"}},
            "cost": null({"type": "number"}),
            "ci": null(arr({"type": "number"})), "enough": BOOL,
            "cards": {"type": "number", "minimum": 0},
            "winners_cards": {"type": "number", "minimum": 0}},
            optional=("cards", "winners_cards")))}))},
    description="loo leaks PLAYER --json (or --all): each line a decision in a situation, the "
                "player's rate of its choice and the winners', each choice's value (the "
                "table's average change for it there), and the cost in chips per 100 of the "
                "player's hands with its 90% bootstrap interval (null below min_hands "
                "opportunities: not enough hands). docs/guide.md defines it.")
SCHEMAS: dict[str, J] = {
    # -- reading --------------------------------------------------------------------------
    "sessions": arr(obj({
        "id": ID, "name": null(STR), "started_at": null(WHEN), "variant": NAME,
        "players": NAT, "hands": NAT, "pool": NAT, "created_at": WHEN, "closed": BOOL,
        "house_rule": null(NAME), "current": BOOL, "status": {"enum": ["open", "closed"]},
        "date": {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
                 "description": "The day it was played (or, without started_at, created)."}}),
        "loo sessions --json: every session in the ledger."),
    "hands": {
        "description": "loo hands --json: every hand of a session (with filters choosing "
                       "evenings, of each evening chosen, each hand naming its session); with "
                       "--audit, the audit trail instead.",
        "anyOf": [
            arr(obj({"session": ID, "number": ID, "dealer": NAME, "double": BOOL,
                     "pool_in": NAT, "pot": NAT,
                     "deltas": NETS, "pool_after": NAT, "looed": arr(NAME),
                     "outcome": enum(Resolution), "table_ruling": null(STR),
                     "record": RECORD}, optional=("session",))),
            arr(obj({"hand": null(ID), "action": NAME, "old_record": null(RECORD),
                     "new_record": null({"type": "object"}), "at": WHEN})),
        ]},
    "balances": obj({
        "session": ID, "pool": NAT,
        "players": arr(obj({"name": NAME, "net": INT, "money": MONEY}, optional=("money",))),
        "pool_money": MONEY,
        "carried_in": obj({"chips": ID, "money": MONEY}, optional=("money",),
                          description="The pool carried in from an earlier session."),
        "total": obj({"chips": INT, "money": MONEY}, optional=("money",)),
        "unit": UNIT}, optional=("pool_money", "carried_in"),
        description="loo balances --json: each player's net and the pool (money when the "
                    "session has a unit value)."),
    "variants": arr(obj({"name": NAME, "source": STR, "description": STR}),
                    "loo variants --json: the built-in variants."),
    "variants-show": obj({"name": NAME, "description": STR, "parameters": arr(PARAMETER)},
                         description="loo variants show NAME --json: every parameter."),
    "rules-list": arr(obj({"name": NAME, "from": NAME, "rules": {"type": "object"}}),
                      "loo rules list --json: the saved house rules."),
    "rules-show": obj({"name": NAME, "from": NAME, "parameters": arr(PARAMETER)},
                      description="loo rules show NAME --json: every parameter."),
    "pool": obj({
        "session": ID, "pool": NAT, "next_hand": ID, "next_dealer": NAME, "double": BOOL,
        "deal": enum(DealKind), "why": STR, "antes": arr(obj({"player": NAME, "amount": NAT})),
        "loos_from_last_hand": arr(obj({"player": NAME, "amount": NAT, "reason": STR,
                                        "rules_amount": NAT, "table_ruling": STR},
                                       optional=("rules_amount", "table_ruling"),
                                       description="A loo paid into the pool (under a table "
                                       "ruling that changed it: the ruling's amount, and the "
                                       "rules' beside it).")),
        "sitting_out": arr(NAME), "first_deal": BOOL, "pot": NAT, "burn": NAT,
        "burn_cap": NAT}, optional=("first_deal", "pot", "burn", "burn_cap"),
        description="loo pool --json: the pool, the next dealer and antes (Lou: the burn)."),
    "table": obj({
        "session": ID, "name": NAME, "variant": NAME, "game": enum(["loo", "lou"]),
        "unit": NAME, "currency": null(STR), "closed": BOOL,
        "players": arr(obj({"name": NAME, "net": INT, "money": null(MONEY),
                            "last": null(INT), "looed": BOOL, "present": BOOL,
                            "deals_next": BOOL}),
                       "From the next dealer's left, the dealer last: net chips, money, the "
                       "last hand's change (null: not dealt in), looed (burned, in Lou), "
                       "present (false: sitting out)."),
        "pool": NAT, "pool_money": null(MONEY), "next_hand": ID, "next_dealer": NAME,
        "antes": arr(obj({"player": NAME, "amount": NAT})), "marks": BOOL, "double": BOOL,
        "lou_first": null(BOOL), "deal": enum(DealKind), "why": STR, "last_hand": null(ID)},
        description="loo table --json: the scoreboard at the top of loo table's screen "
                    "(services/snapshot.py)."),
    "stats": obj({
        "scope": obj({"session": null(ID), "since": null(STR), "player": null(STR),
                      "sessions": NAT, "title": STR}),
        "game": enum(["loo", "lou", "mixed"]),
        "players": arr({"anyOf": [obj({**PLAYER_STATS,
            "declarations": obj({w: obj({"count": NAT, "rate": RATE})
                                 for w in ("stand", "pass", "miss", "defend")}),
            "looed": NAT, "loo_rate": RATE, "paid_in_loos": NAT, "took_whole": NAT,
            "flushes": NAT}), obj({**PLAYER_STATS,
            "declarations": obj({w: obj({"count": NAT, "rate": RATE}) for w in ("stand", "fold")}),
            "burned": NAT, "paid_in_burns": NAT, "pots_won": NAT},
            description="Lou, in its own words.")]}),
        "sessions": arr({"anyOf": [obj({**SESSION_STATS, "simple": NAT, "double": NAT,
                                         "longest_double_run": NAT, "paid_in_loos": NAT}),
                                   obj({**SESSION_STATS, "paid_in_burns": NAT},
                                       description="Lou, in its own words.")]}),
        "not_counted": arr(obj({"session": ID, "hands": NAT, "counted": NAT})),
        "record": arr(obj({"player": NAME, "sessions": arr(obj({
            "session": ID, "date": null(WHEN), "net": INT, "money": null(MONEY),
            "currency": null(STR)}))})),
    }, optional=("record",), description="loo stats --json: per player and per session "
                                         "(Lou's in its own words)."),
    "settle-up": {"description": "loo settle-up --json: money per player and who pays whom; "
                                 "with --all or --since, a season's tab.", "anyOf": [obj({
        "session": ID, "closed": BOOL, "in": {"const": "money"}, "unit": UNIT,
        "buy_in": null(NAT),
        "players": arr(obj({"name": NAME, "net": INT, "money": MONEY, "bought": NAT,
                            "bought_money": MONEY, "cash_out": INT, "cash_out_money": MONEY},
                           optional=("bought", "bought_money", "cash_out",
                                     "cash_out_money"))),
        "pool": obj({"opening": NAT, "end": NAT, "change": INT, "money": MONEY,
                     "cash_out_money": MONEY}, optional=("cash_out_money",)),
        "total": MONEY, "rounded": BOOL,
        "banker": obj({"name": NAME, "transfers": arr(obj({"from": NAME, "to": NAME,
                                                            "amount": MONEY}))}),
        "fewest": obj({"method": STR, "transfers": arr(obj({"from": NAME, "to": NAME,
                                                             "amount": MONEY}))}),
        "bought": obj({"chips": NAT, "money": MONEY}), "cash_out_is_buy_in_plus_net": BOOL,
    }, optional=("bought", "cash_out_is_buy_in_plus_net"),
        description="One session: money per player and who pays whom."), obj({
        "session": ID, "closed": BOOL, "in": {"const": "chips"}, "unit": UNIT,
        "buy_in": null(NAT), "players": arr(obj({"name": NAME, "net": INT})),
        "pool": obj({"opening": NAT, "end": NAT, "change": INT}), "total": {"const": 0},
        "banker": obj({"name": NAME, "transfers": arr(CHIP_TRANSFER)}),
        "fewest": obj({"method": STR, "transfers": arr(CHIP_TRANSFER)})},
        description="One session whose unit has no money value: who hands whom how many "
                    "chips."), SEASON]},
    "players": arr(obj({"player": NAME, "aliases": arr(NAME), "sessions": arr(ID)}),
                   "loo players --json: every player across sessions (an identity), the "
                   "spellings that name them and the sessions they sat in."),
    "replay": obj({
        "session": ID, "stored_rules": STR, "new_rules": STR,
        "changed": arr(obj({"parameter": NAME, "stored": STR, "new": STR})), "unit": UNIT,
        "players": arr(obj({"name": NAME, "stored": INT, "new": INT, "difference": INT,
                            "money": obj({"stored": MONEY, "new": MONEY,
                                          "difference": MONEY})}, optional=("money",))),
        "pool": obj({"stored": INT, "new": INT, "difference": INT,
                     "money": obj({"stored": MONEY, "new": MONEY, "difference": MONEY})},
                    optional=("money",)),
        "hands": NAT, "settled": NAT,
        "skipped": arr(obj({"hand": ID, "problems": arr(PROBLEM)})), "written": {"const": False},
    }, description="loo replay --json: the evening settled again under other rules."),
    "check": arr(obj({"session": ID, "code": NAME, "hand": null(ID), "player": null(NAME),
                      "message": NAME}),
                 "loo check --json: every difference found, each naming its session."),
    "chart": {"anyOf": [obj({
        "session": ID, "players": arr(NAME),
        "series": {"anyOf": [arr(obj({"hand": NAT, "net": NETS})),
                             arr(obj({"hand": NAT, "pool": NAT}))]},
    }), obj({
        "scope": obj({"since": null(STR), "title": STR}),
        "evenings": arr(obj({"evening": ID, "session": ID, "name": null(STR), "date": STR})),
        "players": arr(NAME), "series": arr(obj({"evening": NAT, "net": NETS})),
    }, description="With --all or --since: each person's running balance in chips at the end "
                   "of each evening; evening 0 is the start.")],
        "description": "loo chart --json: running nets (or, with --pool, the pool) by hand; "
                       "hand 0 is the start."},
    "explain": obj({
        "session": ID, "hand": ID, "dealer": NAME, "pool_in": NAT, "pot": NAT,
        "pool_after": NAT,
        "movements": arr(obj({"from": PARTY, "to": PARTY, "amount": NAT, "reason": STR,
                              "rule": STR, "cited": STR, "kind": enum(MovementKind),
                              "arithmetic": null(STR)})),
        "sources": arr(obj({"rule": NAME, "source": NAME, "title": NAME, "words": NAME},
                           description="The sources' own words for each rule cited.")),
        "play": null(obj({
            "in_play": arr(NAME), "trump": null(STR), "turned": null(STR),
            "tricks": arr(obj({"trick": ID, "leader": NAME, "trump": null(STR),
                               "plays": arr(obj({"player": NAME, "card": STR})),
                               "winner": NAME, "why": STR, "breaches": arr(STR)})),
            "breaches": arr(STR), "problems": arr(STR)},
            description="The recorded cards walked through (null when none were recorded).")),
    }, description="loo explain N --json: every chip of hand N and the rule that moved it; "
                   "with the cards recorded, the tricks."),
    # -- seasons (issue 24) ---------------------------------------------------------------
    "season-new": SEASON_ROW,
    "season-list": arr(SEASON_ROW, "loo season list --json: every season, oldest first."),
    "season-rename": SEASON_ROW,
    "season-delete": obj({"name": NAME, "deleted": {"const": True}},
                         description="loo season delete NAME --json: the season deleted."),
    "season-show": STANDINGS,
    "standings": STANDINGS,
    "leaks": LEAKS,
    # -- writing --------------------------------------------------------------------------
    "new": action("new", {"name": STR, "players": arr(NAME), "stored": STORED_SESSION},
                  title="loo new --json: the session started, as stored."),
    "use": action("use", {"stored": STORED_SESSION},
                  title="loo use --json: the session made current, as stored."),
    "hand": action("hand", {"hand": ID, "settlement": SETTLEMENT},
                   title="loo hand --json: the hand recorded and its settlement."),
    "amend": action("amend", {"hand": ID, "settlements": arr(SETTLEMENT)},
                    title="loo amend N --json: hand N and every later hand, settled again."),
    "undo": action("undo", {"hand": ID}, title="loo undo --json: the hand removed."),
    "close": action("close", {"warnings": arr(STR)},
                    title="loo close --json: the session closed, and any warnings."),
    "seat-add": action("seat add", {"player": NAME, "message": STR},
                       title="loo seat add --json: the player seated (or back)."),
    "seat-leave": action("seat leave", {"player": NAME, "message": STR},
                         title="loo seat leave --json: the player who left."),
    "rules-save": action("rules save", {"name": NAME, "base": NAME,
                                        "rules": {"type": "object"}}, session=False,
                         title="loo rules save --json: the house rule saved."),
    "rules-delete": action("rules delete", {"deleted": NAME}, session=False,
                           title="loo rules delete --json: the house rule deleted."),
    "rules-set": action("rules set", {"rules": {"type": "object"}},
                        title="loo rules set --json: the session's rules now; every hand "
                              "settled again."),
    "session-rename": action("session rename", {"old": null(STR), "name": STR},
                             title="loo session rename --json: the old and new name."),
    "session-delete": action("session delete", {"deleted": ID, "hands": NAT}, session=False,
                             title="loo session delete --json: the session deleted (kept "
                                   "in the audit trail) and its number of hands."),
    "reopen": action("reopen", {}, title="loo reopen --json: the session opened again."),
    "player-rename": action("player rename", {"old": NAME, "new": NAME},
                            title="loo player rename --json: the old and new name."),
    "player-merge": action("player merge", {"alias": NAME, "player": NAME,
                                            "aliases": arr(NAME), "sessions": arr(ID)},
                           session=False, title="loo player merge ALIAS PLAYER --json: the "
                           "spelling merged, the player it names, their spellings and sessions."),
    "paid": action("paid", {"payment": obj({
        "id": ID, "from": NAME, "to": NAME, "amount": MONEY, "currency": null(STR),
        "when": WHEN, "note": null(STR), "sessions": null(arr(ID)), "advance": BOOL})},
        session=False,
        title="loo paid FROM TO AMOUNT --json: the payment recorded ('(pool)': the pool)."),
    "payments-list": arr(obj({
        "id": ID, "from": NAME, "to": NAME, "amount": MONEY, "currency": null(STR),
        "when": WHEN, "note": null(STR), "sessions": null(arr(ID)), "advance": BOOL}),
        "loo payments list --json: every payment, oldest first, its parties as typed."),
    "payments-remove": action("payments remove", {"payment": obj({
        "id": ID, "from": NAME, "to": NAME, "amount": MONEY, "currency": null(STR),
        "when": WHEN, "note": null(STR)})}, session=False,
        title="loo payments remove ID --json: the payment removed (the audit trail keeps "
              "it)."),
    "backup": action("backup", {"ledger": NAME, "file": NAME, "sessions": NAT, "hands": NAT,
                                "bytes": NAT, "newer": null(NAME)}, session=False,
                     title="loo backup FILE --json: the ledger copied, what it holds; newer: "
                           "why only a newer loo_ledger writes it (null if any may)."),
    "restore": action("restore", {"ledger": NAME, "file": NAME, "sessions": NAT, "hands": NAT,
                                  "kept": null(NAME)}, session=False,
                      title="loo restore FILE --json: the backup put in place, what it holds, "
                            "and where the replaced ledger is kept (null if there was none)."),
    "import": obj({
        "action": {"const": "import"}, "dry_run": BOOL,
        "sessions": arr(obj({"file": NAME, "session": null(ID), "name": null(STR),
                             "variant": NAME, "started_at": null(WHEN), "players": arr(NAME),
                             "hands": NAT, "pool": NAT, "nets": NETS})),
        "already_imported": arr(obj({
            "file": NAME, "sessions": arr(obj({"session": ID, "name": null(STR),
                                               "imported_at": WHEN})),
            "same_as": null(NAME)})),
    }, optional=("already_imported",),
        description="loo import --json: each file and the session it became (null with "
                    "--dry-run, when nothing is written); with --dry-run, already_imported: "
                    "each file the real import would refuse without --again, with the "
                    "sessions its content is already in (oldest first) or, if none, the "
                    "file given before it that holds the same session (same_as)."),
    "path": obj({"path": NAME, "exists": BOOL},
                description="loo path --json: the ledger's path (absolute) and whether a "
                            "file is there."),
    "schema": {"$ref": "https://json-schema.org/draft/2020-12/schema",
               "description": "loo schema [NAME] --json: a JSON Schema (the session file's, "
                              "or a command's --json output's)."},
    "datasette-metadata": obj({
        "title": NAME, "description": NAME,
        "databases": {"type": "object", "additionalProperties": obj({
            "description": NAME,
            "tables": {"type": "object", "additionalProperties": {"oneOf": [
                obj({"description": NAME,
                     "columns": {"type": "object", "additionalProperties": NAME}},
                    optional=("columns",)),
                obj({"hidden": {"const": True}})]}},
            "queries": {"type": "object", "additionalProperties": obj({
                "title": NAME, "description": NAME, "sql": NAME})}})}},
        description="loo datasette-metadata (--json alike): Datasette's metadata.json, a "
                    "description of every table, view and column, the canned queries "
                    "(each a title, a description and its SQL with :named parameters), and "
                    "the tables hidden (hidden: true)."),
    "export": obj({"action": {"const": "export"},
                   "session": {"anyOf": [ID, {"type": "null"}]},
                   "sessions": {"type": "array", "items": ID, "minItems": 1},
                   "format": {"enum": ["json", "csv", "md", "text", "html"]}, "summary": BOOL,
                   "output": NAME, "bytes": NAT},
                  description="loo export -o FILE --json: what was written where: the "
                              "session (null when the filters chose several: a CSV of "
                              "their hands) and every session written."),
    "serve": obj({"address": {"type": "string", "format": "uri",
                              "pattern": "^http://[^/]+/[A-Za-z0-9_-]{32}/$"},
                  "host": NAME, "port": {"type": "integer", "minimum": 1, "maximum": 65535}},
                 description="loo serve --json: one line printed before it serves: the "
                             "page's address with its secret token, the --host it listens "
                             "on and its port (the free one taken for --port 0)."),
}


def document(name: str, schema: J) -> J:
    """The file for ``name``: $schema, $id and title first."""
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": f"{BASE}{name}.schema.json", "title": f"loo {name.replace('-', ' ')} --json",
            **schema}


def rendered() -> dict[str, str]:
    """Each file's name and text."""
    return {f"{name}.schema.json": json.dumps(document(name, s), indent=2,
                                              ensure_ascii=False) + "\n"
            for name, s in SCHEMAS.items()}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, text in rendered().items():
        (OUT / name).write_text(text, encoding="utf-8")
    print(f"wrote {len(SCHEMAS)} schemas to {OUT}")


if __name__ == "__main__":
    main()
