/**
 * Progress through the Learn course (the web client's /learn): which lessons
 * a player finished, per game. A guest keeps it in the browser; an account
 * on the server too (GET and POST /api/learn), merged with the browser's at
 * login. Lesson ids are names, not checked against today's courses: a lesson
 * a later version drops is simply never listed.
 */
import { z } from 'zod';
import { VARIANT_KEYS } from '@youzai/rules';

/** A lesson's id within its game's course (part of its page's path). */
export const LessonId = z.string().regex(/^[a-z0-9-]{1,40}$/, 'A lesson id is at most 40 of a-z, 0-9 and -');

/** The most lessons one game's course may list. */
export const MAX_LESSONS_PER_GAME = 64;

/** Finished lessons by game; a game not listed has none. */
export const LearnProgress = z.partialRecord(z.enum(VARIANT_KEYS), z.array(LessonId).max(MAX_LESSONS_PER_GAME));
export type LearnProgress = z.infer<typeof LearnProgress>;

/** POST /api/learn: lessons to add to the account's (a union: nothing is ever unmarked). */
export const LearnMerge = z.object({ progress: LearnProgress }).strict();
export type LearnMerge = z.infer<typeof LearnMerge>;

/** GET and POST /api/learn: the account's progress after the call, or null where none is kept (a guest, no session). */
export interface LearnResponse {
  readonly progress: LearnProgress | null;
}
