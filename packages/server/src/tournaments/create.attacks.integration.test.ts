/**
 * Issue 31, item 7, attacked as the review did: 24 tournaments created by 8
 * fresh accounts from one address pushed every real tournament off the public
 * list. A listed tournament now needs an account with 5 counted rated games
 * (admins exempt), creation has a quota per account and per address, and the
 * list puts the club's own and those with players first. Real HTTP, memory
 * store and bus, the default rules.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { MemoryBus } from '../bus/bus.ts';
import { LIMIT_RULES } from '../limits/rules.ts';
import { systemClock, systemTimers } from '../service/time.ts';
import { tournamentRow } from '../store/fixtures.ts';
import { memoryStore } from '../store/memory/store.ts';
import { TestClient } from '../testing/client.ts';
import { giveRatedGames } from '../testing/rated.ts';
import { MAX_OPEN_PER_ACCOUNT, MIN_RATED_GAMES_TO_CREATE } from './routes.ts';

const apps: App[] = [];
const clients: TestClient[] = [];
afterAll(async () => {
  for (const c of clients) c.close();
  for (const app of apps) await app.close();
});

async function club() {
  const store = memoryStore();
  const app = await createApp({ store, bus: new MemoryBus(), clock: systemClock, timers: systemTimers, publicUrl: 'http://test', httpRate: 10_000 });
  apps.push(app);
  await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  let n = 0;
  /** A new account from this machine's one address; `games` counted rated games given to it. */
  const account = async (games = 0) => {
    const c = new TestClient(base);
    clients.push(c);
    const name = `junk${n++}`;
    expect((await c.http('POST', '/api/register', { username: name, password: 'a long pass phrase' })).status).toBe(200);
    if (games) await giveRatedGames(store, name, games);
    return c;
  };
  return { store, base, account };
}

const arena = (name: string) => ({
  name,
  kind: 'arena',
  variant: 'xiangqi',
  clock: { kind: 'fischer', minutes: 3, increment: 2 },
  startsAt: Date.now() + 600_000,
  minutes: 30,
});

describe('junk tournaments (issue 31, item 7)', () => {
  it('a fresh account is refused a listed tournament with a stable code; one that has played is not; a private one needs no games', async () => {
    const { account } = await club();
    const fresh = await account();
    const refused = await fresh.http('POST', '/api/tournaments', arena('Junk'));
    expect([refused.status, refused.json.code]).toEqual([403, 'tournament.needs-games']);
    expect((await fresh.http('POST', '/api/tournaments', { ...arena('Nhà Lan'), private: true })).status).toBe(201);
    const almost = await account(MIN_RATED_GAMES_TO_CREATE - 1);
    expect((await almost.http('POST', '/api/tournaments', arena('Junk'))).json.code).toBe('tournament.needs-games');
    const played = await account(MIN_RATED_GAMES_TO_CREATE);
    expect((await played.http('POST', '/api/tournaments', arena('Real'))).status).toBe(201);
  });

  it('the quota per address holds: 8 accounts of one address, 3 tournaments each, make 10', async () => {
    const { account } = await club();
    const answers: string[] = [];
    for (let a = 0; a < 8; a++) {
      const c = await account(MIN_RATED_GAMES_TO_CREATE);
      for (let i = 0; i < MAX_OPEN_PER_ACCOUNT; i++) {
        const r = await c.http('POST', '/api/tournaments', arena(`Junk ${a}.${i}`));
        answers.push(r.status === 201 ? 'made' : r.json.code);
        if (r.status === 429) expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    const cap = LIMIT_RULES['tour-create'].addr.points;
    expect(answers).toEqual([...Array(cap).fill('made'), ...Array(24 - cap).fill('limit.tour-create')]);
  });

  it('the list puts the club’s own and one with players above a pile of empty ones starting sooner', async () => {
    const { store, base, account } = await club();
    const owner = (await (await account()).http('GET', '/api/me')).json;
    const ownerId = String(owner.user?.id ?? owner.id);
    const soon = Date.now() + 60_000;
    for (let i = 0; i < 30; i++) {
      await store.createTournament(
        tournamentRow(`junk${String(i).padStart(4, '0')}`, { createdBy: ownerId, name: `Junk ${i}` }, { rated: false, startsAt: soon + i * 1000 }),
      );
    }
    await store.createTournament(tournamentRow('clubarena1', { createdBy: null, name: 'Club arena' }, { rated: false, startsAt: soon + 3_600_000 }));
    await store.createTournament(tournamentRow('realarena1', { createdBy: ownerId, name: 'Real arena' }, { rated: false, startsAt: soon + 7_200_000 }));
    for (let i = 0; i < 3; i++) {
      const guest = new TestClient(base);
      clients.push(guest);
      expect((await guest.http('POST', '/api/tournaments/realarena1/join', {})).json.entry).toBe('joined');
    }
    const list = (await new TestClient(base).http('GET', '/api/tournaments')).json;
    const ids = list.upcoming.map((t: { id: string }) => t.id);
    expect(ids).toHaveLength(20);
    expect(ids.slice(0, 3)).toEqual(['clubarena1', 'realarena1', 'junk0000']);
  });
});
