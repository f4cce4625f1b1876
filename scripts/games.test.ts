/**
 * Every game of the registry reaches every table derived from the game
 * descriptors, in every package (scripts/game-tables.ts): a game missing
 * from one of them fails here, naming the table. (Tables typed
 * Record<VariantKey, …>, such as the rules pages, are checked by the
 * compiler as well.) scripts/adding-a-game.test.ts shows the check catching
 * a game left out of each table.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GAMES, VARIANT_KEYS } from '@youzai/rules';
import { fairyVariant } from '../packages/rules/scripts/fairy/fairy.ts';
import { CLUB_TABLES, missing } from './game-tables.ts';

describe.each(GAMES.map((g) => [g.key, g] as const))('%s', (key, g) => {
  it('reaches every derived table', () => {
    expect(missing(g, CLUB_TABLES)).toEqual([]);
  });

  it("is checked against Fairy-Stockfish: the rules' harness plays its first section, perft fixtures from it", () => {
    expect(fairyVariant(key)).toBe(g.engine.sections[0].name);
    expect(existsSync(new URL(`../packages/rules/fixtures/perft/${key}.json`, import.meta.url))).toBe(true);
  });
});

it('the registry and VARIANT_KEYS list the same games', () => {
  expect(GAMES.map((g) => g.key)).toEqual([...VARIANT_KEYS]);
});
