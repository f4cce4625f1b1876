/** TV channels (issue 33, item 8.3): per game and speed, each with its best-rated live game. */
import type { AddressInfo } from 'node:net';
import type { GameSummary } from '@youzai/protocol';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { MemoryBus } from '../bus/bus.ts';
import { memoryStore } from '../store/memory/store.ts';
import { TestClient } from '../testing/client.ts';
import { systemClock, systemTimers } from './time.ts';
import { TV_CHANNELS, TV_MEMO_MS, channelGame, memoTvChannels, tvCandidates, tvChannels, type TvCandidate } from './tv.ts';

const human = (userId: string) => ({ userId, name: userId, kind: 'human' as const });
const engine = { userId: 'engine', name: 'Máy', kind: 'engine' as const, level: 8 };
const fischer = (minutes: number, seconds: number) => ({ kind: 'fischer' as const, baseMs: minutes * 60_000, incrementMs: seconds * 1000 });

function game(id: string, variant: string, clock: GameSummary['clock'], seats: GameSummary['seats'], spectators = 0, lastMoveAt = 0): GameSummary {
  return { id, variant, seats, ply: 10, spectators, lastMoveAt, clock };
}

const RATINGS: Record<string, Record<string, number>> = {
  an: { xiangqi: 2100, janggi: 1500 },
  binh: { xiangqi: 2000 },
  chi: { xiangqi: 1700, sittuyin: 1900 },
  dung: { xiangqi: 1650, sittuyin: 1800 },
  em: { janggi: 1600 },
};
const ratingsOf = async (u: string) => Object.entries(RATINGS[u] ?? {}).map(([variant, rating]) => ({ variant, rating }));

const GAMES = [
  // The most watched is not the best rated.
  game('watched', 'xiangqi', fischer(10, 5), [human('chi'), human('dung')], 40),
  game('top', 'xiangqi', fischer(3, 2), [human('an'), human('binh')], 2),
  game('sit', 'sittuyin', fischer(1, 0), [human('chi'), human('dung')], 0),
  // A newcomer without a rating counts as 1500; the computer's seat does not count.
  game('jg', 'janggi', { kind: 'byoyomi', baseMs: 10 * 60_000, periods: 3, periodMs: 30_000 }, [human('em'), human('newcomer')], 1),
  game('bot', 'janggi', fischer(30, 0), [human('an'), engine], 9),
  game('mail', 'xiangqi', { kind: 'correspondence', baseMs: 86_400_000 }, [human('dung'), human('newcomer')], 0),
];

describe('TV channels', () => {
  it('one per game and per speed, each showing its best-rated live game', async () => {
    const candidates = await tvCandidates(GAMES, ratingsOf);
    const channels = tvChannels(candidates);
    expect(channels.map((c) => c.channel)).toEqual(TV_CHANNELS);
    expect(Object.fromEntries(channels.map((c) => [c.channel, c.game]))).toEqual({
      best: 'top',
      xiangqi: 'top',
      janggi: 'jg',
      sittuyin: 'sit',
      bullet: 'sit',
      blitz: 'top',
      rapid: 'watched',
      classical: 'bot',
      correspondence: 'mail',
    });
    expect(channels.find((c) => c.channel === 'best')).toEqual({ channel: 'best', game: 'top', players: ['an', 'binh'], rating: 2050 });
    expect(channels.find((c) => c.channel === 'janggi')!.rating).toBe(1550);
    expect(channels.find((c) => c.channel === 'classical')!.rating).toBe(1500);
  });

  it('an empty channel has no game; equal ratings go to the most watched, then the latest move', () => {
    const c = (id: string, spectators: number, lastMoveAt: number): TvCandidate => ({
      game: game(id, 'xiangqi', fischer(5, 0), [human('a'), human('b')], spectators, lastMoveAt),
      ratings: [1800, 1800],
    });
    expect(channelGame([c('quiet', 0, 9), c('seen', 3, 1), c('seen-later', 3, 2)], 'xiangqi')!.game.id).toBe('seen-later');
    expect(channelGame([c('x', 0, 0)], 'sittuyin')).toBeNull();
    expect(tvChannels([]).every((ch) => ch.game === null && ch.players === null && ch.rating === null)).toBe(true);
  });
});

describe('GET /api/tv', () => {
  it('lists every channel (none live: no game) and refuses an unknown one with its code', async () => {
    const app = await createApp({
      store: memoryStore(),
      bus: new MemoryBus(),
      clock: systemClock,
      timers: systemTimers,
      publicUrl: 'http://test',
      httpRate: 1000,
    });
    await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
    try {
      const c = new TestClient(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
      const all = await c.http('GET', '/api/tv?channel=blitz');
      expect(all.json).toMatchObject({ ok: true, channel: 'blitz', game: null });
      expect((all.json.channels as { channel: string }[]).map((x) => x.channel)).toEqual(TV_CHANNELS);
      expect((await c.http('GET', '/api/tv')).json.channel).toBe('best');
      const bad = await c.http('GET', '/api/tv?channel=chess');
      expect([bad.status, bad.json.code]).toEqual([400, 'tv.channel']);
    } finally {
      await app.close();
    }
  });
});

describe('memoTvChannels', () => {
  it('works the channels out once per TV_MEMO_MS on the given time, then again', async () => {
    const key = {};
    let computed = 0;
    const compute = async () => {
      computed++;
      return tvChannels([]);
    };
    await memoTvChannels(key, 1000, compute);
    await memoTvChannels(key, 1000 + TV_MEMO_MS - 1, compute);
    expect(computed).toBe(1);
    await memoTvChannels(key, 1000 + TV_MEMO_MS, compute);
    expect(computed).toBe(2);
  });
});
