/**
 * Which lessons a visitor finished: kept in the browser for everyone and,
 * for an account, on the server too (GET and POST /api/learn): at login
 * this browser's progress is merged into the account's (a union) and the
 * union kept here; each lesson finished is then sent as well. At logout
 * this browser forgets it (forgetProgress). The stored
 * text is read defensively (anything unknown or malformed is dropped): it
 * is input.
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
  try {
    localStore()?.setItem(PROGRESS_KEY, JSON.stringify(p));
  } catch {
    // A full or refused storage: the progress lasts this page (and the account's copy).
  }
  for (const l of [...listeners]) l(p);
}

/** Everything finished in either (nothing is ever unmarked). */
export function mergeProgress(a: Progress, b: Progress): Progress {
  let out = a;
  for (const [variant, lessons] of Object.entries(b)) {
    if (!isVariantKey(variant)) continue;
    for (const l of lessons ?? []) out = markDone(out, variant, l);
  }
  return out;
}

const listeners = new Set<(p: Progress) => void>();
/** Sends lessons to the account's store, answering its whole progress; null while the visitor has no account. */
let upload: ((p: Progress) => Promise<Progress | null>) | null = null;

/** Calls `l` after every change (a lesson finished here, the account's progress arrived); returns the unsubscribe. */
export function onProgress(l: (p: Progress) => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** A lesson finished: kept in this browser and sent to the account's store. */
export function finishLesson(variant: VariantKey, lesson: string): void {
  saveProgress(markDone(loadProgress(), variant, lesson));
  void upload?.({ [variant]: [lesson] });
}

/**
 * Signs the progress into an account (`merge` sends lessons and answers the
 * account's whole progress, or null when it was not answered) or out of it
 * (null). This browser's progress goes to the account, and the union comes
 * back here, so lessons finished as a guest count for the account and a
 * second browser shows what the first finished.
 */
export async function syncProgress(account: { merge: (p: Progress) => Promise<Progress | null> } | null): Promise<void> {
  upload = account?.merge ?? null;
  if (!account) return;
  const stored = await account.merge(loadProgress());
  if (stored) saveProgress(mergeProgress(loadProgress(), stored));
}

/**
 * Logout: this browser forgets the account's progress (it stays in the
 * account), so that whoever logs in next here does not get it merged into
 * theirs.
 */
export function forgetProgress(): void {
  upload = null;
  try {
    localStore()?.removeItem(PROGRESS_KEY);
  } catch {
    // A refused storage: nothing was kept there either.
  }
  for (const l of [...listeners]) l({});
}
