/**
 * npm run bench:ai — the computer opponent measured:
 *  1. per game and level, median and p95 time per move (no queueing);
 *  2. a strength ladder from self-play (level 8 vs 1, 6 vs 3; colours
 *     alternating) with win rates;
 *  3. throughput with 50 concurrent computer games at level 3.
 *
 * Shorten it with env vars: BENCH_GAMES (ladder games per pairing and game,
 * default 20), BENCH_POSITIONS (positions per game and level, default 20),
 * BENCH_THROUGHPUT_GAMES (default 50), BENCH_THROUGHPUT_SECONDS (default 60),
 * BENCH_POOL (workers, default the pool's own default), BENCH_VARIANTS
 * (e.g. "xiangqi,janggi"), BENCH_PAIRS (default "8-1,6-3"), BENCH_SKIP
 * (any of "times,ladder,throughput").
 */
import { startReferee } from '@youzai/game';
import { VARIANT_KEYS, isVariantKey, makeFen, type VariantKey } from '@youzai/rules';
import { availableParallelism, cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { LEVELS } from '../src/levels.ts';
import { chooseMove, movesToAvoid, type ClockView } from '../src/opponent.ts';
import { EnginePool, defaultPoolSize } from '../src/pool.ts';
import { playSelfGame, type SelfPlayResult } from '../src/self-play.ts';

const env = (name: string, dflt: number): number => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : dflt;
};
const GAMES = env('BENCH_GAMES', 20);
const POSITIONS = env('BENCH_POSITIONS', 20);
const TP_GAMES = env('BENCH_THROUGHPUT_GAMES', 50);
const TP_SECONDS = env('BENCH_THROUGHPUT_SECONDS', 60);
const POOL = env('BENCH_POOL', defaultPoolSize());
const VARIANTS: VariantKey[] = (process.env.BENCH_VARIANTS ?? VARIANT_KEYS.join(',')).split(',').filter(isVariantKey);
const PAIRS = (process.env.BENCH_PAIRS ?? '8-1,6-3').split(',').map((p) => p.split('-').map(Number) as [number, number]);
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(','));

const pct = (xs: readonly number[], p: number): number => {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
};
const pad = (s: string | number, n: number): string => String(s).padStart(n);

/** Runs `tasks` with at most `n` at once. */
async function limited<T>(n: number, tasks: (() => Promise<T>)[]): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  const run = async (): Promise<void> => {
    while (next < tasks.length) {
      const i = next++;
      out[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, tasks.length) }, run));
  return out;
}

/** Positions spread over one level-2 self-play game (Sittuyin placement included). */
async function samplePositions(pool: EnginePool, variant: VariantKey, n: number): Promise<string[]> {
  const game = await playSelfGame(pool, { gameId: `sample-${variant}`, variant, levels: [2, 2] });
  const r = startReferee(variant);
  if (!r.ok) throw new Error(r.error.message);
  const fens: string[] = [makeFen(r.value.pos)];
  for (const m of game.moves.slice(0, -1)) {
    r.value.play(m.uci);
    fens.push(makeFen(r.value.pos));
  }
  return Array.from({ length: Math.min(n, fens.length) }, (_, i) => fens[Math.floor((i * fens.length) / Math.min(n, fens.length))]!);
}

async function timesPerMove(pool: EnginePool): Promise<void> {
  console.log(`\n## Time per move (${POSITIONS} positions per game from a level-2 game; at most ${pool.size} searches at once, none queued)\n`);
  console.log('game      level  skill depth  movetime   median      p95   fallbacks');
  for (const variant of VARIANTS) {
    const fens = await samplePositions(pool, variant, POSITIONS);
    for (const l of LEVELS) {
      const results = await limited(
        pool.size,
        fens.map((fen, i) => () => chooseMove(pool, { gameId: `t-${variant}-${l.level}-${i}`, variant, fen, level: l.level })),
      );
      const ms = results.map((r) => r.ms);
      const fb = results.filter((r) => r.source === 'fallback').length;
      console.log(
        `${variant.padEnd(9)} ${pad(l.level, 5)} ${pad(l.skill, 6)} ${pad(l.depth, 5)} ${pad(l.movetimeMs, 9)} ${pad(pct(ms, 50), 8)} ${pad(pct(ms, 95), 8)} ${pad(fb, 11)}`,
      );
    }
  }
}

async function ladder(pool: EnginePool): Promise<void> {
  console.log(`\n## Strength ladder (${GAMES} games per pairing and game, colours alternating, untimed, judged by our referee)\n`);
  console.log('game      pairing  strong W/D/L   strong win%  score%  avg plies  fallbacks  ends');
  for (const variant of VARIANTS) {
    for (const [strong, weak] of PAIRS) {
      const t0 = performance.now();
      const games = await Promise.all(
        Array.from({ length: GAMES }, async (_, i) => {
          const strongFirst = i % 2 === 0;
          const levels = strongFirst ? ([strong, weak] as const) : ([weak, strong] as const);
          const g = await playSelfGame(pool, { gameId: `ladder-${variant}-${strong}v${weak}-${i}`, variant, levels });
          return { g, strongColor: strongFirst ? 0 : 1 };
        }),
      );
      let w = 0;
      let d = 0;
      let l = 0;
      const ends = new Map<string, number>();
      for (const { g, strongColor } of games) {
        const winner = g.verdict?.winner;
        if (winner === undefined || winner === null) d++;
        else if (winner === strongColor) w++;
        else l++;
        const why = g.verdict?.reason ?? (g.rejected ? 'REJECTED' : 'unfinished');
        ends.set(why, (ends.get(why) ?? 0) + 1);
      }
      const plies = games.reduce((s, x) => s + x.g.moves.length, 0) / games.length;
      const fb = games.reduce((s, x) => s + fallbacks(x.g), 0);
      const endText = [...ends].map(([k, n]) => `${k} ${n}`).join(', ');
      console.log(
        `${variant.padEnd(9)} ${pad(`${strong} v ${weak}`, 7)}  ${pad(`${w}/${d}/${l}`, 11)} ${pad(((100 * w) / GAMES).toFixed(0), 11)}% ${pad(((100 * (w + d / 2)) / GAMES).toFixed(0), 6)}% ${pad(plies.toFixed(0), 10)} ${pad(fb, 10)}  ${endText}  (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
      );
    }
  }
}

const fallbacks = (g: SelfPlayResult): number => g.moves.filter((m) => m.source === 'fallback').length;

async function throughput(pool: EnginePool): Promise<void> {
  const clock: ClockView = { remainingMs: 5 * 60_000, incrementMs: 3000 };
  console.log(`\n## Throughput: ${TP_GAMES} concurrent computer games at level 3 (both sides), ${TP_SECONDS} s, clock view 5+3\n`);
  const latencies: number[] = [];
  let moves = 0;
  let games = 0;
  let fb = 0;
  let rejected = 0;
  const end = performance.now() + TP_SECONDS * 1000;
  const before = pool.stats();
  const lag: number[] = [];
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    lag.push(now - last - 50);
    last = now;
  }, 50);
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: TP_GAMES }, async (_, i) => {
      const variant = VARIANTS[i % VARIANTS.length]!;
      while (performance.now() < end) {
        const r = startReferee(variant);
        if (!r.ok) throw new Error(r.error.message);
        const referee = r.value;
        const gameId = `tp-${i}-${games++}`;
        while (!referee.verdict && performance.now() < end) {
          const m = await chooseMove(pool, { gameId, variant, fen: makeFen(referee.pos), level: 3, clock, avoid: movesToAvoid(referee) });
          if (!referee.play(m.uci).ok) rejected++;
          latencies.push(m.ms);
          moves++;
          if (m.source === 'fallback') fb++;
        }
      }
    }),
  );
  clearInterval(ticker);
  const secs = (performance.now() - t0) / 1000;
  const after = pool.stats();
  console.log(
    `moves ${moves} in ${secs.toFixed(1)} s = ${(moves / secs).toFixed(1)} moves/s with ${pool.size} workers (${(moves / secs / pool.size).toFixed(1)} per worker)`,
  );
  console.log(`latency per move, queueing included: median ${pct(latencies, 50)} ms, p95 ${pct(latencies, 95)} ms, max ${pct(latencies, 100)} ms`);
  console.log(
    `games started ${games}; fallback moves ${fb}; moves rejected by the referee ${rejected}; worker restarts ${after.restarts - before.restarts}; timeouts ${after.timeouts - before.timeouts}`,
  );
  console.log(`main event loop lag (50 ms timer): median ${pct(lag, 50).toFixed(1)} ms, p95 ${pct(lag, 95).toFixed(1)} ms, max ${pct(lag, 100).toFixed(1)} ms`);
}

async function main(): Promise<void> {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  console.log(`# bench:ai — Fairy-Stockfish 1.1.12 (WASM, classical evaluation, 1 thread per engine), Node ${process.version}`);
  console.log(`${availableParallelism()} cores (${cpu}); pool of ${POOL} workers; games: ${VARIANTS.join(', ')}`);
  const pool = new EnginePool({ size: POOL });
  const t0 = performance.now();
  await pool.warmup();
  console.log(`pool warm-up (${POOL} engines): ${Math.round(performance.now() - t0)} ms`);
  try {
    if (!SKIP.has('times')) await timesPerMove(pool);
    if (!SKIP.has('ladder')) await ladder(pool);
    if (!SKIP.has('throughput')) await throughput(pool);
  } finally {
    await pool.close();
  }
  console.log(`\ntotal ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

await main();
