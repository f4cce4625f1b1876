/**
 * Xiangqi referee: repetition, the three draw counters and the claimable draw
 * (RULES.md, "Draw rules"), and the state shown to players after every ply.
 * Long games are seeded walks (see `walk`): legal, never repeating a
 * position, and built without looking at the counters' limits; each test
 * replays one on a fresh referee and checks the exact ply where the game ends.
 */
import { describe, expect, it } from 'vitest';
import { legalUcis, parseUci, type Position } from '@youzai/rules';
import { BLACK, RED, START, classify, game, kindOf, moves, playOn, playToEnd, runOf, step, times, walk, type Kind } from './testing.ts';

const ONE_CHARIOT = '3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1';
const HORSE_HUNT = '5k3/9/1n7/9/9/9/9/7c1/9/R2K5 w - - 0 1';

describe('repetition', () => {
  it('the third occurrence with no check or chase since the first is a draw; the second goes on', () => {
    const ref = game();
    const start = ref.pos.key();
    playOn(ref, 'b1c3 b10c8 c3b1 c8b10');
    expect(ref.pos.key()).toBe(start); // the start position is the first occurrence
    const v = playToEnd(ref, 'b1c3 b10c8 c3b1 c8b10');
    expect(ref.ply).toBe(8);
    expect(v).toMatchObject({ reason: 'repetition', winner: null, result: '1/2-1/2' });
    expect(v).toMatchObject({ code: 'repetition-quiet', params: { times: 3 } });
  });

  it('a check before the first occurrence does not matter', () => {
    const ref = game(ONE_CHARIOT);
    playOn(ref, 'i1i10 d10d9'); // a check and its answer, then quiet moves only
    const first = ref.pos.key();
    playOn(ref, 'e1f1 d9d8 f1e1 d8d9');
    expect(ref.pos.key()).toBe(first);
    expect(playToEnd(ref, 'e1f1 d9d8 f1e1 d8d9').reason).toBe('repetition');
    expect(ref.ply).toBe(10);
  });

  it('a repetition that includes checks does not end the game', () => {
    const ref = game(ONE_CHARIOT);
    playOn(ref, 'i1i10');
    const first = ref.pos.key();
    playOn(ref, 'd10d9 i10i9 d9d10 i9i10');
    expect(ref.pos.key()).toBe(first);
    playOn(ref, 'd10d9 i10i9 d9d10 i9i10'); // the third occurrence, ply 9
    expect(ref.pos.key()).toBe(first);
    playOn(ref, 'd10d9 i10i9 d9d10'); // and further, until the run limit decides
    expect(playToEnd(ref, 'i9i10').reason).toBe('perpetual-check');
  });

  it('nor one that includes chases', () => {
    const ref = game(HORSE_HUNT);
    const first = ref.pos.key();
    playOn(ref, times('a1b1 b8a6 b1a1 a6b8', 3)); // back to the start at plies 4, 8 and 12
    expect(ref.pos.key()).toBe(first);
    expect(ref.ply).toBe(12);
  });
});

/** Kinds of move for a walk that keeps the progress rule away with soldier steps. */
const keepProgress = (ref: ReturnType<typeof game>): Kind[] => (ref.state().counters!.progress.plies >= 50 ? ['forward'] : ['quiet']);

describe('progress rule: 60 plies without a capture or a soldier moving forward', () => {
  it('draws on the 60th ply; the 59th goes on', () => {
    const line = walk(START, '', 60, 1, () => ['quiet']);
    expect(classify(START, line).every((c) => c.kind === 'quiet' && !c.check)).toBe(true);
    const ref = game();
    playOn(ref, line.slice(0, 59));
    expect(ref.state().counters!.progress).toEqual({ plies: 59, limit: 60 });
    const v = playToEnd(ref, line.slice(59));
    expect(ref.ply).toBe(60);
    expect(v).toMatchObject({ reason: 'progress-rule', winner: null, result: '1/2-1/2' });
    expect(v).toMatchObject({ code: 'soldier-progress', params: { moves: 30, plies: 60 } });
  });

  it('a soldier moving forward starts the count again', () => {
    const line = walk(START, '', 91, 2, (r) => (r.ply === 30 ? ['forward'] : ['quiet']));
    const ref = game();
    playOn(ref, line.slice(0, 30));
    expect(ref.state().counters!.progress.plies).toBe(30);
    expect(kindOf(ref.pos, line[30]!)).toBe('forward');
    playOn(ref, line.slice(30, 90)); // the soldier's step at ply 31, then 59 plies
    expect(ref.state().counters!.progress.plies).toBe(59);
    expect(playToEnd(ref, line.slice(90)).reason).toBe('progress-rule');
    expect(ref.ply).toBe(91);
  });

  it('so does a capture', () => {
    // The cannon takes the horse over its cannon; the chariot takes back.
    const prefix = 'h3h10 i10h10';
    const line = walk(START, prefix, 60, 3, () => ['quiet']);
    const ref = game();
    playOn(ref, prefix);
    expect(ref.state().counters).toMatchObject({ progress: { plies: 0 }, natural: { plies: 0 }, claim: { plies: 0 }, length: { plies: 2 } });
    playOn(ref, line.slice(0, 59));
    expect(playToEnd(ref, line.slice(59)).reason).toBe('progress-rule');
    expect(ref.ply).toBe(62);
  });

  it('a sideways soldier step is no progress', () => {
    // Red's soldiers have all crossed the river: most of Red's moves are soldiers stepping sideways.
    const FEN = '4k4/9/9/P1P1P1P1P/9/9/9/9/9/3K5 w - - 0 1';
    const line = walk(FEN, '', 60, 7, () => ['quiet']);
    const ref = game(FEN);
    let sideways = 0;
    for (const m of line.slice(0, 59)) {
      if (ref.pos.turn === RED && /^([a-i])7[a-i]7$/.test(m)) sideways++;
      step(ref, m);
      expect(ref.verdict).toBeNull();
    }
    expect(sideways).toBeGreaterThan(10);
    expect(playToEnd(ref, line.slice(59)).reason).toBe('progress-rule');
    expect(ref.ply).toBe(60);
  });
});

describe('natural limit: 240 plies without a capture, checks, chases and replies not counted', () => {
  it('draws on the 240th counted ply; the claim opens at 120', () => {
    const line = walk(START, '', 240, 4, keepProgress);
    const kinds = classify(START, line);
    expect(kinds.some((c) => c.kind === 'capture' || c.check)).toBe(false);
    expect(kinds.filter((c) => c.kind === 'forward').length).toBeGreaterThanOrEqual(4); // what kept the progress rule away
    const ref = game();
    playOn(ref, line.slice(0, 119));
    expect(ref.claimableDraw()).toBeNull();
    expect(ref.state().counters!.claim).toEqual({ plies: 119, limit: 120, claimable: false });
    playOn(ref, line.slice(119, 120));
    const claim = ref.claimableDraw();
    expect(claim).toMatchObject({ reason: 'natural-limit', winner: null, result: '1/2-1/2' });
    expect(claim).toMatchObject({ code: 'claimed', params: { moves: 60, plies: 120 } });
    expect(ref.state().counters!.claim).toEqual({ plies: 120, limit: 120, claimable: true });
    expect(ref.verdict).toBeNull(); // a claim, not an end
    playOn(ref, line.slice(120, 239));
    expect(ref.state().counters!.natural).toEqual({ plies: 239, limit: 240 });
    expect(ref.state().counters!.progress.plies).toBeLessThan(60);
    const v = playToEnd(ref, line.slice(239));
    expect(ref.ply).toBe(240);
    expect(v).toMatchObject({ reason: 'natural-limit', winner: null });
    expect(v).toMatchObject({ code: 'natural-limit', params: { moves: 120, plies: 240 } });
    expect(ref.claimableDraw()).toBeNull(); // the game is over
  });

  it('a check and its reply are not counted: the limit comes two plies later', () => {
    // From ply 100 on, the walk gives the first check it can; the answer follows.
    const checked = (r: ReturnType<typeof game>): boolean => r.state().counters!.natural.plies < r.ply;
    const line = walk(START, '', 242, 5, (r) => (!checked(r) && r.ply >= 99 ? ['check', ...keepProgress(r)] : keepProgress(r)));
    const ref = game();
    let checkPly = 0;
    for (const m of line.slice(0, 241)) {
      const before = ref.state().counters!.natural.plies;
      step(ref, m);
      expect(ref.verdict).toBeNull();
      if (ref.pos.inCheck() && checkPly === 0) checkPly = ref.ply;
      const counted = checkPly === 0 || ref.ply > checkPly + 1;
      expect(ref.state().counters!.natural.plies, `ply ${ref.ply}`).toBe(before + (counted ? 1 : 0));
    }
    expect(checkPly).toBeGreaterThanOrEqual(100);
    expect(ref.state().counters).toMatchObject({ natural: { plies: 239 }, claim: { plies: 241 } });
    expect(playToEnd(ref, line.slice(241)).reason).toBe('natural-limit');
    expect(ref.ply).toBe(242);
  });

  it('chases and their replies are not counted either', () => {
    const ref = game(HORSE_HUNT);
    playOn(ref, 'a1b1 b8a6 b1a1 a6b8 d1e1 b8c6');
    expect(ref.state().counters).toMatchObject({ natural: { plies: 2 }, progress: { plies: 6 }, claim: { plies: 6 } });
  });
});

describe('length limit: 600 plies', () => {
  // Red's general d1 stays where Black's chariots can mate it (h3h1, with i2 holding rank 2).
  const MATE_READY = '1nbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5r1/8r/1N1K5 w - - 0 1';
  const blackMates = (pos: Position): boolean => {
    const p = pos.clone();
    p.setTurn(BLACK);
    const m = parseUci(p, 'h3h1');
    if (!m.ok) return false;
    p.make(m.value);
    return p.inCheck() && !p.hasLegalMove();
  };
  let line: string[] | null = null;
  function at599(): ReturnType<typeof game> {
    line ??= walk(
      MATE_READY,
      '',
      599,
      6,
      (r) => {
        const c = r.state().counters!;
        if (c.natural.plies >= 200) return ['capture', 'quiet', 'forward'];
        return c.progress.plies >= 45 ? ['forward', 'capture', 'quiet'] : ['quiet', 'forward', 'capture'];
      },
      blackMates,
    );
    const ref = game(MATE_READY);
    playOn(ref, line);
    expect(ref.state().counters!.length).toEqual({ plies: 599, limit: 600 });
    return ref;
  }

  it('the 600th ply draws', () => {
    const ref = at599();
    const quiet = legalUcis(ref.pos).find((u) => {
      if (kindOf(ref.pos, u) !== 'quiet') return false;
      const p = ref.pos.clone();
      const m = parseUci(p, u);
      if (!m.ok) return false;
      p.make(m.value);
      return !p.inCheck();
    })!;
    const v = playToEnd(ref, quiet);
    expect(ref.ply).toBe(600);
    expect(v).toMatchObject({ reason: 'length-limit', winner: null, result: '1/2-1/2' });
    expect(v).toMatchObject({ code: 'length-limit', params: { moves: 300, plies: 600 } });
  });

  it('unless the 600th ply mates', () => {
    const ref = at599();
    const v = playToEnd(ref, 'h3h1');
    expect(ref.ply).toBe(600);
    expect(v).toMatchObject({ reason: 'checkmate', winner: BLACK, result: '0-1' });
  });
});

describe('state(): runs and counters after every ply', () => {
  it('follows a chase, a switch of target and a quiet move', () => {
    const ref = game(HORSE_HUNT);
    const rows: unknown[] = [];
    for (const m of moves('a1b1 b8a6 b1a1 a6b8 a1b1 b8a6 b1b3 h3h4 d1d2 h4h5')) {
      step(ref, m);
      const s = ref.state();
      const r = s.runs![RED];
      rows.push([
        s.ply,
        r && `${r.kind} ${r.length}/${r.limit} by ${r.pieces} on ${r.target!.role}${r.target!.square}`,
        s.runs![BLACK],
        s.counters!.natural.plies,
        s.counters!.progress.plies,
        s.counters!.length.plies,
        s.counters!.claim.plies,
      ]);
    }
    expect(rows).toEqual([
      [1, 'chase 1/6 by 1 on nb8', null, 0, 1, 1, 1],
      [2, 'chase 1/6 by 1 on na6', null, 0, 2, 2, 2],
      [3, 'chase 2/6 by 1 on na6', null, 0, 3, 3, 3],
      [4, 'chase 2/6 by 1 on nb8', null, 0, 4, 4, 4],
      [5, 'chase 3/6 by 1 on nb8', null, 0, 5, 5, 5],
      [6, 'chase 3/6 by 1 on na6', null, 0, 6, 6, 6],
      [7, 'chase 1/6 by 1 on ch3', null, 0, 7, 7, 7],
      [8, 'chase 1/6 by 1 on ch4', null, 0, 8, 8, 8],
      [9, null, null, 1, 9, 9, 9],
      [10, null, null, 2, 10, 10, 10],
    ]);
    expect(ref.state()).toMatchObject({
      verdict: null,
      quiet: null,
      counters: { natural: { limit: 240 }, progress: { limit: 60 }, length: { limit: 600 }, claim: { limit: 120, claimable: false } },
    });
  });

  it("shows both sides' runs at once", () => {
    const ref = game('5N3/4k4/5P3/4p4/7nR/9/7R1/3K5/9/5c3 w - - 0 1');
    playOn(ref, 'f8e8 e9f9 e8f8');
    expect(ref.state().runs).toEqual([
      { kind: 'check', length: 2, pieces: 1, limit: 6, target: null },
      { kind: 'chase', length: 1, pieces: 1, limit: 6, target: { square: 'f10', role: 'n' } },
    ]);
    expect(runOf(ref, RED)).toEqual(ref.state().runs![RED]);
  });
});
