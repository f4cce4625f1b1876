/** Accounts (guests and registered players) and their sessions. */

export interface UserRow {
  readonly id: string;
  /** null while the user is a guest. */
  readonly username: string | null;
  /** scrypt hash in the form `scrypt$N$r$p$saltB64$hashB64`; null for guests. */
  readonly passwordHash: string | null;
  readonly createdAt: number;
}

export interface SessionRow {
  /** SHA-256 (hex) of the session token: the token itself is never stored. */
  readonly tokenHash: string;
  readonly userId: string;
  readonly createdAt: number;
  readonly expiresAt: number;
}

/** A lesson of the Learn course a player finished: the game and the lesson's id within its course. */
export interface LessonDone {
  readonly variant: string;
  readonly lesson: string;
}

export interface UserStore {
  createUser(u: UserRow): Promise<void>;
  userById(id: string): Promise<UserRow | null>;
  /** Case-insensitive lookup. */
  userByName(username: string): Promise<UserRow | null>;
  /** Turns a guest into a registered user; throws UniqueViolation('username') when the name is taken (case-insensitively). */
  registerUser(id: string, username: string, passwordHash: string): Promise<void>;
  /**
   * Registered users whose name starts with `prefix` (case-insensitively),
   * in the order of their lower-case names, at most `limit`: read from the
   * index on names, never by scanning the users. Guests have no name and never match.
   */
  searchUsers(prefix: string, limit: number): Promise<UserRow[]>;

  /**
   * The player's display settings as last saved (opaque JSON data the
   * protocol's Settings schema decodes at the edge), or null when none.
   */
  settingsOf(userId: string): Promise<unknown>;
  /** Replaces the player's settings (the user must exist). */
  saveSettings(userId: string, data: unknown, at: number): Promise<void>;

  /** The Learn lessons the player finished, sorted by game then lesson id. */
  learnProgress(userId: string): Promise<LessonDone[]>;
  /**
   * Records lessons as finished (the user must exist). A union: a lesson
   * already recorded keeps its first date, and nothing is ever unmarked, so
   * two browsers merging their progress at once both count. An empty list
   * does nothing.
   */
  markLessons(userId: string, lessons: readonly LessonDone[], at: number): Promise<void>;

  createSession(s: SessionRow): Promise<void>;
  session(tokenHash: string): Promise<SessionRow | null>;
  deleteSession(tokenHash: string): Promise<void>;
  /**
   * Moves a session's expiry (a sliding lifetime: use pushes it back). Answers whether there was such a session: one
   * ended meanwhile (a login, a registration) is not renewed, and its cookie is not sent again (auth/sessions.ts).
   */
  touchSession(tokenHash: string, expiresAt: number): Promise<boolean>;
  /** Deletes sessions whose expiry is at or before `now`, at most `limit` of them (by the index on expiry); answers how many. */
  deleteExpiredSessions(now: number, limit: number): Promise<number>;
}
