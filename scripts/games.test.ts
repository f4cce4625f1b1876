/**
 * Every game of the registry reaches every table derived from the game
 * descriptors, in every package: a game missing from one of them fails here.
 * (Tables typed Record<VariantKey, …>, such as the rules pages, are checked
 * by the compiler as well.)
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HOUSE_INI } from '@youzai/engine';
import { POOLS, decodeClientMessage } from '@youzai/protocol';
import { GAMES, VARIANT_KEYS, poolId } from '@youzai/rules';
import { fairyVariant } from '../packages/rules/scripts/fairy/fairy.ts';
import { match } from '../packages/web/src/app/router.ts';
import { artCss, artFiles } from '../packages/web/src/board/art.ts';
import { boardLayout } from '../packages/web/src/board/layout.ts';
import { en } from '../packages/web/src/i18n/en.ts';
import { gameTextKeys } from '../packages/web/src/i18n/game-keys.ts';
import { vi } from '../packages/web/src/i18n/vi.ts';
import { RULES_PAGES } from '../packages/web/src/rules-pages/index.ts';

const ASSETS = fileURLToPath(new URL('../packages/web/src/assets/', import.meta.url));

describe.each(GAMES.map((g) => [g.key, g] as const))('%s reaches every derived table', (key, g) => {
  it('protocol: its quick-pairing pools, which the socket decoder accepts', () => {
    const mine = POOLS.filter((p) => p.variant === key);
    expect(mine.map((p) => p.id)).toEqual(g.clocks.pools.map((c) => poolId(key, c)));
    for (const p of mine) expect(decodeClientMessage(JSON.stringify({ t: 'pool-join', id: 1, pool: p.id })).ok, p.id).toBe(true);
  });

  it("engine: its sections in the house ini, and the rules' harness plays the first", () => {
    for (const s of g.engine.sections) expect(HOUSE_INI).toContain(`[${s.name}:`);
    expect(fairyVariant(key)).toBe(g.engine.sections[0].name);
  });

  it('web: its pages in the router', () => {
    for (const page of ['leaderboard', 'solo', 'rules', 'puzzles'] as const) expect(match(`/${page}/${key}`)).toEqual({ name: page, params: { variant: key } });
  });

  it('web: every text it needs, in Vietnamese and English', () => {
    for (const k of gameTextKeys(g)) {
      expect((vi as Record<string, string>)[k], `vi ${k}`).toBeTruthy();
      expect((en as Record<string, string>)[k], `en ${k}`).toBeTruthy();
    }
    expect(RULES_PAGES[key].vi.sections.length).toBeGreaterThan(0);
  });

  it('web: its board and piece art, for every role of both sides', () => {
    const { board, pieces } = artFiles(g);
    for (const f of [board, ...pieces.map((p) => p.file)]) expect(existsSync(`${ASSETS}${f}`), f).toBe(true);
    expect(artCss(g, (f) => `/assets/${f}`)).toContain(`.yz-${key} piece.k-piece.white`);
  });

  it("web: the board's size and pockets", () => {
    const l = boardLayout(g);
    expect([l.files, l.ranks]).toEqual([g.geometry.files, g.geometry.ranks]);
    expect(l.pocketRoles.length > 0).toBe(g.hasHand);
  });
});

it('the registry and VARIANT_KEYS list the same games', () => {
  expect(GAMES.map((g) => g.key)).toEqual([...VARIANT_KEYS]);
});
