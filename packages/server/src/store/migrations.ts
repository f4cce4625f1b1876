/**
 * The schema, as numbered migrations for each back end, side by side so that
 * a change is made to both at once. Each store records the numbers it has
 * applied in `schema_migrations` and applies the rest, in order, in one
 * transaction. Never edit a migration that has shipped: append a new one.
 *
 * Usernames are unique on `username_key` (see checks.ts usernameKey). Times
 * are epoch milliseconds. `games.data` is the game layer's opaque snapshot.
 * Ratings are Glicko-2 values in full precision (REAL / DOUBLE PRECISION:
 * both IEEE doubles, so every back end reads back exactly what it wrote).
 */

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

export const SQLITE_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'initial',
    sql: `
      CREATE TABLE meta (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) WITHOUT ROWID;

      CREATE TABLE users (
        id            TEXT PRIMARY KEY,
        username      TEXT,
        username_key  TEXT,
        password_hash TEXT,
        created_at    INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX users_username_key ON users (username_key);

      CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX sessions_user ON sessions (user_id);

      CREATE TABLE games (
        id           TEXT PRIMARY KEY,
        variant      TEXT NOT NULL,
        status       TEXT NOT NULL CHECK (status IN ('waiting', 'active', 'finished', 'aborted')),
        white_id     TEXT,
        black_id     TEXT,
        rated        INTEGER NOT NULL CHECK (rated IN (0, 1)),
        created_at   INTEGER NOT NULL,
        updated_at   INTEGER NOT NULL,
        result       TEXT,
        reason       TEXT,
        plies        INTEGER NOT NULL,
        version      INTEGER NOT NULL,
        invite_token TEXT,
        data         TEXT NOT NULL CHECK (json_valid(data))
      );
      CREATE INDEX games_status_updated ON games (status, updated_at);
      CREATE INDEX games_white_updated ON games (white_id, updated_at);
      CREATE INDEX games_black_updated ON games (black_id, updated_at);
      CREATE INDEX games_updated ON games (updated_at);
      CREATE UNIQUE INDEX games_invite ON games (invite_token) WHERE invite_token IS NOT NULL;

      CREATE TABLE moves (
        game_id  TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        ply      INTEGER NOT NULL CHECK (ply >= 1),
        uci      TEXT NOT NULL,
        at       INTEGER NOT NULL,
        clock_ms INTEGER NOT NULL,
        PRIMARY KEY (game_id, ply)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 2,
    name: 'ratings, chat mutes',
    sql: `
      CREATE TABLE ratings (
        user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        variant    TEXT NOT NULL,
        rating     REAL NOT NULL,
        deviation  REAL NOT NULL,
        volatility REAL NOT NULL,
        games      INTEGER NOT NULL,
        rated_at   INTEGER NOT NULL,
        PRIMARY KEY (user_id, variant)
      ) WITHOUT ROWID;
      CREATE INDEX ratings_board ON ratings (variant, rating DESC);

      CREATE TABLE rating_history (
        user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        variant    TEXT NOT NULL,
        game_id    TEXT NOT NULL,
        rated_at   INTEGER NOT NULL,
        rating     REAL NOT NULL,
        deviation  REAL NOT NULL,
        volatility REAL NOT NULL,
        PRIMARY KEY (user_id, variant, rated_at, game_id)
      ) WITHOUT ROWID;

      -- One row per game whose ratings were applied: written in the same
      -- transaction as the ratings, so a game is never counted twice.
      CREATE TABLE rated_games (
        game_id  TEXT PRIMARY KEY,
        rated_at INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX games_rated_finished ON games (updated_at) WHERE rated = 1 AND status = 'finished';

      CREATE TABLE mutes (
        user_id  TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        muted_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        muted_at INTEGER NOT NULL,
        PRIMARY KEY (user_id, muted_id)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 3,
    name: 'puzzle ratings',
    sql: `
      -- Puzzle ratings, apart from game ratings: per user and variant.
      CREATE TABLE puzzle_ratings (
        user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        variant     TEXT NOT NULL,
        rating      REAL NOT NULL,
        deviation   REAL NOT NULL,
        volatility  REAL NOT NULL,
        attempts    INTEGER NOT NULL,
        wins        INTEGER NOT NULL,
        streak      INTEGER NOT NULL,
        best_streak INTEGER NOT NULL,
        rated_at    INTEGER NOT NULL,
        PRIMARY KEY (user_id, variant)
      ) WITHOUT ROWID;

      -- Each puzzle's own rating; the puzzles themselves ship as data files.
      CREATE TABLE puzzle_states (
        puzzle_id  TEXT PRIMARY KEY,
        variant    TEXT NOT NULL,
        rating     REAL NOT NULL,
        deviation  REAL NOT NULL,
        volatility REAL NOT NULL,
        attempts   INTEGER NOT NULL,
        wins       INTEGER NOT NULL,
        rated_at   INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX puzzle_states_variant ON puzzle_states (variant);

      -- One row per user and puzzle: its first attempt is the rated one.
      CREATE TABLE puzzle_rounds (
        user_id   TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        puzzle_id TEXT NOT NULL,
        variant   TEXT NOT NULL,
        first_at  INTEGER NOT NULL,
        first_win INTEGER NOT NULL CHECK (first_win IN (0, 1)),
        last_at   INTEGER NOT NULL,
        last_win  INTEGER NOT NULL CHECK (last_win IN (0, 1)),
        plays     INTEGER NOT NULL,
        PRIMARY KEY (user_id, puzzle_id)
      ) WITHOUT ROWID;
      CREATE INDEX puzzle_rounds_recent ON puzzle_rounds (user_id, variant, last_at);
    `,
  },
  {
    version: 4,
    name: 'follows, blocks, notifications',
    sql: `
      CREATE TABLE follows (
        user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        followed_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        followed_at INTEGER NOT NULL,
        PRIMARY KEY (user_id, followed_id)
      ) WITHOUT ROWID;
      CREATE INDEX follows_followed ON follows (followed_id);

      CREATE TABLE blocks (
        user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        blocked_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        blocked_at INTEGER NOT NULL,
        PRIMARY KEY (user_id, blocked_id)
      ) WITHOUT ROWID;

      -- One row per user and id: a notification put again under its id replaces the old one.
      CREATE TABLE notifications (
        user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        id         TEXT NOT NULL,
        kind       TEXT NOT NULL,
        data       TEXT NOT NULL CHECK (json_valid(data)),
        created_at INTEGER NOT NULL,
        read_at    INTEGER,
        PRIMARY KEY (user_id, id)
      ) WITHOUT ROWID;
      CREATE INDEX notifications_recent ON notifications (user_id, created_at);
      CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;

      CREATE TABLE notifications_off (
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        kind    TEXT NOT NULL,
        PRIMARY KEY (user_id, kind)
      ) WITHOUT ROWID;
      -- Player search reads names by prefix from users_username_key (BINARY order, a range on the index).
    `,
  },
  {
    version: 5,
    name: 'tournaments',
    sql: `
      CREATE TABLE tournaments (
        id           TEXT PRIMARY KEY,
        name         TEXT NOT NULL,
        kind         TEXT NOT NULL,
        variant      TEXT NOT NULL,
        rated        INTEGER NOT NULL CHECK (rated IN (0, 1)),
        starts_at    INTEGER NOT NULL,
        terms        TEXT NOT NULL CHECK (json_valid(terms)),
        status       TEXT NOT NULL CHECK (status IN ('upcoming', 'running', 'finished', 'cancelled')),
        round        INTEGER NOT NULL,
        rounds       INTEGER NOT NULL,
        started_at   INTEGER,
        ended_at     INTEGER,
        version      INTEGER NOT NULL,
        created_by   TEXT,
        room_id      TEXT,
        invite_token TEXT,
        schedule_key TEXT,
        created_at   INTEGER NOT NULL
      );
      CREATE INDEX tournaments_status_start ON tournaments (status, starts_at);
      CREATE INDEX tournaments_room ON tournaments (room_id, starts_at) WHERE room_id IS NOT NULL;
      CREATE UNIQUE INDEX tournaments_invite ON tournaments (invite_token) WHERE invite_token IS NOT NULL;
      CREATE UNIQUE INDEX tournaments_schedule ON tournaments (schedule_key) WHERE schedule_key IS NOT NULL;

      -- playing: the game a player is in now; only a free entry is paired (the store checks it in the pairing's transaction).
      CREATE TABLE tournament_entries (
        tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
        user_id       TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name          TEXT NOT NULL,
        rating        REAL NOT NULL,
        joined_at     INTEGER NOT NULL,
        active        INTEGER NOT NULL CHECK (active IN (0, 1)),
        away_since    INTEGER,
        playing       TEXT,
        PRIMARY KEY (tournament_id, user_id)
      ) WITHOUT ROWID;
      CREATE INDEX tournament_entries_user ON tournament_entries (user_id);

      CREATE TABLE tournament_pairings (
        game_id       TEXT PRIMARY KEY,
        tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
        round         INTEGER NOT NULL,
        white_id      TEXT NOT NULL,
        black_id      TEXT NOT NULL,
        paired_at     INTEGER NOT NULL,
        result        REAL CHECK (result IN (0, 0.5, 1)),
        forfeit       INTEGER NOT NULL CHECK (forfeit IN (0, 1)),
        berserk_white INTEGER NOT NULL CHECK (berserk_white IN (0, 1)),
        berserk_black INTEGER NOT NULL CHECK (berserk_black IN (0, 1)),
        plies         INTEGER NOT NULL,
        ended_at      INTEGER
      ) WITHOUT ROWID;
      CREATE INDEX tournament_pairings_tournament ON tournament_pairings (tournament_id, paired_at);

      CREATE TABLE tournament_byes (
        tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
        round         INTEGER NOT NULL,
        user_id       TEXT NOT NULL,
        kind          TEXT NOT NULL CHECK (kind IN ('pab', 'late', 'absent', 'forfeit', 'rest')),
        points        REAL NOT NULL,
        PRIMARY KEY (tournament_id, round, user_id)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 6,
    name: 'rated games: pair, counted, deltas, voids',
    sql: `
      -- What each rated game did: the pair (its two ids in code-point order, for the per-pair
      -- daily limit), whether it counted, each player's rating change (to void it), when voided.
      ALTER TABLE rated_games ADD COLUMN variant TEXT;
      ALTER TABLE rated_games ADD COLUMN white_id TEXT;
      ALTER TABLE rated_games ADD COLUMN black_id TEXT;
      ALTER TABLE rated_games ADD COLUMN pair_key TEXT;
      ALTER TABLE rated_games ADD COLUMN counted INTEGER NOT NULL DEFAULT 1 CHECK (counted IN (0, 1));
      ALTER TABLE rated_games ADD COLUMN white_delta REAL NOT NULL DEFAULT 0;
      ALTER TABLE rated_games ADD COLUMN black_delta REAL NOT NULL DEFAULT 0;
      ALTER TABLE rated_games ADD COLUMN voided_at INTEGER;
      UPDATE rated_games SET
        variant  = (SELECT g.variant FROM games g WHERE g.id = rated_games.game_id),
        white_id = (SELECT g.white_id FROM games g WHERE g.id = rated_games.game_id),
        black_id = (SELECT g.black_id FROM games g WHERE g.id = rated_games.game_id);
      UPDATE rated_games SET pair_key = CASE WHEN white_id < black_id THEN white_id || ' ' || black_id ELSE black_id || ' ' || white_id END
        WHERE white_id IS NOT NULL AND black_id IS NOT NULL;
      CREATE INDEX rated_games_pair ON rated_games (pair_key, rated_at) WHERE counted = 1;
      CREATE INDEX rated_games_white ON rated_games (white_id);
      CREATE INDEX rated_games_black ON rated_games (black_id);
    `,
  },
  {
    version: 7,
    name: 'analyses',
    sql: `
      CREATE TABLE analyses (
        game_id      TEXT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        state        TEXT NOT NULL CHECK (state IN ('queued', 'running', 'done', 'failed')),
        done         INTEGER NOT NULL,
        total        INTEGER NOT NULL,
        requested_by TEXT NOT NULL,
        requested_at INTEGER NOT NULL,
        updated_at   INTEGER NOT NULL,
        holder       TEXT,
        data         TEXT NOT NULL CHECK (json_valid(data))
      ) WITHOUT ROWID;
      CREATE INDEX analyses_unfinished ON analyses (requested_at, game_id) WHERE state IN ('queued', 'running');
      CREATE INDEX analyses_requester ON analyses (requested_by) WHERE state IN ('queued', 'running');
    `,
  },
  {
    version: 8,
    name: 'moderation',
    sql: `
      CREATE TABLE sanctions (
        user_id     TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        muted_until INTEGER,
        banned_at   INTEGER,
        closed_at   INTEGER,
        cheater_at  INTEGER
      ) WITHOUT ROWID;

      CREATE TABLE reports (
        id          TEXT PRIMARY KEY,
        reporter_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        reported_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        game_id     TEXT,
        reason      TEXT NOT NULL,
        text        TEXT NOT NULL,
        created_at  INTEGER NOT NULL,
        resolved_at INTEGER,
        resolved_by TEXT
      );
      CREATE INDEX reports_recent ON reports (created_at);
      CREATE INDEX reports_open ON reports (created_at) WHERE resolved_at IS NULL;

      CREATE TABLE moderation_log (
        id        TEXT PRIMARY KEY,
        at        INTEGER NOT NULL,
        admin     TEXT NOT NULL,
        action    TEXT NOT NULL,
        target_id TEXT,
        game_id   TEXT,
        detail    TEXT NOT NULL
      );
      CREATE INDEX moderation_log_at ON moderation_log (at);
    `,
  },
  {
    version: 9,
    name: 'user settings',
    sql: `
      CREATE TABLE user_settings (
        user_id    TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        data       TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 10,
    name: 'sessions by expiry',
    sql: `
      -- Sessions slide (each use moves the expiry) and expired ones are swept hourly by expiry.
      CREATE INDEX sessions_expiry ON sessions (expires_at);
    `,
  },
  {
    version: 11,
    name: 'rated games: states before and after',
    sql: `
      -- Each player's whole state (rating, deviation, volatility, games) before and after a
      -- counted game, as JSON {"before":…,"after":…}: voiding the game puts it back.
      ALTER TABLE rated_games ADD COLUMN white_states TEXT;
      ALTER TABLE rated_games ADD COLUMN black_states TEXT;
    `,
  },
  {
    version: 12,
    name: 'learn progress',
    sql: `
      CREATE TABLE learn_progress (
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        variant TEXT NOT NULL,
        lesson  TEXT NOT NULL,
        done_at INTEGER NOT NULL,
        PRIMARY KEY (user_id, variant, lesson)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 13,
    name: 'tournament pairings: running ones, and by player',
    sql: `
      -- An arena's director reads the games still being played and the free players' games, not the whole sheet.
      CREATE INDEX tournament_pairings_running ON tournament_pairings (tournament_id, paired_at) WHERE result IS NULL;
      CREATE INDEX tournament_pairings_white ON tournament_pairings (tournament_id, white_id);
      CREATE INDEX tournament_pairings_black ON tournament_pairings (tournament_id, black_id);
    `,
  },
  {
    version: 14,
    name: 'tournaments: notes, half-point byes',
    sql: `
      -- What the director did beyond the rules' plain course (a criterion relaxed, an early end): JSON [{round, code}].
      ALTER TABLE tournaments ADD COLUMN notes TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(notes));
      -- A bye's kind gains 'half' (a half-point bye asked for): SQLite changes a CHECK by copying the table.
      CREATE TABLE tournament_byes_new (
        tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
        round         INTEGER NOT NULL,
        user_id       TEXT NOT NULL,
        kind          TEXT NOT NULL CHECK (kind IN ('pab', 'half', 'late', 'absent', 'forfeit', 'rest')),
        points        REAL NOT NULL,
        PRIMARY KEY (tournament_id, round, user_id)
      ) WITHOUT ROWID;
      INSERT INTO tournament_byes_new (tournament_id, round, user_id, kind, points) SELECT tournament_id, round, user_id, kind, points FROM tournament_byes;
      DROP TABLE tournament_byes;
      ALTER TABLE tournament_byes_new RENAME TO tournament_byes;
    `,
  },
  {
    version: 15,
    name: 'api tokens, bot accounts',
    sql: `
      -- Personal API tokens: only a SHA-256 of the secret; scopes space-separated.
      CREATE TABLE api_tokens (
        id          TEXT PRIMARY KEY,
        user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        token_hash  TEXT NOT NULL UNIQUE,
        description TEXT NOT NULL,
        scopes      TEXT NOT NULL,
        created_at  INTEGER NOT NULL
      );
      CREATE INDEX api_tokens_user ON api_tokens (user_id, created_at);
      -- Accounts upgraded to bots (for good).
      CREATE TABLE bot_accounts (
        user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        since   INTEGER NOT NULL
      );
    `,
  },
  {
    version: 16,
    name: 'imported games',
    sql: `
      -- Game records imported and saved under a short link (issue 28): the club's PGN of what was read.
      CREATE TABLE imported_games (
        id         TEXT PRIMARY KEY,
        variant    TEXT NOT NULL,
        pgn        TEXT NOT NULL,
        user_id    TEXT REFERENCES users (id) ON DELETE SET NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX imported_games_user ON imported_games (user_id, created_at);
    `,
  },
  {
    version: 17,
    name: 'games: the time of the last move apart from the indexed summary',
    sql: `
      -- A move rewrites a game's data, plies and version, and the time of the save here (issue 29). updated_at,
      -- under four indexes, changes only with the row's summary (its status, seats, result, invitation): a move
      -- leaves every index alone. NULL: the last save changed the summary (updated_at is its time).
      ALTER TABLE games ADD COLUMN moved_at INTEGER;
    `,
  },
];

export const POSTGRES_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'initial',
    sql: `
      CREATE TABLE meta (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );

      CREATE TABLE users (
        id            TEXT PRIMARY KEY,
        username      TEXT,
        username_key  TEXT,
        password_hash TEXT,
        created_at    BIGINT NOT NULL,
        CONSTRAINT users_username_key UNIQUE (username_key)
      );

      CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      );
      CREATE INDEX sessions_user ON sessions (user_id);

      CREATE TABLE games (
        id           TEXT PRIMARY KEY,
        variant      TEXT NOT NULL,
        status       TEXT NOT NULL CHECK (status IN ('waiting', 'active', 'finished', 'aborted')),
        white_id     TEXT,
        black_id     TEXT,
        rated        BOOLEAN NOT NULL,
        created_at   BIGINT NOT NULL,
        updated_at   BIGINT NOT NULL,
        result       TEXT,
        reason       TEXT,
        plies        INTEGER NOT NULL,
        version      INTEGER NOT NULL,
        invite_token TEXT,
        data         JSONB NOT NULL
      );
      CREATE INDEX games_status_updated ON games (status, updated_at DESC);
      CREATE INDEX games_white_updated ON games (white_id, updated_at DESC);
      CREATE INDEX games_black_updated ON games (black_id, updated_at DESC);
      CREATE INDEX games_updated ON games (updated_at DESC);
      CREATE UNIQUE INDEX games_invite ON games (invite_token) WHERE invite_token IS NOT NULL;

      CREATE TABLE moves (
        game_id  TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        ply      INTEGER NOT NULL CHECK (ply >= 1),
        uci      TEXT NOT NULL,
        at       BIGINT NOT NULL,
        clock_ms BIGINT NOT NULL,
        PRIMARY KEY (game_id, ply)
      );
    `,
  },
  {
    version: 2,
    name: 'ratings, chat mutes',
    sql: `
      CREATE TABLE ratings (
        user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        variant    TEXT NOT NULL,
        rating     DOUBLE PRECISION NOT NULL,
        deviation  DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        games      INTEGER NOT NULL,
        rated_at   BIGINT NOT NULL,
        PRIMARY KEY (user_id, variant)
      );
      CREATE INDEX ratings_board ON ratings (variant, rating DESC);

      CREATE TABLE rating_history (
        user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        variant    TEXT NOT NULL,
        game_id    TEXT NOT NULL,
        rated_at   BIGINT NOT NULL,
        rating     DOUBLE PRECISION NOT NULL,
        deviation  DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (user_id, variant, rated_at, game_id)
      );

      CREATE TABLE rated_games (
        game_id  TEXT PRIMARY KEY,
        rated_at BIGINT NOT NULL
      );
      CREATE INDEX games_rated_finished ON games (updated_at) WHERE rated AND status = 'finished';

      CREATE TABLE mutes (
        user_id  TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        muted_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        muted_at BIGINT NOT NULL,
        PRIMARY KEY (user_id, muted_id)
      );
    `,
  },
  {
    version: 3,
    name: 'puzzle ratings',
    sql: `
      CREATE TABLE puzzle_ratings (
        user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        variant     TEXT NOT NULL,
        rating      DOUBLE PRECISION NOT NULL,
        deviation   DOUBLE PRECISION NOT NULL,
        volatility  DOUBLE PRECISION NOT NULL,
        attempts    INTEGER NOT NULL,
        wins        INTEGER NOT NULL,
        streak      INTEGER NOT NULL,
        best_streak INTEGER NOT NULL,
        rated_at    BIGINT NOT NULL,
        PRIMARY KEY (user_id, variant)
      );

      CREATE TABLE puzzle_states (
        puzzle_id  TEXT PRIMARY KEY,
        variant    TEXT NOT NULL,
        rating     DOUBLE PRECISION NOT NULL,
        deviation  DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        attempts   INTEGER NOT NULL,
        wins       INTEGER NOT NULL,
        rated_at   BIGINT NOT NULL
      );
      CREATE INDEX puzzle_states_variant ON puzzle_states (variant);

      CREATE TABLE puzzle_rounds (
        user_id   TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        puzzle_id TEXT NOT NULL,
        variant   TEXT NOT NULL,
        first_at  BIGINT NOT NULL,
        first_win BOOLEAN NOT NULL,
        last_at   BIGINT NOT NULL,
        last_win  BOOLEAN NOT NULL,
        plays     INTEGER NOT NULL,
        PRIMARY KEY (user_id, puzzle_id)
      );
      CREATE INDEX puzzle_rounds_recent ON puzzle_rounds (user_id, variant, last_at DESC);
    `,
  },
  {
    version: 4,
    name: 'follows, blocks, notifications',
    sql: `
      CREATE TABLE follows (
        user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        followed_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        followed_at BIGINT NOT NULL,
        PRIMARY KEY (user_id, followed_id)
      );
      CREATE INDEX follows_followed ON follows (followed_id);

      CREATE TABLE blocks (
        user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        blocked_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        blocked_at BIGINT NOT NULL,
        PRIMARY KEY (user_id, blocked_id)
      );

      CREATE TABLE notifications (
        user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        id         TEXT NOT NULL,
        kind       TEXT NOT NULL,
        data       JSONB NOT NULL,
        created_at BIGINT NOT NULL,
        read_at    BIGINT,
        PRIMARY KEY (user_id, id)
      );
      CREATE INDEX notifications_recent ON notifications (user_id, created_at DESC);
      CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;

      CREATE TABLE notifications_off (
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        kind    TEXT NOT NULL,
        PRIMARY KEY (user_id, kind)
      );

      -- Player search: names by prefix, as a range in code-point order whatever the database's locale.
      CREATE INDEX users_username_prefix ON users (username_key COLLATE "C");
    `,
  },
  {
    version: 5,
    name: 'tournaments',
    sql: `
      CREATE TABLE tournaments (
        id           TEXT PRIMARY KEY,
        name         TEXT NOT NULL,
        kind         TEXT NOT NULL,
        variant      TEXT NOT NULL,
        rated        BOOLEAN NOT NULL,
        starts_at    BIGINT NOT NULL,
        terms        JSONB NOT NULL,
        status       TEXT NOT NULL CHECK (status IN ('upcoming', 'running', 'finished', 'cancelled')),
        round        INTEGER NOT NULL,
        rounds       INTEGER NOT NULL,
        started_at   BIGINT,
        ended_at     BIGINT,
        version      INTEGER NOT NULL,
        created_by   TEXT,
        room_id      TEXT,
        invite_token TEXT,
        schedule_key TEXT,
        created_at   BIGINT NOT NULL
      );
      CREATE INDEX tournaments_status_start ON tournaments (status, starts_at);
      CREATE INDEX tournaments_room ON tournaments (room_id, starts_at) WHERE room_id IS NOT NULL;
      CREATE UNIQUE INDEX tournaments_invite ON tournaments (invite_token) WHERE invite_token IS NOT NULL;
      CREATE UNIQUE INDEX tournaments_schedule ON tournaments (schedule_key) WHERE schedule_key IS NOT NULL;

      -- playing: the game a player is in now; only a free entry is paired (the store checks it in the pairing's transaction).
      CREATE TABLE tournament_entries (
        tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
        user_id       TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name          TEXT NOT NULL,
        rating        DOUBLE PRECISION NOT NULL,
        joined_at     BIGINT NOT NULL,
        active        BOOLEAN NOT NULL,
        away_since    BIGINT,
        playing       TEXT,
        PRIMARY KEY (tournament_id, user_id)
      );
      CREATE INDEX tournament_entries_user ON tournament_entries (user_id);

      CREATE TABLE tournament_pairings (
        game_id       TEXT PRIMARY KEY,
        tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
        round         INTEGER NOT NULL,
        white_id      TEXT NOT NULL,
        black_id      TEXT NOT NULL,
        paired_at     BIGINT NOT NULL,
        result        DOUBLE PRECISION CHECK (result IN (0, 0.5, 1)),
        forfeit       BOOLEAN NOT NULL,
        berserk_white BOOLEAN NOT NULL,
        berserk_black BOOLEAN NOT NULL,
        plies         INTEGER NOT NULL,
        ended_at      BIGINT
      );
      CREATE INDEX tournament_pairings_tournament ON tournament_pairings (tournament_id, paired_at);

      CREATE TABLE tournament_byes (
        tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
        round         INTEGER NOT NULL,
        user_id       TEXT NOT NULL,
        kind          TEXT NOT NULL CHECK (kind IN ('pab', 'late', 'absent', 'forfeit', 'rest')),
        points        DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (tournament_id, round, user_id)
      );
    `,
  },
  {
    version: 6,
    name: 'rated games: pair, counted, deltas, voids',
    sql: `
      ALTER TABLE rated_games ADD COLUMN variant TEXT;
      ALTER TABLE rated_games ADD COLUMN white_id TEXT;
      ALTER TABLE rated_games ADD COLUMN black_id TEXT;
      ALTER TABLE rated_games ADD COLUMN pair_key TEXT;
      ALTER TABLE rated_games ADD COLUMN counted BOOLEAN NOT NULL DEFAULT TRUE;
      ALTER TABLE rated_games ADD COLUMN white_delta DOUBLE PRECISION NOT NULL DEFAULT 0;
      ALTER TABLE rated_games ADD COLUMN black_delta DOUBLE PRECISION NOT NULL DEFAULT 0;
      ALTER TABLE rated_games ADD COLUMN voided_at BIGINT;
      UPDATE rated_games r SET variant = g.variant, white_id = g.white_id, black_id = g.black_id FROM games g WHERE g.id = r.game_id;
      UPDATE rated_games SET pair_key = CASE WHEN white_id COLLATE "C" < black_id COLLATE "C" THEN white_id || ' ' || black_id ELSE black_id || ' ' || white_id END
        WHERE white_id IS NOT NULL AND black_id IS NOT NULL;
      CREATE INDEX rated_games_pair ON rated_games (pair_key COLLATE "C", rated_at) WHERE counted;
      CREATE INDEX rated_games_white ON rated_games (white_id);
      CREATE INDEX rated_games_black ON rated_games (black_id);
    `,
  },
  {
    version: 7,
    name: 'analyses',
    sql: `
      CREATE TABLE analyses (
        game_id      TEXT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        state        TEXT NOT NULL CHECK (state IN ('queued', 'running', 'done', 'failed')),
        done         INTEGER NOT NULL,
        total        INTEGER NOT NULL,
        requested_by TEXT NOT NULL,
        requested_at BIGINT NOT NULL,
        updated_at   BIGINT NOT NULL,
        holder       TEXT,
        data         JSONB NOT NULL
      );
      CREATE INDEX analyses_unfinished ON analyses (requested_at, game_id COLLATE "C") WHERE state IN ('queued', 'running');
      CREATE INDEX analyses_requester ON analyses (requested_by) WHERE state IN ('queued', 'running');
    `,
  },
  {
    version: 8,
    name: 'moderation',
    sql: `
      CREATE TABLE sanctions (
        user_id     TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        muted_until BIGINT,
        banned_at   BIGINT,
        closed_at   BIGINT,
        cheater_at  BIGINT
      );

      CREATE TABLE reports (
        id          TEXT PRIMARY KEY,
        reporter_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        reported_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        game_id     TEXT,
        reason      TEXT NOT NULL,
        text        TEXT NOT NULL,
        created_at  BIGINT NOT NULL,
        resolved_at BIGINT,
        resolved_by TEXT
      );
      CREATE INDEX reports_recent ON reports (created_at DESC);
      CREATE INDEX reports_open ON reports (created_at DESC) WHERE resolved_at IS NULL;

      CREATE TABLE moderation_log (
        id        TEXT PRIMARY KEY,
        at        BIGINT NOT NULL,
        admin     TEXT NOT NULL,
        action    TEXT NOT NULL,
        target_id TEXT,
        game_id   TEXT,
        detail    TEXT NOT NULL
      );
      CREATE INDEX moderation_log_at ON moderation_log (at DESC);
    `,
  },
  {
    version: 9,
    name: 'user settings',
    sql: `
      CREATE TABLE user_settings (
        user_id    TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        data       JSONB NOT NULL,
        updated_at BIGINT NOT NULL
      );
    `,
  },
  {
    version: 10,
    name: 'sessions by expiry',
    sql: `
      CREATE INDEX sessions_expiry ON sessions (expires_at);
    `,
  },
  {
    version: 11,
    name: 'rated games: states before and after',
    sql: `
      ALTER TABLE rated_games ADD COLUMN white_states TEXT;
      ALTER TABLE rated_games ADD COLUMN black_states TEXT;
    `,
  },
  {
    version: 12,
    name: 'learn progress',
    sql: `
      CREATE TABLE learn_progress (
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        variant TEXT NOT NULL,
        lesson  TEXT NOT NULL,
        done_at BIGINT NOT NULL,
        PRIMARY KEY (user_id, variant, lesson)
      );
    `,
  },
  {
    version: 13,
    name: 'tournament pairings: running ones, and by player',
    sql: `
      -- An arena's director reads the games still being played and the free players' games, not the whole sheet.
      CREATE INDEX tournament_pairings_running ON tournament_pairings (tournament_id, paired_at) WHERE result IS NULL;
      CREATE INDEX tournament_pairings_white ON tournament_pairings (tournament_id, white_id);
      CREATE INDEX tournament_pairings_black ON tournament_pairings (tournament_id, black_id);
    `,
  },
  {
    version: 14,
    name: 'tournaments: notes, half-point byes',
    sql: `
      -- What the director did beyond the rules' plain course (a criterion relaxed, an early end): [{round, code}].
      ALTER TABLE tournaments ADD COLUMN notes JSONB NOT NULL DEFAULT '[]';
      -- A bye's kind gains 'half' (a half-point bye asked for).
      ALTER TABLE tournament_byes DROP CONSTRAINT tournament_byes_kind_check;
      ALTER TABLE tournament_byes ADD CONSTRAINT tournament_byes_kind_check CHECK (kind IN ('pab', 'half', 'late', 'absent', 'forfeit', 'rest'));
    `,
  },
  {
    version: 15,
    name: 'api tokens, bot accounts',
    sql: `
      -- Personal API tokens: only a SHA-256 of the secret; scopes space-separated.
      CREATE TABLE api_tokens (
        id          TEXT PRIMARY KEY,
        user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        token_hash  TEXT NOT NULL UNIQUE,
        description TEXT NOT NULL,
        scopes      TEXT NOT NULL,
        created_at  BIGINT NOT NULL
      );
      CREATE INDEX api_tokens_user ON api_tokens (user_id, created_at);
      -- Accounts upgraded to bots (for good).
      CREATE TABLE bot_accounts (
        user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        since   BIGINT NOT NULL
      );
    `,
  },
  {
    version: 16,
    name: 'imported games',
    sql: `
      -- Game records imported and saved under a short link (issue 28): the club's PGN of what was read.
      CREATE TABLE imported_games (
        id         TEXT PRIMARY KEY,
        variant    TEXT NOT NULL,
        pgn        TEXT NOT NULL,
        user_id    TEXT REFERENCES users (id) ON DELETE SET NULL,
        created_at BIGINT NOT NULL
      );
      CREATE INDEX imported_games_user ON imported_games (user_id, created_at);
    `,
  },
  {
    version: 17,
    name: 'games: the time of the last move apart from the indexed summary',
    sql: `
      -- As in SQLite: a move sets moved_at and leaves updated_at (and so every index) as it was, which keeps the
      -- update a heap-only one when the page has room. NULL: the last save changed the summary.
      ALTER TABLE games ADD COLUMN moved_at BIGINT;
    `,
  },
];

/** Which migrations remain, refusing a database that a newer server has already upgraded. */
export function pendingMigrations(all: readonly Migration[], applied: ReadonlySet<number>): Migration[] {
  const newest = all.reduce((n, m) => Math.max(n, m.version), 0);
  const unknown = [...applied].filter((v) => v > newest);
  if (unknown.length) throw new Error(`the database has schema version ${Math.max(...unknown)}, newer than this server's ${newest}: upgrade the server`);
  return all.filter((m) => !applied.has(m.version)).sort((a, b) => a.version - b.version);
}
