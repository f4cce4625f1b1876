/** One course per game: a table typed by the registry's keys, so a new game's course is asked for by the type checker. */
import type { VariantKey } from '@youzai/rules';
import type { Course, Lesson } from '../lessons.ts';
import { janggiCourse } from './janggi.ts';
import { sittuyinCourse } from './sittuyin.ts';
import { xiangqiCourse } from './xiangqi.ts';

export const COURSES: Record<VariantKey, Course> = {
  xiangqi: xiangqiCourse,
  janggi: janggiCourse,
  sittuyin: sittuyinCourse,
};

export function findLesson(variant: VariantKey, id: string): Lesson | null {
  return COURSES[variant].lessons.find((l) => l.id === id) ?? null;
}
