/**
 * Xiangqi referee: perpetual check (RULES.md, "Perpetual check and perpetual
 * chase"), checkmate on the move that would have violated, the warning before
 * a violating move, and the verdicts' explanations. Every line is legal play
 * from the given position; each clause has a twin one move short of it.
 */
import { describe, expect, it } from 'vitest';
import { startReferee } from '../referees.ts';
import { BLACK, RED, attacks, game, playOn, playToEnd, runOf, step, times } from './testing.ts';

// Black's general walks d10↔d9 while Red's chariot checks it from i10 and i9.
const ONE_CHARIOT = '3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1';
const ONE_CHARIOT_LINE = 'i1i10 d10d9 i10i9 d9d10 i9i10 d10d9 i10i9 d9d10 i9i10 d10d9 i10i9 d9d10 i9i10'; // 7 checks

// Horse d7 and chariot f7 check the general in turn (8 plies, 4 checks; the position repeats).
const HORSE_AND_CHARIOT = '9/9/4k4/3N1R3/9/9/9/9/9/3K5 w - - 0 1';
const HORSE_AND_CHARIOT_CYCLE = 'd7c9 e8e9 f7e7 e9f9 e7f7 f9e9 c9d7 e9e8';

// The chariot on i9 never moves: it checks when the horse leaves rank 9 (discovered check).
const DISCOVERED_CHARIOT = '3k5/8R/9/6N2/9/9/9/9/9/4K4 w - - 0 1';
const DISCOVERED_CHARIOT_CYCLE = 'g7f9 d10d9 f9d10 d9d8 d10f9 d8d9 f9g7 d9d10';

// Only the cannon a8 ever checks: twice by moving, twice when the horse b8 leaves or rejoins rank 8.
const CANNON_AND_SCREEN = '9/9/CN1a1k3/9/9/9/9/9/3K5/9 w - - 0 1';
const CANNON_AND_SCREEN_CYCLE = 'b8c10 d8e9 c10b8 f8f9 a8a9 f9f8 a9a8 e9d8';

// Chariot a10/a9, cannon d6/f6 (screen: the horse) and horse f7/d8 check in turn (12 plies, 6 checks).
const THREE_PIECES = 'R8/5k3/9/5N3/3C5/9/9/9/9/3K5 w - - 0 1';
const THREE_PIECES_CYCLE = 'a10a9 f9f10 d6f6 f10e10 f7d8 e10d10 a9a10 d10d9 f6d6 d9e9 d8f7 e9f9';

describe('perpetual check: one piece, limit 6', () => {
  it("Red's 7th consecutive check with one piece loses; the 6th goes on", () => {
    const ref = game(ONE_CHARIOT);
    const v = playToEnd(ref, ONE_CHARIOT_LINE);
    expect(ref.ply).toBe(13);
    expect(v).toMatchObject({ reason: 'perpetual-check', winner: BLACK, result: '0-1' });
    expect(v).toMatchObject({ code: 'perpetual', params: { side: RED }, runs: [{ kind: 'check', side: RED, length: 7, pieces: 1, limit: 6, target: null }] });
  });

  it('stopping one move short, the game goes on with the run at its limit', () => {
    const ref = game(ONE_CHARIOT);
    playOn(ref, ONE_CHARIOT_LINE.split(' ').slice(0, 12));
    expect(ref.verdict).toBeNull();
    expect(runOf(ref, RED)).toEqual({ kind: 'check', length: 6, pieces: 1, limit: 6, target: null });
    expect(runOf(ref, BLACK)).toBeNull();
  });

  it('the same line through startReferee, as the server builds it', () => {
    const started = startReferee('xiangqi', ONE_CHARIOT);
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    const ref = started.value;
    for (const m of ONE_CHARIOT_LINE.split(' ')) expect(ref.play(m).ok).toBe(true);
    expect(ref.verdict?.reason).toBe('perpetual-check');
    expect(ref.play('d10d9')).toMatchObject({ ok: false, error: { code: 'game.over' } });
  });

  it('a quiet move ends the run: the count starts again', () => {
    const ref = game(ONE_CHARIOT);
    // Five checks, then a general move instead of the sixth.
    playOn(ref, 'i1i10 d10d9 i10i9 d9d10 i9i10 d10d9 i10i9 d9d10 i9i10 d10d9 e1f1 d9d8');
    expect(runOf(ref, RED)).toBeNull();
    // Six more checks (rank 8 and rank 9 in turn): at the limit, not past it.
    playOn(ref, 'i10i8 d8d9 i8i9 d9d8 i9i8 d8d9 i8i9 d9d8 i9i8 d8d9 i8i9 d9d8');
    expect(runOf(ref, RED)).toMatchObject({ kind: 'check', length: 6, limit: 6 });
    expect(playToEnd(ref, 'i9i8').reason).toBe('perpetual-check');
    expect(ref.ply).toBe(25);
  });

  it('a discovered check counts for the piece that attacks: the cannon alone, whatever moves', () => {
    const ref = game(CANNON_AND_SCREEN);
    playOn(ref, `${times(CANNON_AND_SCREEN_CYCLE, 1)} b8c10 d8e9 c10b8 f8f9`);
    // Six checks, four of them made by horse moves: the run still has one piece.
    expect(runOf(ref, RED)).toEqual({ kind: 'check', length: 6, pieces: 1, limit: 6, target: null });
    const v = playToEnd(ref, 'a8a9');
    expect(ref.ply).toBe(13);
    expect(v).toMatchObject({ code: 'perpetual', params: { side: RED }, runs: [{ kind: 'check', side: RED, length: 7, pieces: 1, limit: 6, target: null }] });
  });
});

describe('perpetual check: two pieces, limit 12', () => {
  it('horse and chariot checking in turn: the 7th check goes on, the 13th loses', () => {
    const ref = game(HORSE_AND_CHARIOT);
    const line = times(HORSE_AND_CHARIOT_CYCLE, 3).split(' ');
    playOn(ref, line.slice(0, 13));
    expect(runOf(ref, RED)).toEqual({ kind: 'check', length: 7, pieces: 2, limit: 12, target: null });
    playOn(ref, line.slice(13));
    expect(ref.ply).toBe(24);
    expect(runOf(ref, RED)).toMatchObject({ length: 12, pieces: 2, limit: 12 });
    const v = playToEnd(ref, 'd7c9');
    expect(ref.ply).toBe(25);
    expect(v).toMatchObject({ reason: 'perpetual-check', winner: BLACK });
    expect(v).toMatchObject({ code: 'perpetual', params: { side: RED }, runs: [{ kind: 'check', side: RED, length: 13, pieces: 2, limit: 12, target: null }] });
  });

  it('a chariot that only ever checks by discovery is one of the pieces', () => {
    const ref = game(DISCOVERED_CHARIOT);
    // The horse checks on g7f9/d10f9; the chariot i9 checks when the horse leaves rank 9.
    playOn(ref, times(DISCOVERED_CHARIOT_CYCLE, 3));
    expect(runOf(ref, RED)).toEqual({ kind: 'check', length: 12, pieces: 2, limit: 12, target: null });
    expect(playToEnd(ref, 'g7f9')).toMatchObject({
      code: 'perpetual',
      params: { side: RED },
      runs: [{ kind: 'check', side: RED, length: 13, pieces: 2, limit: 12, target: null }],
    });
    expect(ref.ply).toBe(25);
  });
});

describe('perpetual check: three pieces, limit 18', () => {
  it('chariot, cannon and horse: the 13th check goes on, the 19th loses', () => {
    const ref = game(THREE_PIECES);
    const line = times(THREE_PIECES_CYCLE, 3).split(' ');
    playOn(ref, line.slice(0, 25));
    expect(runOf(ref, RED)).toEqual({ kind: 'check', length: 13, pieces: 3, limit: 18, target: null });
    playOn(ref, line.slice(25));
    expect(ref.ply).toBe(36);
    expect(runOf(ref, RED)).toMatchObject({ length: 18, limit: 18 });
    const v = playToEnd(ref, 'a10a9');
    expect(ref.ply).toBe(37);
    expect(v).toMatchObject({ code: 'perpetual', params: { side: RED }, runs: [{ kind: 'check', side: RED, length: 19, pieces: 3, limit: 18, target: null }] });
  });

  it('answering checks is not chasing: a chariot that keeps attacking a horse while its general escapes starts no run', () => {
    // As THREE_PIECES, plus a red horse i6 that Black's chariot i3 attacks all along. Each answer
    // to a check once counted as a new attack on it (a side in check can legally capture only
    // to escape), so Black "chased" the horse with every escape and lost on its 7th (ply 14).
    const ref = game('R8/5k3/9/5N3/3C4N/9/9/8r/9/3K5 w - - 0 1');
    for (const m of times(THREE_PIECES_CYCLE, 3).split(' ')) {
      step(ref, m);
      expect(ref.verdict, `ply ${ref.ply}`).toBeNull();
      expect(runOf(ref, BLACK), `ply ${ref.ply}`).toBeNull();
      if (ref.pos.turn === RED) expect(attacks(ref, BLACK, 'i3', 'i6')).toBe(true);
    }
    expect(playToEnd(ref, 'a10a9').reason).toBe('perpetual-check');
  });
});

describe('checkmate on the move that would have violated', () => {
  it("Red's 13th check with two pieces mates: checkmate, not perpetual check", () => {
    const ref = game(HORSE_AND_CHARIOT);
    playOn(ref, times(HORSE_AND_CHARIOT_CYCLE, 3));
    expect(ref.wouldViolate('f7f8')).toBeNull();
    const v = playToEnd(ref, 'f7f8');
    expect(ref.ply).toBe(25);
    expect(v).toMatchObject({ reason: 'checkmate', winner: RED, result: '1-0' });
    expect(v).toMatchObject({ code: 'checkmate', params: { side: BLACK, other: RED } });
    // It was the 13th check of the run all the same.
    expect(runOf(ref, RED)).toMatchObject({ kind: 'check', length: 13, limit: 12 });
  });
});

describe('stalemate on the move that would have violated', () => {
  // Red's chariot b1/c1 chases Black's horse c10/b8 (the general cannot take back outside its palace).
  // Black's general d10 is held by the soldier d8 (d9) and by Red's general on the open e-file (e10).
  const CORNERED = '2nk5/9/3P5/9/9/9/9/9/9/1R2K4 w - - 0 1';

  it("Red's 7th chase pins the horse and leaves Black no move: stalemate, and Black loses", () => {
    const ref = game(CORNERED);
    playOn(ref, times('b1c1 c10b8 c1b1 b8c10', 3));
    expect(runOf(ref, RED)).toMatchObject({ kind: 'chase', length: 6, limit: 6, target: { square: 'c10', role: 'n' } });
    expect(ref.wouldViolate('b1b10')).toBeNull();
    const v = playToEnd(ref, 'b1b10');
    expect(v).toMatchObject({ reason: 'stalemate', winner: RED, result: '1-0' });
    expect(v).toMatchObject({ code: 'stalemate-loses', params: { side: BLACK, other: RED } });
    expect(runOf(ref, RED)).toMatchObject({ kind: 'chase', length: 7 });
  });

  it('the 7th chase that leaves Black a move loses as usual', () => {
    const ref = game(CORNERED);
    playOn(ref, times('b1c1 c10b8 c1b1 b8c10', 3));
    expect(ref.wouldViolate('b1c1')).toMatchObject({ reason: 'perpetual-chase', winner: BLACK });
    expect(playToEnd(ref, 'b1c1').reason).toBe('perpetual-chase');
  });
});

describe('wouldViolate: the warning before the move', () => {
  it('names the verdict of the violating move, and null for a harmless or illegal move', () => {
    const ref = game(ONE_CHARIOT);
    playOn(ref, ONE_CHARIOT_LINE.split(' ').slice(0, 12));
    const warned = ref.wouldViolate('i9i10');
    expect(warned).toMatchObject({ reason: 'perpetual-check', winner: BLACK });
    expect(ref.wouldViolate('e1e2')).toBeNull(); // a quiet general move
    expect(ref.wouldViolate('i9i8')).toBeNull(); // a chariot move that does not check
    expect(ref.wouldViolate('i9i1x')).toBeNull(); // not a move at all
    // Asking changes nothing: the game goes on, and the warned move does what was announced.
    expect(ref.ply).toBe(12);
    expect(ref.verdict).toBeNull();
    step(ref, 'i9i10');
    expect(ref.verdict).toEqual(warned);
  });

  it('is null after the end of the game', () => {
    const ref = game(ONE_CHARIOT);
    playToEnd(ref, ONE_CHARIOT_LINE);
    expect(ref.wouldViolate('d10d9')).toBeNull();
  });
});
