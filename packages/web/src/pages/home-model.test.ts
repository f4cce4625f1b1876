import { describe, expect, it } from 'vitest';
import type { PoolInfo, Seek, ServerMessage } from '@youzai/protocol';
import {
  chooseMode,
  formSubmitted,
  httpSnapshot,
  initialHomeState,
  lobbyLeft,
  lobbyMessage,
  pairingFollowed,
  POOL_REFRESH,
  poolFetchStarted,
  poolJoined,
  poolLeft,
  poolsByVariant,
  poolsFetched,
  reopened,
  socketState,
} from './home-model.ts';
import type { TermsInput } from './game-terms.ts';

const seek = (id: string, createdAt: number, user = 'u1'): Seek =>
  ({ id, createdAt, user: { id: user, name: user }, variant: 'xiangqi', clock: { initial: 300, increment: 3 }, rated: true, rating: 1500 }) as unknown as Seek;
const pool = (id: string, variant: string, waiting = 0): PoolInfo => ({ id, variant, clock: { initial: 300, increment: 3 }, waiting }) as unknown as PoolInfo;
const msg = (m: object) => m as ServerMessage;
const INPUT: TermsInput = { variant: 'xiangqi', clockKind: 'fischer', minutes: '5', increment: '3', periods: '0', seconds: '0', color: 'random', rated: true };
const fresh = () => initialHomeState(INPUT, 3);

describe('the home page model', () => {
  it("the socket's snapshot replaces the HTTP one, which is dropped once the socket's came", () => {
    const s0 = fresh();
    const http = httpSnapshot(s0, { seeks: [seek('a', 1)], counters: { online: 3, seeking: 1 }, pools: [pool('x5', 'xiangqi')] });
    expect(http.seeks.list().map((x) => x.id)).toEqual(['a']);
    const sock = lobbyMessage(http, msg({ t: 'lobby', seeks: [seek('b', 2)], counters: { online: 4, seeking: 1 }, pools: [] }), 0);
    expect(sock).toMatchObject({ gotSnapshot: true, counters: { online: 4, seeking: 1 }, pools: [] });
    expect(sock.seeks.list().map((x) => x.id)).toEqual(['b']);
    expect(httpSnapshot(sock, { seeks: [], counters: { online: 0, seeking: 0 }, pools: [] })).toBe(sock);
  });

  it('seeks frames make a new book only when something changed; the old one is left as it was', () => {
    const s = lobbyMessage(fresh(), msg({ t: 'lobby', seeks: [seek('a', 1)], counters: { online: 1, seeking: 1 }, pools: [] }), 0);
    const added = lobbyMessage(s, msg({ t: 'seeks', add: [seek('b', 2)], remove: [] }), 0);
    expect(added.seeks.list().map((x) => x.id)).toEqual(['a', 'b']);
    expect(s.seeks.list().map((x) => x.id)).toEqual(['a']);
    expect(lobbyMessage(added, msg({ t: 'seeks', add: [], remove: ['zz'] }), 0)).toBe(added);
    expect(
      lobbyMessage(added, msg({ t: 'seeks', add: [], remove: ['a'] }), 0)
        .seeks.list()
        .map((x) => x.id),
    ).toEqual(['b']);
  });

  it('fetches the pool counts when the number of seekers moves, at most every 3 s', () => {
    let s = lobbyMessage(fresh(), msg({ t: 'counters', online: 2, seeking: 1 }), 10_000);
    expect(s.poolFetch).toEqual({ at: 10_000, started: false });
    s = poolFetchStarted(s, 10_000);
    // Another move while it runs asks for nothing more.
    expect(lobbyMessage(s, msg({ t: 'counters', online: 2, seeking: 2 }), 10_500).poolFetch).toEqual({ at: 10_000, started: true });
    s = poolsFetched(s, [pool('x5', 'xiangqi', 2)]);
    expect(s).toMatchObject({ poolFetch: null, pools: [{ id: 'x5', waiting: 2 }] });
    s = lobbyMessage(s, msg({ t: 'counters', online: 2, seeking: 0 }), 11_000);
    expect(s.poolFetch).toEqual({ at: 10_000 + POOL_REFRESH, started: false });
    // Counters that keep the number of seekers fetch nothing; a failed fetch keeps the pools.
    const still = lobbyMessage(poolsFetched(s, null), msg({ t: 'counters', online: 9, seeking: 0 }), 20_000);
    expect(still).toMatchObject({ poolFetch: null, pools: [{ id: 'x5' }], counters: { online: 9, seeking: 0 } });
  });

  it('a pool place: marked at once, confirmed by its frame, gone with the socket or the pairing', () => {
    let s = poolJoined(fresh(), 'x5');
    expect(s.myPool).toBe('x5');
    expect(poolJoined(s, 'x3').myPool).toBe('x5');
    expect(lobbyMessage(s, msg({ t: 'pool', pool: 'x3' }), 0).myPool).toBe('x3');
    expect(socketState(s, 'open')).toBe(s);
    expect(socketState(s, 'closed').myPool).toBeNull();
    expect(poolLeft(s).myPool).toBeNull();
    s = lobbyMessage(s, msg({ t: 'paired', game: 'g1' }), 0);
    expect(s).toMatchObject({ myPool: null, paired: 'g1' });
    expect(pairingFollowed(s).paired).toBeNull();
  });

  it('a rebuilt page keeps the mode, the form and the pool it was left with, and takes the lobby afresh', () => {
    const input = { ...INPUT, minutes: '10' };
    let left = formSubmitted(chooseMode(poolJoined(fresh(), 'x5'), 'computer'), input, 6);
    left = lobbyMessage(left, msg({ t: 'lobby', seeks: [seek('a', 1)], counters: { online: 3, seeking: 1 }, pools: [pool('x5', 'xiangqi')] }), 0);
    const s = reopened(left);
    expect(s).toMatchObject({ mode: 'computer', myPool: 'x5', input, level: 6, counters: null, pools: [], gotSnapshot: false });
    expect(s.seeks.list()).toEqual([]);
    expect(fresh()).toMatchObject({ mode: 'seek', myPool: null, input: INPUT, level: 3 });
  });

  it('leaving the lobby withdraws our pool place and our own seeks, not the others', () => {
    const s = lobbyMessage(
      poolJoined(fresh(), 'x5'),
      msg({ t: 'lobby', seeks: [seek('a', 1, 'me'), seek('b', 2), seek('c', 3, 'me')], counters: { online: 1, seeking: 3 }, pools: [] }),
      0,
    );
    const left = lobbyLeft(s, 'me');
    expect(left).toMatchObject({ pool: true, seeks: ['a', 'c'] });
    expect(left.state.myPool).toBeNull();
    expect(lobbyLeft(left.state, null)).toMatchObject({ pool: false, seeks: [] });
  });

  it('groups pools by game in order; ignores other frames', () => {
    const s = fresh();
    expect(chooseMode(s, 'friend').mode).toBe('friend');
    expect(lobbyMessage(s, msg({ t: 'welcome' }), 0)).toBe(s);
    const grouped = poolsByVariant([pool('x5', 'xiangqi'), pool('j5', 'janggi'), pool('x3', 'xiangqi')]);
    expect(grouped.map(([v, l]) => [v, l.map((p) => p.id)])).toEqual([
      ['xiangqi', ['x5', 'x3']],
      ['janggi', ['j5']],
    ]);
  });
});
