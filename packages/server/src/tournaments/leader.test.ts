/**
 * Two nodes of a club over one PostgreSQL database and one Redis: only the
 * holder of the club's leader lease directs tournaments; when it dies (its
 * lease left to expire), the other takes over within the lease, and pairs on
 * from the stored state without pairing anyone twice.
 */
import type { Identity } from '@youzai/protocol';
import { ok } from '@youzai/rules';
import { afterEach, describe, expect, it } from 'vitest';
import { Leader } from '../cluster/leader.ts';
import type { PairedTerms } from '../service/game-service.ts';
import { systemClock, systemTimers, type Timers } from '../service/time.ts';
import { tournamentRow } from '../store/fixtures.ts';
import { T0, game, tempSchema, user } from '../store/fixtures.ts';
import { postgresStore } from '../store/postgres/store.ts';
import type { Store } from '../store/types.ts';
import { eventually, testRedis, uniquePrefix } from '../testing/redis.ts';
import { TournamentDirector } from './director.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

interface Node {
  readonly name: string;
  readonly store: Store;
  readonly leader: Leader;
  readonly director: TournamentDirector;
  /** Games this node's director created. */
  readonly created: string[];
  /** Dies: stops renewing its lease (left to expire) and stops directing. */
  die(): Promise<void>;
}

async function node(name: string, url: string, prefix: string): Promise<Node> {
  const store = postgresStore(url);
  await store.migrate();
  const link = await testRedis(prefix);
  let dead = false;
  // Dead: its timers no longer fire, so its lease is left to expire in Redis.
  const timers: Timers = {
    at: (at, fn) =>
      systemTimers.at(at, () => {
        if (!dead) fn();
      }),
  };
  const leader = new Leader(link, 'club', () => name, { clock: systemClock, timers, ttlMs: 800, everyMs: 100 });
  const created: string[] = [];
  const games = {
    async createPaired(white: Identity, black: Identity, terms: PairedTerms) {
      // The game as the game service would store it: the sweep reads it.
      await store.createGame(game(terms.id!, { whiteId: white.id, blackId: black.id, createdAt: T0 }));
      created.push(terms.id!);
      return ok({ id: terms.id!, side: 'first' as const });
    },
  };
  const director = new TournamentDirector({
    store,
    games,
    clock: systemClock,
    online: (ids) => new Set(ids),
    isDirector: () => leader.isLeader,
    log: () => {},
  });
  leader.start();
  director.start(100);
  const die = async () => {
    if (dead) return;
    dead = true;
    await director.stop();
  };
  cleanups.push(async () => {
    await die();
    await link.dispose();
    await store.close();
  });
  return { name, store, leader, director, created, die };
}

describe('one tournament director club-wide', () => {
  it('only the leader directs; when it dies the other takes over and nobody is paired twice', async () => {
    const schema = await tempSchema();
    cleanups.push(schema.dispose);
    const prefix = uniquePrefix();
    const a = await node('node-a', schema.url, prefix);
    const b = await node('node-b', schema.url, prefix);
    const players = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'];
    for (const p of players) await a.store.createUser(user(p, `Player${p}`));
    await a.store.createTournament(tournamentRow('club1', {}, { kind: 'arena', rated: false, startsAt: Date.now() + 2_000, durationMs: 600_000 }));
    for (const [i, p] of players.entries()) await a.store.enterTournament({ tournamentId: 'club1', userId: p, name: p, rating: 1500 + i, at: Date.now() }, 100);

    const running = async () => (await a.store.tournamentSheet('club1')).pairings.filter((p) => p.result === null);
    await eventually(async () => (await running()).length === 3, 10_000, 'the first pairings');
    expect(a.leader.isLeader !== b.leader.isLeader).toBe(true);
    const [first, second] = a.leader.isLeader ? [a, b] : [b, a];
    await eventually(() => a.created.length + b.created.length === 3, 5_000, 'the games');
    // Only the leader created the games.
    expect(first.created).toHaveLength(3);
    expect(second.created).toHaveLength(0);

    // The leader dies; two games end meanwhile (recorded by the nodes that decided them).
    await first.die();
    const [g1, g2] = await running();
    for (const p of [g1!, g2!]) {
      expect(await a.store.recordTournamentGame(p.gameId, { result: 1, forfeit: false, plies: 40, endedAt: Date.now() })).toBe(true);
    }
    await eventually(() => second.leader.isLeader, 5_000, 'the other node to lead');
    await eventually(async () => (await running()).length === 3, 10_000, 'the freed players paired again');
    await eventually(() => second.created.length === 2, 5_000, 'the new games');
    const sheet = await a.store.tournamentSheet('club1');
    const busy = sheet.pairings.filter((p) => p.result === null).flatMap((p) => [p.white, p.black]);
    expect(new Set(busy).size).toBe(busy.length);
    expect(sheet.entries.filter((e) => e.playing !== null)).toHaveLength(6);
    expect(sheet.pairings).toHaveLength(5);
  }, 30_000);
});
