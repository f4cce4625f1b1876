import { describe, expect, it } from 'vitest';
import { botChallenge, botRows, tokenRequest } from './bots-model.ts';

describe('bots page model', () => {
  it('reads the online bots by name, ratings per game, malformed entries left out', () => {
    const rows = botRows({
      ok: true,
      bots: [{ username: 'zeta', perfs: { xiangqi: { rating: 1712, games: 3 } } }, { username: 'alpha', perfs: {} }, { id: 'x' }, null],
    });
    expect(rows).toEqual([
      { name: 'alpha', ratings: {} },
      { name: 'zeta', ratings: { xiangqi: 1712 } },
    ]);
    expect(botRows({ ok: false })).toEqual([]);
  });

  it('a challenge to a bot is casual, colour by lot, on an offered clock', () => {
    expect(botChallenge('zeta', 'janggi', '10+5')).toEqual({
      variant: 'janggi',
      color: 'random',
      rated: false,
      clock: { kind: 'fischer', minutes: 10, increment: 5 },
      opponent: { type: 'user', username: 'zeta' },
    });
    expect(botChallenge('zeta', 'xiangqi', 'nonsense').clock).toEqual({ kind: 'fischer', minutes: 5, increment: 3 });
  });

  it('a new token needs a description and a known scope', () => {
    expect(tokenRequest('  my bot ', ['bot:play', 'nope'])).toEqual({ ok: true, body: { description: 'my bot', scopes: ['bot:play'] } });
    expect(tokenRequest(' ', ['bot:play'])).toEqual({ ok: false, why: 'description' });
    expect(tokenRequest('x', ['nope'])).toEqual({ ok: false, why: 'scopes' });
  });
});
