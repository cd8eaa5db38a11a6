"""Numbered schema migrations, applied in order at start; never edit one that has shipped."""

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
)
