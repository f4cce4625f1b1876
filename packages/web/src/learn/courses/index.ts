import { VARIANT_KEYS, type VariantKey } from '@youzai/rules';
import type { Course, Lesson } from '../lessons.ts';

/**
 * Every `<key>.ts` beside this file is a game's course (exports `course`),
 * found by name, so a new game adds its file and edits no list here;
 * scripts/games.test.ts names a game without one, and a piece without a lesson.
 */
const FILES = import.meta.glob<Course>(['./*.ts', '!./index.ts', '!./*.test.ts'], { eager: true, import: 'course' });

/** One course per game. */
export const COURSES = Object.fromEntries(VARIANT_KEYS.flatMap((k) => (FILES[`./${k}.ts`] ? [[k, FILES[`./${k}.ts`]!]] : []))) as Record<VariantKey, Course>;

export function findLesson(variant: VariantKey, id: string): Lesson | null {
  return COURSES[variant].lessons.find((l) => l.id === id) ?? null;
}
