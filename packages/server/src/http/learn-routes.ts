/**
 * Progress through the Learn course (docs/API.md, "Learn"): an account keeps
 * the lessons it finished on the server, so a second browser finds them; a
 * guest keeps its own in the browser. POST adds (the browser's progress at
 * login, a lesson as it is finished) and answers the union.
 */
import { LearnMerge, type LearnProgress } from '@youzai/protocol';
import { isVariantKey, type VariantKey } from '@youzai/rules';
import type { LessonDone } from '../store/users.ts';
import { body, fail, isAnonymous, type Route } from './routes.ts';
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
      await store.markLessons(ctx.user.id, lessons, clock.now());
      sendJson(ctx.res, 200, { ok: true, progress: progressOf(await store.learnProgress(ctx.user.id)) });
    },
  },
];
