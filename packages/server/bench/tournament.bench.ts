/**
 * npm run bench:tournament: a big arena run by the real director over the
 * store (memory by default, PostgreSQL with BENCH_STORE=postgres), its
 * games created instantly by a stand-in game service, so that what is
 * measured is the tournament's own work:
 *
 * - the first pass: every player entered is paired at the start;
 * - then, again and again, a share of the games end at once and the next
 *   pass pairs the players they freed: the time from a game's end to its
 *   players' next pairing is at most one pass interval (1 s) plus the pass;
 * - the view every watcher reads (standings with tie-breaks, games): built
 *   at most once a second per tournament.
 *
 * Nothing here is a test: the figures are printed. Env: BENCH_PLAYERS
 * (1000), BENCH_WAVES (20), BENCH_ENDING (share of games ending per wave,
 * 0.2), BENCH_STORE (memory|postgres).
 */
import { ok } from '@youzai/rules';
import type { Identity } from '@youzai/protocol';
import { game, tempSchema } from '../src/store/fixtures.ts';
import { memoryStore } from '../src/store/memory/store.ts';
import { postgresStore } from '../src/store/postgres/store.ts';
import type { Store } from '../src/store/types.ts';
import type { PairedTerms } from '../src/service/game-service.ts';
import { TournamentDirector } from '../src/tournaments/director.ts';
import { newTournament } from '../src/tournaments/routes.ts';
import { viewOf } from '../src/tournaments/view.ts';
import { percentile } from '../src/testing/server-process.ts';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1000);
const WAVES = Number(process.env.BENCH_WAVES ?? 20);
const ENDING = Number(process.env.BENCH_ENDING ?? 0.2);
const STORE = process.env.BENCH_STORE ?? 'memory';

let now = Date.UTC(2026, 11, 1, 12);
const clock = { now: () => now };

async function main(): Promise<void> {
  let dispose = async () => {};
  let store: Store;
  if (STORE === 'postgres') {
    const schema = await tempSchema();
    store = postgresStore(schema.url);
    dispose = schema.dispose;
  } else store = memoryStore();
  await store.migrate();
  let games = 0;
  const port = {
    async createPaired(w: Identity, b: Identity, terms: PairedTerms) {
      // A stored game, as the game service leaves it: the director's sweep reads it.
      await store.createGame(game(terms.id!, { whiteId: w.id, blackId: b.id, createdAt: now, updatedAt: now }));
      games++;
      return ok({ id: terms.id!, color: 0 as const });
    },
  };
  const director = new TournamentDirector({ store, games: port, clock, online: () => true, log: () => {} });
  const terms = {
    kind: 'arena' as const,
    variant: 'xiangqi',
    clock: { kind: 'fischer' as const, baseMs: 180_000, incrementMs: 2_000 },
    rated: false,
    startsAt: now + 1000,
    durationMs: 3_600_000,
    rounds: 0,
    roundGapMs: 0,
    berserk: false,
    minRatedGames: 0,
    maxPlayers: PLAYERS,
    lateJoinUntilRound: 0,
    withdrawAfterMs: 120_000,
  };
  await store.createTournament(newTournament('bench001', 'Bench arena', terms, { createdBy: null, roomId: null, inviteToken: null, scheduleKey: null }, now));
  for (let i = 0; i < PLAYERS; i++) {
    const id = `u${String(i).padStart(6, '0')}`;
    await store.createUser({ id, username: `p${i}`, passwordHash: null, createdAt: now });
    await store.enterTournament({ tournamentId: 'bench001', userId: id, name: `p${i}`, rating: 1200 + ((i * 7919) % 1000), at: now }, PLAYERS);
  }
  now += 1000;
  let t = performance.now();
  await director.tick();
  const first = performance.now() - t;
  let sheet = await store.tournamentSheet('bench001');
  const pairedFirst = sheet.pairings.length;

  const passes: number[] = [];
  const views: number[] = [];
  let freed = 0;
  let repaired = 0;
  for (let w = 0; w < WAVES; w++) {
    now += 30_000;
    const live = sheet.pairings.filter((p) => p.result === null);
    const ending = live.slice(0, Math.max(1, Math.floor(live.length * ENDING)));
    for (const [i, p] of ending.entries()) {
      await store.recordTournamentGame(p.gameId, { result: i % 3 === 0 ? 0.5 : i % 3 === 1 ? 1 : 0, forfeit: false, plies: 60, endedAt: now });
    }
    freed += ending.length * 2;
    const before = (await store.tournamentSheet('bench001')).pairings.length;
    now += 1000;
    t = performance.now();
    await director.tick();
    passes.push(performance.now() - t);
    sheet = await store.tournamentSheet('bench001');
    repaired += (sheet.pairings.length - before) * 2;
    const row = (await store.tournament('bench001'))!;
    t = performance.now();
    const v = viewOf(row, sheet, 'u000000', now);
    JSON.stringify(v);
    views.push(performance.now() - t);
  }
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  console.log(`bench:tournament — ${PLAYERS} players, arena, store ${STORE}`);
  console.log(`first pass: ${pairedFirst} games paired for ${PLAYERS} players in ${ms(first)}`);
  console.log(`${WAVES} waves of ${Math.round(ENDING * 100)}% of the games ending at once: ${freed} players freed, ${repaired} paired again in the next pass`);
  console.log(`director pass after a wave: p50 ${ms(percentile(passes, 50))}, p99 ${ms(percentile(passes, 99))}, max ${ms(Math.max(...passes))}`);
  console.log(`worst time from a game's end to the next pairing: pass interval 1000 ms + ${ms(Math.max(...passes))}`);
  console.log(`watchers' view (standings, games) built once a second: p50 ${ms(percentile(views, 50))}, max ${ms(Math.max(...views))}`);
  console.log(`games created: ${games}`);
  await store.close();
  await dispose();
}

void main();
