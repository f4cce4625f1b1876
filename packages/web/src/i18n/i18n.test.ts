import { beforeAll, describe, expect, it } from 'vitest';
import type { GameErrorCode } from '@youzai/game';
import type { FenErrorCode, MoveErrorCode, NotationErrorCode } from '@youzai/rules';
import { CATALOGS } from './catalogs.ts';
import { format, LANGS, loadLang, setLang, t, tMaybe } from './index.ts';

// Every code the rules and the game can refuse with, listed so the compiler flags a new one (a Record needs every key).
const CODES: Record<FenErrorCode | MoveErrorCode | NotationErrorCode | GameErrorCode, true> = {
  'fen.empty': true,
  'fen.too-long': true,
  'fen.fields': true,
  'fen.ranks': true,
  'fen.rank-width': true,
  'fen.piece': true,
  'fen.hand': true,
  'fen.turn': true,
  'fen.castling': true,
  'fen.counter': true,
  'fen.too-many': true,
  'position.no-king': true,
  'position.two-kings': true,
  'position.too-many': true,
  'position.outside-palace': true,
  'position.unreachable': true,
  'position.placement-zone': true,
  'position.placement-turn': true,
  'position.generals-facing': true,
  'position.opponent-in-check': true,
  'move.syntax': true,
  'move.illegal': true,
  'notation.syntax': true,
  'notation.illegal': true,
  'notation.ambiguous': true,
  'game.not-started': true,
  'game.over': true,
  'game.not-your-turn': true,
  'game.stale': true,
  'game.seat-taken': true,
  'draw.no-offer': true,
  'draw.already-offered': true,
  'draw.too-soon': true,
  'draw.not-claimable': true,
  'abort.too-late': true,
  'claim.not-available': true,
  'berserk.not-offered': true,
  'berserk.too-late': true,
  'berserk.already': true,
  'takeback.rated': true,
  'takeback.tournament': true,
  'takeback.nothing': true,
  'takeback.already-asked': true,
  'takeback.too-soon': true,
  'takeback.no-request': true,
};

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

// English is fetched when chosen (i18n loadLang): loaded once before these tests switch to it.
beforeAll(() => loadLang('en'));

describe('i18n', () => {
  it('has every key in both languages, none empty', () => {
    const keys = Object.keys(CATALOGS.vi).sort();
    for (const lang of LANGS) {
      expect(Object.keys(CATALOGS[lang]).sort()).toEqual(keys);
      for (const k of keys) expect((CATALOGS[lang] as Record<string, string>)[k]!.trim(), `${lang} ${k}`).not.toBe('');
    }
  });

  it("says every refusal of the rules and the game in both languages, not in the library's English", () => {
    for (const lang of LANGS) for (const code of Object.keys(CODES)) expect(Object.keys(CATALOGS[lang]), `${lang} err.${code}`).toContain(`err.${code}`);
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
