/**
 * The live positions: the hash, the rule of open plies, and one suite run on
 * both state adapters (memory, and Redis under a key prefix of its own).
 */
import type { GameEvent } from '@youzai/game';
import { VARIANTS, makeFen, parseFen, randomWalk, type VariantKey } from '@youzai/rules';
import { afterEach, describe, expect, it } from 'vitest';
import type { GameChange } from '../service/game-pipeline.ts';
import type { GameRow } from '../store/games.ts';
import { testRedis } from '../testing/redis.ts';
import { LivePositions, MemoryLivePositions, OPEN_PLIES, madePositionKey, positionKey, RedisLivePositions, type LivePositionState } from './live-positions.ts';

const AFTER_7 = 'r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN1C1N2/9/R1BAKABR1 b - - 7 4';
const AFTER_6 = 'r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKABR1 w - - 6 4';

function change(id: string, status: GameRow['status'], events: readonly GameEvent[], setupFen: string | null = null): GameChange {
  const row = { id, variant: 'xiangqi', status, data: { game: { setup: { variant: 'xiangqi', fen: setupFen } } } } as unknown as GameRow;
  return { row, events, before: null };
}
const move = (ply: number, fen: string) => ({ type: 'move', ply, fen }) as unknown as GameEvent;
const end = { type: 'end' } as unknown as GameEvent;

describe('positionKey', () => {
  it('is the board, pockets and side to move: not the move counters', () => {
    expect(positionKey('xiangqi', AFTER_7)).toBe(positionKey('xiangqi', AFTER_7.replace(/ 7 4$/, ' 0 1')));
    expect(positionKey('xiangqi', AFTER_7)).not.toBe(positionKey('xiangqi', AFTER_7.replace(/ b /, ' w ')));
    expect(positionKey('xiangqi', AFTER_7)).not.toBe(positionKey('janggi', VARIANTS.janggi.startFen));
    const sit = VARIANTS.sittuyin.startFen;
    expect(positionKey('sittuyin', sit)).not.toBe(positionKey('sittuyin', sit.replace('NN', 'N')));
    expect(positionKey('xiangqi', 'nonsense')).toBeNull();
  });

  it("is read off the text of the rules' own FENs as positionKey computes it, in every variant (madePositionKey)", () => {
    let seen = 0;
    for (const variant of Object.keys(VARIANTS) as VariantKey[]) {
      const start = parseFen(VARIANTS[variant], VARIANTS[variant].startFen);
      if (!start.ok) throw new Error(start.error.message);
      for (let seed = 1; seed <= 8; seed++)
        randomWalk(start.value, 120, seed, (pos) => {
          const fen = makeFen(pos);
          expect(madePositionKey(variant, fen)).toBe(positionKey(variant, fen));
          seen++;
        });
    }
    expect(seen).toBeGreaterThan(1000);
    // Only the board and the side to move: not the counters.
    expect(madePositionKey('xiangqi', AFTER_7)).toBe(positionKey('xiangqi', AFTER_7.replace(/ 7 4$/, ' 0 1')));
    expect(madePositionKey('xiangqi', AFTER_6)).not.toBe(madePositionKey('xiangqi', AFTER_7));
  });
});

const links: { dispose(): Promise<void> }[] = [];
afterEach(async () => {
  for (const l of links.splice(0)) await l.dispose();
});

const adapters: [string, () => Promise<LivePositionState>][] = [
  ['memory', async () => new MemoryLivePositions()],
  [
    'redis',
    async () => {
      const link = await testRedis();
      links.push(link);
      return new RedisLivePositions(link);
    },
  ],
];

describe.each(adapters)('live positions on %s', (_name, make) => {
  it('refuses the current position of a game in progress until it moves on or ends; a position two games share stays until both left it', async () => {
    const live = new LivePositions(await make());
    expect(await live.refuses('xiangqi', AFTER_7)).toBe(false);
    await live.onChange(change('g1', 'active', [move(7, AFTER_7)]));
    await live.onChange(change('g2', 'active', [move(7, AFTER_7)]));
    expect(await live.refuses('xiangqi', AFTER_7.replace(/ 7 4$/, ' 0 1'))).toBe(true);
    expect(await live.refuses('janggi', VARIANTS.janggi.startFen)).toBe(false);
    // g1 moves on: g2 still stands there.
    await live.onChange(change('g1', 'active', [move(8, VARIANTS.xiangqi.startFen.replace(' w ', ' b '))]));
    expect(await live.refuses('xiangqi', AFTER_7)).toBe(true);
    await live.onChange(change('g2', 'finished', [end]));
    expect(await live.refuses('xiangqi', AFTER_7)).toBe(false);
    // A takeback back to it, then an abort.
    await live.onChange(change('g1', 'active', [{ type: 'takeback', ply: 7, fen: AFTER_7 } as unknown as GameEvent]));
    expect(await live.refuses('xiangqi', AFTER_7)).toBe(true);
    await live.onChange(change('g1', 'aborted', [end]));
    expect(await live.refuses('xiangqi', AFTER_7)).toBe(false);
  });

  it(`leaves open the first ${OPEN_PLIES} plies from the usual start, but not those of a set-up start`, async () => {
    const live = new LivePositions(await make());
    await live.onChange(change('g1', 'active', [move(OPEN_PLIES, AFTER_6)]));
    expect(await live.refuses('xiangqi', AFTER_6)).toBe(false);
    await live.onChange(change('g2', 'active', [move(2, AFTER_6)], '4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1'));
    expect(await live.refuses('xiangqi', AFTER_6)).toBe(true);
    // Other changes (a draw offer) leave the position as it was.
    await live.onChange(change('g2', 'active', [{ type: 'draw-offer', by: 0 } as unknown as GameEvent]));
    expect(await live.refuses('xiangqi', AFTER_6)).toBe(true);
    // A set-up start is refused from its first position on.
    const setUp = '4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1';
    await live.onChange(change('g3', 'active', [{ type: 'started' } as unknown as GameEvent], setUp));
    expect(await live.refuses('xiangqi', setUp)).toBe(true);
  });

  it('restores the games a restarted node loaded', async () => {
    const live = new LivePositions(await make());
    const start = VARIANTS.xiangqi.startFen;
    await live.restore([
      { id: 'g1', variant: 'xiangqi', status: 'active', fen: AFTER_7, ply: 7, initialFen: start },
      { id: 'g2', variant: 'xiangqi', status: 'active', fen: AFTER_6, ply: 6, initialFen: start },
    ]);
    expect([await live.refuses('xiangqi', AFTER_7), await live.refuses('xiangqi', AFTER_6)]).toEqual([true, false]);
  });
});
