import type { FollowedPlayer, OngoingGame } from '@youzai/protocol';
import { describe, expect, it } from 'vitest';
import { applyFollowed, applyMyGame, sortMyGames } from './live-lists.ts';

const game = (id: string, more: Partial<OngoingGame> = {}): OngoingGame => ({
  id,
  variant: 'xiangqi',
  rated: false,
  players: ['a', 'b'],
  ids: ['A', 'B'],
  plies: 0,
  turn: 'first',
  yourTurn: false,
  clock: null,
  correspondence: true,
  updatedAt: 0,
  ...more,
});
const user = (id: string, online: boolean, playing: OngoingGame[] = []): FollowedPlayer => ({ id, name: id.toLowerCase(), online, playing });

describe('my games, live', () => {
  it('a game is added, replaced by its newer state, and removed when over', () => {
    let list = applyMyGame([], game('g1'), false);
    list = applyMyGame(list, game('g2', { updatedAt: 5 }), false);
    list = applyMyGame(list, game('g1', { plies: 1, yourTurn: true, updatedAt: 9 }), false);
    expect(list.map((g) => [g.id, g.plies])).toEqual([
      ['g2', 0],
      ['g1', 1],
    ]);
    expect(applyMyGame(list, game('g2'), true).map((g) => g.id)).toEqual(['g1']);
    expect(applyMyGame(list, game('gone'), true)).toHaveLength(2);
  });

  it('yours to move first (correspondence only), then the latest changed', () => {
    const sorted = sortMyGames([
      game('old', { updatedAt: 1 }),
      game('live-mine', { yourTurn: true, correspondence: false, updatedAt: 3 }),
      game('mine', { yourTurn: true, updatedAt: 0 }),
      game('new', { updatedAt: 2 }),
    ]);
    expect(sorted.map((g) => g.id)).toEqual(['mine', 'live-mine', 'new', 'old']);
  });
});

describe('the players you follow, live', () => {
  const base = [user('B', true), user('A', false)];
  it('coming online moves a player up; leaving drops their games', () => {
    const on = applyFollowed(base, { t: 'followed', user: 'A', online: true });
    expect(on.map((u) => [u.id, u.online])).toEqual([
      ['A', true],
      ['B', true],
    ]);
    const playing = applyFollowed(on, { t: 'followed', user: 'B', game: game('g'), over: false });
    expect(playing.find((u) => u.id === 'B')!.playing.map((g) => g.id)).toEqual(['g']);
    const off = applyFollowed(playing, { t: 'followed', user: 'B', online: false });
    expect(off.map((u) => [u.id, u.online, u.playing.length])).toEqual([
      ['A', true, 0],
      ['B', false, 0],
    ]);
  });

  it('games start (newest first, at most 3) and end; a stranger’s frame changes nothing', () => {
    let list = base;
    for (const id of ['g1', 'g2', 'g3', 'g4']) list = applyFollowed(list, { t: 'followed', user: 'A', game: game(id), over: false });
    expect(list[0]!.playing.map((g) => g.id)).toEqual(['g4', 'g3', 'g2']);
    expect(list[0]!.online).toBe(true);
    list = applyFollowed(list, { t: 'followed', user: 'A', game: game('g3'), over: true });
    expect(list[0]!.playing.map((g) => g.id)).toEqual(['g4', 'g2']);
    expect(applyFollowed(list, { t: 'followed', user: 'Z', online: true })).toBe(list);
  });
});
