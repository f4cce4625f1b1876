/**
 * The translation layer: every visible string is a key here. Vietnamese is
 * the source and the default, and comes with the shell; another language's
 * texts are fetched when it is chosen (loadLang), so a visitor downloads one
 * language's texts, not every one (issue 30, item 7). English must have
 * every key (the compiler and a test check it: catalogs.ts holds them all).
 * `{name}` placeholders are filled from params.
 */
import { vi, type MessageKey } from './vi.ts';

export type Lang = 'vi' | 'en';
export const LANGS: readonly Lang[] = ['vi', 'en'];
export type Catalog = Record<MessageKey, string>;
export type { MessageKey };

const LOADERS: Record<Lang, () => Promise<Catalog>> = {
  vi: async () => vi,
  en: async () => (await import('./en.ts')).en,
};
const loaded: Partial<Record<Lang, Catalog>> = { vi };

let current: Lang = 'vi';
let texts: Catalog = vi;

/** Fetches a language's texts (once); setLang needs them. */
export async function loadLang(lang: Lang): Promise<void> {
  loaded[lang] ??= await LOADERS[lang]();
}

/** Switches to a language whose texts are loaded: a programmer's slip otherwise. */
export function setLang(lang: Lang): void {
  const chosen = loaded[lang];
  if (!chosen) throw new Error(`setLang('${lang}') before loadLang('${lang}')`);
  current = lang;
  texts = chosen;
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
  return format(texts[key], params);
}

/** A key built at run time (error codes, reasons): the key's text if it exists, else the fallback. */
export function tMaybe(key: string, fallback: string, params?: Record<string, string | number>): string {
  const cat = texts as Record<string, string>;
  return key in cat ? format(cat[key]!, params) : fallback;
}
