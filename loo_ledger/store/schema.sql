CREATE TABLE "_sqlite_migrations" (
   "id" INTEGER PRIMARY KEY,
   "migration_set" TEXT,
   "name" TEXT,
   "applied_at" TEXT
);
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
        , buy_in INTEGER, house_rule TEXT, seat_changes TEXT NOT NULL DEFAULT '[]', rule_changes TEXT NOT NULL DEFAULT '[]', extras TEXT NOT NULL DEFAULT '{}');
CREATE TABLE seats (
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            position INTEGER NOT NULL,
            name TEXT NOT NULL,
            net INTEGER NOT NULL DEFAULT 0, present INTEGER NOT NULL DEFAULT 1,
            PRIMARY KEY (session_id, name)
        );
CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE house_rules (
            name TEXT PRIMARY KEY,
            base TEXT NOT NULL,
            rules TEXT NOT NULL,
            created_at TEXT NOT NULL
        );
CREATE TABLE "audit" (
            id INTEGER PRIMARY KEY,
            session_id INTEGER NOT NULL,
            hand INTEGER,
            action TEXT NOT NULL,
            old_record TEXT,
            new_record TEXT,
            at TEXT NOT NULL
        );
CREATE TABLE identities (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE aliases (
            alias TEXT PRIMARY KEY,
            identity_id INTEGER NOT NULL REFERENCES identities(id)
        );
CREATE TABLE payments (
            id INTEGER PRIMARY KEY,
            payer TEXT NOT NULL,
            payee TEXT NOT NULL,
            cents INTEGER NOT NULL CHECK (cents > 0),
            currency TEXT,
            paid_at TEXT NOT NULL,
            note TEXT,
            created_at TEXT NOT NULL
        , sessions TEXT, advance INTEGER NOT NULL DEFAULT 0);
CREATE TABLE "player_totals" (
            player TEXT NOT NULL, session_id INTEGER NOT NULL,
            hands INTEGER NOT NULL, stand INTEGER NOT NULL, pass INTEGER NOT NULL,
            miss INTEGER NOT NULL, defend INTEGER NOT NULL, forced INTEGER NOT NULL,
            played INTEGER NOT NULL, tricks INTEGER NOT NULL, looed INTEGER NOT NULL,
            loo_paid INTEGER NOT NULL, took_whole INTEGER NOT NULL, flushes INTEGER NOT NULL,
            net INTEGER NOT NULL, best INTEGER NOT NULL, worst INTEGER NOT NULL, card_hands INTEGER NOT NULL DEFAULT 0, trumps_led INTEGER NOT NULL DEFAULT 0, pam_tricks INTEGER NOT NULL DEFAULT 0, revokes_caught INTEGER NOT NULL DEFAULT 0, first_leads INTEGER NOT NULL DEFAULT 0, first_won INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (player, session_id),
            FOREIGN KEY (session_id) REFERENCES sessions(id) ON DELETE CASCADE
        ) WITHOUT ROWID;
CREATE TABLE "seat_totals" (
            player TEXT NOT NULL, seat INTEGER NOT NULL, session_id INTEGER NOT NULL,
            hands INTEGER NOT NULL, net INTEGER NOT NULL, looed INTEGER NOT NULL,
            PRIMARY KEY (player, seat, session_id),
            FOREIGN KEY (session_id) REFERENCES sessions(id) ON DELETE CASCADE
        ) WITHOUT ROWID;
CREATE TABLE "session_totals" (
            session_id INTEGER PRIMARY KEY,
            hands INTEGER NOT NULL, doubles INTEGER NOT NULL, largest_pot INTEGER NOT NULL,
            longest_run INTEGER NOT NULL, trailing_run INTEGER NOT NULL,
            loo_paid INTEGER NOT NULL,
            FOREIGN KEY (session_id) REFERENCES sessions(id) ON DELETE CASCADE
        );
CREATE TABLE "imports" (
            session_id INTEGER PRIMARY KEY,
            fingerprint TEXT NOT NULL,
            source TEXT,
            at TEXT NOT NULL,
            FOREIGN KEY (session_id) REFERENCES sessions(id) ON DELETE CASCADE
        );
CREATE TABLE "hands" (
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
            moves TEXT NOT NULL DEFAULT '[]', causes TEXT NOT NULL DEFAULT '',
            PRIMARY KEY (session_id, number)
        ) WITHOUT ROWID;
CREATE TABLE seasons (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE COLLATE NOCASE,
            since TEXT,
            until TEXT,
            created_at TEXT NOT NULL
        );
CREATE TABLE season_sessions (
            season_id INTEGER NOT NULL REFERENCES seasons(id) ON DELETE CASCADE,
            session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
            PRIMARY KEY (season_id, session_id)
        ) WITHOUT ROWID;
CREATE TABLE leak_tallies (
            session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            double INTEGER NOT NULL CHECK (double IN (0, 1)),
            line TEXT NOT NULL,
            choice TEXT NOT NULL,
            n INTEGER NOT NULL,
            chips INTEGER NOT NULL,
            first INTEGER NOT NULL,
            PRIMARY KEY (session_id, name, double, line, choice)
        ) WITHOUT ROWID;
CREATE UNIQUE INDEX "idx__sqlite_migrations_migration_set_name"
    ON "_sqlite_migrations" ("migration_set", "name");
CREATE INDEX idx_audit_session ON audit (session_id);
CREATE INDEX idx_aliases_identity ON aliases (identity_id);
CREATE INDEX idx_player_totals_session ON player_totals (session_id);
CREATE INDEX idx_seat_totals_session ON seat_totals (session_id);
CREATE INDEX idx_imports_fingerprint ON imports (fingerprint);
CREATE INDEX idx_season_sessions_session ON season_sessions (session_id);
CREATE INDEX idx_leak_tallies_line ON leak_tallies (name, line, choice, double, session_id, n, chips, first);
CREATE VIEW balances AS SELECT * FROM (
        SELECT s.id AS session_id, s.name AS session_name, st.position AS seat_position,
               st.name AS player, st.net AS net_chips, st.present AS present,
               s.unit_name AS unit_name, s.unit_value AS unit_value, s.currency AS currency,
               CASE WHEN s.unit_value IS NULL THEN NULL ELSE (CASE WHEN (st.net * CAST(replace(s.unit_value, '.', '') AS INTEGER) * (CASE (CASE WHEN instr(s.unit_value, '.') THEN length(s.unit_value) - instr(s.unit_value, '.') ELSE 0 END) WHEN 0 THEN 100 WHEN 1 THEN 10 ELSE 1 END)) < 0 THEN '-' ELSE '' END) || (abs((st.net * CAST(replace(s.unit_value, '.', '') AS INTEGER) * (CASE (CASE WHEN instr(s.unit_value, '.') THEN length(s.unit_value) - instr(s.unit_value, '.') ELSE 0 END) WHEN 0 THEN 100 WHEN 1 THEN 10 ELSE 1 END))) / CAST('1' || substr('000000', 1, max((CASE WHEN instr(s.unit_value, '.') THEN length(s.unit_value) - instr(s.unit_value, '.') ELSE 0 END), 2)) AS INTEGER)) || '.' || printf('%0*d', max((CASE WHEN instr(s.unit_value, '.') THEN length(s.unit_value) - instr(s.unit_value, '.') ELSE 0 END), 2), abs((st.net * CAST(replace(s.unit_value, '.', '') AS INTEGER) * (CASE (CASE WHEN instr(s.unit_value, '.') THEN length(s.unit_value) - instr(s.unit_value, '.') ELSE 0 END) WHEN 0 THEN 100 WHEN 1 THEN 10 ELSE 1 END))) % CAST('1' || substr('000000', 1, max((CASE WHEN instr(s.unit_value, '.') THEN length(s.unit_value) - instr(s.unit_value, '.') ELSE 0 END), 2)) AS INTEGER)) END AS money
        FROM seats st JOIN sessions s ON s.id = st.session_id
        UNION ALL
        SELECT s.id, s.name, NULL, 'pool', s.pool, NULL, s.unit_name, s.unit_value,
               s.currency, CASE WHEN s.unit_value IS NULL THEN NULL ELSE (CASE WHEN (s.pool * CAST(replace(s.unit_value, '.', '') AS INTEGER) * (CASE (CASE WHEN instr(s.unit_value, '.') THEN length(s.unit_value) - instr(s.unit_value, '.') ELSE 0 END) WHEN 0 THEN 100 WHEN 1 THEN 10 ELSE 1 END)) < 0 THEN '-' ELSE '' END) || (abs((s.pool * CAST(replace(s.unit_value, '.', '') AS INTEGER) * (CASE (CASE WHEN instr(s.unit_value, '.') THEN length(s.unit_value) - instr(s.unit_value, '.') ELSE 0 END) WHEN 0 THEN 100 WHEN 1 THEN 10 ELSE 1 END))) / CAST('1' || substr('000000', 1, max((CASE WHEN instr(s.unit_value, '.') THEN length(s.unit_value) - instr(s.unit_value, '.') ELSE 0 END), 2)) AS INTEGER)) || '.' || printf('%0*d', max((CASE WHEN instr(s.unit_value, '.') THEN length(s.unit_value) - instr(s.unit_value, '.') ELSE 0 END), 2), abs((s.pool * CAST(replace(s.unit_value, '.', '') AS INTEGER) * (CASE (CASE WHEN instr(s.unit_value, '.') THEN length(s.unit_value) - instr(s.unit_value, '.') ELSE 0 END) WHEN 0 THEN 100 WHEN 1 THEN 10 ELSE 1 END))) % CAST('1' || substr('000000', 1, max((CASE WHEN instr(s.unit_value, '.') THEN length(s.unit_value) - instr(s.unit_value, '.') ELSE 0 END), 2)) AS INTEGER)) END
        FROM sessions s)
        ORDER BY session_id, seat_position IS NULL, seat_position;
CREATE VIEW hand_records AS SELECT h.session_id AS session_id, h.number AS hand, CASE WHEN NOT json_valid(h.record) THEN h.record WHEN json_type(h.record) <> 'object' THEN h.record WHEN NOT EXISTS (SELECT 1 FROM json_each(h.record) WHERE length(key) = 1) THEN h.record ELSE (SELECT json_group_object(CASE r.key WHEN 'd' THEN 'dealer' WHEN 'o' THEN 'sitting_out' WHEN 't' THEN 'trump' WHEN 'w' THEN 'declarations' WHEN 'e' THEN 'exchanges' WHEN 'f' THEN 'flushes' WHEN 'p' THEN 'pam_holder' WHEN 'k' THEN 'tricks' WHEN 'q' THEN 'penalties' WHEN 'D' THEN 'deltas' WHEN 'r' THEN 'table_ruling' WHEN 'n' THEN 'note' WHEN 'c' THEN 'cards' ELSE r.key END, CASE r.key WHEN 'd' THEN (SELECT x.name FROM seats x WHERE x.session_id = h.session_id AND x.position = r.value) WHEN 'p' THEN (SELECT x.name FROM seats x WHERE x.session_id = h.session_id AND x.position = r.value) WHEN 'o' THEN json((SELECT json_group_array((SELECT x.name FROM seats x WHERE x.session_id = h.session_id AND x.position = unicode(substr(r.value, i.value + 1, 1)) - 48)) FROM json_each('[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63]') i WHERE i.value < length(r.value))) WHEN 't' THEN CASE r.value WHEN 'c' THEN 'clubs' WHEN 'd' THEN 'diamonds' WHEN 'h' THEN 'hearts' WHEN 's' THEN 'spades' END WHEN 'w' THEN json((SELECT json_group_object((SELECT x.name FROM seats x WHERE x.session_id = h.session_id AND x.position = unicode(substr(r.value, 2 * i.value + 1, 1)) - 48), CASE substr(r.value, 2 * i.value + 2, 1) WHEN 's' THEN 'stand' WHEN 'p' THEN 'pass' WHEN 'm' THEN 'miss' WHEN 'd' THEN 'defend' WHEN 'f' THEN 'fold' END) FROM json_each('[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63]') i WHERE i.value < length(r.value) / 2)) WHEN 'e' THEN json((SELECT json_group_object((SELECT x.name FROM seats x WHERE x.session_id = h.session_id AND x.position = unicode(substr(r.value, 2 * i.value + 1, 1)) - 48), unicode(substr(r.value, 2 * i.value + 2, 1)) - 48) FROM json_each('[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63]') i WHERE i.value < length(r.value) / 2)) WHEN 'k' THEN json((SELECT json_group_object((SELECT x.name FROM seats x WHERE x.session_id = h.session_id AND x.position = unicode(substr(r.value, 2 * i.value + 1, 1)) - 48), unicode(substr(r.value, 2 * i.value + 2, 1)) - 48) FROM json_each('[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63]') i WHERE i.value < length(r.value) / 2)) WHEN 'f' THEN json((SELECT json_group_array(json((SELECT json_group_object(o.key, CASE o.key WHEN 'player' THEN (SELECT x.name FROM seats x WHERE x.session_id = h.session_id AND x.position = o.value) ELSE CASE o.type WHEN 'true' THEN json('true') WHEN 'false' THEN json('false') WHEN 'object' THEN json(o.value) WHEN 'array' THEN json(o.value) ELSE o.value END END) FROM json_each(a.value) o))) FROM json_each(r.value) a)) WHEN 'q' THEN json((SELECT json_group_array(json((SELECT json_group_object(o.key, CASE o.key WHEN 'player' THEN (SELECT x.name FROM seats x WHERE x.session_id = h.session_id AND x.position = o.value) ELSE CASE o.type WHEN 'true' THEN json('true') WHEN 'false' THEN json('false') WHEN 'object' THEN json(o.value) WHEN 'array' THEN json(o.value) ELSE o.value END END) FROM json_each(a.value) o))) FROM json_each(r.value) a)) WHEN 'D' THEN json((SELECT json_group_object((SELECT x.name FROM seats x WHERE x.session_id = h.session_id AND x.position = unicode(substr(json_extract(r.value, '$[0]'), i.value + 1, 1)) - 48), json_extract(r.value, '$[' || (i.value + 1) || ']')) FROM json_each('[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63]') i WHERE i.value < length(json_extract(r.value, '$[0]')))) ELSE CASE r.type WHEN 'true' THEN json('true') WHEN 'false' THEN json('false') WHEN 'object' THEN json(r.value) WHEN 'array' THEN json(r.value) ELSE r.value END END) FROM json_each(h.record) r) END AS record
        FROM hands h
        ORDER BY h.session_id, h.number;
CREATE VIEW hand_results AS SELECT h.session_id AS session_id, s.name AS session_name, h.number AS hand,
               d.name AS dealer, h.pot AS pot, h.pool_in AS pool_in,
               h.pool_after AS pool_after, h.double AS double,
               CASE h.outcome WHEN 0 THEN 'played out' WHEN 1 THEN 'all passed but the dealer, who took the pot' WHEN 2 THEN 'one player took the pot without play' WHEN 3 THEN 'all folded: the pot stayed and the dealer dealt again' WHEN 4 THEN 'a renege: the offender burned and the hand was dealt again' WHEN 5 THEN 'settled by a flush, without play' ELSE h.outcome END AS outcome, st.name AS player,
               st.position AS seat_position, CASE substr(h.words, st.position + 1, 1) WHEN 's' THEN 'stand' WHEN 'p' THEN 'pass' WHEN 'm' THEN 'miss' WHEN 'd' THEN 'defend' WHEN 'x' THEN 'forced' WHEN 'f' THEN 'fold' END AS word,
               unicode(substr(h.tricks, st.position + 1, 1)) - 48 AS tricks,
               (h.looed >> st.position) & 1 AS looed,
               json_extract(h.deltas, '$[' || st.position || ']') AS delta
        FROM hands h JOIN sessions s ON s.id = h.session_id
        JOIN seats st ON st.session_id = h.session_id AND substr(h.words, st.position + 1, 1) NOT IN ('', '-')
        LEFT JOIN seats d ON d.session_id = h.session_id AND d.position = h.dealer
        ORDER BY h.session_id, h.number, st.position;
CREATE VIEW movements AS SELECT h.session_id AS session_id, h.number AS hand, m.key + 1 AS seq,
               CASE (m.value & 31) WHEN 0 THEN 'pool' ELSE (SELECT name FROM seats x WHERE x.session_id = h.session_id AND x.position = (m.value & 31) - 1) END AS payer,
               CASE ((m.value >> 5) & 31) WHEN 0 THEN 'pool' ELSE (SELECT name FROM seats x WHERE x.session_id = h.session_id AND x.position = ((m.value >> 5) & 31) - 1) END AS payee,
               m.value >> 14 AS amount,
               CASE ((m.value >> 10) & 15) WHEN 0 THEN 'ante' WHEN 1 THEN 'share' WHEN 2 THEN 'whole-pool' WHEN 3 THEN 'loo' WHEN 4 THEN 'burn' WHEN 5 THEN 'board' WHEN 6 THEN 'forfeit' WHEN 7 THEN 'penalty' WHEN 8 THEN 'stays' WHEN 9 THEN 'ruling' END AS kind,
               CASE ((m.value >> 10) & 15) WHEN 0 THEN 'ante into the pool before the deal' WHEN 1 THEN 'a share of the pool for tricks taken' WHEN 2 THEN 'the whole pool taken' WHEN 3 THEN 'looed: pays into the next pool' WHEN 4 THEN 'burned for a renege' WHEN 5 THEN 'a loo paid to the flush holder' WHEN 6 THEN 'a forfeit into this pool before play' WHEN 7 THEN 'a penalty into the next pool' WHEN 8 THEN 'chips that stay in the pool' WHEN 9 THEN 'a table ruling: the figure the table set' END AS reason
        FROM hands h, json_each(h.moves) m
        ORDER BY h.session_id, h.number, m.key;
CREATE VIEW pool_history AS SELECT h.session_id AS session_id, h.number AS hand, d.name AS dealer,
               h.pool_in AS pool_in, h.pot AS pot, h.pool_after AS pool_after
        FROM hands h
        LEFT JOIN seats d ON d.session_id = h.session_id AND d.position = h.dealer
        ORDER BY h.session_id, h.number;
CREATE VIEW standings AS WITH members AS (
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
        ORDER BY season, net_chips DESC;
