/**
 * The API's documents say what the code does (issue 31, item 13): the
 * protocol version the `welcome` frame sends, and the `lag` hint (ignored;
 * the server measures lag), where the documents once said 2 and "clamped to
 * 500"; who the leaderboard lists (settled ratings with enough games, where
 * API.md once said provisional ones follow the established).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PROTOCOL_VERSION } from '@youzai/protocol';
import { describe, expect, it } from 'vitest';
import { LEADERBOARD_RULE } from './players/ratings.ts';

const doc = (name: string): string => readFileSync(fileURLToPath(new URL(`../../../docs/${name}`, import.meta.url)), 'utf8');

describe('docs agree with the code', () => {
  it('welcome says the protocol version the server sends', () => {
    const api = doc('API.md');
    expect(api).toContain(`| \`welcome\` | \`protocol\` (${PROTOCOL_VERSION}: \`PROTOCOL_VERSION\`)`);
    expect(api).toContain(`Protocol ${PROTOCOL_VERSION} (the\n\`welcome\` frame's \`protocol\`)`);
  });

  it('the lag hint is documented as ignored, not clamped', () => {
    for (const name of ['API.md', 'server.md']) {
      const text = doc(name);
      expect(text).not.toMatch(/clamped to 500/);
      expect(text).not.toMatch(/`lag` hint is forgiven/);
    }
    expect(doc('API.md')).toMatch(/`lag` \([^)]*\) is accepted from older clients and ignored/);
    expect(doc('server.md')).toMatch(/`lag` hint is ignored/);
  });

  it('the leaderboard is described as the store is asked for it', () => {
    const { minGames, maxDeviation } = LEADERBOARD_RULE;
    const api = doc('API.md');
    const row = api.split('\n').find((l) => l.startsWith('| GET | `/api/leaderboard/'));
    expect(row).toContain(`deviation at most ${maxDeviation}`);
    expect(row).toContain(`at least ${minGames} counted rated games`);
    expect(row).not.toMatch(/then provisional/);
    expect(doc('security.md')).toContain(`below the provisional mark, ${maxDeviation}) and who have played at least **${minGames}** rated`);
  });
});
