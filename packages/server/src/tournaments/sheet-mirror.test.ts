import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pairing, T0, tournamentRow, user } from '../store/fixtures.ts';
import { memoryStore } from '../store/memory/store.ts';
import type { Store } from '../store/types.ts';
import { PAIRED_MARGIN_MS, SheetMirror, WHOLE_EVERY_MS, type MirrorStore } from './sheet-mirror.ts';

const PLAYERS = Array.from({ length: 8 }, (_, i) => `u${i}`);
const running = { status: 'running', round: 0, rounds: 0, startedAt: T0, endedAt: null } as const;

async function arena(): Promise<{
  store: Store;
  pair: (w: string, b: string, at: number) => Promise<string>;
  finish: (gameId: string, at: number) => Promise<void>;
}> {
  const store = memoryStore();
  await store.migrate();
  for (const u of PLAYERS) await store.createUser(user(u));
  await store.createTournament(tournamentRow('a1', {}, { kind: 'arena', startsAt: T0 }));
  await store.advanceTournament('a1', 1, { ...running, pairings: [], byes: [] });
  // Entered once it runs: an arena's joins leave its version alone.
  for (const u of PLAYERS) await store.enterTournament({ tournamentId: 'a1', userId: u, name: u, rating: 1500, at: T0 }, 100);
  let version = 2;
  let n = 0;
  return {
    store,
    async pair(w, b, at) {
      const id = `g${String(n++).padStart(4, '0')}`;
      await store.advanceTournament('a1', version++, { ...running, pairings: [pairing(id, w, b, { pairedAt: at })], byes: [] });
      return id;
    },
    async finish(gameId, at) {
      expect(await store.recordTournamentGame(gameId, { result: 1, forfeit: false, plies: 30, endedAt: at })).toBe(true);
    },
  };
}

describe('a running arena’s sheet mirrored between reads', () => {
  it('reads as the store’s whole sheet after any games paired and finished between reads (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat(3), fc.nat(1_000)), { minLength: 1, maxLength: 40 }), async (steps) => {
        const w = await arena();
        const mirror = new SheetMirror(w.store, 'a1');
        let now = T0;
        for (const [kind, arg] of steps) {
          now += 1 + arg;
          const sheet = await w.store.tournamentSheet('a1');
          const free = sheet.entries.filter((e) => e.playing === null).map((e) => e.userId);
          const open = sheet.pairings.filter((p) => p.result === null);
          if (kind === 0 && free.length >= 2) await w.pair(free[0]!, free[1]!, now);
          else if (kind === 1 && open.length > 0) await w.finish(open[arg % open.length]!.gameId, now);
          else if (kind === 2) now += PAIRED_MARGIN_MS * 2;
          else expect(await mirror.read(now)).toEqual({ ...(await w.store.tournamentSheet('a1')), byes: [] });
        }
        expect(await mirror.read(now)).toEqual({ ...(await w.store.tournamentSheet('a1')), byes: [] });
      }),
      { numRuns: 60 },
    );
  });

  it('a game that ends between its two reads is found finished, and one paired between them is found', async () => {
    const w = await arena();
    const old = await w.pair('u0', 'u1', T0);
    const now = T0 + 10 * PAIRED_MARGIN_MS;
    let between: (() => Promise<void>) | null = null;
    const racing: MirrorStore = {
      tournamentSheet: (id) => w.store.tournamentSheet(id),
      tournamentLive: async (id) => {
        const live = await w.store.tournamentLive(id);
        const run = between;
        between = null;
        await run?.();
        return live;
      },
      pairingsChanged: (id, since, ids) => w.store.pairingsChanged(id, since, ids),
    };
    const raced = new SheetMirror(racing, 'a1');
    await raced.read(now);
    // A whole read first; the race is in the next, incremental one: between its live read and its read of what
    // changed, the old game (paired long before the margin) ends, and a new one is paired.
    between = async () => {
      await w.finish(old, now + 1);
      await w.pair('u2', 'u3', now + 1);
    };
    const sheet = await raced.read(now + 2);
    // The pairings as they are now; the entries as the live read found them (who is playing: the next read has it).
    expect(sheet.pairings).toEqual((await w.store.tournamentSheet('a1')).pairings);
    expect(await raced.read(now + 3)).toEqual({ ...(await w.store.tournamentSheet('a1')), byes: [] });
    expect(sheet.pairings.find((p) => p.gameId === old)?.result).toBe(1);
    expect(sheet.pairings.filter((p) => p.result === null).map((p) => [p.white, p.black])).toEqual([['u2', 'u3']]);
  });

  it('after the first whole read, refreshes do not read the whole sheet until WHOLE_EVERY_MS', async () => {
    const w = await arena();
    const calls: string[] = [];
    const spied: MirrorStore = {
      tournamentSheet: (id) => {
        calls.push('whole');
        return w.store.tournamentSheet(id);
      },
      tournamentLive: (id) => {
        calls.push('live');
        return w.store.tournamentLive(id);
      },
      pairingsChanged: (id, since, ids) => {
        calls.push('changed');
        return w.store.pairingsChanged(id, since, ids);
      },
    };
    const mirror = new SheetMirror(spied, 'a1');
    await mirror.read(T0);
    const g = await w.pair('u0', 'u1', T0 + 1);
    await mirror.read(T0 + 1000);
    await w.finish(g, T0 + 2000);
    expect((await mirror.read(T0 + 2000)).pairings.map((p) => p.result)).toEqual([1]);
    expect(calls).toEqual(['whole', 'live', 'changed', 'live', 'changed']);
    await mirror.read(T0 + WHOLE_EVERY_MS);
    expect(calls.at(-1)).toBe('whole');
  });
});
