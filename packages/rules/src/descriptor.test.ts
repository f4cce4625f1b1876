import { describe, expect, it } from 'vitest';
import { DEFAULT_VARIANT, GAMES, pocketRoles, poolId, startHandCount } from './descriptor.ts';
import { VARIANT_KEYS } from './types.ts';
import { KING } from './board.ts';
import { VARIANTS } from './variants/registry.ts';
import { GENERAL, HORSE, KING_ROLE, ROOK, ELEPHANT } from './variants/sittuyin/index.ts';

describe('the game descriptors', () => {
  it('are the registry, in VARIANT_KEYS order, each under its own key', () => {
    expect(GAMES.map((g) => g.key)).toEqual([...VARIANT_KEYS]);
    for (const k of VARIANT_KEYS) expect(VARIANTS[k].key).toBe(k);
    expect(DEFAULT_VARIANT).toBe(VARIANT_KEYS[0]);
  });

  describe.each(GAMES.map((g) => [g.key, g] as const))('%s', (_key, g) => {
    it('has a key usable in paths, CSS classes and i18n keys', () => {
      expect(g.key).toMatch(/^[a-z][a-z0-9]*$/);
    });

    it('values its pieces: the royal piece 0, every other piece more', () => {
      expect(g.roles[KING]?.value).toBe(0);
      for (const r of g.roles) if (r && r !== g.roles[KING]) expect(r.value, r.name).toBeGreaterThan(0);
      expect(g.material.decisiveGain).toBeGreaterThan(0);
      expect(g.material.sacrificeLoss).toBeGreaterThan(0);
    });

    it('offers pools with distinct ids, byo-yomi only where the game offers it', () => {
      expect(g.clocks.pools.length).toBeGreaterThan(0);
      const ids = g.clocks.pools.map((c) => poolId(g.key, c));
      expect(new Set(ids).size).toBe(ids.length);
      for (const c of g.clocks.pools) if (c.kind === 'byoyomi') expect(g.clocks.byoyomi).toBe(true);
    });

    it('names its engine sections, each ini starting with its own header', () => {
      expect(g.engine.sections.length).toBeGreaterThan(0);
      for (const s of g.engine.sections) expect(s.ini.startsWith(`[${s.name}:`)).toBe(true);
    });

    it('gives each side a colour', () => {
      for (const c of g.board.sideColors) expect(c).toMatch(/^#[0-9a-f]{6}$/);
    });

    it('holds pieces in hand exactly when its start position has some', () => {
      expect(startHandCount(g) > 0).toBe(g.hasHand);
      expect(pocketRoles(g).length > 0).toBe(g.hasHand);
    });
  });

  it('engine section names are unique across games', () => {
    const names = GAMES.flatMap((g) => g.engine.sections.map((s) => s.name));
    expect(new Set(names).size).toBe(names.length);
  });

  it('pool ids are unique across games', () => {
    const ids = GAMES.flatMap((g) => g.clocks.pools.map((c) => poolId(g.key, c)));
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('pocketRoles', () => {
  it("lists the start hand's roles in the FEN hand order: Sittuyin places all but its pawns", () => {
    expect(pocketRoles(VARIANTS.sittuyin)).toEqual([KING_ROLE, GENERAL, ROOK, ELEPHANT, HORSE]);
    expect(pocketRoles(VARIANTS.xiangqi)).toEqual([]);
  });
});

describe('poolId', () => {
  it('writes the game and the clock', () => {
    expect(poolId('xiangqi', { kind: 'fischer', minutes: 5, increment: 3 })).toBe('xiangqi-5+3');
    expect(poolId('janggi', { kind: 'byoyomi', minutes: 10, periods: 3, seconds: 30 })).toBe('janggi-10b3x30');
  });
});
