"""Numbered schema migrations, applied in version order at start; never edit a shipped one.

``MIGRATIONS`` are SQLite's, ``POSTGRES_MIGRATIONS`` PostgreSQL's: the same version numbers, each
version meaning the same tables and columns in its own dialect (BIGINT ids for Discord's
snowflakes, DOUBLE PRECISION for SQLite's REAL, identity columns for AUTOINCREMENT, JSON kept as
TEXT in both so stored rows copy over unchanged). A new version is added to both.

SQLite statements are split on ``;``, so comments must not contain one; and no comment may follow
an ``ADD COLUMN`` on its line (SQLite copies that text into the stored table definition).
"""

from __future__ import annotations

MIGRATIONS: tuple[tuple[int, str], ...] = (
    (
        1,
        """
        CREATE TABLE games (
            id               INTEGER PRIMARY KEY AUTOINCREMENT,
            guild_id         INTEGER NOT NULL,
            channel_id       INTEGER NOT NULL,
            thread_id        INTEGER,
            lobby_message_id INTEGER,
            turn_message_id  INTEGER,
            host_id          INTEGER NOT NULL,
            kind             TEXT    NOT NULL DEFAULT 'spexxx',
            variant          TEXT    NOT NULL,
            status           TEXT    NOT NULL,
            players          TEXT    NOT NULL,  -- JSON [{user_id, name}] in seat order
            setup            TEXT,              -- JSON game setup (variant, seats, start, roll-off)
            state            TEXT,              -- JSON state after the last stored event
            note             TEXT    NOT NULL DEFAULT '',
            version          INTEGER NOT NULL DEFAULT 0,
            created_at       TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
            updated_at       TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
        );
        CREATE INDEX games_by_guild_status ON games (guild_id, status);
        CREATE INDEX games_by_channel ON games (guild_id, thread_id, channel_id);
        CREATE TABLE game_events (
            guild_id INTEGER NOT NULL,
            game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seq      INTEGER NOT NULL,
            event    TEXT    NOT NULL,  -- JSON, see games.spexxx.actions.event_to_dict
            PRIMARY KEY (game_id, seq)
        );
        """,
    ),
    (
        2,
        """
        CREATE TABLE stats_games (
            game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
            guild_id    INTEGER NOT NULL,
            recorded_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
        );
        CREATE TABLE stats_results (
            guild_id      INTEGER NOT NULL,
            game_id       INTEGER NOT NULL REFERENCES stats_games (game_id) ON DELETE CASCADE,
            user_id       INTEGER NOT NULL,
            seat          INTEGER NOT NULL,
            score         INTEGER NOT NULL,
            place         INTEGER NOT NULL,  -- final rank, resigned players last
            won           INTEGER NOT NULL,  -- 1 for each player sharing the win
            resigned      INTEGER NOT NULL,
            longest       INTEGER NOT NULL,  -- longest line that scored, 0 = no Spexxx
            zones         TEXT    NOT NULL,  -- JSON cubes placed by zone name
            rating_before REAL    NOT NULL,
            rating_after  REAL    NOT NULL,
            PRIMARY KEY (game_id, seat)
        );
        CREATE INDEX stats_results_by_player ON stats_results (guild_id, user_id);
        CREATE TABLE stats_players (
            guild_id INTEGER NOT NULL,
            user_id  INTEGER NOT NULL,
            name     TEXT    NOT NULL,  -- display name in their latest recorded game
            rating   REAL    NOT NULL,  -- Elo in this server, from 1500
            PRIMARY KEY (guild_id, user_id)
        );
        CREATE INDEX stats_players_by_rating ON stats_players (guild_id, rating)
        """,
    ),
    (
        3,
        """
        CREATE TABLE guild_settings (
            guild_id        INTEGER PRIMARY KEY,
            default_variant TEXT    NOT NULL DEFAULT 'adult',
            default_timer   INTEGER NOT NULL DEFAULT 0,  -- seconds per turn, 0 = no timer
            threads         INTEGER NOT NULL DEFAULT 1,  -- 1 = each game in its own thread
            updated_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
        );
        -- turn_timer: seconds per turn (0 = none), turn_due: POSIX time the turn expires,
        -- reminder_due: POSIX time of the half-time reminder (NULL once sent),
        -- missed: JSON turns missed in a row by seat, lobby_expires: when an idle lobby closes
        ALTER TABLE games ADD COLUMN turn_timer INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE games ADD COLUMN turn_due REAL;
        ALTER TABLE games ADD COLUMN reminder_due REAL;
        ALTER TABLE games ADD COLUMN missed TEXT NOT NULL DEFAULT '[]';
        ALTER TABLE games ADD COLUMN lobby_expires REAL;
        CREATE INDEX games_by_due ON games (status, turn_due);
        CREATE INDEX games_by_reminder ON games (status, reminder_due);
        CREATE INDEX games_by_lobby_expiry ON games (status, lobby_expires)
        """,
    ),
    (
        4,
        """
        -- language: en, nl, de or fr, NULL for the server's own locale
        ALTER TABLE guild_settings ADD COLUMN language TEXT
        """,
    ),
    (
        5,
        """
        -- options: JSON by kind (Spexxx: its variant), the variant column is unused from now on
        ALTER TABLE games ADD COLUMN options TEXT NOT NULL DEFAULT '{}';
        UPDATE games SET options = json_object('variant', variant) WHERE kind = 'spexxx';
        CREATE INDEX games_by_kind ON games (guild_id, kind, status);
        -- statistics and ratings per server and game, a game's own facts as JSON
        ALTER TABLE stats_games ADD COLUMN kind TEXT NOT NULL DEFAULT 'spexxx';
        CREATE TABLE stats_results_v5 (
            guild_id      INTEGER NOT NULL,
            kind          TEXT    NOT NULL,
            game_id       INTEGER NOT NULL REFERENCES stats_games (game_id) ON DELETE CASCADE,
            user_id       INTEGER NOT NULL,
            seat          INTEGER NOT NULL,
            score         INTEGER NOT NULL,
            place         INTEGER NOT NULL,
            won           INTEGER NOT NULL,
            resigned      INTEGER NOT NULL,
            facts         TEXT    NOT NULL,
            rating_before REAL    NOT NULL,
            rating_after  REAL    NOT NULL,
            PRIMARY KEY (game_id, seat)
        );
        INSERT INTO stats_results_v5 SELECT guild_id, 'spexxx', game_id, user_id, seat, score,
            place, won, resigned, json_object('longest', longest, 'zones', json(zones)),
            rating_before, rating_after FROM stats_results;
        DROP TABLE stats_results;
        ALTER TABLE stats_results_v5 RENAME TO stats_results;
        CREATE INDEX stats_results_by_player ON stats_results (guild_id, kind, user_id);
        CREATE TABLE stats_ratings (
            guild_id INTEGER NOT NULL,
            kind     TEXT    NOT NULL,
            user_id  INTEGER NOT NULL,
            name     TEXT    NOT NULL,
            rating   REAL    NOT NULL,
            PRIMARY KEY (guild_id, kind, user_id)
        );
        INSERT INTO stats_ratings SELECT guild_id, 'spexxx', user_id, name, rating
            FROM stats_players;
        DROP TABLE stats_players;
        CREATE INDEX stats_ratings_by_rating ON stats_ratings (guild_id, kind, rating);
        -- each game's server defaults: its option value and turn timer
        CREATE TABLE game_defaults (
            guild_id INTEGER NOT NULL,
            kind     TEXT    NOT NULL,
            option   TEXT,
            timer    INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (guild_id, kind)
        );
        INSERT INTO game_defaults SELECT guild_id, 'spexxx', default_variant, default_timer
            FROM guild_settings
        """,
    ),
    (
        6,
        """
        -- a message that shows a view only for a while: at due (POSIX time) it is edited to the
        -- game's later view, later: JSON the game needs for that, lead: words kept before it
        CREATE TABLE timed_views (
            guild_id   INTEGER NOT NULL,
            game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            message_id INTEGER NOT NULL,
            due        REAL    NOT NULL,
            lead       TEXT    NOT NULL DEFAULT '',
            later      TEXT    NOT NULL,
            PRIMARY KEY (game_id, message_id)
        );
        CREATE INDEX timed_views_by_guild ON timed_views (guild_id)
        """,
    ),
    (
        7,
        """
        -- a live game's private panel (an ephemeral message): the token of the interaction
        -- that showed it edits it for 15 minutes, so a restarted bot can still redraw it
        CREATE TABLE live_panels (
            guild_id   INTEGER NOT NULL,
            game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seat       INTEGER NOT NULL,
            token      TEXT    NOT NULL,
            message_id INTEGER NOT NULL,
            lang       TEXT    NOT NULL,
            shown      REAL    NOT NULL,
            version    INTEGER NOT NULL,
            PRIMARY KEY (game_id, seat)
        );
        CREATE INDEX live_panels_by_guild ON live_panels (guild_id)
        """,
    ),
    (
        8,
        """
        -- a finished game whose turn_message_id is NULL is one whose final standings are still
        -- to post (tried again like a turn nobody was shown). Those earlier versions gave up on
        -- stay given up (0: no message known), so an upgrade posts no old results
        UPDATE games SET turn_message_id = 0 WHERE status = 'finished' AND turn_message_id IS NULL;
        CREATE INDEX games_by_unposted ON games (status, turn_message_id)
        """,
    ),
    (
        9,
        """
        -- what concerns every game of a server, set with /server: the language of public
        -- messages (NULL: the server's locale), games in threads, the channels games may be
        -- started in (JSON ids, [] = every channel), who may start them (a role id, NULL =
        -- everyone), open lobbies one member may host (0 = no limit), the default turn timer
        -- (seconds, 0 = none). guild_settings keeps its language and threads columns unused
        CREATE TABLE server_settings (
            guild_id     INTEGER PRIMARY KEY,
            language     TEXT,
            threads      INTEGER NOT NULL DEFAULT 1,
            channels     TEXT    NOT NULL DEFAULT '[]',
            starter_role INTEGER,
            lobby_limit  INTEGER NOT NULL DEFAULT 0,
            turn_timer   INTEGER NOT NULL DEFAULT 86400
        );
        -- servers that used the bot before keep their language and threads, and no default
        -- turn timer: their games had none, and a timer is a rule their admins did not choose
        INSERT INTO server_settings (guild_id, language, threads, turn_timer)
            SELECT guild_id, language, threads, 0 FROM guild_settings;
        INSERT INTO server_settings (guild_id, turn_timer)
            SELECT DISTINCT guild_id, 0 FROM games
            WHERE guild_id NOT IN (SELECT guild_id FROM server_settings);
        -- a game's own default timer: NULL = the server's (0 was stored for "never set")
        CREATE TABLE game_defaults_v9 (
            guild_id INTEGER NOT NULL,
            kind     TEXT    NOT NULL,
            option   TEXT,
            timer    INTEGER,
            PRIMARY KEY (guild_id, kind)
        );
        INSERT INTO game_defaults_v9 SELECT guild_id, kind, option, NULLIF(timer, 0)
            FROM game_defaults;
        DROP TABLE game_defaults;
        ALTER TABLE game_defaults_v9 RENAME TO game_defaults;
        -- a running game without a timer, watched for a player on turn who went away: since
        -- (POSIX time) its log held events events, the vote to remove seat (posted as
        -- message_id once a day passed) and its voters (JSON user ids)
        CREATE TABLE away_watch (
            guild_id   INTEGER NOT NULL,
            game_id    INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
            events     INTEGER NOT NULL,
            since      REAL    NOT NULL,
            seat       INTEGER,
            message_id INTEGER,
            voters     TEXT    NOT NULL DEFAULT '[]'
        );
        CREATE INDEX away_watch_by_guild ON away_watch (guild_id)
        """,
    ),
    (
        10,
        """
        -- what a server was told once, ever ('help': the line of its first lobby pointing to
        -- /help). Servers that already played were past their first lobby
        CREATE TABLE guild_notices (
            guild_id INTEGER NOT NULL,
            notice   TEXT    NOT NULL,
            told_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
            PRIMARY KEY (guild_id, notice)
        );
        INSERT INTO guild_notices (guild_id, notice) SELECT DISTINCT guild_id, 'help' FROM games
        """,
    ),
    (
        11,
        """
        -- the daily challenge: one attempt per person, game and UTC day in all servers together
        -- (the unique key), kept by the server it was started in. setup, state, events: JSON.
        -- game_id: the ordinary finished game it became once its day was over (replays)
        CREATE TABLE daily_attempts (
            id         INTEGER PRIMARY KEY AUTOINCREMENT,
            guild_id   INTEGER NOT NULL,
            channel_id INTEGER NOT NULL,
            kind       TEXT    NOT NULL,
            day        TEXT    NOT NULL,
            user_id    INTEGER NOT NULL,
            name       TEXT    NOT NULL,
            status     TEXT    NOT NULL,
            setup      TEXT    NOT NULL,
            state      TEXT    NOT NULL,
            events     TEXT    NOT NULL,
            score      INTEGER,
            version    INTEGER NOT NULL DEFAULT 0,
            game_id    INTEGER,
            UNIQUE (kind, day, user_id)
        );
        CREATE INDEX daily_attempts_by_day ON daily_attempts (guild_id, kind, day, status);
        CREATE INDEX daily_attempts_by_player ON daily_attempts (guild_id, kind, user_id, day)
        """,
    ),
    (
        12,
        """
        CREATE TABLE replay_animations (
            guild_id INTEGER NOT NULL,
            game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            lang     TEXT    NOT NULL,
            side     TEXT    NOT NULL,
            data     BLOB    NOT NULL,
            PRIMARY KEY (game_id, lang, side)
        );
        CREATE INDEX replay_animations_by_guild ON replay_animations (guild_id)
        """,
    ),
)

_PG_NOW = "to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')"
"""The time as SQLite's ``strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`` writes it."""

POSTGRES_MIGRATIONS: tuple[tuple[int, str], ...] = (
    (
        1,
        f"""
        CREATE TABLE games (
            id               BIGINT  GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            guild_id         BIGINT  NOT NULL,
            channel_id       BIGINT  NOT NULL,
            thread_id        BIGINT,
            lobby_message_id BIGINT,
            turn_message_id  BIGINT,
            host_id          BIGINT  NOT NULL,
            kind             TEXT    NOT NULL DEFAULT 'spexxx',
            variant          TEXT    NOT NULL,
            status           TEXT    NOT NULL,
            players          TEXT    NOT NULL,  -- JSON [{{user_id, name}}] in seat order
            setup            TEXT,              -- JSON game setup
            state            TEXT,              -- JSON state after the last stored event
            note             TEXT    NOT NULL DEFAULT '',
            version          BIGINT  NOT NULL DEFAULT 0,
            created_at       TEXT    NOT NULL DEFAULT {_PG_NOW},
            updated_at       TEXT    NOT NULL DEFAULT {_PG_NOW}
        );
        CREATE INDEX games_by_guild_status ON games (guild_id, status);
        CREATE INDEX games_by_channel ON games (guild_id, thread_id, channel_id);
        CREATE TABLE game_events (
            guild_id BIGINT NOT NULL,
            game_id  BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seq      BIGINT NOT NULL,
            event    TEXT   NOT NULL,  -- JSON, the adapter's event_to_dict
            PRIMARY KEY (game_id, seq)
        );
        """,
    ),
    (
        2,
        f"""
        CREATE TABLE stats_games (
            game_id     BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
            guild_id    BIGINT NOT NULL,
            recorded_at TEXT   NOT NULL DEFAULT {_PG_NOW}
        );
        CREATE TABLE stats_results (
            guild_id      BIGINT  NOT NULL,
            game_id       BIGINT  NOT NULL REFERENCES stats_games (game_id) ON DELETE CASCADE,
            user_id       BIGINT  NOT NULL,
            seat          INTEGER NOT NULL,
            score         INTEGER NOT NULL,
            place         INTEGER NOT NULL,
            won           INTEGER NOT NULL,
            resigned      INTEGER NOT NULL,
            longest       INTEGER NOT NULL,
            zones         TEXT    NOT NULL,
            rating_before DOUBLE PRECISION NOT NULL,
            rating_after  DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (game_id, seat)
        );
        CREATE INDEX stats_results_by_player ON stats_results (guild_id, user_id);
        CREATE TABLE stats_players (
            guild_id BIGINT NOT NULL,
            user_id  BIGINT NOT NULL,
            name     TEXT   NOT NULL,
            rating   DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (guild_id, user_id)
        );
        CREATE INDEX stats_players_by_rating ON stats_players (guild_id, rating);
        """,
    ),
    (
        3,
        f"""
        CREATE TABLE guild_settings (
            guild_id        BIGINT  PRIMARY KEY,
            default_variant TEXT    NOT NULL DEFAULT 'adult',
            default_timer   INTEGER NOT NULL DEFAULT 0,
            threads         INTEGER NOT NULL DEFAULT 1,
            updated_at      TEXT    NOT NULL DEFAULT {_PG_NOW}
        );
        ALTER TABLE games ADD COLUMN turn_timer INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE games ADD COLUMN turn_due DOUBLE PRECISION;
        ALTER TABLE games ADD COLUMN reminder_due DOUBLE PRECISION;
        ALTER TABLE games ADD COLUMN missed TEXT NOT NULL DEFAULT '[]';
        ALTER TABLE games ADD COLUMN lobby_expires DOUBLE PRECISION;
        CREATE INDEX games_by_due ON games (status, turn_due);
        CREATE INDEX games_by_reminder ON games (status, reminder_due);
        CREATE INDEX games_by_lobby_expiry ON games (status, lobby_expires);
        """,
    ),
    (
        4,
        """
        ALTER TABLE guild_settings ADD COLUMN language TEXT;
        """,
    ),
    (
        5,
        """
        ALTER TABLE games ADD COLUMN options TEXT NOT NULL DEFAULT '{}';
        UPDATE games SET options = json_build_object('variant', variant)::text
            WHERE kind = 'spexxx';
        CREATE INDEX games_by_kind ON games (guild_id, kind, status);
        ALTER TABLE stats_games ADD COLUMN kind TEXT NOT NULL DEFAULT 'spexxx';
        CREATE TABLE stats_results_v5 (
            guild_id      BIGINT  NOT NULL,
            kind          TEXT    NOT NULL,
            game_id       BIGINT  NOT NULL REFERENCES stats_games (game_id) ON DELETE CASCADE,
            user_id       BIGINT  NOT NULL,
            seat          INTEGER NOT NULL,
            score         INTEGER NOT NULL,
            place         INTEGER NOT NULL,
            won           INTEGER NOT NULL,
            resigned      INTEGER NOT NULL,
            facts         TEXT    NOT NULL,
            rating_before DOUBLE PRECISION NOT NULL,
            rating_after  DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (game_id, seat)
        );
        INSERT INTO stats_results_v5 SELECT guild_id, 'spexxx', game_id, user_id, seat, score,
            place, won, resigned,
            json_build_object('longest', longest, 'zones', zones::json)::text,
            rating_before, rating_after FROM stats_results;
        DROP TABLE stats_results;
        ALTER TABLE stats_results_v5 RENAME TO stats_results;
        CREATE INDEX stats_results_by_player ON stats_results (guild_id, kind, user_id);
        CREATE TABLE stats_ratings (
            guild_id BIGINT NOT NULL,
            kind     TEXT   NOT NULL,
            user_id  BIGINT NOT NULL,
            name     TEXT   NOT NULL,
            rating   DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (guild_id, kind, user_id)
        );
        INSERT INTO stats_ratings SELECT guild_id, 'spexxx', user_id, name, rating
            FROM stats_players;
        DROP TABLE stats_players;
        CREATE INDEX stats_ratings_by_rating ON stats_ratings (guild_id, kind, rating);
        CREATE TABLE game_defaults (
            guild_id BIGINT NOT NULL,
            kind     TEXT   NOT NULL,
            option   TEXT,
            timer    INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (guild_id, kind)
        );
        INSERT INTO game_defaults SELECT guild_id, 'spexxx', default_variant, default_timer
            FROM guild_settings;
        """,
    ),
    (
        6,
        """
        CREATE TABLE timed_views (
            guild_id   BIGINT NOT NULL,
            game_id    BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            message_id BIGINT NOT NULL,
            due        DOUBLE PRECISION NOT NULL,
            lead       TEXT   NOT NULL DEFAULT '',
            later      TEXT   NOT NULL,
            PRIMARY KEY (game_id, message_id)
        );
        CREATE INDEX timed_views_by_guild ON timed_views (guild_id);
        """,
    ),
    (
        7,
        """
        CREATE TABLE live_panels (
            guild_id   BIGINT NOT NULL,
            game_id    BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seat       INTEGER NOT NULL,
            token      TEXT   NOT NULL,
            message_id BIGINT NOT NULL,
            lang       TEXT   NOT NULL,
            shown      DOUBLE PRECISION NOT NULL,
            version    INTEGER NOT NULL,
            PRIMARY KEY (game_id, seat)
        );
        CREATE INDEX live_panels_by_guild ON live_panels (guild_id);
        """,
    ),
    (
        8,
        """
        UPDATE games SET turn_message_id = 0 WHERE status = 'finished' AND turn_message_id IS NULL;
        CREATE INDEX games_by_unposted ON games (status, turn_message_id);
        """,
    ),
    (
        9,
        """
        CREATE TABLE server_settings (
            guild_id     BIGINT  PRIMARY KEY,
            language     TEXT,
            threads      INTEGER NOT NULL DEFAULT 1,
            channels     TEXT    NOT NULL DEFAULT '[]',
            starter_role BIGINT,
            lobby_limit  INTEGER NOT NULL DEFAULT 0,
            turn_timer   INTEGER NOT NULL DEFAULT 86400
        );
        INSERT INTO server_settings (guild_id, language, threads, turn_timer)
            SELECT guild_id, language, threads, 0 FROM guild_settings;
        INSERT INTO server_settings (guild_id, turn_timer)
            SELECT DISTINCT guild_id, 0 FROM games
            WHERE guild_id NOT IN (SELECT guild_id FROM server_settings);
        ALTER TABLE game_defaults ALTER COLUMN timer DROP NOT NULL;
        ALTER TABLE game_defaults ALTER COLUMN timer DROP DEFAULT;
        UPDATE game_defaults SET timer = NULL WHERE timer = 0;
        CREATE TABLE away_watch (
            guild_id   BIGINT  NOT NULL,
            game_id    BIGINT  PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
            events     BIGINT  NOT NULL,
            since      DOUBLE PRECISION NOT NULL,
            seat       INTEGER,
            message_id BIGINT,
            voters     TEXT    NOT NULL DEFAULT '[]'
        );
        CREATE INDEX away_watch_by_guild ON away_watch (guild_id);
        """,
    ),
    (
        10,
        f"""
        CREATE TABLE guild_notices (
            guild_id BIGINT NOT NULL,
            notice   TEXT   NOT NULL,
            told_at  TEXT   NOT NULL DEFAULT {_PG_NOW},
            PRIMARY KEY (guild_id, notice)
        );
        INSERT INTO guild_notices (guild_id, notice) SELECT DISTINCT guild_id, 'help' FROM games;
        """,
    ),
    (
        11,
        """
        CREATE TABLE daily_attempts (
            id         BIGINT  GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            guild_id   BIGINT  NOT NULL,
            channel_id BIGINT  NOT NULL,
            kind       TEXT    NOT NULL,
            day        TEXT    NOT NULL,
            user_id    BIGINT  NOT NULL,
            name       TEXT    NOT NULL,
            status     TEXT    NOT NULL,
            setup      TEXT    NOT NULL,
            state      TEXT    NOT NULL,
            events     TEXT    NOT NULL,
            score      INTEGER,
            version    INTEGER NOT NULL DEFAULT 0,
            game_id    BIGINT,
            UNIQUE (kind, day, user_id)
        );
        CREATE INDEX daily_attempts_by_day ON daily_attempts (guild_id, kind, day, status);
        CREATE INDEX daily_attempts_by_player ON daily_attempts (guild_id, kind, user_id, day);
        """,
    ),
    (
        12,
        """
        CREATE TABLE replay_animations (
            guild_id BIGINT NOT NULL,
            game_id  BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            lang     TEXT   NOT NULL,
            side     TEXT   NOT NULL,
            data     BYTEA  NOT NULL,
            PRIMARY KEY (game_id, lang, side)
        );
        CREATE INDEX replay_animations_by_guild ON replay_animations (guild_id);
        """,
    ),
)
