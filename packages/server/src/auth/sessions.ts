/**
 * Identity: every visitor has a user row (a guest until registered) and a
 * session. The cookie holds a random token and its HMAC; the store keeps only
 * the token's SHA-256, so a leaked database does not leak sessions. The HMAC
 * key lives in the store's meta table, so every node and every restart agree.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { err, ok, type Result, type RuleError } from '@youzai/rules';
import type { Identity } from '@youzai/protocol';
import { UniqueViolation, type MetaStore, type UserRow, type UserStore } from '../store/types.ts';
import { randomId } from '../service/ids.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export const COOKIE = 'yz_session';
/** The meta key of the HMAC key: made once per store by the first node to start, then shared by all. */
const SECRET_KEY = 'session-secret';
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Sessions last a while since their last use (a sliding lifetime): a guest's
 * 30 days (a guest who does not come back within a month is gone, with
 * nothing to lose but a name like Khách-1a2b), an account's a year (logging
 * in again costs a password). Each use pushes the expiry back, written at
 * most once a day (RENEW_MS), and the cookie's Max-Age with it.
 */
export const GUEST_SESSION_TTL_MS = 30 * DAY_MS;
export const ACCOUNT_SESSION_TTL_MS = 365 * DAY_MS;
export const SESSION_RENEW_MS = DAY_MS;
/** Expired sessions are deleted this often, a batch at a time, by every node (a delete is harmless twice). */
export const SESSION_SWEEP_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 1000;

/** How long a session of this user lasts after its last use. */
export const sessionTtl = (u: Pick<UserRow, 'username'>): number => (u.username === null ? GUEST_SESSION_TTL_MS : ACCOUNT_SESSION_TTL_MS);
/** Sessions remembered for an outage of the store (the most recently resolved). */
const LAST_KNOWN_MAX = 10_000;

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

export function displayName(u: UserRow): string {
  return u.username ?? `Khách-${u.id.slice(-4)}`;
}

export function identityOf(u: UserRow): Identity {
  return { id: u.id, name: displayName(u), guest: u.username === null };
}

/** Told to every socket of the user (bus, userTopic): the socket of this session closes (logout, login elsewhere on it). */
export interface SessionEnded {
  readonly sessionEnded: string;
}

export const isSessionEnded = (m: unknown): m is SessionEnded => typeof m === 'object' && m !== null && typeof (m as SessionEnded).sessionEnded === 'string';

export class Sessions {
  private readonly endListeners = new Set<(userId: string, session: string) => void>();

  private constructor(
    private readonly store: UserStore,
    private readonly key: Buffer,
    private readonly now: () => number,
  ) {}

  static async open(store: UserStore & MetaStore, now: () => number): Promise<Sessions> {
    // Nodes started together on a fresh store race here: the first secret stored wins and every node reads it back
    // (an overwrite left one node with a secret the others reject).
    const secret = (await store.getMeta(SECRET_KEY)) ?? (await store.setMetaIfAbsent(SECRET_KEY, randomBytes(32).toString('base64')));
    return new Sessions(store, Buffer.from(secret, 'base64'), now);
  }

  /**
   * Sessions resolved lately, served only while the store cannot answer: a
   * database gone for a minute should not log everyone out of reads that need
   * no write. Bounded; a logout drops its entry.
   */
  private readonly lastKnown = new Map<string, UserRow>();

  private sign(token: string): string {
    return createHmac('sha256', this.key).update(token).digest('base64url');
  }

  /** The user behind a cookie value, or null when it is missing, forged or expired. */
  async resolve(cookieValue: string | undefined): Promise<UserRow | null> {
    return (await this.resolveSession(cookieValue))?.user ?? null;
  }

  /**
   * The user and the session's id (its token's hash: what a socket remembers,
   * to close when the session ends). A session used more than a day after its
   * expiry was last set lives on from now (`renewed`: the cookie's Max-Age is
   * to be sent again).
   */
  async resolveSession(cookieValue: string | undefined): Promise<{ user: UserRow; session: string; renewed: boolean } | null> {
    const hash = this.verified(cookieValue);
    if (!hash) return null;
    let user: UserRow | null;
    let renewed = false;
    try {
      const s = await this.store.session(hash);
      const now = this.now();
      user = s && s.expiresAt > now ? await this.store.userById(s.userId) : null;
      if (s && user && s.expiresAt < now + sessionTtl(user) - SESSION_RENEW_MS) {
        // A write on a read: when the storage refuses it, the session still serves (it is valid), and the next use tries again.
        // Renewed only when the session is still there: one ended since it was read (a login or a registration racing
        // this request) must not have its cookie sent again, which would land after the new one and replace it.
        renewed = await this.store.touchSession(hash, now + sessionTtl(user)).catch(() => false);
      }
    } catch (e) {
      const known = this.lastKnown.get(hash);
      if (known) return { user: known, session: hash, renewed: false };
      throw e;
    }
    this.lastKnown.delete(hash);
    if (user) {
      this.lastKnown.set(hash, user);
      if (this.lastKnown.size > LAST_KNOWN_MAX) this.lastKnown.delete(this.lastKnown.keys().next().value!);
    }
    return user ? { user, session: hash, renewed } : null;
  }

  /** The token's hash when the cookie is well signed. */
  private verified(cookieValue: string | undefined): string | null {
    if (!cookieValue) return null;
    const dot = cookieValue.indexOf('.');
    if (dot <= 0) return null;
    const token = cookieValue.slice(0, dot);
    const mac = Buffer.from(cookieValue.slice(dot + 1));
    const good = Buffer.from(this.sign(token));
    if (mac.length !== good.length || !timingSafeEqual(mac, good)) return null;
    return sha256(token);
  }

  /** Called with the user and session id of each session ended (app.ts closes its sockets club-wide). */
  onEnd(listener: (userId: string, session: string) => void): () => void {
    this.endListeners.add(listener);
    return () => this.endListeners.delete(listener);
  }

  /** A new session for the user (a guest's or an account's lifetime); returns the cookie value. */
  async start(user: Pick<UserRow, 'id' | 'username'>): Promise<string> {
    const token = randomBytes(24).toString('base64url');
    const now = this.now();
    await this.store.createSession({ tokenHash: sha256(token), userId: user.id, createdAt: now, expiresAt: now + sessionTtl(user) });
    return `${token}.${this.sign(token)}`;
  }

  /** Deletes the sessions expired by now (their rows only: a guest's games stay theirs); answers how many. */
  async sweep(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.store.deleteExpiredSessions(this.now(), SWEEP_BATCH);
      total += n;
      if (n < SWEEP_BATCH) return total;
    }
  }

  async end(cookieValue: string | undefined): Promise<void> {
    const hash = this.verified(cookieValue);
    if (!hash) return;
    this.lastKnown.delete(hash);
    const s = await this.store.session(hash);
    await this.store.deleteSession(hash);
    if (s) for (const l of this.endListeners) l(s.userId, hash);
  }

  async newGuest(): Promise<UserRow> {
    const u: UserRow = { id: `u${randomId(11)}`, username: null, passwordHash: null, createdAt: this.now() };
    await this.store.createUser(u);
    return u;
  }

  /**
   * Turns the current guest into a registered player: same id, so its games stay its own, on a new session (a cookie
   * planted before registering, session fixation, is worth nothing after); `setSession` is given each new cookie.
   *
   * The guest's session ends before the account exists. A request racing the registration with the old cookie then
   * finds the guest on its session or no session, never the account on the guest's session: that one was renewed to an
   * account's lifetime (a year against 30 days), its cookie sent again in an answer that could land after the
   * registration's, and the new player was a guest again. Should the registration then fail, the guest goes on under
   * the same id on a new session.
   */
  async register(
    user: UserRow,
    cookie: string | undefined,
    username: string,
    password: string,
    setSession: (cookie: string) => void,
  ): Promise<Result<UserRow, RuleError>> {
    if (user.username !== null) return err('auth.already-registered', 'You already have an account: log out first');
    const taken = () => err('auth.username-taken', `The name ${username} is taken`);
    // The common refusal, before anything ends.
    if (await this.store.userByName(username)) return taken();
    const hash = await hashPassword(password);
    await this.end(cookie);
    try {
      await this.store.registerUser(user.id, username, hash);
    } catch (e) {
      setSession(await this.start(user));
      if (e instanceof UniqueViolation) return taken();
      throw e;
    }
    const account: UserRow = { ...user, username, passwordHash: hash };
    setSession(await this.start(account));
    return ok(account);
  }

  async login(username: string, password: string): Promise<Result<UserRow, RuleError>> {
    const u = await this.store.userByName(username);
    // Verify against a dummy hash when the user is unknown, so timing does not reveal names.
    const ok_ = await verifyPassword(password, u?.passwordHash ?? DUMMY_HASH);
    if (!u?.passwordHash || !ok_) return err('auth.bad-credentials', 'Wrong username or password');
    return ok(u);
  }
}

const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
