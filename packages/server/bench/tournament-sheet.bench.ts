/**
 * npm run bench:tournament-sheet: what a long arena's history costs the
 * server. bench:tournament measures a minute of a fresh arena; a real one
 * runs for hours and its finished games pile up (1,000 players playing
 * 3+2 games for two hours: about 60,000 pairings). This fills the club's
 * own store (SQLite on its thread, as `npm start` opens it; PostgreSQL with
 * BENCH_STORE=postgres) with such an arena, then times, each several times:
 * - the whole sheet (every entry, pairing and bye), which a view read
 *   whole (at most once a second per tournament, shared by its readers),
 *   and the running arena's view reads instead through its mirror;
 * - the live part a director pass reads instead (entries and the games being
 *   played) and the free players' own games;
 * - the standings view computed from the whole sheet (main thread);
 * - a director pass pairing ten freed players (the game service stubbed).
 * Nothing here is a test: the figures are printed.
 *
 * Env: BENCH_PLAYERS (1000), BENCH_PAIRINGS (60000), BENCH_STORE (sqlite|postgres).
 */
import type { ArenaMemo } from '@youzai/game/tournament';
import { performance } from 'node:perf_hooks';
import { openStore } from '../src/store/open.ts';
import { pairing, tempDir, tempSchema, tournamentRow } from '../src/store/fixtures.ts';
import type { Store } from '../src/store/types.ts';
import { percentile } from '../src/testing/server-process.ts';
import { TournamentDirector } from '../src/tournaments/director.ts';
import { SheetMirror } from '../src/tournaments/sheet-mirror.ts';
import { boardOf, viewOf } from '../src/tournaments/view.ts';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1000);
const PAIRINGS = Number(process.env.BENCH_PAIRINGS ?? 60_000);
const STORE = process.env.BENCH_STORE ?? 'sqlite';
const T0 = Date.now() - 3 * 3600_000;

const row = tournamentRow(
  'longarena',
  { name: 'Long arena', createdAt: T0 },
  { kind: 'arena', rated: false, startsAt: T0, durationMs: 6 * 3600_000, maxPlayers: PLAYERS, berserk: false, withdrawAfterMs: 600_000 },
);

async function timed(times: number, fn: () => Promise<unknown> | unknown): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

const fig = (xs: number[]) => `median ${percentile(xs, 50).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms (${xs.length} reads)`;

async function main(): Promise<void> {
  const dir = tempDir();
  const schema = STORE === 'postgres' ? await tempSchema() : null;
  const store: Store = await openStore(schema ? { DATABASE_URL: schema.url } : { DATA_DIR: dir.dir, SQLITE_SYNC: 'NORMAL' });
  try {
    const ids = Array.from({ length: PLAYERS }, (_, i) => `p${String(i).padStart(5, '0')}`);
    for (const id of ids) await store.createUser({ id, username: null, passwordHash: null, createdAt: T0 });
    await store.createTournament(row);
    await store.advanceTournament(row.id, 1, { status: 'running', round: 0, rounds: 0, startedAt: T0, endedAt: null, pairings: [], byes: [] });
    // Entered once the arena runs: its joins leave the version alone (before the start each would move it on).
    for (const [i, id] of ids.entries()) await store.enterTournament({ tournamentId: row.id, userId: id, name: id, rating: 1500 + (i % 400), at: T0 }, PLAYERS);
    let version = 2;
    let n = 0;
    const t0 = performance.now();
    // Rounds of everyone paired at once, each finished before the next: the history of a long arena.
    const half = Math.floor(PLAYERS / 2);
    for (let r = 0; n < PAIRINGS + half; r++) {
      const at = T0 + r * 60_000;
      const pairings = Array.from({ length: half }, (_, k) => pairing(`g${r}-${k}`, ids[(k + r) % PLAYERS]!, ids[(k + r + half) % PLAYERS]!, { pairedAt: at }));
      await store.advanceTournament(row.id, version++, { status: 'running', round: 0, rounds: 0, startedAt: T0, endedAt: null, pairings, byes: [] });
      n += pairings.length;
      // The last round stays in play (the games being played now).
      if (n >= PAIRINGS + half) break;
      await Promise.all(
        pairings.map((p, k) =>
          store.recordTournamentGame(p.gameId, { result: ([1, 0.5, 0] as const)[k % 3]!, forfeit: false, plies: 40, endedAt: at + 50_000 }),
        ),
      );
    }
    console.log(
      `bench:tournament-sheet — store ${STORE}; an arena of ${PLAYERS} players with ${n} pairings (${n - half} finished, ${half} being played), written in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const whole = await timed(5, () => store.tournamentSheet(row.id));
    const live = await timed(20, () => store.tournamentLive(row.id));
    const ten = ids.slice(0, 10);
    const own = await timed(20, () => store.pairingsOf(row.id, ten));
    const current = (await store.tournament(row.id))!;
    const sheet = await store.tournamentSheet(row.id);
    const view = await timed(5, () => viewOf(current, sheet, null, Date.now()));
    // The view's read of a running arena: its mirror, refreshed after five games end each time.
    const mirror = new SheetMirror(store, row.id);
    const memo: ArenaMemo = new Map();
    const running = (await store.tournament(row.id))!;
    boardOf(running, await mirror.read(Date.now()), Date.now(), memo);
    const mirrored: number[] = [];
    const boards: number[] = [];
    for (let i = 0; i < 20; i++) {
      const open = (await store.tournamentLive(row.id)).pairings.slice(0, 5);
      for (const p of open) await store.recordTournamentGame(p.gameId, { result: 0, forfeit: false, plies: 40, endedAt: Date.now() });
      const t = performance.now();
      const got = await mirror.read(Date.now());
      mirrored.push(performance.now() - t);
      if (got.pairings.length !== n) throw new Error(`the mirror holds ${got.pairings.length} pairings, the store ${n}`);
      const b = performance.now();
      boardOf(running, got, Date.now(), memo);
      boards.push(performance.now() - b);
    }
    console.log(`whole sheet (a view's read of a finished arena, a Swiss, the mirror's first): ${fig(whole)}`);
    console.log(`the view's read of a running arena (its mirror: the live part and what changed; five games ended between reads): ${fig(mirrored)}`);
    console.log(`live part (a director pass's read): ${fig(live)}`);
    console.log(`ten players' own games (read when they are free): ${fig(own)}`);
    console.log(`standings view from the whole sheet (main thread; a finished arena's, or a running one's first): ${fig(view)}`);
    console.log(`standings view of a running arena, its players' figures kept from the last view (main thread; ten players' games changed): ${fig(boards)}`);

    // Director passes: each time, the games of ten players end and a pass pairs them again.
    const director = new TournamentDirector({
      store,
      games: { createPaired: async () => ({ ok: true, value: undefined }) as never },
      clock: { now: () => Date.now() },
      online: (u) => new Set(u),
      log: () => {},
    });
    await director.tick();
    const passes: number[] = [];
    for (let i = 0; i < 20; i++) {
      const playing = (await store.tournamentLive(row.id)).pairings.slice(0, 5);
      for (const p of playing) await store.recordTournamentGame(p.gameId, { result: 1, forfeit: false, plies: 40, endedAt: Date.now() - 30_000 });
      const t = performance.now();
      await director.tick();
      passes.push(performance.now() - t);
    }
    const traced = director.trace().passes.slice(-20);
    console.log(
      `director pass pairing ten freed players: median ${percentile(passes, 50).toFixed(1)} ms, max ${Math.max(...passes).toFixed(1)} ms (20 passes; paired ${traced.reduce((a, p) => a + p.paired, 0)} in all; reads median ${percentile(
        traced.map((p) => p.readMs),
        50,
      ).toFixed(1)} ms a pass)`,
    );
  } catch (e) {
    console.error('bench:tournament-sheet failed:', e);
    process.exitCode = 1;
  } finally {
    await store.close();
    dir.dispose();
    await schema?.dispose();
  }
}

void main();
