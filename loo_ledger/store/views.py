"""Views for people who read the ledger with Datasette or ``sqlite3``, and the words that
describe every table, view and column (``loo datasette-metadata``).

The tables keep facts in compact form (store/codec.py: players by seat position, words
and movement kinds as letters and codes, movements packed in a JSON array); these views
spell them out: session and player names, seats in their order at the table
(``seats.position``, never alphabetical), how each hand ended, the word each player said
and each movement's kind, in words, and ``'pool'`` for the pool (it is not a player, so it
has no row in ``seats``; ``pool`` is a reserved name that no player may take:
formats/limits.py). Created by migration m012, made again by m015; :func:`create_views`
drops and creates them again, so a later migration that changes a table can call it.
"""

from __future__ import annotations

from typing import Any, Protocol

from loo_ledger.domain.rules.codes import MovementKind, Resolution
from loo_ledger.domain.settlement.wording import CAUSE_LETTER
from loo_ledger.store import codec

#: How a hand ended, in words (``hands.outcome`` holds the code).
OUTCOMES: dict[Resolution, str] = {
    Resolution.PLAYED: "played out",
    Resolution.ALL_PASS: "all passed but the dealer, who took the pot",
    Resolution.LONE: "one player took the pot without play",
    Resolution.ALL_FOLD: "all folded: the pot stayed and the dealer dealt again",
    Resolution.RENEGE: "a renege: the offender burned and the hand was dealt again",
    Resolution.FLUSH: "settled by a flush, without play",
}
#: What each kind of movement is, in words (the ``reason`` of the ``movements`` view; the
#: engine's own reason, with its figures, is what ``loo explain`` shows).
KIND_WORDS: dict[MovementKind, str] = {
    MovementKind.ANTE: "ante into the pool before the deal",
    MovementKind.SHARE: "a share of the pool for tricks taken",
    MovementKind.WHOLE_POOL: "the whole pool taken",
    MovementKind.LOO: "looed: pays into the next pool",
    MovementKind.BURN: "burned for a renege",
    MovementKind.BOARD: "a loo paid to the flush holder",
    MovementKind.FORFEIT: "a forfeit into this pool before play",
    MovementKind.PENALTY: "a penalty into the next pool",
    MovementKind.STAYS: "chips that stay in the pool",
    MovementKind.RULING: "a table ruling: the figure the table set",
}


def _outcome_sql(column: str) -> str:
    whens = " ".join(f"WHEN {codec.OUTCOME_CODE[code.value]} THEN '{words}'"
                     for code, words in OUTCOMES.items())
    return f"CASE {column} {whens} ELSE {column} END"


def _kind_sql(code: str, words: bool) -> str:
    whens = " ".join(f"WHEN {codec.KIND_CODE[k.value]} THEN "
                     f"'{KIND_WORDS[k] if words else k.value}'" for k in MovementKind)
    return f"CASE {code} {whens} END"


def _word_sql(letter: str) -> str:
    whens = " ".join(f"WHEN '{c}' THEN '{w}'" for w, c in codec.WORD_LETTER.items())
    return f"CASE {letter} {whens} END"


def _party_sql(bits: str) -> str:
    """The payer or payee of a packed movement: the player's name, or 'pool'."""
    return (f"CASE {bits} WHEN 0 THEN 'pool' ELSE (SELECT name FROM seats x WHERE "
            f"x.session_id = h.session_id AND x.position = {bits} - 1) END")


_MASK = (1 << codec.PLAYER_BITS) - 1
_SLOT = "substr(h.words, st.position + 1, 1)"


def _money_sql(chips: str, value: str) -> str:
    """``chips`` times the unit's ``value`` (decimal text: digits, at most one point: the
    session format's pattern), exactly, as decimal text with at least two places
    (``-0.75``), in whole-number arithmetic (never a float); NULL where there is no value.
    The scale is the value's places, at least 2; the value's digits are made that many
    places by a factor of 100, 10 or 1."""
    point = f"instr({value}, '.')"
    places = f"(CASE WHEN {point} THEN length({value}) - {point} ELSE 0 END)"
    scale = f"max({places}, 2)"
    total = (f"({chips} * CAST(replace({value}, '.', '') AS INTEGER) * "
             f"(CASE {places} WHEN 0 THEN 100 WHEN 1 THEN 10 ELSE 1 END))")
    unit = f"CAST('1' || substr('000000', 1, {scale}) AS INTEGER)"
    return (f"CASE WHEN {value} IS NULL THEN NULL ELSE "
            f"(CASE WHEN {total} < 0 THEN '-' ELSE '' END) || (abs({total}) / {unit}) || '.' || "
            f"printf('%0*d', {scale}, abs({total}) % {unit}) END")


#: 0 to 63: the positions of a compact record's characters (at most 20 seats, two a seat).
_COUNTER = "json_each('[" + ",".join(map(str, range(64))) + "]')"


def _seat_name(position: str) -> str:
    return (f"(SELECT x.name FROM seats x WHERE x.session_id = h.session_id "
            f"AND x.position = {position})")


def _as_json(t: str) -> str:
    """The value of a json_each row ``t`` as JSON (true, false, objects and arrays too)."""
    return (f"CASE {t}.type WHEN 'true' THEN json('true') WHEN 'false' THEN json('false') "
            f"WHEN 'object' THEN json({t}.value) WHEN 'array' THEN json({t}.value) "
            f"ELSE {t}.value END")


def _char_seat(text: str, index: str) -> str:
    """The seat named by the position character at ``index`` (from 0) of ``text``."""
    return _seat_name(f"unicode(substr({text}, {index} + 1, 1)) - 48")


def _pairs_sql(letters: dict[str, str] | None) -> str:
    """A compact ``w``, ``e`` or ``k``: a position character and a letter (``letters``'
    word) or a count character per seat, as an object by name."""
    second = "unicode(substr(r.value, 2 * i.value + 2, 1)) - 48" if letters is None else (
        "CASE substr(r.value, 2 * i.value + 2, 1) " + " ".join(
            f"WHEN '{c}' THEN '{w}'" for c, w in letters.items()) + " END")
    return (f"json((SELECT json_group_object({_char_seat('r.value', '2 * i.value')}, "
            f"{second}) FROM {_COUNTER} i WHERE i.value < length(r.value) / 2))")


def _players_sql() -> str:
    """A compact ``f`` or ``q``: a list of objects whose ``player`` is a position."""
    return ("json((SELECT json_group_array(json((SELECT json_group_object(o.key, CASE o.key "
            f"WHEN 'player' THEN {_seat_name('o.value')} ELSE {_as_json('o')} END) "
            "FROM json_each(a.value) o))) FROM json_each(r.value) a))")


def _record_sql() -> str:
    """``hands.record`` in the session format (store/codec.py's compact record decoded);
    a record stored as given (no one-letter key) or not JSON as it is."""
    key = codec.COMPACT_KEY
    order = "json_extract(r.value, '$[0]')"
    values = {
        "dealer": _seat_name("r.value"), "pam_holder": _seat_name("r.value"),
        "sitting_out": (f"json((SELECT json_group_array({_char_seat('r.value', 'i.value')}) "
                        f"FROM {_COUNTER} i WHERE i.value < length(r.value)))"),
        "trump": "CASE r.value " + " ".join(
            f"WHEN '{c}' THEN '{suit}'" for suit, c in codec.SUIT_LETTER.items()) + " END",
        "declarations": _pairs_sql({c: w for w, c in codec.WORD_LETTER.items()
                                    if w != "forced"}),
        "exchanges": _pairs_sql(None), "tricks": _pairs_sql(None),
        "flushes": _players_sql(), "penalties": _players_sql(),
        "deltas": (f"json((SELECT json_group_object({_char_seat(order, 'i.value')}, "
                   "json_extract(r.value, '$[' || (i.value + 1) || ']')) "
                   f"FROM {_COUNTER} i WHERE i.value < length({order})))"),
    }
    names = " ".join(f"WHEN '{short}' THEN '{long}'" for long, short in key.items())
    decoded = " ".join(f"WHEN '{key[long]}' THEN {sql}" for long, sql in values.items())
    compact = "EXISTS (SELECT 1 FROM json_each(h.record) WHERE length(key) = 1)"
    # each WHEN in turn (CASE stops at the first true one): json_type only of valid JSON
    return (f"CASE WHEN NOT json_valid(h.record) THEN h.record "
            f"WHEN json_type(h.record) <> 'object' THEN h.record "
            f"WHEN NOT {compact} THEN h.record ELSE "
            f"(SELECT json_group_object(CASE r.key {names} ELSE r.key END, "
            f"CASE r.key {decoded} ELSE {_as_json('r')} END) FROM json_each(h.record) r) END")


VIEWS: dict[str, str] = {
    # Each player's net and the pool (a row of its own, 'pool', after the seats), with the
    # session's unit and the money: chips times the unit's value, exactly.
    "balances": f"""
        SELECT * FROM (
        SELECT s.id AS session_id, s.name AS session_name, st.position AS seat_position,
               st.name AS player, st.net AS net_chips, st.present AS present,
               s.unit_name AS unit_name, s.unit_value AS unit_value, s.currency AS currency,
               {_money_sql('st.net', 's.unit_value')} AS money
        FROM seats st JOIN sessions s ON s.id = st.session_id
        UNION ALL
        SELECT s.id, s.name, NULL, 'pool', s.pool, NULL, s.unit_name, s.unit_value,
               s.currency, {_money_sql('s.pool', 's.unit_value')}
        FROM sessions s)
        ORDER BY session_id, seat_position IS NULL, seat_position""",
    # Each hand's record in the session format (hands.record keeps it compact).
    "hand_records": f"""
        SELECT h.session_id AS session_id, h.number AS hand, {_record_sql()} AS record
        FROM hands h
        ORDER BY h.session_id, h.number""",
    "hand_results": f"""
        SELECT h.session_id AS session_id, s.name AS session_name, h.number AS hand,
               d.name AS dealer, h.pot AS pot, h.pool_in AS pool_in,
               h.pool_after AS pool_after, h.double AS double,
               {_outcome_sql('h.outcome')} AS outcome, st.name AS player,
               st.position AS seat_position, {_word_sql(_SLOT)} AS word,
               unicode(substr(h.tricks, st.position + 1, 1)) - 48 AS tricks,
               (h.looed >> st.position) & 1 AS looed,
               json_extract(h.deltas, '$[' || st.position || ']') AS delta
        FROM hands h JOIN sessions s ON s.id = h.session_id
        JOIN seats st ON st.session_id = h.session_id AND {_SLOT} NOT IN ('', '-')
        LEFT JOIN seats d ON d.session_id = h.session_id AND d.position = h.dealer
        ORDER BY h.session_id, h.number, st.position""",
    "movements": f"""
        SELECT h.session_id AS session_id, h.number AS hand, m.key + 1 AS seq,
               {_party_sql(f'(m.value & {_MASK})')} AS payer,
               {_party_sql(f'((m.value >> {codec.PLAYER_BITS}) & {_MASK})')} AS payee,
               m.value >> {2 * codec.PLAYER_BITS + codec.KIND_BITS} AS amount,
               {_kind_sql(f'((m.value >> {2 * codec.PLAYER_BITS}) & 15)', False)} AS kind,
               {_kind_sql(f'((m.value >> {2 * codec.PLAYER_BITS}) & 15)', True)} AS reason
        FROM hands h, json_each(h.moves) m
        ORDER BY h.session_id, h.number, m.key""",
    "pool_history": """
        SELECT h.session_id AS session_id, h.number AS hand, d.name AS dealer,
               h.pool_in AS pool_in, h.pot AS pot, h.pool_after AS pool_after
        FROM hands h
        LEFT JOIN seats d ON d.session_id = h.session_id AND d.position = h.dealer
        ORDER BY h.session_id, h.number""",
    # A season's standings (issue 24, m020): each season (store/seasons.py: its dates or
    # its list) and player, from player_totals. A player is his identity's name where an
    # alias names one, else his spellings alike but for case are one (shown as the first
    # in sort order); 'loo standings' adds places, money and ratings.
    "standings": """
        WITH members AS (
            SELECT se.name AS season, s.id AS session_id FROM seasons se JOIN sessions s
            ON ((se.since IS NOT NULL OR se.until IS NOT NULL)
                AND (se.since IS NULL OR datetime(coalesce(s.started_at, s.created_at))
                     >= datetime(se.since))
                AND (se.until IS NULL OR datetime(coalesce(s.started_at, s.created_at))
                     < datetime(se.until)))
               OR s.id IN (SELECT x.session_id FROM season_sessions x
                           WHERE x.season_id = se.id)),
        per AS (
            SELECT m.season, pt.session_id, pt.player, pt.hands, pt.net, pt.looed,
                   pt.played, pt.took_whole,
                   (SELECT i.name FROM aliases a JOIN identities i ON i.id = a.identity_id
                    WHERE a.alias = lower(pt.player)) AS identity
            FROM members m JOIN player_totals pt ON pt.session_id = m.session_id)
        SELECT season, coalesce(identity, min(player)) AS player,
               count(DISTINCT session_id) AS evenings, sum(hands) AS hands,
               sum(net) AS net_chips, round(100.0 * sum(net) / sum(hands), 2) AS per_100_hands,
               round(1.0 * sum(looed) / nullif(sum(played), 0), 4) AS loo_rate,
               sum(took_whole) AS whole_pools
        FROM per GROUP BY season, coalesce(identity, lower(player))
        ORDER BY season, net_chips DESC""",
}


class _Executes(Protocol):
    def execute(self, sql: str, /) -> Any: ...


def drop_views(db: _Executes) -> None:
    """Drop every view of :data:`VIEWS` (before a migration rebuilds a table they read)."""
    for name in VIEWS:
        db.execute(f"DROP VIEW IF EXISTS {name}")


#: A view that reads a table a later migration makes: an earlier migration that makes the
#: views again leaves it out (SQLite checks every view at an ALTER TABLE in between).
NEEDS = {"standings": "seasons"}


def create_views(db: _Executes) -> None:
    """(Re)create every view of :data:`VIEWS` whose tables exist (inside the caller's
    transaction)."""
    tables = {row[0] for row in db.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()}
    for name, sql in VIEWS.items():
        db.execute(f"DROP VIEW IF EXISTS {name}")
        if NEEDS.get(name, "sessions") in tables:
            db.execute(f"CREATE VIEW {name} AS {sql.strip()}")


_SESSION = "The session (sessions.id)."
_SESSION_NAME = "The session's name as given (may be empty)."
_HAND = "The hand's number within its session, from 1."
_SEAT = "Where the player sits: 0 is the first seat, in the session's order of play."
_PLAYER = "A player's name as entered in the session."
_CHIPS = "Chips (whole numbers; money is chips times sessions.unit_value)."
_POOL_IN = "The pool before the hand's antes."
_POT = "The pot played for (the pool after antes and forfeits)."
_POOL_AFTER = "The pool left for the next hand (loos and what stayed)."
_DOUBLE = "1 if the hand was a double (looed) pool, 0 for a simple pool."
_OUTCOME = ("How the hand ended, in words: " + "; ".join(f"'{w}'" for w in OUTCOMES.values())
            + " (hands.outcome keeps the code).")
_UNIT_NAME = "What a chip is called (sessions.unit_name; NULL: chips)."
_UNIT_VALUE = ("A chip's value in money, an exact decimal as text (sessions.unit_value; NULL: "
               "no money value).")
_CURRENCY = "The money's currency (sessions.currency)."
#: What ``hands.record`` holds: the session format's hand, compact (store/codec.py).
_RECORD = ("The hand as entered, kept compact (store/codec.py): JSON whose one-letter keys "
           "stand for the session format's (" + ", ".join(
               f"{short} {long}" for long, short in codec.COMPACT_KEY.items()) + "), players "
           "as seat positions (a number, or a character chr(48 + position) in o, w, e, k and "
           "the first item of D), suits and words as letters, counts as chr(48 + n); extension "
           "(x-) fields as given. A record with no one-letter key is stored as given. The "
           "view hand_records gives every record in the session format.")

#: Descriptions of every table, view and column: ``loo datasette-metadata`` prints them.
DESCRIPTIONS: dict[str, tuple[str, dict[str, str]]] = {
    "balances": ("View: each player's net chips and money per session, seats in playing "
                 "order, then a row for the pool (player 'pool'): the nets and the pool "
                 "sum to the pool the session opened with.", {
        "session_id": _SESSION, "session_name": _SESSION_NAME,
        "seat_position": _SEAT + " NULL on the pool's row.",
        "player": _PLAYER + " 'pool' for the pool (no player may take that name).",
        "net_chips": "Net chips won (+) or lost (-) in the session; on the pool's row, the "
        "chips in the pool now.",
        "present": "1 if the player is at the table, 0 if they have left; NULL for the pool.",
        "unit_name": _UNIT_NAME, "unit_value": _UNIT_VALUE, "currency": _CURRENCY,
        "money": "net_chips times unit_value, exactly, as decimal text with at least two "
        "places ('-0.75'); NULL when the unit has no value. The reports round each amount to "
        "the cent so that a column still adds up (loo balances)."}),
    "hand_records": ("View: each hand's record in the session format (docs/format.md), "
                     "decoded from the compact hands.record, so that json_extract(record, "
                     "'$.trump') works.", {
        "session_id": _SESSION, "hand": _HAND,
        "record": "The hand's JSON object as the session format writes it: dealer, "
        "sitting_out, trump, declarations, exchanges, flushes, pam_holder, tricks, "
        "penalties, deltas, table_ruling, note, cards and any extension (x-) field, players "
        "by name."}),
    "hand_results": ("View: one row per hand per player dealt in, with the word said, the "
                     "tricks taken and the chips won or lost.", {
        "session_id": _SESSION, "session_name": _SESSION_NAME, "hand": _HAND,
        "dealer": "Who dealt.", "pot": _POT, "pool_in": _POOL_IN, "pool_after": _POOL_AFTER,
        "double": _DOUBLE, "outcome": _OUTCOME, "player": _PLAYER,
        "seat_position": _SEAT, "word": "What the player said: stand, pass, miss, defend, "
        "fold (Lou), or forced where everyone must play.", "tricks": "Tricks taken.",
        "looed": "1 if the player was looed (or, in Lou, burned).",
        "delta": "Chips won (+) or lost (-) in this hand."}),
    "movements": ("View: every chip movement, the pool named 'pool' (hands.moves packs "
                  "them, store/codec.py).", {
        "session_id": _SESSION, "hand": _HAND, "seq": "Order within the hand, from 1.",
        "payer": "Who paid: a player, or 'pool'.", "payee": "Who received: a player, or "
        "'pool'.", "amount": "Chips moved (always positive).",
        "kind": "What the movement is: ante, share, whole-pool, loo, burn, board, forfeit, "
        "penalty, stays, ruling.", "reason": "What that kind of movement is, in words "
        "('loo explain' gives each movement's own reason and rule)."}),
    "standings": ("View: each season's players (issue 24): evenings, hands, net chips, per "
                  "100 hands, loo rate and whole pools; 'loo standings' adds places, money "
                  "and ratings.", {
        "season": "The season's name (seasons.name).", "player": _PLAYER,
        "evenings": "The season's sessions the player was dealt a hand in.",
        "hands": "Hands the player was dealt in.", "net_chips": _CHIPS,
        "per_100_hands": "Net chips per 100 hands.",
        "loo_rate": "Hands looed of the hands played (NULL: none played).",
        "whole_pools": "Hands in which the player took the whole pool."}),
    "seasons": ("Named seasons (loo season new): a span of dates and/or a list of sessions.", {
        "id": "The season's number.", "name": "Its name (unique, any case).",
        "since": "Its first moment, UTC (YYYY-MM-DD HH:MM:SS); NULL: open.",
        "until": "The moment after its last, UTC; NULL: open.",
        "created_at": "When it was made (ISO 8601)."}),
    "season_sessions": ("The sessions a season lists (beside those its dates hold).", {
        "season_id": "The season (seasons.id).", "session_id": _SESSION}),
    "pool_history": ("View: the pool hand by hand.", {
        "session_id": _SESSION, "hand": _HAND, "dealer": "Who dealt.", "pool_in": _POOL_IN,
        "pot": _POT, "pool_after": _POOL_AFTER}),
    "sessions": ("One row per session: the rules agreed, the chip unit, the pool and the "
                 "table's state.", {
        "id": "The session number (loo -s N).", "name": "The session's name.",
        "started_at": "When it was played (ISO 8601).", "variant": "The built-in variant "
        "the rules start from.", "rules": "The rule parameters changed from the variant "
        "(JSON).", "unit_name": "What a chip is called.", "unit_value": "A chip's value in "
        "money (an exact decimal as text).", "currency": "The money's currency.",
        "first_dealer": "Who dealt hand 1.", "opening_pool": "The pool at the start.",
        "pool": "The pool now.", "next_dealer": "Who deals next.",
        "state": "The table's state after the last hand (JSON).",
        "created_at": "When the session was entered.", "closed_at": "When it was closed "
        "(NULL while open).", "source": "The file it was imported from, if any.",
        "buy_in": "Chips each player bought in with, if set.",
        "house_rule": "The saved house rule it was started with (a name in house_rules "
        "when it was started).", "seat_changes": "Players who joined or left between "
        "hands (JSON).", "rule_changes": "Rules changed from a later hand on (JSON: "
        "from_hand and rules).", "extras": "What the imported file carried beside the "
        "session's own fields, kept as given for 'loo export': $schema and the session's x- "
        "fields, and the unit's under unit (JSON; {} for none)."}),
    "seats": ("Who sat where in each session, with their running net.", {
        "session_id": _SESSION, "position": _SEAT, "name": _PLAYER,
        "net": "Net chips, kept equal to the sum of the player's movements.",
        "present": "1 at the table, 0 left."}),
    "hands": ("Every hand: the record as entered (the source of truth) and its facts in "
              "compact columns (players by seat position; the views spell them out).", {
        "session_id": _SESSION, "number": _HAND, "dealer": "The dealer's seat position "
        "(seats.position).", "record": _RECORD,
        "deltas": "Chips won or lost by each seat (JSON array in seat order; null: not dealt "
        "in).", "pool_in": _POOL_IN, "pot": _POT, "pool_after": _POOL_AFTER,
        "double": _DOUBLE, "outcome": "How the hand ended (a code; hand_results spells it "
        "out): " + "; ".join(f"{codec.OUTCOME_CODE[c.value]} = {w}"
                             for c, w in OUTCOMES.items()),
        "table_ruling": "The table's own ruling, if one was recorded.",
        "looed": "Seats looed, a bitmask: bit p for the player at position p.",
        "words": "What each seat said, a letter per seat: " + ", ".join(
            f"{c} {w}" for w, c in codec.WORD_LETTER.items()) + ", - not dealt in.",
        "tricks": "Tricks taken by each seat that played, a character per seat: chr(48 + "
        "tricks), a digit up to 9 (0 for a seat that did not play).",
        "moves": "The chip movements in order (JSON array of integers: payer and payee "
        "position + 1 (0 the pool) in bits 0-4 and 5-9, kind in bits 10-13, amount "
        "above; the movements view spells them out).", "causes": "Why each loo was paid, "
        "a letter per loo movement in order: " + ", ".join(
            f"{c} {cause}" for cause, c in CAUSE_LETTER.items()) + "."}),
    "player_totals": ("Per player per session: the sums loo stats reports.", {
        "player": _PLAYER, "session_id": _SESSION, "hands": "Hands dealt in.",
        "stand": "Times they stood.", "pass": "Times they passed.", "miss": "Times they "
        "took the miss.", "defend": "Times they defended.", "forced": "Hands they had to "
        "play.", "played": "Hands played.", "tricks": "Tricks taken.", "looed": "Times "
        "looed.", "loo_paid": "Chips paid in loos.", "took_whole": "Times they took the "
        "whole pool.", "flushes": "Winning flushes.", "net": "Net chips.",
        "best": "Best hand (chips).", "worst": "Worst hand (chips).",
        "card_hands": "Hands played with a trick judged from the recorded cards.",
        "trumps_led": "Tricks led with a trump (from the cards).", "pam_tricks": "Tricks "
        "won with Pam (from the cards).", "revokes_caught": "Breaches of the rules of play "
        "the cards show.", "first_leads": "First tricks led (from the cards).",
        "first_won": "First tricks led and won (from the cards)."}),
    "seat_totals": ("Per player, seat and session: hands, net and loos.", {
        "player": _PLAYER, "seat": "Seat counted from the dealer: 1 is eldest, 0 the dealer.",
        "session_id": _SESSION, "hands": "Hands in that seat.", "net": "Net chips.",
        "looed": "Times looed."}),
    "session_totals": ("Per session: hands, doubles, the largest pot and runs.", {
        "session_id": _SESSION, "hands": "Hands played.", "doubles": "Double pools.",
        "largest_pot": "The largest pot.", "longest_run": "The longest run of doubles.",
        "trailing_run": "The run of doubles at the end.", "loo_paid": "Chips paid in "
        "loos."}),
    "leak_tallies": ("Per session, spelling, kind of pool and leak line: how often each "
                     "choice was made and what those hands brought (loo leaks sums these; "
                     "docs/guide.md, Leaks).", {
        "session_id": _SESSION, "name": "The player as seated (his spelling).",
        "double": "1: the double pools' hands, 0: the simple pools'.",
        "line": "The leak line: its kind, the pool (Lou: the deal) and the situation "
        "(seat from the dealer's left, how many stood before); 'dealt' counts the hands "
        "dealt.", "choice": "The choice (stand, pass, miss, defend, cards exchanged).",
        "n": "Times chosen.", "chips": "Net chips of those hands.",
        "first": "Where first chosen: the hand's number x 1024 + its place in the hand."}),
    "settings": ("Small settings such as the current session.", {
        "key": "The setting (current_session, ...).", "value": "Its value."}),
    "house_rules": ("Saved house rules (loo rules save).", {
        "name": "The house rule's name.", "base": "The variant it starts from.",
        "rules": "The parameters it changes (JSON).", "created_at": "When it was saved."}),
    "audit": ("Every change made to a hand or session; it outlives a deleted session, so "
              "its session_id is not a foreign key.", {
        "id": "Row id.", "session_id": "The session (which may since have been deleted); 0 "
        "for the ledger's own rows (paid, merged, aliases).",
        "hand": "The hand's number, if the change was to one hand.",
        "action": "What was done (hand, amend, undo, deleted, ...).",
        "old_record": "What was there before (JSON).", "new_record": "What replaced it "
        "(JSON).", "at": "When (ISO 8601)."}),
    "imports": ("The fingerprint of each imported session file.", {
        "session_id": _SESSION, "fingerprint": "sha256 of the file's canonical JSON.",
        "source": "The file's name.", "at": "When it was imported."}),
    "identities": ("One row per person across sessions (loo player merge).", {
        "id": "Row id (aliases.identity_id).", "name": "The name shown for the person."}),
    "aliases": ("Each spelling (casefolded) that names a person.", {
        "alias": "A player's name, casefolded.", "identity_id": "The person (identities.id)."}),
    "payments": ("Debts settled between parties (loo paid), in whole cents.", {
        "id": "Row id.", "payer": "Who paid (a player, or pool).", "payee": "Who was paid.",
        "cents": "The amount in cents (positive).", "currency": "The money's currency.",
        "paid_at": "When it was paid.", "note": "A note.", "created_at": "When it was "
        "recorded.", "sessions": "The sessions it settles, a JSON list of ids (loo paid "
        "--for); NULL: the payer's oldest unpaid losses and the payee's oldest unpaid "
        "winnings first.", "advance": "1: paid ahead, more than the payer owed (--advance)."}),
}

TITLE = "Loo ledger"
DESCRIPTION = ("Sessions of the card game Loo: who played, every hand, every chip and the "
               "rule that moved it. Start with the views balances, hand_results, hand_records, "
               "movements and pool_history, or the canned queries.")


_KIND_BITS_SQL = f"((m.value >> {2 * codec.PLAYER_BITS}) & {(1 << codec.KIND_BITS) - 1})"
#: What a player pays into the pool for the next hand: a loo, a penalty, a burn.
_OWED = (MovementKind.LOO, MovementKind.PENALTY, MovementKind.BURN)

#: Canned queries (Datasette offers each as a page with a form for its parameters).
QUERIES: dict[str, dict[str, str]] = {
    "who_owes_the_pool": {
        "title": "Who owes the pool",
        "description": "Session :session's last hand: each player who pays into the pool "
        "(a loo, a penalty or a burn) and how much, then the chips in the pool now. "
        "'loo pool' adds the next deal and its antes.",
        # the last hand's packed movements alone (the movements view reads every hand)
        "sql": f"""
            SELECT {_party_sql(f'(m.value & {_MASK})')} AS player,
                   m.value >> {2 * codec.PLAYER_BITS + codec.KIND_BITS} AS chips,
                   {_kind_sql(_KIND_BITS_SQL, False)} AS kind,
                   {_kind_sql(_KIND_BITS_SQL, True)} AS reason
            FROM hands h, json_each(h.moves) m
            WHERE h.session_id = CAST(:session AS INTEGER)
              AND h.number = (SELECT max(number) FROM hands
                              WHERE session_id = CAST(:session AS INTEGER))
              AND (m.value >> {codec.PLAYER_BITS}) & {_MASK} = 0
              AND {_KIND_BITS_SQL} IN ({", ".join(str(codec.KIND_CODE[k]) for k in _OWED)})
            UNION ALL
            SELECT 'pool', s.pool, 'pool', 'the chips in the pool now'
            FROM sessions s WHERE s.id = CAST(:session AS INTEGER)""",
    },
    "season_standings": {
        "title": "A season's standings",
        "description": "The players of season :season (its name, any case), best first: "
        "evenings, hands, net chips, per 100 hands, loo rate, whole pools.",
        "sql": """
            SELECT player, evenings, hands, net_chips, per_100_hands, loo_rate, whole_pools
            FROM standings WHERE season = :season COLLATE NOCASE
            ORDER BY net_chips DESC, player""",
    },
    "player_evenings": {
        "title": "A player's evenings",
        "description": "Every session :player (a name, any case, or any spelling merged "
        "with it by 'loo player merge') was dealt in, in the order played: hands, net "
        "chips and money.",
        "sql": f"""
            SELECT s.id AS session_id, s.name AS session_name,
                   coalesce(s.started_at, s.created_at) AS played, pt.player AS player,
                   pt.hands AS hands, pt.net AS net_chips,
                   {_money_sql('pt.net', 's.unit_value')} AS money, s.currency AS currency
            FROM player_totals pt JOIN sessions s ON s.id = pt.session_id
            WHERE lower(pt.player) = lower(:player)
               OR lower(pt.player) IN (SELECT b.alias FROM aliases a
                                       JOIN aliases b ON b.identity_id = a.identity_id
                                       WHERE a.alias = lower(:player))
            ORDER BY played, s.id""",
    },
}
#: Tables a reader has no use for, hidden from Datasette's lists.
HIDDEN = ("_sqlite_migrations",)


def metadata(database: str) -> dict[str, Any]:
    """Datasette's metadata.json for a ledger served under the name ``database``: the
    descriptions, the canned queries, the bookkeeping tables hidden."""
    tables: dict[str, Any] = {
        name: {"description": text, **({"columns": cols} if cols else {})}
        for name, (text, cols) in DESCRIPTIONS.items()}
    tables.update({name: {"hidden": True} for name in HIDDEN})
    queries = {name: {**q, "sql": " ".join(q["sql"].split())} for name, q in QUERIES.items()}
    return {"title": TITLE, "description": DESCRIPTION,
            "databases": {database: {"description": DESCRIPTION, "tables": tables,
                                     "queries": queries}}}
