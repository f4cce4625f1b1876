/**
 * Sessions on fake time: a guest's lasts 30 days since its last use, an
 * account's a year; use moves the expiry (written at most daily); expired
 * sessions are refused and swept.
 */
import { describe, expect, it } from 'vitest';
import { memoryStore } from '../store/memory/store.ts';
import type { Store } from '../store/types.ts';
import { ACCOUNT_SESSION_TTL_MS, GUEST_SESSION_TTL_MS, SESSION_RENEW_MS, Sessions } from './sessions.ts';

const DAY = 24 * 60 * 60 * 1000;

async function setup() {
  const store = memoryStore();
  let t = 1_750_000_000_000;
  const sessions = await Sessions.open(store, () => t);
  return { store, sessions, advance: (ms: number) => (t += ms), now: () => t };
}

describe('session lifetimes', () => {
  it('a guest’s session lives 30 days since its last use, however long it is used', async () => {
    const { sessions, advance } = await setup();
    const guest = await sessions.newGuest();
    const cookie = await sessions.start(guest);
    // Used every 20 days for half a year: never expires.
    for (let i = 0; i < 9; i++) {
      advance(20 * DAY);
      const s = await sessions.resolveSession(cookie);
      expect(s?.user.id, `use ${i}`).toBe(guest.id);
      expect(s?.renewed).toBe(true);
    }
    // Left alone a day short of 30: still there; a day past: gone.
    advance(GUEST_SESSION_TTL_MS - DAY);
    expect((await sessions.resolveSession(cookie))?.user.id).toBe(guest.id);
    advance(GUEST_SESSION_TTL_MS + DAY);
    expect(await sessions.resolveSession(cookie)).toBeNull();
  });

  it('the expiry is written at most once a day', async () => {
    const { store, sessions, advance, now } = await setup();
    const guest = await sessions.newGuest();
    const cookie = await sessions.start(guest);
    const hash = (await sessions.resolveSession(cookie))!.session;
    const first = (await store.session(hash))!.expiresAt;
    expect(first).toBe(now() + GUEST_SESSION_TTL_MS);
    advance(SESSION_RENEW_MS - 1000);
    expect((await sessions.resolveSession(cookie))?.renewed).toBe(false);
    expect((await store.session(hash))!.expiresAt).toBe(first);
    advance(2000);
    expect((await sessions.resolveSession(cookie))?.renewed).toBe(true);
    expect((await store.session(hash))!.expiresAt).toBe(now() + GUEST_SESSION_TTL_MS);
  });

  it('an account’s session lives a year since its last use', async () => {
    const { store, sessions, advance, now } = await setup();
    const guest = await sessions.newGuest();
    let cookie = '';
    const r = await sessions.register(guest, await sessions.start(guest), 'Lan', 'a long pass phrase', (c) => (cookie = c));
    expect(r.ok).toBe(true);
    advance(GUEST_SESSION_TTL_MS * 3);
    const s = await sessions.resolveSession(cookie);
    expect(s?.user.username).toBe('Lan');
    expect((await store.session(s!.session))!.expiresAt).toBe(now() + ACCOUNT_SESSION_TTL_MS);
    advance(ACCOUNT_SESSION_TTL_MS + DAY);
    expect(await sessions.resolveSession(cookie)).toBeNull();
  });

  it('expired sessions are swept; live ones stay', async () => {
    const { store, sessions, advance } = await setup();
    const cookies: string[] = [];
    for (let i = 0; i < 3; i++) cookies.push(await sessions.start(await sessions.newGuest()));
    const kept = await sessions.newGuest();
    advance(GUEST_SESSION_TTL_MS - DAY);
    const keptCookie = await sessions.start(kept);
    expect(await sessions.sweep()).toBe(0);
    advance(2 * DAY);
    expect(await sessions.sweep()).toBe(3);
    expect(await sessions.resolveSession(keptCookie)).not.toBeNull();
    expect(await sessions.sweep()).toBe(0);
    // Swept rows are gone from the store, not only refused.
    expect(await store.deleteExpiredSessions(Number.MAX_SAFE_INTEGER, 100)).toBe(1);
  });
});

describe('registering beside other requests on the guest’s cookie', () => {
  /** A store whose registration waits for `go`, and which says when it has begun. */
  function heldRegistration(store: Store) {
    let go!: () => void;
    let begun!: () => void;
    const released = new Promise<void>((r) => (go = r));
    const started = new Promise<void>((r) => (begun = r));
    const held: Store = {
      ...store,
      async registerUser(id, username, hash) {
        begun();
        await released;
        return store.registerUser(id, username, hash);
      },
    };
    return { held, go, started };
  }

  it('the guest’s session has ended before the account exists: a use of the old cookie meanwhile, or after, never renews it', async () => {
    const { store } = await setup();
    const { held, go, started } = heldRegistration(store);
    const sessions = await Sessions.open(held, () => 1_750_000_000_000);
    const guest = await sessions.newGuest();
    const old = await sessions.start(guest);
    const cookies: string[] = [];
    const registering = sessions.register(guest, old, 'Lan', 'a long pass phrase', (c) => cookies.push(c));
    await started;
    // Mid-registration: the old cookie is no session (a reader anonymous), so no answer sends it again.
    expect(await sessions.resolveSession(old)).toBeNull();
    go();
    const r = await registering;
    expect(r.ok && r.value.username).toBe('Lan');
    expect(cookies).toHaveLength(1);
    expect(await sessions.resolveSession(old)).toBeNull();
    expect((await sessions.resolveSession(cookies[0]))?.user).toMatchObject({ id: guest.id, username: 'Lan' });
  });

  it('a request that read the guest’s session just before it ended, and the account just after, does not renew it', async () => {
    // The interleaving that logged a new player out in a full e2e run: the old cookie sent again, as an account's (a
    // year's Max-Age against the guest's 30 days), in an answer that came after the registration's.
    const { store, sessions } = await setup();
    const guest = await sessions.newGuest();
    const old = await sessions.start(guest);
    let fresh = '';
    let raced = false;
    const racing = await Sessions.open(
      {
        ...store,
        async userById(id) {
          if (!raced) {
            raced = true;
            const r = await sessions.register(guest, old, 'Lan', 'a long pass phrase', (c) => (fresh = c));
            expect(r.ok).toBe(true);
          }
          return store.userById(id);
        },
      },
      () => 1_750_000_000_000,
    );
    const s = await racing.resolveSession(old);
    expect(s?.user.username).toBe('Lan');
    expect(s?.renewed).toBe(false);
    expect(fresh).not.toBe('');
  });

  it('a name taken is refused before the guest’s session ends; one taken during the registration leaves the guest on a new session', async () => {
    const { store, sessions } = await setup();
    const first = await sessions.newGuest();
    await sessions.register(first, await sessions.start(first), 'Lan', 'a long pass phrase', () => undefined);
    const guest = await sessions.newGuest();
    const old = await sessions.start(guest);
    const cookies: string[] = [];
    const r = await sessions.register(guest, old, 'lan', 'another pass phrase', (c) => cookies.push(c));
    expect(r.ok || r.error.code).toBe('auth.username-taken');
    expect(cookies).toEqual([]);
    expect((await sessions.resolveSession(old))?.user.id).toBe(guest.id);
    // The name registered by another between the check and the write.
    const { held, go, started } = heldRegistration(store);
    const other = await Sessions.open(held, () => 1_750_000_000_000);
    const late = other.register(guest, old, 'Mai', 'a long pass phrase', (c) => cookies.push(c));
    await started;
    const rival = await sessions.newGuest();
    await sessions.register(rival, await sessions.start(rival), 'Mai', 'a long pass phrase', () => undefined);
    go();
    const r2 = await late;
    expect(r2.ok || r2.error.code).toBe('auth.username-taken');
    expect(cookies).toHaveLength(1);
    expect(await sessions.resolveSession(old)).toBeNull();
    expect((await sessions.resolveSession(cookies[0]))?.user).toMatchObject({ id: guest.id, username: null });
  });
});

describe('the session secret', () => {
  it('nodes opening together on a fresh store all keep the one secret stored first, and accept each other’s cookies', async () => {
    const store = memoryStore();
    const n = 3;
    // Each node has its own link to the one store. Every node reads "no secret" before any writes one; then they
    // write in turn, each after the one before it has finished opening (the interleaving that split the club).
    let read = 0;
    let allRead!: () => void;
    const barrier = new Promise<void>((r) => (allRead = r));
    const opened: Promise<Sessions>[] = [];
    const linkOf = (i: number): Store => {
      const afterPrevious = () => (i === 0 ? Promise.resolve() : opened[i - 1]!.then(() => undefined));
      let first = true;
      return {
        ...store,
        async getMeta(key) {
          const v = await store.getMeta(key);
          if (first) {
            first = false;
            if (++read === n) allRead();
            await barrier;
          }
          return v;
        },
        async setMeta(key, value) {
          await afterPrevious();
          return store.setMeta(key, value);
        },
        async setMetaIfAbsent(key, value) {
          await afterPrevious();
          return store.setMetaIfAbsent(key, value);
        },
      };
    };
    for (let i = 0; i < n; i++) opened.push(Sessions.open(linkOf(i), () => 1_750_000_000_000));
    const nodes = await Promise.all(opened);
    const guest = await nodes[0]!.newGuest();
    for (const [i, from] of nodes.entries()) {
      const cookie = await from.start(guest);
      for (const [j, to] of nodes.entries()) expect((await to.resolve(cookie))?.id, `cookie of node ${i} on node ${j}`).toBe(guest.id);
    }
  });
});
