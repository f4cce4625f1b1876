/**
 * Rating farming with fresh accounts (issue 31, item 4), played as the review
 * played it: 28 new accounts each lose three rated games (the pair limit's
 * daily three) to one player, resigning after the 4 plies a rated game needs.
 * Before the newcomer rule the farmer went 1500 -> 2292 in 84 counted games.
 * And what the rule must not break: newcomers' games rate one another.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATING, rateGame, type Rating } from '@youzai/game';
import type { Identity, ServerMessage } from '@youzai/protocol';
import { MemoryBus } from '../bus/bus.ts';
import { GameService, topicOf } from '../service/game-service.ts';
import { FakeTime } from '../service/time.ts';
import { memoryStore } from '../store/memory/store.ts';
import { Ratings } from './ratings.ts';

async function club() {
  const time = new FakeTime();
  const store = memoryStore();
  const bus = new MemoryBus();
  const ratings = new Ratings({ store, bus, clock: time });
  const service = new GameService({ store, bus, clock: time, timers: time, ratings });
  const frames: ServerMessage[] = [];
  const join = async (name: string): Promise<Identity> => {
    const id = `u-${name}`;
    await store.createUser({ id, username: name, passwordHash: null, createdAt: time.now() });
    return { id, name, guest: false };
  };
  /** A rated game of 4 plies, then `loser` resigns. */
  const play = async (white: Identity, black: Identity, loser: Identity): Promise<void> => {
    const r = await service.createPaired(white, black, {
      variant: 'xiangqi',
      clock: { kind: 'fischer', minutes: 3, increment: 2 },
      rated: true,
      color: 'first',
    });
    if (!r.ok) throw new Error(r.error.message);
    const id = r.value.id;
    bus.subscribe(topicOf(id), (f) => frames.push(JSON.parse(f as string) as ServerMessage));
    const moves = ['h3e3', 'h10g8', 'b1c3', 'b10c8'];
    for (const [ply, uci] of moves.entries()) {
      const who = ply % 2 === 0 ? white : black;
      const res = await service.act(id, who.id, { type: 'move', uci, ply });
      if (!res.ok) throw new Error(res.error.message);
    }
    const res = await service.act(id, loser.id, { type: 'resign' });
    if (!res.ok) throw new Error(res.error.message);
    time.advance(60_000);
  };
  const rating = async (u: Identity) => (await store.ratings(u.id)).find((r) => r.variant === 'xiangqi') ?? null;
  return { time, store, join, play, rating, frames };
}

/** Where a newcomer who wins their first n games against other newcomers ends, by Glicko-2 alone. */
function streak(n: number): Rating {
  let r = DEFAULT_RATING;
  for (let i = 0; i < n; i++) [r] = rateGame(r, DEFAULT_RATING, 1);
  return r;
}

describe('rating farming with fresh accounts', () => {
  it('28 fresh accounts resigning 3 games each give a fresh farmer no more than its own first 5 games', async () => {
    const c = await club();
    const farmer = await c.join('farmer');
    for (let i = 0; i < 28; i++) {
      const sock = await c.join(`sock${i}`);
      for (let g = 0; g < 3; g++) await (g % 2 ? c.play(sock, farmer, sock) : c.play(farmer, sock, sock));
    }
    const r = await c.rating(farmer);
    // Was 2292 over 84 counted games; now at most the 5 straight wins any newcomer may have (1886), and nothing after.
    expect(r!.rating).toBeLessThanOrEqual(streak(5).rating);
    expect(r!.rating).toBeLessThan(1900);
    expect(r!.games).toBe(5);
    // The rest were played, rated and told: the farmer's rating held, the sock's own moved.
    const told = c.frames.filter((f): f is Extract<ServerMessage, { t: 'ratings' }> => f.t === 'ratings');
    expect(told).toHaveLength(84);
    expect(told.filter((f) => f.held?.includes(farmer.id))).toHaveLength(79);
  });

  it('an established player fed by 28 fresh accounts stays exactly where it was', async () => {
    const c = await club();
    const member = await c.join('member');
    const friends = [await c.join('f1'), await c.join('f2'), await c.join('f3')];
    // 5 honest games against 3 players: established.
    for (const [i, f] of [...friends, friends[0]!, friends[1]!].entries()) await (i % 2 ? c.play(f, member, member) : c.play(member, f, f));
    const before = await c.rating(member);
    expect(before!.games).toBe(5);
    for (let i = 0; i < 28; i++) {
      const sock = await c.join(`sock${i}`);
      for (let g = 0; g < 3; g++) await c.play(member, sock, sock);
    }
    expect(await c.rating(member)).toEqual(before);
  });

  it('two honest new players: every game between them moves both', async () => {
    const c = await club();
    const [an, binh] = [await c.join('an'), await c.join('binh')];
    let [ea, eb] = [DEFAULT_RATING, DEFAULT_RATING];
    for (const [i, loser] of [binh, an, binh].entries()) {
      const anWhite = i % 2 === 0;
      await (anWhite ? c.play(an, binh, loser) : c.play(binh, an, loser));
      const anScore = loser === an ? 0 : 1;
      if (anWhite) [ea, eb] = rateGame(ea, eb, anScore);
      else [eb, ea] = rateGame(eb, ea, anScore === 1 ? 0 : 1);
      c.time.advance(3600_000);
    }
    const [ra, rb] = [await c.rating(an), await c.rating(binh)];
    expect(ra).toMatchObject({ games: 3, rating: ea.rating });
    expect(rb).toMatchObject({ games: 3, rating: eb.rating });
    expect(c.frames.filter((f) => f.t === 'ratings' && (f.held || f.uncounted))).toEqual([]);
  });

  it('an honest newcomer who has met 3 players moves an established one', async () => {
    const c = await club();
    const member = await c.join('member');
    const others = [await c.join('o1'), await c.join('o2'), await c.join('o3')];
    for (const [i, o] of [...others, others[0]!, others[1]!].entries()) await (i % 2 ? c.play(o, member, o) : c.play(member, o, o));
    const newcomer = await c.join('newcomer');
    // Its first game against the member moves only itself...
    await c.play(newcomer, member, newcomer);
    const held = await c.rating(member);
    expect(held!.games).toBe(5);
    // ...then 4 games against 3 other players (newcomers still, so they count for both)...
    for (const o of [...others, others[0]!]) await c.play(newcomer, o, o);
    expect((await c.rating(newcomer))!.games).toBe(5);
    // ...and now its results count for the member.
    await c.play(newcomer, member, newcomer);
    const after = await c.rating(member);
    expect(after!.games).toBe(6);
    expect(after!.rating).toBeGreaterThan(held!.rating);
  });
});
