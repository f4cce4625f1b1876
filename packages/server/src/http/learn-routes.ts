/**
 * Progress through the Learn course (docs/API.md, "Learn"): an account keeps
 * the lessons it finished on the server, so a second browser finds them; a
 * guest keeps its own in the browser. POST adds (the browser's progress at
 * login, a lesson as it is finished) and answers the union.
 */
import { LearnMerge, MAX_LESSONS_PER_GAME, type LearnProgress } from '@youzai/protocol';
import { isVariantKey, type VariantKey } from '@youzai/rules';
import type { LessonDone } from '../store/users.ts';
import { body, fail, isAnonymous } from './route.ts';
import type { Route } from './deps.ts';
import { sendJson } from './util.ts';

/** The stored rows as the wire's object, games the rules no longer know left out. */
export function progressOf(rows: readonly LessonDone[]): LearnProgress {
  const out: Partial<Record<VariantKey, string[]>> = {};
  for (const r of rows) {
    if (!isVariantKey(r.variant)) continue;
    const list = out[r.variant] ?? [];
    list.push(r.lesson);
    out[r.variant] = list;
  }
  return out;
}

export const LEARN_ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: /^\/api\/learn$/,
    handler: async (ctx, { store }) => {
      if (isAnonymous(ctx.user) || ctx.user.username === null) return sendJson(ctx.res, 200, { ok: true, progress: null });
      sendJson(ctx.res, 200, { ok: true, progress: progressOf(await store.learnProgress(ctx.user.id)) });
    },
  },
  {
    method: 'POST',
    path: /^\/api\/learn$/,
    handler: async (ctx, { store, clock, limits }) => {
      const { progress } = await body(ctx, LearnMerge);
      if (ctx.user.username === null) fail('auth.required', 'Sign up to keep your progress on every browser');
      await limits.enforce('learn', { user: ctx.user.id, addr: ctx.addr });
      const lessons = Object.entries(progress).flatMap(([variant, ids]) => [...new Set(ids)].map((lesson) => ({ variant, lesson })));
      // The union stays within the wire's bound per game: lesson ids are not checked against the courses, so
      // without it an account could grow its rows without end (and its answer would break LearnProgress).
      // Two merges at once may each pass: a bound of twice as many at worst.
      const kept = await store.learnProgress(ctx.user.id);
      const union = new Map<string, Set<string>>();
      for (const l of [...kept, ...lessons]) union.set(l.variant, (union.get(l.variant) ?? new Set()).add(l.lesson));
      for (const [variant, ids] of union)
        if (ids.size > MAX_LESSONS_PER_GAME) fail('learn.too-many', `At most ${MAX_LESSONS_PER_GAME} lessons of a game (${variant}) are kept`);
      await store.markLessons(ctx.user.id, lessons, clock.now());
      sendJson(ctx.res, 200, { ok: true, progress: progressOf(await store.learnProgress(ctx.user.id)) });
    },
  },
];
