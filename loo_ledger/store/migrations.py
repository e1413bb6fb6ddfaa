"""The database layout, one migration function per step.

Migrations are recorded in ``_sqlite_migrations`` under the set name
``loo_ledger``, so reopening a database applies each of them at most once.
A new column or table is a new function appended at the end; an applied
function is never edited.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

from sqlite_utils import Database, Migrations

migrations = Migrations("loo_ledger")


def _run(db: Database, *statements: str) -> None:
    """Execute each DDL statement inside the migration's transaction."""
    for sql in statements:
        db.execute(sql)


@migrations()
def m001_sessions(db: Database) -> None:
    """One row per session: rules agreed, unit, opening and current pool, table state."""
    _run(db, """
        CREATE TABLE sessions (
            id INTEGER PRIMARY KEY,
            name TEXT,
            started_at TEXT,
            variant TEXT NOT NULL,
            rules TEXT NOT NULL DEFAULT '{}',
            unit_name TEXT,
            unit_value TEXT,
            currency TEXT,
            first_dealer TEXT NOT NULL,
            opening_pool INTEGER NOT NULL DEFAULT 0,
            pool INTEGER NOT NULL DEFAULT 0,
            next_dealer TEXT,
            state TEXT NOT NULL,
            created_at TEXT NOT NULL,
            closed_at TEXT,
            source TEXT
        )""")


@migrations()
def m002_seats(db: Database) -> None:
    """Who sat where, with each player's running net (kept equal to their postings)."""
    _run(db, """
        CREATE TABLE seats (
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            position INTEGER NOT NULL,
            name TEXT NOT NULL,
            net INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (session_id, name)
        )""")


@migrations()
def m003_hands(db: Database) -> None:
    """Every hand: the raw record as given (the source of truth) and its settlement summary."""
    _run(db, """
        CREATE TABLE hands (
            id INTEGER PRIMARY KEY,
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            number INTEGER NOT NULL,
            dealer TEXT NOT NULL,
            record TEXT NOT NULL,
            deltas TEXT NOT NULL,
            pool_in INTEGER NOT NULL,
            pot INTEGER NOT NULL,
            pool_after INTEGER NOT NULL,
            double INTEGER NOT NULL CHECK (double IN (0, 1)),
            outcome TEXT NOT NULL,
            table_ruling TEXT
        )""",
         "CREATE UNIQUE INDEX idx_hands_session_number ON hands (session_id, number)")


@migrations()
def m004_postings(db: Database) -> None:
    """Every chip movement of every hand; NULL payer or payee is the pool."""
    _run(db, """
        CREATE TABLE postings (
            id INTEGER PRIMARY KEY,
            hand_id INTEGER NOT NULL REFERENCES hands(id),
            session_id INTEGER NOT NULL,
            seq INTEGER NOT NULL,
            payer TEXT,
            payee TEXT,
            amount INTEGER NOT NULL CHECK (amount > 0),
            reason TEXT NOT NULL,
            rule TEXT NOT NULL DEFAULT ''
        )""",
         "CREATE INDEX idx_postings_session_payer ON postings (session_id, payer)",
         "CREATE INDEX idx_postings_session_payee ON postings (session_id, payee)",
         "CREATE INDEX idx_postings_hand ON postings (hand_id)")


@migrations()
def m005_settings(db: Database) -> None:
    """Small key/value settings such as ``current_session``."""
    _run(db, "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT)")


@migrations()
def m006_table_play(db: Database) -> None:
    """Playing at the table: buy-in, saved house rules, who is present, the audit trail."""
    _run(db, "ALTER TABLE sessions ADD COLUMN buy_in INTEGER",
         "ALTER TABLE sessions ADD COLUMN house_rule TEXT",
         "ALTER TABLE seats ADD COLUMN present INTEGER NOT NULL DEFAULT 1",
         "ALTER TABLE hands ADD COLUMN looed TEXT NOT NULL DEFAULT '[]'",
         """CREATE TABLE house_rules (
            name TEXT PRIMARY KEY,
            base TEXT NOT NULL,
            rules TEXT NOT NULL,
            created_at TEXT NOT NULL
        )""",
         """CREATE TABLE audit (
            id INTEGER PRIMARY KEY,
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            hand INTEGER,
            action TEXT NOT NULL,
            old_record TEXT,
            new_record TEXT,
            at TEXT NOT NULL
        )""",
         "CREATE INDEX idx_audit_session ON audit (session_id)")


@migrations()
def m007_hand_statistics(db: Database) -> None:
    """Statistics (loo stats): one row per dealt player per hand, and per-session totals of
    those rows that reports aggregate. Filled from the stored hands after the migrations
    (db.py: REBUILD_AFTER; until m008 this function filled them itself)."""
    _run(db, """
        CREATE TABLE plays (
            session_id INTEGER NOT NULL,
            hand_id INTEGER NOT NULL,
            number INTEGER NOT NULL,
            player TEXT NOT NULL,
            seat INTEGER NOT NULL,
            word TEXT NOT NULL,
            played INTEGER NOT NULL,
            tricks INTEGER NOT NULL,
            delta INTEGER NOT NULL,
            looed INTEGER NOT NULL,
            loo_paid INTEGER NOT NULL,
            took_whole INTEGER NOT NULL,
            flush INTEGER NOT NULL,
            double INTEGER NOT NULL,
            pot INTEGER NOT NULL,
            PRIMARY KEY (session_id, hand_id, player)
        ) WITHOUT ROWID""",
         """CREATE TABLE player_totals (
            player TEXT NOT NULL, session_id INTEGER NOT NULL,
            hands INTEGER NOT NULL, stand INTEGER NOT NULL, pass INTEGER NOT NULL,
            miss INTEGER NOT NULL, defend INTEGER NOT NULL, forced INTEGER NOT NULL,
            played INTEGER NOT NULL, tricks INTEGER NOT NULL, looed INTEGER NOT NULL,
            loo_paid INTEGER NOT NULL, took_whole INTEGER NOT NULL, flushes INTEGER NOT NULL,
            net INTEGER NOT NULL, best INTEGER NOT NULL, worst INTEGER NOT NULL,
            PRIMARY KEY (player, session_id)
        ) WITHOUT ROWID""",
         "CREATE INDEX idx_player_totals_session ON player_totals (session_id)",
         """CREATE TABLE seat_totals (
            player TEXT NOT NULL, seat INTEGER NOT NULL, session_id INTEGER NOT NULL,
            hands INTEGER NOT NULL, net INTEGER NOT NULL, looed INTEGER NOT NULL,
            PRIMARY KEY (player, seat, session_id)
        ) WITHOUT ROWID""",
         "CREATE INDEX idx_seat_totals_session ON seat_totals (session_id)",
         """CREATE TABLE session_totals (
            session_id INTEGER PRIMARY KEY,
            hands INTEGER NOT NULL, doubles INTEGER NOT NULL, largest_pot INTEGER NOT NULL,
            longest_run INTEGER NOT NULL, trailing_run INTEGER NOT NULL,
            loo_paid INTEGER NOT NULL
        )""")


@migrations()
def m008_posting_kind(db: Database) -> None:
    """Each posting's kind (domain/rules/codes.py MovementKind: ante, share, whole-pool, loo...),
    so nobody reads the reason text to classify a payment. Filled by the rebuild that
    follows (db.py: REBUILD_AFTER)."""
    _run(db, "ALTER TABLE postings ADD COLUMN kind TEXT NOT NULL DEFAULT ''")


@migrations()
def m010_fixable_sessions(db: Database) -> None:
    """Sessions you can fix (issue 8): each session's log of seat changes between hands
    (players who joined or left, so an export keeps who is at the table), and an audit
    trail that outlives its session: ``loo session delete`` keeps the whole removed
    session in an audit row, so the audit no longer references ``sessions``."""
    _run(db, "ALTER TABLE sessions ADD COLUMN seat_changes TEXT NOT NULL DEFAULT '[]'",
         """CREATE TABLE audit_kept (
            id INTEGER PRIMARY KEY,
            session_id INTEGER NOT NULL,
            hand INTEGER,
            action TEXT NOT NULL,
            old_record TEXT,
            new_record TEXT,
            at TEXT NOT NULL
        )""",
         "INSERT INTO audit_kept (id, session_id, hand, action, old_record, new_record, at) "
         "SELECT id, session_id, hand, action, old_record, new_record, at FROM audit",
         "DROP TABLE audit",
         "ALTER TABLE audit_kept RENAME TO audit",
         "CREATE INDEX idx_audit_session ON audit (session_id)")


@migrations()
def m009_import_fingerprints(db: Database) -> None:
    """Each imported session file's content fingerprint (sha256 of its canonical JSON),
    written in the import's own transaction: importing the same file again is refused
    naming the session it became, and a retry after an interrupted import says whether
    the first one landed (services/importing.py)."""
    _run(db, """
        CREATE TABLE imports (
            session_id INTEGER PRIMARY KEY,
            fingerprint TEXT NOT NULL,
            source TEXT,
            at TEXT NOT NULL
        )""",
         "CREATE INDEX idx_imports_fingerprint ON imports (fingerprint)")


@migrations()
def m011_identities(db: Database) -> None:
    """Players across sessions (issue 11): an identity per person, the spellings that name
    it (``aliases``, casefolded: ``Margaret`` and ``margaret`` are one), filled here from the
    seats (each casefolded name its own identity, shown as first spelled); a name with no
    alias row is read as its own identity (store/identities.py). And the season's tab:
    debts paid between parties (``payments``, in whole cents), written by ``loo paid``."""
    _run(db, "CREATE TABLE identities (id INTEGER PRIMARY KEY, name TEXT NOT NULL)",
         """CREATE TABLE aliases (
            alias TEXT PRIMARY KEY,
            identity_id INTEGER NOT NULL REFERENCES identities(id)
        )""",
         "CREATE INDEX idx_aliases_identity ON aliases (identity_id)",
         """CREATE TABLE payments (
            id INTEGER PRIMARY KEY,
            payer TEXT NOT NULL,
            payee TEXT NOT NULL,
            cents INTEGER NOT NULL CHECK (cents > 0),
            currency TEXT,
            paid_at TEXT NOT NULL,
            note TEXT,
            created_at TEXT NOT NULL
        )""")
    seen: dict[str, int] = {}
    for (name,) in db.execute("SELECT name FROM seats ORDER BY session_id, position").fetchall():
        key = name.casefold()
        if key not in seen:
            cur = db.execute("INSERT INTO identities (name) VALUES (?)", [name])
            seen[key] = int(cur.lastrowid or 0)
            db.execute("INSERT INTO aliases (alias, identity_id) VALUES (?, ?)", [key, seen[key]])


#: m012: the foreign keys each table lacked, ``(table, column, parent)``. All cascade: rows
#: derived from a session (or a hand) mean nothing without it. ``audit`` has none on
#: purpose (it outlives a deleted session, m010).
M012_KEYS = (("postings", "session_id", "sessions"), ("plays", "session_id", "sessions"),
             ("plays", "hand_id", "hands"), ("player_totals", "session_id", "sessions"),
             ("seat_totals", "session_id", "sessions"),
             ("session_totals", "session_id", "sessions"), ("imports", "session_id", "sessions"))


def _m012_add_keys(db: Database, table: str, keys: list[tuple[str, str]]) -> None:
    """Rebuild ``table`` the SQLite way with ``FOREIGN KEY`` clauses added to its own
    CREATE TABLE text (so CHECKs, WITHOUT ROWID and columns added later are kept), every
    row copied and its indexes made again. Rows whose parent is gone (left by an old
    version's delete) are dropped first: they could not satisfy the key."""
    sql, = db.execute("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?",
                      [table]).fetchone()
    indexes = [r[0] for r in db.execute("SELECT sql FROM sqlite_master WHERE type = 'index' "
                                        "AND tbl_name = ? AND sql IS NOT NULL", [table])]
    for column, parent in keys:
        db.execute(f"DELETE FROM {table} WHERE {column} NOT IN (SELECT id FROM {parent})")
    body = sql.partition("(")[2]
    body, close, tail = body.rpartition(")")
    clauses = "".join(f",\n            FOREIGN KEY ({column}) REFERENCES {parent}(id) "
                      "ON DELETE CASCADE" for column, parent in keys)
    new = f"{table}_m012"
    _run(db, f"CREATE TABLE {new} ({body.rstrip()}{clauses}\n        {close}{tail}",
         f"INSERT INTO {new} SELECT * FROM {table}", f"DROP TABLE {table}",
         f"ALTER TABLE {new} RENAME TO {table}", *indexes)


@migrations()
def m012_views_and_keys(db: Database) -> None:
    """Datasette-ready (issue 11): every foreign key declared (:data:`M012_KEYS`), and the
    views that spell the ledger out for people: ``balances``, ``hand_results``,
    ``movements`` (the pool, a NULL payer or payee in ``postings``, named ``'pool'``) and
    ``pool_history`` (store/views.py)."""
    from loo_ledger.store.views import create_views  # noqa: PLC0415 (the views: only for the migrations that make them again)

    tables: dict[str, list[tuple[str, str]]] = {}
    for table, column, parent in M012_KEYS:
        tables.setdefault(table, []).append((column, parent))
    for table, keys in tables.items():
        _m012_add_keys(db, table, keys)
    # Deleting a hand looks up its plays by hand_id: without this index each deleted hand
    # scanned every play (an amend that drops 1,000 hands of a 20,000-hand session: 21 s
    # instead of 7 ms). About 60 bytes a hand.
    _run(db, "CREATE INDEX idx_plays_hand ON plays (hand_id)")
    create_views(db)


@migrations()
def m013_rule_changes(db: Database) -> None:
    """Rules changed from a later hand on (issue 8, ``loo rules set --from-hand N``): the
    session file's ``rule_changes`` list, ``[{"from_hand": N, "rules": {...}}, ...]``."""
    _run(db, "ALTER TABLE sessions ADD COLUMN rule_changes TEXT NOT NULL DEFAULT '[]'")


@migrations()
def m014_card_totals(db: Database) -> None:
    """What the cards show (issue 12, item 7): per player per session, the hands with
    tricks judged from the cards, trumps led, tricks won with Pam, breaches caught, first
    tricks led and won (derive.CARD_COLUMNS). Filled by the rebuild after this migration
    (db.REBUILD_AFTER), which also stores in ``plays`` the trick counts judged from the
    cards of hands recorded with cards and no counts (stored as 0 before)."""
    for column in ("card_hands", "trumps_led", "pam_tricks", "revokes_caught", "first_leads",
                   "first_won"):
        _run(db, f"ALTER TABLE player_totals ADD COLUMN {column} INTEGER NOT NULL DEFAULT 0")


@migrations()
def m015_compact_hands(db: Database) -> None:
    """The store holds facts, not prose (issue 10): ``postings`` (a row per movement with
    its reason in words) and ``plays`` (a row per player per hand) give way to compact
    columns on ``hands`` (store/codec.py): players by seat position, words and kinds as
    letters and codes, the movements packed in a JSON array of integers; reasons are the
    engine's words, given again when asked. ``hands`` is keyed by (session, number), with
    no row id and no index beside it. Every record is kept; the facts are filled by the
    rebuild that follows (db.REBUILD_AFTER) and the views read the new columns."""
    from loo_ledger.store.views import create_views, drop_views  # noqa: PLC0415 (the views: only for the migrations that make them again)

    drop_views(db)
    _run(db, "DROP TABLE IF EXISTS plays", "DROP TABLE IF EXISTS postings", """
        CREATE TABLE hands_m015 (
            session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            dealer INTEGER NOT NULL,
            record TEXT NOT NULL,
            deltas TEXT NOT NULL DEFAULT '[]',
            pool_in INTEGER NOT NULL,
            pot INTEGER NOT NULL,
            pool_after INTEGER NOT NULL,
            double INTEGER NOT NULL CHECK (double IN (0, 1)),
            outcome INTEGER NOT NULL,
            table_ruling TEXT,
            looed INTEGER NOT NULL DEFAULT 0,
            words TEXT NOT NULL DEFAULT '',
            tricks TEXT NOT NULL DEFAULT '',
            moves TEXT NOT NULL DEFAULT '[]',
            PRIMARY KEY (session_id, number)
        ) WITHOUT ROWID""",
         """INSERT INTO hands_m015 (session_id, number, dealer, record, pool_in, pot,
            pool_after, double, outcome, table_ruling)
            SELECT h.session_id, h.number, coalesce((SELECT position FROM seats s WHERE
            s.session_id = h.session_id AND s.name = h.dealer), -1), h.record, h.pool_in,
            h.pot, h.pool_after, h.double, -1, h.table_ruling FROM hands h
            WHERE h.session_id IN (SELECT id FROM sessions)""",
         "DROP TABLE hands", "ALTER TABLE hands_m015 RENAME TO hands")
    create_views(db)


@migrations()
def m016_next_deal(db: Database) -> None:
    """The next deal as ``loo pool`` told it (store/next_deal.py), kept by the writer beside
    the cached table state, so that ``loo pool`` read it without loading the rules (issue
    10); filled for every session by the rebuild that follows (db.REBUILD_AFTER). Dropped
    by m017."""
    _run(db, "ALTER TABLE sessions ADD COLUMN next_deal TEXT")


@migrations()
def m017_no_next_deal(db: Database) -> None:
    """``loo pool`` asks the domain for the next deal (services/pool.py, issue 20): the
    answer m016 stored with every write goes."""
    _run(db, "ALTER TABLE sessions DROP COLUMN next_deal")


@migrations()
def m018_kept_in_the_audit(db: Database) -> None:
    """What ``loo check`` holds to the audit trail (issue 19): ``loo close`` writes a
    ``closed`` row (``{"closed_at": ...}``), ``loo paid`` a ``paid`` row (the payment as
    stored) and ``loo player merge`` a ``merged`` row (the identity's name and every
    spelling that names it), the last two under session id 0, the ledger's own
    (store/identities.py). Here the rows an older version did not write: a ``closed`` row
    for each closed session (dated no earlier than the session's last row, so the trail's
    times still run forward), a ``paid`` row for each payment, an ``aliases`` row for each
    identity's spellings."""
    now = datetime.now(UTC).isoformat(timespec="seconds")
    insert = ("INSERT INTO audit (session_id, hand, action, old_record, new_record, at) "
              "VALUES (?, NULL, ?, NULL, ?, ?)")
    for sid, closed_at, last in db.execute(
            "SELECT s.id, s.closed_at, (SELECT max(at) FROM audit a WHERE a.session_id = s.id) "
            "FROM sessions s WHERE s.closed_at IS NOT NULL ORDER BY s.id").fetchall():
        db.execute(insert, [sid, "closed", json.dumps({"closed_at": closed_at}),
                            max(closed_at, last or closed_at)])
    columns = ("id", "payer", "payee", "cents", "currency", "paid_at", "note", "created_at")
    for row in db.execute(f"SELECT {', '.join(columns)} FROM payments ORDER BY id").fetchall():
        db.execute(insert, [0, "paid", json.dumps(dict(zip(columns, row, strict=True)),
                                                  ensure_ascii=False), now])
    for name, spellings in db.execute(
            "SELECT i.name, json_group_array(a.alias) FROM identities i JOIN aliases a ON "
            "a.identity_id = i.id GROUP BY i.id ORDER BY i.id").fetchall():
        db.execute(insert, [0, "aliases", json.dumps(
            {"player": name, "aliases": sorted(json.loads(spellings))}, ensure_ascii=False),
            now])


@migrations()
def m019_loo_causes(db: Database) -> None:
    """Each loo's cause as a code (store/codec.py ``causes``), so that ``loo pool`` words a
    stored loo through domain/settlement/wording.py without working its cause out again (issue 20);
    filled for every hand by the rebuild that follows (db.REBUILD_AFTER)."""
    _run(db, "ALTER TABLE hands ADD COLUMN causes TEXT NOT NULL DEFAULT ''")


@migrations()
def m020_seasons(db: Database) -> None:
    """Named seasons (issue 24): a season is a span of dates (``since``, ``until``: UTC
    ``YYYY-MM-DD HH:MM:SS``, ``[since, until)``, either may be NULL for open) and/or a list
    of sessions (``season_sessions``); a session belongs to every season whose span or list
    includes it (store/seasons.py). Names are unique whatever their case. And the
    Datasette view ``standings`` (store/views.py)."""
    _run(db, """CREATE TABLE seasons (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE COLLATE NOCASE,
            since TEXT,
            until TEXT,
            created_at TEXT NOT NULL
        )""",
         """CREATE TABLE season_sessions (
            season_id INTEGER NOT NULL REFERENCES seasons(id) ON DELETE CASCADE,
            session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
            PRIMARY KEY (season_id, session_id)
        ) WITHOUT ROWID""",
         "CREATE INDEX idx_season_sessions_session ON season_sessions (session_id)")
    from loo_ledger.store.views import create_views  # noqa: PLC0415 (the views: only for the migrations that make them again)

    create_views(db)   # with the standings view (store/views.py)


@migrations()
def m021_payment_debts(db: Database) -> None:
    """A payment names the debts it paid (issue 21): ``payments.sessions``, the sessions it
    settles as a JSON list of ids (``loo paid --for``; NULL: the payer's oldest unpaid
    losses and the payee's oldest unpaid winnings first), and ``payments.advance`` (1: paid
    ahead, more than the payer owed: ``--advance``). A payment removed (``loo payments
    remove``) is deleted and kept in the audit trail (an ``unpaid`` row). And every
    session's derived rows are rebuilt (db.REBUILD_AFTER): a Lou renege's burn now counts
    as a burn in the hands' looed players and the totals."""
    _run(db, "ALTER TABLE payments ADD COLUMN sessions TEXT",
         "ALTER TABLE payments ADD COLUMN advance INTEGER NOT NULL DEFAULT 0")


@migrations()
def m022_read_as_stored(db: Database) -> None:
    """The data says what it is (issue 22). ``sessions.extras`` keeps what a session file
    carries beside its own fields, ``$schema`` and the ``x-`` fields of the session and its
    unit (formats/extensions.py ``session_extras``; ``{}`` for a session made before), so
    that ``loo export`` gives them back. The view ``hand_records`` gives each hand's record
    in the session format (``hands.record`` keeps it compact: store/codec.py), and
    ``balances`` carries the session's unit, its value, the currency and the money, with a
    row for the pool (store/views.py)."""
    _run(db, "ALTER TABLE sessions ADD COLUMN extras TEXT NOT NULL DEFAULT '{}'")
    from loo_ledger.store.views import create_views  # noqa: PLC0415 (the views: only for the migrations that make them again)

    create_views(db)


@migrations()
def m023_leak_tallies(db: Database) -> None:
    """Per-session leak tallies (issue 24, item 3; store/leak_tallies.py): per session,
    seated spelling, kind of pool (``double``), leak line and choice, how many times it
    was chosen, the chips those hands brought and where it was first chosen; the line
    ``dealt`` counts the hands dealt and their net. ``loo leaks`` sums them instead of
    replaying every hand (the index ``idx_leak_tallies_line`` holds them in the order they
    are summed). Kept by the one writer; filled here from the stored hands."""
    _run(db, """CREATE TABLE leak_tallies (
            session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            double INTEGER NOT NULL CHECK (double IN (0, 1)),
            line TEXT NOT NULL,
            choice TEXT NOT NULL,
            n INTEGER NOT NULL,
            chips INTEGER NOT NULL,
            first INTEGER NOT NULL,
            PRIMARY KEY (session_id, name, double, line, choice)
        ) WITHOUT ROWID""",
         # the sums across sessions read it in order, never sorting a million tallies
         "CREATE INDEX idx_leak_tallies_line ON leak_tallies (name, line, choice, double, "
         "session_id, n, chips, first)")
    from loo_ledger.store.leak_tallies import fill_all  # noqa: PLC0415 (the tallies and the engine: only for m023)

    fill_all(db.conn)
