/**
 * Glicko-2 through the game service: a rated game's end, whatever ended it,
 * updates both players once; aborted and casual games are not rated; two
 * games of one player ending at the same moment both count, on every store.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_RATING, rateGame } from '@youzai/game';
import type { CreateGame, Identity, ServerMessage } from '@youzai/protocol';
import { MemoryBus } from '../bus/bus.ts';
import { GameService, topicOf } from '../service/game-service.ts';
import { FakeTime } from '../service/time.ts';
import { memoryStore } from '../store/memory/store.ts';
import type { Store } from '../store/types.ts';
import { STORE_KINDS, openTestStore } from '../testing/stores.ts';
import { Ratings } from './ratings.ts';

const alice: Identity = { id: 'ua', name: 'alice', guest: false };
const bob: Identity = { id: 'ub', name: 'bob', guest: false };
const carol: Identity = { id: 'uc', name: 'carol', guest: false };
const guest: Identity = { id: 'ug', name: 'Khách-1', guest: true };

async function setup(store: Store = memoryStore()) {
  const time = new FakeTime();
  const bus = new MemoryBus();
  const ratings = new Ratings({ store, bus, clock: time });
  const service = new GameService({ store, bus, clock: time, timers: time, ratings });
  for (const u of [alice, bob, carol, guest]) {
    await store.createUser({ id: u.id, username: u.guest ? null : u.name, passwordHash: null, createdAt: time.now() });
  }
  return { time, store, bus, ratings, service };
}
type Setup = Awaited<ReturnType<typeof setup>>;

const req = (over: Partial<CreateGame> = {}): CreateGame => ({
  variant: 'xiangqi',
  color: 'first',
  clock: { kind: 'fischer', minutes: 1, increment: 0 },
  opponent: { type: 'invite' },
  rated: true,
  ...over,
});

/** A started rated game, two moves each played (so it can no longer be aborted, and it counts). */
async function playing(s: Setup, a = alice, b = bob, over: Partial<CreateGame> = {}): Promise<string> {
  const r = await s.service.createPaired(a, b, {
    variant: 'xiangqi',
    clock: { kind: 'fischer', minutes: 1, increment: 0 },
    rated: true,
    color: 'first',
    ...over,
  });
  if (!r.ok) throw new Error(r.error.message);
  const id = r.value.id;
  expect((await s.service.act(id, a.id, { type: 'move', uci: 'h3e3', ply: 0 })).ok).toBe(true);
  expect((await s.service.act(id, b.id, { type: 'move', uci: 'h10g8', ply: 1 })).ok).toBe(true);
  // Two moves each: a rated game ended sooner is aborted as too short.
  expect((await s.service.act(id, a.id, { type: 'move', uci: 'b1c3', ply: 2 })).ok).toBe(true);
  expect((await s.service.act(id, b.id, { type: 'move', uci: 'b10c8', ply: 3 })).ok).toBe(true);
  return id;
}

const settle = () => new Promise((r) => setTimeout(r, 20));

describe('ratings through the game service', () => {
  it('a resignation updates both players once, and tells the watchers', async () => {
    const s = await setup();
    const id = await playing(s);
    const frames: ServerMessage[] = [];
    s.bus.subscribe(topicOf(id), (f) => frames.push(JSON.parse(f as string) as ServerMessage));
    expect((await s.service.act(id, bob.id, { type: 'resign' })).ok).toBe(true);
    const [w, b] = rateGame(DEFAULT_RATING, DEFAULT_RATING, 1);
    expect(await s.store.ratings(alice.id)).toMatchObject([{ variant: 'xiangqi', ...w, games: 1 }]);
    expect(await s.store.ratings(bob.id)).toMatchObject([{ variant: 'xiangqi', ...b, games: 1 }]);
    const msg = frames.find((f) => f.t === 'ratings');
    expect(msg).toMatchObject({ t: 'ratings', game: id, players: [{ userId: alice.id, before: { rating: 1500, provisional: true } }, { userId: bob.id }] });
    const diffs = (msg as Extract<ServerMessage, { t: 'ratings' }>).players.map((p) => p.diff);
    expect(diffs[0]).toBeGreaterThan(0);
    expect(diffs[1]).toBe(-diffs[0]!);
    // A retry (the restart sweep) never counts it again.
    expect(await s.ratings.recover()).toBe(0);
    expect((await s.store.ratings(alice.id))[0]!.games).toBe(1);
  });

  it('a flag that falls on the timer, with nobody connected, is rated; so is a draw by agreement', async () => {
    const s = await setup();
    const id = await playing(s);
    s.time.advance(60_000);
    await settle();
    expect(await s.store.game(id)).toMatchObject({ status: 'finished', reason: 'timeout', result: '0-1' });
    expect((await s.store.ratings(bob.id))[0]!.rating).toBeGreaterThan(1500);
    const id2 = await playing(s, alice, carol);
    await s.service.act(id2, alice.id, { type: 'draw-offer' });
    await s.service.act(id2, carol.id, { type: 'draw-accept' });
    expect((await s.store.ratings(carol.id))[0]).toMatchObject({ games: 1 });
    expect((await s.store.ratings(alice.id))[0]).toMatchObject({ games: 2 });
  });

  it('aborted games, casual games and computer games are unrated; guests cannot take a rated seat', async () => {
    const s = await setup();
    // No first move: aborted by the timer.
    const r = await s.service.createPaired(alice, bob, {
      variant: 'xiangqi',
      clock: { kind: 'fischer', minutes: 1, increment: 0 },
      rated: true,
      color: 'first',
    });
    if (!r.ok) throw new Error(r.error.message);
    s.time.advance(30_000);
    await settle();
    expect(await s.store.game(r.value.id)).toMatchObject({ status: 'aborted', reason: 'no-first-move' });
    // Aborted by a player.
    const r2 = await s.service.createPaired(alice, bob, {
      variant: 'xiangqi',
      clock: { kind: 'fischer', minutes: 1, increment: 0 },
      rated: true,
      color: 'first',
    });
    if (!r2.ok) throw new Error(r2.error.message);
    expect((await s.service.act(r2.value.id, alice.id, { type: 'abort' })).ok).toBe(true);
    // Casual, decided.
    const id3 = await playing(s, alice, bob, { rated: false });
    await s.service.act(id3, alice.id, { type: 'resign' });
    expect(await s.store.ratings(alice.id)).toEqual([]);
    expect(await s.store.ratings(bob.id)).toEqual([]);
    // The rules at the door.
    expect(await s.service.create(alice, req({ opponent: { type: 'computer', level: 2 } }))).toMatchObject({
      ok: false,
      error: { code: 'game.rated-computer' },
    });
    expect(await s.service.create(guest, req())).toMatchObject({ ok: false, error: { code: 'game.rated-guest' } });
    expect(
      await s.service.createPaired(alice, guest, { variant: 'xiangqi', clock: { kind: 'fischer', minutes: 1, increment: 0 }, rated: true, color: 'first' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'game.rated-guest' },
    });
    const inv = await s.service.create(alice, req());
    if (!inv.ok) throw new Error(inv.error.message);
    expect(await s.service.join(inv.value.id, guest, inv.value.inviteToken!)).toMatchObject({ ok: false, error: { code: 'game.rated-guest' } });
    expect((await s.service.join(inv.value.id, bob, inv.value.inviteToken!)).ok).toBe(true);
  });

  it('a rated game resigned before each side made two moves is stored aborted, too short, and not rated', async () => {
    const s = await setup();
    const r = await s.service.createPaired(alice, bob, {
      variant: 'xiangqi',
      clock: { kind: 'fischer', minutes: 1, increment: 0 },
      rated: true,
      color: 'first',
    });
    if (!r.ok) throw new Error(r.error.message);
    expect((await s.service.act(r.value.id, alice.id, { type: 'move', uci: 'h3e3', ply: 0 })).ok).toBe(true);
    expect((await s.service.act(r.value.id, bob.id, { type: 'resign' })).ok).toBe(true);
    expect(await s.store.game(r.value.id)).toMatchObject({ status: 'aborted', reason: 'too-short' });
    expect(await s.ratings.recover()).toBe(0);
    expect(await s.store.ratings(alice.id)).toEqual([]);
    expect(await s.store.ratings(bob.id)).toEqual([]);
  });

  it('the same two players: three rated games a day count, the fourth is recorded uncounted and says so; the next day counts again', async () => {
    const s = await setup();
    const frames: ServerMessage[] = [];
    for (let i = 0; i < 4; i++) {
      const id = await playing(s);
      s.bus.subscribe(topicOf(id), (f) => frames.push(JSON.parse(f as string) as ServerMessage));
      expect((await s.service.act(id, bob.id, { type: 'resign' })).ok).toBe(true);
      s.time.advance(60_000);
    }
    const msgs = frames.filter((f): f is Extract<ServerMessage, { t: 'ratings' }> => f.t === 'ratings');
    expect(msgs.map((m) => m.uncounted ?? 'counted')).toEqual(['counted', 'counted', 'counted', 'pair-limit']);
    expect(msgs[3]!.players.map((p) => p.diff)).toEqual([0, 0]);
    expect((await s.store.ratings(alice.id))[0]!.games).toBe(3);
    // Another opponent counts at once; the same pair once a day has passed since the first game.
    const other = await playing(s, alice, carol);
    await s.service.act(other, carol.id, { type: 'resign' });
    expect((await s.store.ratings(alice.id))[0]!.games).toBe(4);
    s.time.advance(24 * 3600_000);
    const next = await playing(s);
    await s.service.act(next, bob.id, { type: 'resign' });
    expect((await s.store.ratings(alice.id))[0]!.games).toBe(5);
  });

  it('a game against a player marked a cheater never counts', async () => {
    const s = await setup();
    await s.store.setSanctions(bob.id, { cheaterAt: s.time.now() });
    const id = await playing(s);
    expect((await s.service.act(id, bob.id, { type: 'resign' })).ok).toBe(true);
    expect(await s.store.game(id)).toMatchObject({ status: 'finished', reason: 'resignation' });
    expect(await s.store.ratings(alice.id)).toEqual([]);
  });

  it('a game whose rating was lost to a crash is applied once on restart', async () => {
    const s = await setup();
    const id = await playing(s);
    // The hook fails once (the storage hiccups): the game is finished, the ratings are not.
    const apply = s.store.applyRatedGame.bind(s.store);
    s.store.applyRatedGame = async () => {
      throw new Error('disk on fire');
    };
    const quiet = console.error;
    console.error = () => {};
    try {
      expect((await s.service.act(id, alice.id, { type: 'resign' })).ok).toBe(true);
    } finally {
      console.error = quiet;
      s.store.applyRatedGame = apply;
    }
    expect(await s.store.ratings(bob.id)).toEqual([]);
    await s.service.close();
    const again = new GameService({ store: s.store, bus: s.bus, clock: s.time, timers: s.time, ratings: s.ratings });
    await again.recover();
    expect((await s.store.ratings(bob.id))[0]).toMatchObject({ games: 1 });
    await again.recover();
    expect((await s.store.ratings(bob.id))[0]).toMatchObject({ games: 1 });
  });
});

describe.each(['memory', ...STORE_KINDS] as const)('two games of one player ending at the same moment both count (%s)', (kind) => {
  const drops: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const d of drops.splice(0)) await d();
  });

  it('both flags fall on the same tick; both resignations land together', async () => {
    let store: Store = memoryStore();
    if (kind !== 'memory') {
      const t = await openTestStore(kind);
      store = t.store;
      drops.push(async () => {
        await store.close();
        await t.drop();
      });
    }
    const s = await setup(store);
    // alice plays bob and carol; both her flags fall at the same instant.
    const g1 = await playing(s, alice, bob);
    const g2 = await playing(s, alice, carol);
    s.time.advance(60_000);
    for (let i = 0; i < 50 && (await s.store.ratings(alice.id))[0]?.games !== 2; i++) await settle();
    const mine = (await s.store.ratings(alice.id))[0]!;
    expect(mine.games).toBe(2);
    const history = await s.store.ratingHistory(alice.id, 'xiangqi', 10);
    expect(history.map((p) => p.gameId).sort()).toEqual([g1, g2].sort());
    // The second game started from what the first left (both opponents being new, either order gives this).
    const [b, c] = [(await s.store.ratings(bob.id))[0]!, (await s.store.ratings(carol.id))[0]!];
    expect([b.games, c.games]).toEqual([1, 1]);
    const sequential = rateGame(rateGame(DEFAULT_RATING, DEFAULT_RATING, 0)[0], DEFAULT_RATING, 0)[0];
    expect(mine.rating).toBeCloseTo(sequential.rating, 9);
    expect(mine.deviation).toBeCloseTo(sequential.deviation, 9);

    // Two resignations at once, alice first in one game and second in the other.
    const g3 = await playing(s, alice, bob);
    const g4 = await playing(s, carol, alice);
    const both = await Promise.all([s.service.act(g3, bob.id, { type: 'resign' }), s.service.act(g4, carol.id, { type: 'resign' })]);
    expect(both.every((r) => r.ok)).toBe(true);
    expect((await s.store.ratings(alice.id))[0]!.games).toBe(4);
    expect(await s.store.ratingHistory(alice.id, 'xiangqi', 10)).toHaveLength(4);
    await s.service.close();
  });
});
