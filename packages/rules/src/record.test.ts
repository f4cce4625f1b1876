import { describe, expect, it } from 'vitest';
import { parseFen } from './fen.ts';
import { GameRecord } from './record.ts';
import { legalUcis } from './uci.ts';
import { VARIANTS } from './variants/registry.ts';
import type { VariantKey } from './types.ts';

function record(key: VariantKey, fen?: string): GameRecord {
  const v = VARIANTS[key];
  const r = parseFen(v, fen ?? v.startFen);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return new GameRecord(r.value);
}

function playAll(g: GameRecord, moves: string): void {
  for (const m of moves.split(' ')) {
    const r = g.play(m);
    if (!r.ok) throw new Error(`${m}: ${r.error.message}`);
  }
}

describe('xiangqi', () => {
  it('checkmate by two chariots, the flying general guarding the d-file', () => {
    const g = record('xiangqi', '4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1');
    expect(g.outcome).toBeNull();
    playAll(g, 'b1b10');
    expect(g.outcome).toEqual({ winner: 0, reason: 'checkmate' });
  });

  it('stalemate loses for the side that cannot move', () => {
    const g = record('xiangqi', '3k5/9/R8/9/9/9/9/9/9/4K4 w - - 0 1');
    playAll(g, 'a8a9');
    expect(legalUcis(g.pos)).toEqual([]);
    expect(g.pos.inCheck()).toBe(false);
    expect(g.outcome).toEqual({ winner: 0, reason: 'stalemate' });
  });

  it('near miss: the same king with one free square plays on', () => {
    const g = record('xiangqi', '3k5/9/R8/9/9/9/9/9/9/4K4 w - - 0 1');
    playAll(g, 'a8a7');
    expect(g.outcome).toBeNull();
  });

  it('no attacking piece on either side is a draw; one soldier left is not', () => {
    expect(record('xiangqi', '3k5/4a4/9/9/9/9/9/9/4A4/4K4 w - - 0 1').outcome).toEqual({ winner: null, reason: 'bare-material' });
    expect(record('xiangqi', '3k5/4a4/9/9/9/9/4P4/9/4A4/4K4 w - - 0 1').outcome).toBeNull();
  });

  it('a capture that removes the last attacker draws at once', () => {
    const g = record('xiangqi', '3k5/4a4/9/9/9/9/9/3p5/4A4/4K4 w - - 0 1');
    expect(g.outcome).toBeNull();
    playAll(g, 'e2d3');
    expect(g.outcome).toEqual({ winner: null, reason: 'bare-material' });
  });
});

describe('janggi', () => {
  it('a side not in check may pass; a side in check may not', () => {
    const free = record('janggi');
    expect(legalUcis(free.pos)).toContain('e2e2');
    const checked = record('janggi', '3k5/9/9/9/9/4r4/9/9/4K4/9 w - - 0 1');
    expect(checked.pos.inCheck()).toBe(true);
    expect(legalUcis(checked.pos)).not.toContain('e2e2');
    expect(checked.play('e2e2').ok).toBe(false);
  });

  it('two passes in a row end nothing', () => {
    const g = record('janggi');
    playAll(g, 'e2e2 e9e9 e2e2 e9e9');
    expect(g.outcome).toBeNull();
  });

  it('200 plies without a capture draw; 199 do not', () => {
    const g = record('janggi');
    const passes = Array.from({ length: 199 }, (_, i) => (i % 2 === 0 ? 'e2e2' : 'e9e9')).join(' ');
    playAll(g, passes);
    expect(g.outcome).toBeNull();
    playAll(g, 'e9e9');
    expect(g.outcome).toEqual({ winner: null, reason: 'no-capture-limit' });
  });

  it('a capture resets the count', () => {
    const g = record('janggi', '3k5/9/9/9/9/4p4/9/4R4/4K4/9 w - - 0 1');
    const passes = Array.from({ length: 150 }, (_, i) => (i % 2 === 0 ? 'e2e2' : 'd10d10')).join(' ');
    playAll(g, passes);
    playAll(g, 'e3e5');
    expect(g.quiet).toBe(0);
    expect(g.outcome).toBeNull();
  });

  it('checkmate ends the game; the mated side cannot pass', () => {
    // The chariot on a9 holds the 9th rank; b1b10 checks along the 10th: no escape, and no pass.
    const g = record('janggi', '4k4/R8/9/9/9/9/9/9/4K4/1R7 w - - 0 1');
    playAll(g, 'b1b10');
    expect(legalUcis(g.pos)).toEqual([]);
    expect(g.outcome).toEqual({ winner: 0, reason: 'checkmate' });
    // Near miss: with the 9th rank open the general steps to e9.
    const h = record('janggi', '4k4/9/9/9/9/9/9/9/4K4/1R7 w - - 0 1');
    playAll(h, 'b1b10');
    expect(h.outcome).toBeNull();
  });
});

describe('sittuyin', () => {
  it('placement: Red places first, only drops until all pieces are placed', () => {
    const g = record('sittuyin');
    const first = legalUcis(g.pos);
    expect(first.every((m) => m.includes('@'))).toBe(true);
    expect(first).toContain('K@d2');
    expect(first).toContain('R@a1');
    expect(first).not.toContain('R@a2'); // rooks on the back rank only
    expect(first).not.toContain('K@d3'); // occupied by a pawn
    expect(first).not.toContain('K@e4'); // outside the first three ranks
    playAll(g, 'K@d2 K@e7');
    expect(legalUcis(g.pos)).not.toContain('K@d1');
  });

  it('after placement Red moves first, and the 100-ply count starts then', () => {
    const g = record('sittuyin');
    playAll(g, 'K@e2 K@d7 F@d2 F@e7 R@a1 R@h8 R@h1 R@a8 S@c2 S@f7 S@f2 S@c7 N@b2 N@g7 N@g2 N@b7');
    expect(g.pos.handCount(0) + g.pos.handCount(1)).toBe(0);
    expect(g.pos.turn).toBe(0);
    expect(g.quiet).toBe(0);
    expect(legalUcis(g.pos).some((m) => m.includes('@'))).toBe(false);
  });

  it('bare kings draw; a capture that leaves them draws at once', () => {
    expect(record('sittuyin', '8/8/2k5/8/8/3K4/8/8[] w - - 0 1').outcome).toEqual({ winner: null, reason: 'bare-material' });
    const g = record('sittuyin', '8/8/2k5/8/3r4/3K4/8/8[] w - - 0 1');
    expect(g.outcome).toBeNull();
    playAll(g, 'd3d4');
    expect(g.outcome).toEqual({ winner: null, reason: 'bare-material' });
  });

  it('threefold repetition draws on the third occurrence, not the second', () => {
    const g = record('sittuyin', '4k3/8/8/8/8/8/8/R3K2R[] w - - 0 1');
    playAll(g, 'a1a2 e8d8 a2a1 d8e8 a1a2 e8d8 a2a1');
    expect(g.outcome).toBeNull();
    playAll(g, 'd8e8');
    expect(g.outcome).toEqual({ winner: null, reason: 'repetition' });
  });

  it('stalemate is a draw', () => {
    const h = record('sittuyin', 'k2F4/8/1K6/8/8/8/8/8[] w - - 0 1');
    playAll(h, 'd8c7');
    expect(h.outcome).toEqual({ winner: null, reason: 'stalemate' });
    // Near miss: the General goes the other way and b8 stays free.
    const g = record('sittuyin', 'k2F4/8/1K6/8/8/8/8/8[] w - - 0 1');
    playAll(g, 'd8e7');
    expect(g.outcome).toBeNull();
  });

  it('100 plies without capture or pawn move draw; 99 do not', () => {
    const g = record('sittuyin', '6k1/8/8/8/8/8/8/R3K2R[] w - - 0 1');
    const seen = new Map<string, number>([[g.pos.key(), 1]]);
    // Never reach a position a third time, so repetition cannot end the game first.
    for (let ply = 0; ply < 100; ply++) {
      expect(g.outcome).toBeNull();
      // Prefer a position not seen yet, then one seen once; never a capture or an ending.
      let best: string | null = null;
      let bestSeen = 2;
      for (const m of legalUcis(g.pos)) {
        const probe = new GameRecord(g.pos);
        probe.play(m);
        const n = seen.get(probe.pos.key()) ?? 0;
        if (n < bestSeen && !probe.plies[0]!.capture && !probe.outcome) {
          best = m;
          bestSeen = n;
        }
      }
      const played = best !== null && g.play(best).ok;
      if (played) seen.set(g.pos.key(), (seen.get(g.pos.key()) ?? 0) + 1);
      expect(played, `stuck at ply ${ply}`).toBe(true);
      if (ply === 98) expect(g.outcome).toBeNull();
    }
    expect(g.quiet).toBe(100);
    expect(g.outcome).toEqual({ winner: null, reason: 'progress-rule' });
  });

  it('promotion: no General on the board, pawn on a long diagonal in the far half, in place or one diagonal step', () => {
    const g = record('sittuyin', '7k/8/8/8/3P4/8/8/4K2r[] w - - 0 1');
    // d4 is in Red's own half: no promotion.
    expect(legalUcis(g.pos).filter((m) => m.endsWith('f'))).toEqual([]);
    // One pawn left: it may promote from any square.
    const one = record('sittuyin', '7k/8/8/8/2P5/8/8/4K3[] w - - 0 1');
    expect(legalUcis(one.pos).filter((m) => m.endsWith('f'))).toEqual(['c4b3f', 'c4b5f', 'c4c4f', 'c4d3f', 'c4d5f']);
    // Two pawns: only the one on e5 (long diagonal, far half) may.
    const two = record('sittuyin', '7k/8/8/4P3/8/1P6/8/4K3[] w - - 0 1');
    expect(legalUcis(two.pos).filter((m) => m.endsWith('f'))).toEqual(['e5d4f', 'e5d6f', 'e5e5f', 'e5f4f', 'e5f6f']);
    // The new General may not attack an enemy piece: d6 and f6 would attack the rook on e7
    // (and d4, f4 would open the e-file to the king): only the promotion in place is left.
    const near = record('sittuyin', '7k/4r3/8/4P3/8/1P6/8/4K3[] w - - 0 1');
    expect(legalUcis(near.pos).filter((m) => m.endsWith('f'))).toEqual(['e5e5f']);
    const side = record('sittuyin', '7k/2r5/8/4P3/8/1P6/8/K7[] w - - 0 1');
    expect(legalUcis(side.pos).filter((m) => m.endsWith('f'))).toEqual(['e5d4f', 'e5e5f', 'e5f4f', 'e5f6f']);
    // With a General on the board, no promotion at all.
    const has = record('sittuyin', '7k/8/8/4P3/8/1P6/5F2/4K3[] w - - 0 1');
    expect(legalUcis(has.pos).filter((m) => m.endsWith('f'))).toEqual([]);
  });
});
