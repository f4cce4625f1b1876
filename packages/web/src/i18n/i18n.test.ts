import { describe, expect, it } from 'vitest';
import { CATALOGS, format, LANGS, setLang, t, tMaybe } from './index.ts';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('i18n', () => {
  it('has every key in both languages, none empty', () => {
    const keys = Object.keys(CATALOGS.vi).sort();
    for (const lang of LANGS) {
      expect(Object.keys(CATALOGS[lang]).sort()).toEqual(keys);
      for (const k of keys) expect((CATALOGS[lang] as Record<string, string>)[k]!.trim(), `${lang} ${k}`).not.toBe('');
    }
  });

  it('uses the same placeholders in both languages', () => {
    for (const [k, v] of Object.entries(CATALOGS.vi)) expect(placeholders((CATALOGS.en as Record<string, string>)[k]!), k).toEqual(placeholders(v));
  });

  it('translates and fills placeholders in the chosen language', () => {
    setLang('vi');
    expect(t('home.online', { n: 12 })).toBe('12 người đang trực tuyến');
    setLang('en');
    expect(t('home.online', { n: 12 })).toBe('12 players online');
    expect(tMaybe('err.move.illegal', 'x')).toBe('That move is not legal.');
    expect(tMaybe('err.unknown.code', 'fallback')).toBe('fallback');
    setLang('vi');
  });

  it('leaves unknown placeholders visible rather than dropping text', () => {
    expect(format('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });
});
