/**
 * Xiangqi referee: perpetual chase, what is not a chase, and both sides
 * violating at once (RULES.md, "Perpetual check and perpetual chase"). Every
 * line is legal play from the given position. The exception tests assert,
 * through the engine's move list alone, that each threat is real, so that
 * only the exception keeps the move from being a chase.
 */
import { describe, expect, it } from 'vitest';
import { BLACK, RED, attacks, game, moves, playOn, playToEnd, recapturable, runOf, step, times } from './testing.ts';

// Red's chariot a1/b1 chases Black's unprotected horse b8/a6; Black's cannon h3 is a second target.
const HORSE_HUNT = '5k3/9/1n7/9/9/9/9/7c1/9/R2K5 w - - 0 1';
const HORSE_HUNT_CYCLE = 'a1b1 b8a6 b1a1 a6b8';

const from = (uci: string): string => /^([a-i]\d+)[a-i]\d+$/.exec(uci)![1]!;
const to = (uci: string): string => /^[a-i]\d+([a-i]\d+)$/.exec(uci)![1]!;

/**
 * Plays a hunt: each Red move makes a new attack on Black's piece, which then
 * moves away (from `target` on). Checks with the engine's move list that the
 * moving piece did not attack the target before and does after, runs `probe`
 * on the position after each Red move, and checks the game goes on.
 */
function hunt(ref: ReturnType<typeof game>, line: string, target: string, probe: (red: string, target: string) => void): void {
  for (const m of moves(line)) {
    const red = ref.pos.turn === RED;
    if (red) expect(attacks(ref, RED, from(m), target), `${m} before`).toBe(false);
    step(ref, m);
    expect(ref.verdict, `verdict after ${m} (ply ${ref.ply})`).toBeNull();
    if (red) {
      expect(attacks(ref, RED, to(m), target), `${m} attacks ${target}`).toBe(true);
      probe(m, target);
    } else target = to(m);
  }
}

describe('perpetual chase', () => {
  it('the 7th chase of the same piece by one piece loses; the 6th goes on', () => {
    const ref = game(HORSE_HUNT);
    playOn(ref, times(HORSE_HUNT_CYCLE, 3));
    expect(runOf(ref, RED)).toEqual({ kind: 'chase', length: 6, pieces: 1, limit: 6, target: { square: 'b8', role: 'n' } });
    const v = playToEnd(ref, 'a1b1');
    expect(ref.ply).toBe(13);
    expect(v).toMatchObject({ reason: 'perpetual-chase', winner: BLACK, result: '0-1' });
    expect(v).toMatchObject({
      code: 'perpetual',
      params: { side: RED },
      runs: [{ kind: 'chase', side: RED, length: 7, pieces: 1, limit: 6, target: { role: 'n', owner: BLACK, square: 'b8' } }],
    });
  });

  it('the run follows the chased piece wherever it goes', () => {
    const ref = game(HORSE_HUNT);
    const seen: string[] = [];
    hunt(ref, times(HORSE_HUNT_CYCLE, 2), 'b8', () => seen.push(`${runOf(ref, RED)!.length}@${runOf(ref, RED)!.target!.square}`));
    expect(seen).toEqual(['1@b8', '2@a6', '3@b8', '4@a6']);
    // After Black's move the run shows where the horse went.
    expect(runOf(ref, RED)).toMatchObject({ length: 4, target: { square: 'b8', role: 'n' } });
  });

  it('chasing another piece starts a new run, and a move that chases nothing ends it', () => {
    const ref = game(HORSE_HUNT);
    playOn(ref, 'a1b1 b8a6 b1a1 a6b8 a1b1 b8a6');
    expect(runOf(ref, RED)).toMatchObject({ kind: 'chase', length: 3, target: { square: 'a6', role: 'n' } });
    step(ref, 'b1b3'); // now attacks the cannon h3, not the horse
    expect(runOf(ref, RED)).toEqual({ kind: 'chase', length: 1, pieces: 1, limit: 6, target: { square: 'h3', role: 'c' } });
    step(ref, 'h3h4');
    expect(runOf(ref, RED)).toMatchObject({ length: 1, target: { square: 'h4', role: 'c' } });
    step(ref, 'd1d2');
    expect(runOf(ref, RED)).toBeNull();
    expect(ref.verdict).toBeNull();
  });

  it('a discovered chase counts, for the cannon that gained a screen', () => {
    // The elephant c5→a3 becomes the screen of cannon a1 against the horse a6; then the cannon itself chases.
    const ref = game('3k5/9/9/9/n8/2B6/2P6/9/9/C3K4 w - - 0 1');
    expect(attacks(ref, RED, 'a1', 'a6')).toBe(false);
    step(ref, 'c5a3');
    expect(attacks(ref, RED, 'a1', 'a6')).toBe(true);
    expect(runOf(ref, RED)).toEqual({ kind: 'chase', length: 1, pieces: 1, limit: 6, target: { square: 'a6', role: 'n' } });
    step(ref, 'a6c7');
    step(ref, 'a1c1'); // screen: the soldier c4
    expect(runOf(ref, RED)).toEqual({ kind: 'chase', length: 2, pieces: 1, limit: 6, target: { square: 'c7', role: 'n' } });
  });

  it('a chariot attacked by a horse is chased even though it is protected', () => {
    // Black's chariots i7/i4 and i8 protect each other on the file; Red's horse g3/h5 attacks i7 and i4 in turn.
    const ref = game('4k4/9/8r/8r/9/9/9/6N2/9/5K3 w - - 0 1');
    hunt(ref, times('g3h5 i7i4 h5g3 i4i7', 3), 'i7', (m, chariot) => {
      expect(recapturable(ref, RED, to(m), chariot)).toBe(true);
      expect(runOf(ref, RED)).toMatchObject({ kind: 'chase', target: { square: chariot, role: 'r' } });
    });
    expect(runOf(ref, RED)).toMatchObject({ kind: 'chase', length: 6, limit: 6 });
    expect(playToEnd(ref, 'g3h5')).toMatchObject({ reason: 'perpetual-chase', winner: BLACK });
  });

  it('a chariot attacked by a cannon is chased even though it is protected', () => {
    // The cannon e9/i9 attacks the chariot on e5 (protected by the soldier e6) or on i5 (by the chariot i8).
    const ref = game('4k4/4C4/8r/9/4p4/8r/9/9/9/5K3 w - - 0 1');
    hunt(ref, times('e9i9 i5e5 i9e9 e5i5', 3), 'i5', (m, chariot) => {
      expect(recapturable(ref, RED, to(m), chariot)).toBe(true);
      expect(runOf(ref, RED)).toMatchObject({ kind: 'chase', target: { square: chariot, role: 'r' } });
    });
    expect(playToEnd(ref, 'e9i9')).toMatchObject({
      code: 'perpetual',
      params: { side: RED },
      runs: [{ kind: 'chase', side: RED, length: 7, pieces: 1, limit: 6, target: { role: 'r', owner: BLACK, square: 'i5' } }],
    });
  });

  it('a soldier that has crossed the river can be chased', () => {
    const ref = game('3k5/9/9/9/9/2p6/9/9/R8/4K4 w - - 0 1');
    const v = playToEnd(ref, `a2c2 ${times('c5b5 c2b2 b5c5 b2c2', 3)}`);
    expect(ref.ply).toBe(13);
    expect(v).toMatchObject({
      code: 'perpetual',
      params: { side: RED },
      runs: [{ kind: 'chase', side: RED, length: 7, pieces: 1, limit: 6, target: { role: 'p', owner: BLACK, square: 'c5' } }],
    });
  });
});

describe('not a chase', () => {
  it('attacks by the general: eight new attacks on an unprotected cannon, no run', () => {
    const ref = game('5k3/9/9/9/9/9/9/9/3c5/4K4 w - - 0 1');
    hunt(ref, 'e1d1 d2d3 d1d2 d3e3 d2d3 e3e2 d3d2 e2e1 d2d1 e1e2 d1d2 e2e1 d2d1 e1e2 d1e1 e2a2', 'd2', () => {
      expect(runOf(ref, RED)).toBeNull();
    });
    expect(ref.ply).toBe(16);
  });

  it('attacks by a soldier: seven new attacks on an unprotected cannon, no run', () => {
    const ref = game('5k3/9/9/P1c6/9/9/9/9/9/3K5 w - - 0 1');
    hunt(ref, 'a7b7 c7d7 b7c7 d7e7 c7d7 e7f7 d7e7 f7g7 e7f7 g7h7 f7g7 h7i7 g7h7 i7i8', 'c7', () => {
      expect(runOf(ref, RED)).toBeNull();
    });
    expect(ref.ply).toBe(14);
  });

  it('threatening soldiers that have not crossed the river: nine new attacks, no run', () => {
    const ref = game('4k4/9/9/p1p1p1p1p/9/9/9/9/R8/4K4 w - - 0 1');
    for (const m of moves('a2c2 e10d10 c2e2 d10d9 e2g2 d9e9 g2i2 e9e10 i2g2 e10d10 g2e2 d10d9 e2c2 d9e9 c2a2 e9e10 a2c2')) {
      const red = ref.pos.turn === RED;
      const soldier = `${to(m)[0]}7`;
      if (red) expect(attacks(ref, RED, from(m), soldier)).toBe(false);
      step(ref, m);
      expect(ref.verdict).toBeNull();
      if (red) {
        expect(attacks(ref, RED, to(m), soldier)).toBe(true);
        expect(recapturable(ref, RED, to(m), soldier)).toBe(false);
        expect(runOf(ref, RED)).toBeNull();
      }
    }
    expect(ref.ply).toBe(17);
  });

  it('exchange offers: a chariot follows a chariot that can always take it back, eight times, no run', () => {
    const ref = game('3k5/9/9/9/2r6/9/9/9/9/R3K4 w - - 0 1');
    hunt(ref, 'a1a6 c6c10 a6c6 c10a10 c6a6 a10b10 a6b6 b10c10 b6c6 c10b10 c6b6 b10a10 b6a6 a10b10 a6a10 b10c10', 'c6', (m, chariot) => {
      expect(attacks(ref, BLACK, chariot, to(m))).toBe(true);
      expect(runOf(ref, RED)).toBeNull();
    });
    expect(ref.ply).toBe(16);
  });

  it('a horse that cannot take back is chased; one that can is offered an exchange', () => {
    // Black's soldier e6 blocks the horse e7's leg towards d5.
    const blocked = game('5k3/9/9/4n4/4p4/9/9/2N6/9/3K5 w - - 0 1');
    step(blocked, 'c3d5');
    expect(attacks(blocked, BLACK, 'e7', 'd5')).toBe(false);
    expect(runOf(blocked, RED)).toEqual({ kind: 'chase', length: 1, pieces: 1, limit: 6, target: { square: 'e7', role: 'n' } });
    const open = game('5k3/9/9/4n4/p8/9/9/2N6/9/3K5 w - - 0 1');
    step(open, 'c3d5');
    expect(attacks(open, RED, 'd5', 'e7')).toBe(true);
    expect(attacks(open, BLACK, 'e7', 'd5')).toBe(true);
    expect(runOf(open, RED)).toBeNull();
  });

  it('a protected piece is not chased: eight new attacks on a horse that can always be avenged, no run', () => {
    // Black's chariots i9 and i8 guard ranks 9 and 8; the general guards f10.
    const ref = game('4k4/8r/n7r/9/9/9/9/9/9/1R1K5 w - - 0 1');
    hunt(ref, 'b1a1 a8c9 a1c1 c9a8 c1a1 a8c9 a1a9 c9e8 a9a8 e8g9 a8a9 g9e8 a9a8 e8f10 a8f8 f10e8', 'a8', (m, horse) => {
      expect(recapturable(ref, RED, to(m), horse)).toBe(true);
      expect(runOf(ref, RED)).toBeNull();
    });
    expect(ref.ply).toBe(16);
  });

  it('the same hunt without the guards is a chase, and the 7th loses', () => {
    const ref = game('4k4/9/n8/9/9/9/9/9/9/1R1K5 w - - 0 1');
    const v = playToEnd(ref, 'b1a1 a8c9 a1c1 c9a8 c1a1 a8c9 a1a9 c9e8 a9a8 e8g9 a8a9 g9e8 a9a8');
    expect(v).toMatchObject({
      code: 'perpetual',
      params: { side: RED },
      runs: [{ kind: 'chase', side: RED, length: 7, pieces: 1, limit: 6, target: { role: 'n', owner: BLACK, square: 'e8' } }],
    });
  });

  it('a move that checks counts as a check, not as a chase', () => {
    // The horse e6→d8 attacks the unprotected cannon f7; with the general on e10 it also checks.
    const checking = game('4k4/9/9/5c3/4N4/9/9/9/9/3K5 w - - 0 1');
    step(checking, 'e6d8');
    expect(attacks(checking, RED, 'd8', 'f7')).toBe(true);
    expect(runOf(checking, RED)).toEqual({ kind: 'check', length: 1, pieces: 1, limit: 6, target: null });
    const quiet = game('5k3/9/9/5c3/4N4/9/9/9/9/3K5 w - - 0 1');
    step(quiet, 'e6d8');
    expect(runOf(quiet, RED)).toEqual({ kind: 'chase', length: 1, pieces: 1, limit: 6, target: { square: 'f7', role: 'c' } });
  });
});

describe('both sides in a run', () => {
  it('check against check, both past their limits: draw', () => {
    // Cannons and chariots on the e- and f-files: each move blocks the check it answers and uncovers a check.
    const ref = game('9/4k4/3c1c3/5r3/9/9/9/4C4/5K3/4R4 w - - 0 1');
    const line = times('e3f3 f7e7 f3e3 e7f7', 6);
    playOn(ref, line);
    expect(ref.ply).toBe(24);
    expect(runOf(ref, RED)).toMatchObject({ kind: 'check', length: 12, pieces: 2, limit: 12 });
    expect(runOf(ref, BLACK)).toMatchObject({ kind: 'check', length: 12, pieces: 2, limit: 12 });
    const v = playToEnd(ref, 'e3f3');
    expect(v).toMatchObject({ reason: 'mutual-violation', winner: null, result: '1/2-1/2' });
    expect(v).toMatchObject({
      code: 'mutual-draw',
      runs: [
        { kind: 'check', side: RED, length: 13, pieces: 2, limit: 12, target: null },
        { kind: 'check', side: BLACK, length: 12, pieces: 2, limit: 12, target: null },
      ],
    });
  });

  it('check against check, the other side still under its limit: the violating side loses', () => {
    // Black checks with one piece (limit 6), Red with two (limit 12): Black's 7th check loses.
    const ref = game('3c5/9/3nk4/9/9/2c6/4C4/4N4/3KC4/4r4 w - - 0 1');
    const v = playToEnd(ref, `${times('e4d4 d8e6 d4e4 e6d8', 3)} e4d4 d8e6`);
    expect(ref.ply).toBe(14);
    expect(runOf(ref, RED)).toMatchObject({ kind: 'check', length: 7, limit: 12 });
    expect(v).toMatchObject({ reason: 'perpetual-check', winner: RED });
    expect(v).toMatchObject({
      code: 'perpetual',
      params: { side: BLACK },
      runs: [{ kind: 'check', side: BLACK, length: 7, pieces: 1, limit: 6, target: null }],
    });
  });

  // Red's soldier checks from e8/f8; each escape of Black's general makes it the screen (or lifts the
  // second screen) of the cannon f1 against Red's horse f10: a chase, by one piece, of one target.
  const CHECK_CHASE = '5N3/4k4/5P3/4p4/7nR/9/7R1/3K5/9/5c3 w - - 0 1';

  it('check against chase, both at their limits: the checking side loses', () => {
    const ref = game(CHECK_CHASE);
    playOn(ref, times('f8e8 e9f9 e8f8 f9e9', 3));
    expect(runOf(ref, RED)).toEqual({ kind: 'check', length: 6, pieces: 1, limit: 6, target: null });
    expect(runOf(ref, BLACK)).toEqual({ kind: 'chase', length: 6, pieces: 1, limit: 6, target: { square: 'f10', role: 'n' } });
    const v = playToEnd(ref, 'f8e8');
    expect(ref.ply).toBe(13);
    expect(v).toMatchObject({ reason: 'mutual-violation', winner: BLACK, result: '0-1' });
    expect(v).toMatchObject({
      code: 'mutual-checker-loses',
      params: { side: RED },
      runs: [
        { kind: 'check', side: RED, length: 7, pieces: 1, limit: 6, target: null },
        { kind: 'chase', side: BLACK, length: 6, pieces: 1, limit: 6, target: { role: 'n', owner: RED, square: 'f10' } },
      ],
    });
  });

  it('check against chase, the chasing side violating first: the checking side still loses', () => {
    // A quiet soldier move first, so Black's chases start one move before Red's checks.
    const ref = game(CHECK_CHASE);
    playOn(ref, `f8g8 e9f9 g8f8 f9e9 ${times('f8e8 e9f9 e8f8 f9e9', 2)} f8e8`);
    expect(runOf(ref, RED)).toMatchObject({ kind: 'check', length: 6, limit: 6 });
    expect(runOf(ref, BLACK)).toMatchObject({ kind: 'chase', length: 6, limit: 6 });
    expect(ref.wouldViolate('e9f9')).toBeNull(); // it does not lose for Black
    const v = playToEnd(ref, 'e9f9');
    expect(ref.ply).toBe(14);
    expect(v).toMatchObject({ reason: 'mutual-violation', winner: BLACK });
    expect(v).toMatchObject({
      code: 'mutual-checker-loses',
      params: { side: RED },
      runs: [
        { kind: 'chase', side: BLACK, length: 7, pieces: 1, limit: 6, target: { role: 'n', owner: RED, square: 'f10' } },
        { kind: 'check', side: RED, length: 6, pieces: 1, limit: 6, target: null },
      ],
    });
  });

  it('check against chase, the chase under its limit: plain perpetual check', () => {
    // Black chases Red's horse with two pieces (limit 12).
    const ref = game('9/5k3/3P5/9/5P3/8N/5r3/9/N4C2C/3K4c w - - 0 1');
    const v = playToEnd(ref, `${times('f6g6 f4i4 g6f6 i4f4', 3)} f6g6`);
    expect(ref.ply).toBe(13);
    expect(runOf(ref, BLACK)).toMatchObject({ kind: 'chase', length: 6, pieces: 2, limit: 12 });
    expect(v).toMatchObject({ reason: 'perpetual-check', winner: BLACK });
  });

  it('chase against chase, both at their limits: draw', () => {
    // Red's chariot f3/h3 chases the cannon h8/f8; each cannon move uncovers the cannon h1 against the chariot h9.
    const ref = game('9/7R1/3k3c1/9/9/2p6/9/5R3/4K1N2/7c1 w - - 0 1');
    playOn(ref, times('f3h3 h8f8 h3f3 f8h8', 3));
    expect(runOf(ref, BLACK)).toEqual({ kind: 'chase', length: 6, pieces: 1, limit: 6, target: { square: 'h9', role: 'r' } });
    expect(ref.wouldViolate('f3h3')).toMatchObject({ reason: 'mutual-violation', winner: null });
    const v = playToEnd(ref, 'f3h3');
    expect(ref.ply).toBe(13);
    expect(v).toMatchObject({ reason: 'mutual-violation', winner: null, result: '1/2-1/2' });
    expect(v).toMatchObject({
      code: 'mutual-draw',
      runs: [
        { kind: 'chase', side: RED, length: 7, pieces: 1, limit: 6, target: { role: 'c', owner: BLACK, square: 'h8' } },
        { kind: 'chase', side: BLACK, length: 6, pieces: 1, limit: 6, target: { role: 'r', owner: RED, square: 'h9' } },
      ],
    });
  });

  it('chase against chase, the other side under its limit: the violating side loses', () => {
    // Red chases with two pieces (limit 12), Black with one: Black's 7th chase loses.
    const ref = game('9/3k5/9/R5c2/9/9/9/4nK3/2R6/9 w - - 0 1');
    const v = playToEnd(ref, `${times('c2c7 e3d5 c7c2 d5e3', 3)} c2c7 e3d5`);
    expect(ref.ply).toBe(14);
    expect(runOf(ref, RED)).toMatchObject({ kind: 'chase', length: 7, pieces: 2, limit: 12 });
    expect(v).toMatchObject({ reason: 'perpetual-chase', winner: RED });
  });
});
