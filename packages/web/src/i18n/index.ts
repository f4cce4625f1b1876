/**
 * The translation layer: every visible string is a key here. Vietnamese is
 * the source and the default; English must have every key (the compiler
 * and a test check it). `{name}` placeholders are filled from params.
 */
import { vi, type MessageKey } from './vi.ts';
import { en } from './en.ts';

export type Lang = 'vi' | 'en';
export const LANGS: readonly Lang[] = ['vi', 'en'];
export const CATALOGS: Record<Lang, Record<MessageKey, string>> = { vi, en };
export type { MessageKey };

let current: Lang = 'vi';

export function setLang(lang: Lang): void {
  current = lang;
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

export function lang(): Lang {
  return current;
}

export function format(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}

export function t(key: MessageKey, params?: Record<string, string | number>): string {
  return format(CATALOGS[current][key], params);
}

/** A key built at run time (error codes, reasons): the key's text if it exists, else the fallback. */
export function tMaybe(key: string, fallback: string, params?: Record<string, string | number>): string {
  const cat = CATALOGS[current] as Record<string, string>;
  return key in cat ? format(cat[key]!, params) : fallback;
}
