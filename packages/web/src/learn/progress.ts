/**
 * Which lessons a visitor finished, kept in the browser. The stored text is
 * read defensively (anything unknown or malformed is dropped): it is input.
 */
import { isVariantKey, type VariantKey } from '@youzai/rules';
import { localStore } from '../app/storage.ts';

export const PROGRESS_KEY = 'yz.learn.v1';

export type Progress = Readonly<Partial<Record<VariantKey, readonly string[]>>>;

export function parseProgress(text: string | null): Progress {
  if (!text) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const out: Partial<Record<VariantKey, string[]>> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (!isVariantKey(k) || !Array.isArray(v)) continue;
    out[k] = [...new Set(v.filter((x): x is string => typeof x === 'string' && /^[a-z0-9-]{1,40}$/.test(x)))];
  }
  return out;
}

export function markDone(p: Progress, variant: VariantKey, lesson: string): Progress {
  const done = p[variant] ?? [];
  return done.includes(lesson) ? p : { ...p, [variant]: [...done, lesson] };
}

export const isDone = (p: Progress, variant: VariantKey, lesson: string): boolean => (p[variant] ?? []).includes(lesson);

export function loadProgress(): Progress {
  return parseProgress(localStore()?.getItem(PROGRESS_KEY) ?? null);
}

export function saveProgress(p: Progress): void {
  localStore()?.setItem(PROGRESS_KEY, JSON.stringify(p));
}
