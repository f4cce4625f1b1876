/** The club's own PGN export of a game of each kind imports back to the same moves, tags and start (issue 28). */
import { describe, expect, it } from 'vitest';
import { Game, apply, type GameSetup, type MoveEntry } from '@youzai/game';
import { importRecord, makeImportedPgn } from '@youzai/game/analysis';
import { VARIANT_KEYS, legalUcis, prng, type VariantKey } from '@youzai/rules';
import { wireView } from '../service/wire.ts';
import { toPgn } from './pgn.ts';

/** A game of `variant` of `plies` seeded moves (Sittuyin's placement included), as the service would export it. */
function played(variant: VariantKey, plies: number, seed: number) {
  const setup: GameSetup = { id: 'rt0001', variant, fen: null, clock: { kind: 'fischer', baseMs: 300_000, incrementMs: 2000 }, rated: false, createdAt: 0 };
  const seats = [
    { userId: 'a', name: 'an', kind: 'human' as const },
    { userId: 'b', name: 'binh', kind: 'human' as const },
  ] as const;
  const c = Game.create(setup, seats, 0);
  if (!c.ok) throw new Error(c.error.message);
  let g = c.value;
  const rnd = prng(seed);
  for (let i = 0; i < plies && g.status === 'active'; i++) {
    const legal = legalUcis(g.referee.pos);
    const uci = legal[Math.floor(rnd() * legal.length)]!;
    const r = apply(g, { type: 'move', by: g.turn, uci, ply: i }, 1000 * (i + 1));
    if (!r.ok) throw new Error(`${uci}: ${r.error.message}`);
    g = r.value.game;
  }
  return { view: wireView(g.view(10_000)), moves: g.moves as readonly MoveEntry[] };
}

describe('the club’s PGN export imports back', () => {
  for (const variant of VARIANT_KEYS) {
    it(`${variant}: the same moves, tags and clocks as comments; and the import's own PGN reads back the same`, () => {
      const g = played(variant, 60, 28);
      const pgn = toPgn(g.view, g.moves, 'https://club.example');
      const r = importRecord(pgn);
      expect(r.error).toBeNull();
      expect(r.game.variant).toBe(variant);
      expect(r.game.tree.mainline().map((n) => n.uci)).toEqual(g.moves.map((m) => m.uci));
      expect(r.game.tags).toContainEqual(['White', 'an']);
      expect(r.game.tags).toContainEqual(['Site', 'https://club.example/game/rt0001']);
      const first = r.game.tree.mainline()[0]!;
      expect(r.game.comments.get(first.id)).toMatch(/^\[%clk \d+:\d\d:\d\d\]$/);
      const again = importRecord(makeImportedPgn(r.game));
      expect(again.error).toBeNull();
      expect(again.game.tree.mainline().map((n) => n.uci)).toEqual(g.moves.map((m) => m.uci));
      expect([...again.game.comments]).toEqual([...r.game.comments]);
    });
  }
});
