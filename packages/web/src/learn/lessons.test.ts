import { parseFen, parseUci, VARIANT_KEYS, VARIANTS } from '@youzai/rules';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CATALOGS } from '../i18n/catalogs.ts';
import { COURSES } from './courses/index.ts';
import { hasKings, playLearner, setupFen, solve, startAttempt, type Exercise } from './lessons.ts';
import {
  isDone,
  loadProgress,
  markDone,
  mergeProgress,
  onProgress,
  parseProgress,
  finishLesson,
  forgetProgress,
  syncProgress,
  type Progress,
} from './progress.ts';

describe('the Janggi pass lesson', () => {
  it('names the button by its label and the move by the same word, in both languages (issue 33, item 8.7)', () => {
    const lesson = COURSES.janggi.lessons.find((l) => l.id === 'pass')!;
    for (const lang of ['vi', 'en'] as const) {
      const label = CATALOGS[lang]['game.pass'];
      expect(lesson.exercises[0]!.prompt[lang]).toContain(`"${label}"`);
      expect(lesson.title![lang].toLowerCase()).toContain(label.toLowerCase());
    }
    // The Vietnamese lesson says the button's word throughout, not another one for the same move.
    expect(JSON.stringify(lesson)).not.toMatch(/[Nn]hường/);
  });
});

describe('the Sittuyin course', () => {
  it('calls the general by the name the piece names use, in both languages (issue 33, item 8.8)', () => {
    const lessons = COURSES.sittuyin.lessons;
    const general = lessons.find((l) => l.role === 'f')!;
    const promotion = lessons.find((l) => l.id === 'promotion')!;
    for (const lang of ['vi', 'en'] as const) {
      // The name without its Burmese gloss: "General (Sit-ke)" → "general".
      const name = CATALOGS[lang]['role.sittuyin.f'].split(' (')[0]!.toLowerCase();
      expect(general.intro[lang].toLowerCase()).toContain(name);
      expect(promotion.intro[lang].toLowerCase()).toContain(name);
    }
    // No second name for the same piece (the lessons said Tham mưu where the pieces say Tướng).
    expect(JSON.stringify(lessons)).not.toMatch(/Tham mưu/i);
  });
});

describe('every lesson of every game', () => {
  for (const variant of VARIANT_KEYS) {
    const course = COURSES[variant];
    it(`${variant}: a lesson for every piece, ids unique, texts in both languages`, () => {
      const roles = VARIANTS[variant].roles.slice(1).flatMap((r) => (r ? [r.letter] : []));
      expect(
        course.lessons
          .map((l) => l.role)
          .filter(Boolean)
          .sort(),
      ).toEqual([...roles].sort());
      const ids = course.lessons.map((l) => l.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const l of course.lessons) {
        expect(l.role !== undefined || l.title !== undefined).toBe(true);
        for (const x of l.exercises) expect(x.prompt.vi.length * x.prompt.en.length).toBeGreaterThan(0);
        expect(l.exercises.length).toBeGreaterThan(0);
        // The referee cannot let a side stand still: an exercise after moves takes one move, or has the other side reply.
        for (const x of l.exercises) if (x.before?.length) expect(x.maxMoves === 1 || x.opponent === 'reply').toBe(true);
      }
    });
    for (const lesson of course.lessons) {
      lesson.exercises.forEach((ex, i) => {
        it(`${variant}/${lesson.id}#${i + 1}: a position the rules accept, solvable within ${ex.maxMoves} move(s)`, () => {
          expect(parseFen(VARIANTS[variant], ex.fen).ok).toBe(true);
          expect(hasKings(variant, ex)).toBe(true);
          const start = startAttempt(variant, ex);
          expect(start.pos.inCheck()).toBe(false);
          expect(start.pos.hasLegalMove()).toBe(true);
          const line = solve(variant, ex);
          expect(line).not.toBeNull();
          // Replaying the found line through the judge, move by move, ends solved.
          let a = start;
          for (const uci of line!.filter((_, k) => ex.opponent === 'still' || k % 2 === 0)) a = playLearner(a, uci)!;
          expect(a.status).toBe('solved');
        });
      });
    }
  }
});

describe('the judge', () => {
  const ex = (goal: Exercise['goal'], fen: string, maxMoves = 1): Exercise => ({ fen, goal, maxMoves, opponent: 'still', prompt: { vi: 'x', en: 'x' } });

  it('refuses a move the rules refuse (a xiangqi elephant crossing the river)', () => {
    const a = startAttempt('xiangqi', ex({ kind: 'stars', squares: ['e7'] }, setupFen('xiangqi', 'Ke1 kf10 Bc5'), 2));
    expect(playLearner(a, 'c5e7')).toBeNull();
    expect(playLearner(a, 'c5a3')?.status).toBe('playing');
  });

  it('perpetual check: after six checks by the chariot, a seventh fails by the referee (a loss in a real game); the cannon’s check solves', () => {
    const lesson = COURSES.xiangqi.lessons.find((l) => l.id === 'perpetual')!;
    const judged = lesson.exercises.find((x) => x.before !== undefined)!;
    const a = startAttempt('xiangqi', judged);
    expect(a.referee?.state().runs?.[0]).toMatchObject({ kind: 'check', length: 6, pieces: 1, limit: 6 });
    expect(a.lastBefore).toBe('e9e10');
    // Both are checks the rules library allows; only the referee tells them apart.
    const seventh = playLearner(a, 'a9a10')!;
    expect(seventh.pos.inCheck()).toBe(true);
    expect([seventh.status, seventh.fail]).toEqual(['failed', 'violation']);
    const cannon = playLearner(a, 'h3e3')!;
    expect(cannon.status).toBe('solved');
    expect(cannon.referee?.state().runs?.[0]).toMatchObject({ length: 7, pieces: 2, limit: 12 });
    // The attempt is a value: the start's referee heard neither move.
    expect(a.referee?.ply).toBe(12);
  });

  it('fails when the moves run out, and when a move gives check in an exercise where the other side stands still', () => {
    const a = startAttempt('xiangqi', ex({ kind: 'stars', squares: ['a6', 'h6'] }, setupFen('xiangqi', 'Ke1 kf10 Ra1'), 2));
    const b = playLearner(playLearner(a, 'a1a2')!, 'a2a3')!;
    expect([b.status, b.fail]).toEqual(['failed', 'moves']);
    const c = playLearner(a, 'a1a10')!;
    expect([c.status, c.fail]).toEqual(['failed', 'check-given']);
  });

  it('collects a star and keeps the learner to move while the other side stands still', () => {
    const a = startAttempt('xiangqi', ex({ kind: 'stars', squares: ['a6', 'h6'] }, setupFen('xiangqi', 'Ke1 kf10 Ra1'), 2));
    const b = playLearner(a, 'a1a6')!;
    expect(b.stars).toEqual(['h6']);
    expect(b.pos.turn).toBe(0);
    expect(playLearner(b, 'a6h6')?.status).toBe('solved');
  });

  it('a check that is not mate does not solve a mate exercise; the mate does', () => {
    const fen = setupFen('xiangqi', 'Kd1 ke10 Ra9 Rb1');
    const a = startAttempt('xiangqi', ex({ kind: 'mate' }, fen));
    expect(playLearner(a, 'a9a10')?.status).toBe('failed');
    expect(playLearner(a, 'b1b10')?.status).toBe('solved');
  });

  it('Janggi: the pass is the goal of the pass lesson, and a side in check cannot pass', () => {
    const a = startAttempt('janggi', ex({ kind: 'pass' }, setupFen('janggi', 'Ke2 ke9 Ra1')));
    expect(playLearner(a, 'e2e2')?.status).toBe('solved');
    const checked = parseFen(VARIANTS.janggi, setupFen('janggi', 'Ke2 ke9 re5'));
    expect(checked.ok && parseUci(checked.value, 'e2e2').ok).toBe(false);
  });

  it('Sittuyin placement: the other side answers with its own placement, the rook goes only on the back rank', () => {
    const lesson = COURSES.sittuyin.lessons.find((l) => l.id === 'placement')!;
    const a = startAttempt('sittuyin', lesson.exercises[0]!);
    expect(playLearner(a, 'R@a2')).toBeNull();
    const b = playLearner(a, 'R@a1')!;
    expect(b.moves.length).toBe(2);
    expect(b.pos.turn).toBe(0);
    expect(playLearner(b, 'R@h1')?.status).toBe('solved');
  });

  it('an exercise whose prompt names a star shows one on the board (the promotion square included)', () => {
    for (const variant of VARIANT_KEYS)
      for (const lesson of COURSES[variant].lessons)
        for (const [i, e] of lesson.exercises.entries())
          if (/\bstars?\b/i.test(e.prompt.en)) expect(startAttempt(variant, e).stars.length, `${variant}/${lesson.id}#${i + 1}`).toBeGreaterThan(0);
  });

  it('Sittuyin promotion: a step onto another square than the star does not solve it', () => {
    const lesson = COURSES.sittuyin.lessons.find((l) => l.id === 'promotion')!;
    const a = startAttempt('sittuyin', lesson.exercises[0]!);
    expect(a.stars).toEqual(['c6']);
    expect(playLearner(a, 'd5e6f')?.status).toBe('failed');
    expect(playLearner(a, 'd5c6f')?.status).toBe('solved');
  });
});

describe('progress', () => {
  it('reads what it wrote, drops what is not a lesson list', () => {
    const p = markDone(markDone({}, 'janggi', 'pass'), 'janggi', 'pass');
    expect(parseProgress(JSON.stringify(p))).toEqual({ janggi: ['pass'] });
    expect(isDone(p, 'janggi', 'pass')).toBe(true);
    expect(isDone(p, 'xiangqi', 'pass')).toBe(false);
    expect(parseProgress('{"chess":["x"],"xiangqi":[1,"chariot","<b>"]}')).toEqual({ xiangqi: ['chariot'] });
    expect(parseProgress('not json')).toEqual({});
    expect(parseProgress('[1]')).toEqual({});
  });
});

describe('progress with an account', () => {
  /** A browser's localStorage, in memory. */
  function browser(initial: Progress = {}): Map<string, string> {
    const m = new Map<string, string>([['yz.learn.v1', JSON.stringify(initial)]]);
    const storage = {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
      removeItem: (k: string) => void m.delete(k),
    };
    vi.stubGlobal('window', { localStorage: storage });
    return m;
  }
  /** The account's store on the server: a union, as POST /api/learn answers. */
  function account(server: { progress: Progress }) {
    const sent: Progress[] = [];
    return {
      sent,
      merge: async (p: Progress) => {
        sent.push(p);
        server.progress = mergeProgress(server.progress, p);
        return server.progress;
      },
    };
  }
  afterEach(async () => {
    await syncProgress(null);
    vi.unstubAllGlobals();
  });

  it('merges: a guest’s lessons go to the account at login, and the account’s come back to this browser', async () => {
    const server = { progress: { xiangqi: ['horse'] } as Progress };
    browser({ janggi: ['pass'], xiangqi: ['chariot'] });
    const seen: Progress[] = [];
    const off = onProgress((p) => seen.push(p));
    const a = account(server);
    await syncProgress(a);
    off();
    expect(a.sent).toEqual([{ janggi: ['pass'], xiangqi: ['chariot'] }]);
    expect(server.progress).toEqual({ xiangqi: ['horse', 'chariot'], janggi: ['pass'] });
    expect(isDone(loadProgress(), 'xiangqi', 'horse')).toBe(true);
    expect(isDone(loadProgress(), 'janggi', 'pass')).toBe(true);
    expect(seen.length).toBe(1);
  });

  it('a lesson finished is kept here and, with an account, sent to it; a guest sends nothing', async () => {
    browser();
    finishLesson('sittuyin', 'placement');
    expect(isDone(loadProgress(), 'sittuyin', 'placement')).toBe(true);
    const server = { progress: {} as Progress };
    const a = account(server);
    await syncProgress(a);
    finishLesson('sittuyin', 'king');
    expect(a.sent.at(-1)).toEqual({ sittuyin: ['king'] });
    expect(server.progress).toEqual({ sittuyin: ['placement', 'king'] });
    await syncProgress(null);
    finishLesson('sittuyin', 'queen');
    expect(a.sent.length).toBe(2);
  });

  it('at logout this browser forgets the account’s progress: the next account to log in here does not get it', async () => {
    browser();
    const first = { progress: { xiangqi: ['horse'] } as Progress };
    await syncProgress(account(first));
    expect(isDone(loadProgress(), 'xiangqi', 'horse')).toBe(true);
    const seen: Progress[] = [];
    const off = onProgress((p) => seen.push(p));
    forgetProgress();
    off();
    expect(loadProgress()).toEqual({});
    expect(seen).toEqual([{}]);
    const second = { progress: {} as Progress };
    const b = account(second);
    await syncProgress(b);
    expect(b.sent).toEqual([{}]);
    expect(second.progress).toEqual({});
  });

  it('an unanswered merge keeps this browser’s progress as it was', async () => {
    browser({ xiangqi: ['chariot'] });
    await syncProgress({ merge: async () => null });
    expect(loadProgress()).toEqual({ xiangqi: ['chariot'] });
  });
});
