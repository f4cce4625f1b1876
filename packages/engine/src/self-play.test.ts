// The computer plays whole games against itself at levels 1 and 2; our
// referee judges every move and ends every game by a rule.
import { VARIANT_KEYS } from '@youzai/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnginePool } from './pool.ts';
import { playSelfGame, type SelfPlayResult } from './self-play.ts';

const RULE_ENDS = [
  'checkmate',
  'stalemate',
  'bare-material',
  'repetition',
  'no-capture-limit',
  'progress-rule',
  'natural-limit',
  'length-limit',
  'perpetual-check',
  'perpetual-chase',
  'run-limit',
];

describe('self-play at low levels', () => {
  let pool: EnginePool;
  const games = new Map<string, SelfPlayResult>();

  beforeAll(async () => {
    pool = new EnginePool({ size: 2 });
    await pool.warmup();
    // Every game and both colourings at once: the pool shares its workers among them.
    const runs = VARIANT_KEYS.flatMap((variant) =>
      (
        [
          [1, 2],
          [2, 1],
        ] as const
      ).map(async (levels) => {
        const id = `${variant}-${levels.join('v')}`;
        games.set(id, await playSelfGame(pool, { gameId: id, variant, levels, clock: { remainingMs: 300_000, incrementMs: 2000 } }));
      }),
    );
    await Promise.all(runs);
  });
  afterAll(async () => {
    await pool?.close();
  });

  for (const variant of VARIANT_KEYS) {
    it(`${variant}: every move legal under our rules, every game ended by a rule`, () => {
      for (const levels of ['1v2', '2v1']) {
        const g = games.get(`${variant}-${levels}`)!;
        expect(g.rejected).toBeNull();
        expect(g.verdict).not.toBeNull();
        expect(g.verdict!.reason).toBeOneOf(RULE_ENDS);
        expect(g.moves.length).toBeGreaterThan(variant === 'sittuyin' ? 16 : 0); // Sittuyin: past the placement
        // The engine's own choices, not fallbacks, make the game.
        const fallbacks = g.moves.filter((m) => m.source === 'fallback').length;
        expect(fallbacks / g.moves.length).toBeLessThan(0.05);
      }
    });
  }

  it('Sittuyin games start with all 16 placements', () => {
    for (const levels of ['1v2', '2v1']) {
      const g = games.get(`sittuyin-${levels}`)!;
      expect(g.moves.slice(0, 16).every((m) => /^[KFRSN]@/.test(m.uci))).toBe(true);
      expect(g.moves[16]?.uci).not.toMatch(/@/);
    }
  });
});
