/**
 * npm run bench:adjudication: the cost of Xiangqi's check/chase bookkeeping
 * per ply. Long games are generated from seeded play that prefers captures,
 * checks and attacks on pieces (so chase detection has work to do), then
 * replayed twice: through the referee, and as bare moves on a position. The
 * difference per ply is the adjudication cost. Target: under 20 µs per ply.
 */
import { VARIANTS, parseFen, parseUci, makeUci, type Position } from '@youzai/rules';
import { XIANGQI_HOUSE_RULES } from '@youzai/rules';
import { XiangqiReferee } from '../src/xiangqi/referee.ts';
import { prng } from '@youzai/rules';

const v = VARIANTS.xiangqi;
const start = (): Position => {
  const r = parseFen(v, v.startFen);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

/** A game of up to `plies` moves: captures first when offered (half the time), else checks, else random. */
const endings = new Map<string, number>();

function makeGame(seed: number, plies: number): string[] {
  const rand = prng(seed);
  const ref = XiangqiReferee.start(start(), XIANGQI_HOUSE_RULES);
  const buf = new Int32Array(512);
  const moves: string[] = [];
  while (moves.length < plies && !ref.verdict) {
    const pos = ref.pos;
    const n = pos.legalMoves(buf);
    const all = Array.from(buf.subarray(0, n));
    const captures = all.filter((m) => pos.board[(m >> 8) & 255] !== 0);
    const checks = all.filter((m) => {
      pos.make(m);
      const c = pos.inCheck();
      pos.unmake();
      return c;
    });
    const pool = captures.length && rand() < 0.3 ? captures : checks.length && rand() < 0.3 ? checks : all;
    const m = pool[Math.floor(rand() * pool.length)]!;
    const uci = makeUci(pos, m);
    moves.push(uci);
    ref.play(uci);
  }
  const why = ref.verdict?.reason ?? 'unfinished';
  endings.set(why, (endings.get(why) ?? 0) + 1);
  return moves;
}

const GAMES = Number(process.env.BENCH_GAMES ?? 40);
const games = Array.from({ length: GAMES }, (_, i) => makeGame(7000 + i, 600));
const totalPlies = games.reduce((s, g) => s + g.length, 0);

function timeReferee(): number {
  const t = performance.now();
  for (const g of games) {
    const ref = XiangqiReferee.start(start(), XIANGQI_HOUSE_RULES);
    for (const uci of g) {
      const m = parseUci(ref.pos, uci);
      if (!m.ok) throw new Error(uci);
      ref.playMove(m.value);
      ref.state();
    }
  }
  return performance.now() - t;
}

function timeBare(): number {
  const t = performance.now();
  for (const g of games) {
    const pos = start();
    for (const uci of g) {
      const m = parseUci(pos, uci);
      if (!m.ok) throw new Error(uci);
      pos.make(m.value);
      pos.hasLegalMove();
    }
  }
  return performance.now() - t;
}

timeReferee();
timeBare();
let ref = Infinity;
let bare = Infinity;
for (let i = 0; i < 5; i++) {
  ref = Math.min(ref, timeReferee());
  bare = Math.min(bare, timeBare());
}
const us = (ms: number) => ((ms * 1000) / totalPlies).toFixed(2);
console.log(
  `games: ${games.length}, plies: ${totalPlies} (average ${(totalPlies / games.length).toFixed(0)}, longest ${Math.max(...games.map((g) => g.length))} per game)`,
);
console.log(`how they ended: ${JSON.stringify(Object.fromEntries(endings))}`);
console.log(`referee (move parse + facts + runs + counters + verdict + state): ${us(ref)} µs/ply`);
console.log(`bare (move parse + play + game-over test):                        ${us(bare)} µs/ply`);
console.log(`adjudication bookkeeping: ${us(ref - bare)} µs/ply (target < 20 µs)`);
