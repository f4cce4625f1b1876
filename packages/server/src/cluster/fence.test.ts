/**
 * The fence of ownership, on the real service and an in-memory store: two
 * nodes' GameServices over one store. The node that takes a game writes it
 * at the next version before deciding anything, so a former owner that
 * still believes it owns the game (frozen, then resumed) has every write
 * refused, never applied: its move, and its flag timer.
 */
import type { Identity } from '@youzai/protocol';
import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '@youzai/protocol';
import { MemoryBus, type Bus } from '../bus/bus.ts';
import { GameService, topicOf } from '../service/game-service.ts';
import { FakeTime } from '../service/time.ts';
import { memoryStore } from '../store/memory/store.ts';
import type { Store } from '../store/types.ts';

const alice: Identity = { id: 'ua', name: 'alice', guest: false };
const bob: Identity = { id: 'ub', name: 'bob', guest: false };

function node(store: Store, time: FakeTime, owned: Set<string>, lost: string[], bus: Bus = new MemoryBus(), mayDecide?: () => boolean) {
  return new GameService({
    store,
    bus,
    ...(mayDecide ? { mayDecide } : {}),
    clock: time,
    timers: time,
    mayOwn: (id) => owned.has(id),
    fenceOnLoad: true,
    onLost: (id) => lost.push(id),
  });
}

describe('fencing a game taken over', () => {
  it('refuses the former owner\u2019s writes; the new owner decides from the version it fenced', async () => {
    const time = new FakeTime();
    const store = memoryStore();
    const [ownedA, ownedB] = [new Set<string>(), new Set<string>()];
    const lostA: string[] = [];
    const a = node(store, time, ownedA, lostA);
    const b = node(store, time, ownedB, []);
    const c = await a.create(alice, {
      variant: 'xiangqi',
      color: 'first',
      clock: { kind: 'fischer', minutes: 1, increment: 0 },
      opponent: { type: 'invite' },
      rated: false,
    });
    if (!c.ok) throw new Error(c.error.message);
    const id = c.value.id;
    ownedA.add(id);
    expect((await a.join(id, bob, c.value.inviteToken!)).ok).toBe(true);
    expect(await a.act(id, 'ua', { type: 'move', uci: 'h3e3', ply: 0 })).toMatchObject({ ok: true });
    const before = (await store.game(id))!.version;

    // B may not load a live game it does not own.
    expect(await b.view(id)).toBeNull();
    // A freezes; B takes the game: loading it writes the next version.
    time.advance(5_000);
    ownedB.add(id);
    const viewB = await b.view(id);
    expect(viewB?.v).toBe(before + 1);
    expect((await store.game(id))!.version).toBe(before + 1);
    // The side to move got its whole turn back (the outage is not charged).
    expect(viewB!.view.clock.remainingMs[1]).toBe(60_000);

    // A resumes, still holding the game in memory: its move is refused, and it lets the game go.
    const stale = await a.act(id, 'ub', { type: 'move', uci: 'h10g8', ply: 1 });
    expect(stale).toMatchObject({ ok: false, error: { code: 'game.conflict' } });
    expect(a.staleWritesRefused).toBe(1);
    expect(lostA).toEqual([id]);
    expect(a.holds(id)).toBe(false);
    expect((await store.moves(id)).map((m) => m.uci)).toEqual(['h3e3']);

    // B decides: the same move is played once, through B.
    expect(await b.act(id, 'ub', { type: 'move', uci: 'h10g8', ply: 1 })).toMatchObject({ ok: true });
    expect((await store.moves(id)).map((m) => m.uci)).toEqual(['h3e3', 'h10g8']);
  });

  it('issue 26: the side to move whose socket went with the former owner gets its turn from its return (within 5 s), not from the takeover', async () => {
    const time = new FakeTime();
    const store = memoryStore();
    const [ownedA, ownedB] = [new Set<string>(), new Set<string>()];
    const a = node(store, time, ownedA, []);
    const b = node(store, time, ownedB, []);
    const c = await a.create(alice, {
      variant: 'xiangqi',
      color: 'first',
      clock: { kind: 'fischer', minutes: 1, increment: 0 },
      opponent: { type: 'invite' },
      rated: false,
    });
    if (!c.ok) throw new Error(c.error.message);
    const id = c.value.id;
    ownedA.add(id);
    expect((await a.join(id, bob, c.value.inviteToken!)).ok).toBe(true);
    expect(await a.act(id, 'ua', { type: 'move', uci: 'h3e3', ply: 0 })).toMatchObject({ ok: true });
    expect(await a.act(id, 'ub', { type: 'move', uci: 'h10g8', ply: 1 })).toMatchObject({ ok: true });
    expect(await a.act(id, 'ua', { type: 'move', uci: 'b1c3', ply: 2 })).toMatchObject({ ok: true });
    // A freezes with bob's socket; B takes the game over and hears of alice's socket on its node.
    time.advance(5_000);
    ownedB.add(id);
    await b.view(id);
    await b.presence(id, 'ua', 1, 'n2|b');
    // Bob's socket went with A: he is back through B 1.5 s after the takeover and plays 200 ms later.
    time.advance(1_500);
    await b.presence(id, 'ub', 1, 'n2|b');
    time.advance(200);
    expect(await b.act(id, 'ub', { type: 'move', uci: 'b10c8', ply: 3 })).toMatchObject({ ok: true });
    // Charged the 200 ms since his return (was 1.7 s, from the takeover).
    const m = await store.moves(id);
    expect(m[1]!.clockMs! - m[3]!.clockMs!).toBe(200);
  });

  it('a former owner\u2019s flag timer firing late writes nothing', async () => {
    const time = new FakeTime();
    const store = memoryStore();
    const [ownedA, ownedB] = [new Set<string>(), new Set<string>()];
    const a = node(store, time, ownedA, []);
    const b = node(store, time, ownedB, []);
    const c = await a.create(alice, {
      variant: 'xiangqi',
      color: 'first',
      clock: { kind: 'fischer', minutes: 1, increment: 0 },
      opponent: { type: 'invite' },
      rated: false,
    });
    if (!c.ok) throw new Error(c.error.message);
    const id = c.value.id;
    ownedA.add(id);
    await a.join(id, bob, c.value.inviteToken!);
    await a.act(id, 'ua', { type: 'move', uci: 'h3e3', ply: 0 });
    await a.act(id, 'ub', { type: 'move', uci: 'h10g8', ply: 1 });
    // B takes the game over; then time passes beyond A's flag deadline, and both timers fire.
    ownedB.add(id);
    await b.view(id);
    const fenced = (await store.game(id))!.version;
    time.advance(30_000);
    await new Promise((r) => setTimeout(r, 10));
    expect((await store.game(id))!.status).toBe('active');
    expect((await store.game(id))!.version).toBe(fenced);
    // B's own clock: the flag falls by B's timer, once, when B's deadline comes.
    time.advance(31_000);
    await new Promise((r) => setTimeout(r, 10));
    const row = (await store.game(id))!;
    expect(row.status).toBe('finished');
    expect(row.reason).toBe('timeout');
    // A's timer fired first (it was armed first) and its write was refused.
    expect(a.staleWritesRefused).toBe(1);
    expect(a.holds(id)).toBe(false);
  });

  it('the takeover is a version like any other: one frame on the bus, in the catch-up history, carrying the new owner\u2019s clock', async () => {
    const time = new FakeTime();
    const store = memoryStore();
    // One bus for the club: what either node publishes reaches every watcher.
    const bus = new MemoryBus();
    const [ownedA, ownedB] = [new Set<string>(), new Set<string>()];
    const a = node(store, time, ownedA, [], bus);
    const b = node(store, time, ownedB, [], bus);
    const c = await a.create(alice, {
      variant: 'xiangqi',
      color: 'first',
      clock: { kind: 'fischer', minutes: 1, increment: 0 },
      opponent: { type: 'invite' },
      rated: false,
    });
    if (!c.ok) throw new Error(c.error.message);
    const id = c.value.id;
    ownedA.add(id);
    const seen: Extract<ServerMessage, { t: 'events' }>[] = [];
    bus.subscribe(topicOf(id), (m) => {
      const f = JSON.parse(m as string) as ServerMessage;
      // Connection frames keep the version (presence, not versioned).
      if (f.t === 'events' && f.events.some((e) => e.type !== 'connection')) seen.push(f);
    });
    await a.join(id, bob, c.value.inviteToken!);
    await a.act(id, 'ua', { type: 'move', uci: 'h3e3', ply: 0 });
    const held = (await store.game(id))!.version;
    time.advance(5_000);
    ownedB.add(id);
    await b.view(id);
    await b.act(id, 'ub', { type: 'move', uci: 'h10g8', ply: 1 });

    const vs = seen.map((f) => f.v);
    expect(vs).toEqual(vs.map((_, i) => vs[0]! + i));
    const fence = seen.find((f) => f.v === held + 1);
    // The side to move got its whole turn back, and watchers are told so.
    expect(fence?.events).toEqual([expect.objectContaining({ type: 'resumed', clock: expect.objectContaining({ remainingMs: [60_000, 60_000] }) })]);
    // A watcher of A reconnecting to B with the last version it held catches up without a full resync.
    expect((await b.since(id, held))?.map((f) => f.v)).toEqual([held + 1, held + 2]);
  });

  it('a flag that falls while the owner cannot vouch for its lease (cut from Redis) waits: nothing is stored that could not be told; it falls once the lease holds again', async () => {
    const time = new FakeTime();
    const store = memoryStore();
    const bus = new MemoryBus();
    const owned = new Set<string>();
    let leased = true;
    const a = node(store, time, owned, [], bus, () => leased);
    const c = await a.create(alice, {
      variant: 'xiangqi',
      color: 'first',
      clock: { kind: 'fischer', minutes: 1, increment: 0 },
      opponent: { type: 'invite' },
      rated: false,
    });
    if (!c.ok) throw new Error(c.error.message);
    const id = c.value.id;
    owned.add(id);
    await a.join(id, bob, c.value.inviteToken!);
    await a.act(id, 'ua', { type: 'move', uci: 'h3e3', ply: 0 });
    await a.act(id, 'ub', { type: 'move', uci: 'h10g8', ply: 1 });
    const ends: number[] = [];
    bus.subscribe(topicOf(id), (m) => {
      const f = JSON.parse(m as string) as ServerMessage;
      if (f.t === 'events' && f.events.some((e) => e.type === 'end')) ends.push(f.v);
    });
    // Cut from Redis: the flag's time comes and goes, and nothing is decided.
    leased = false;
    time.advance(65_000);
    await new Promise((r) => setTimeout(r, 10));
    expect((await store.game(id))!.status).toBe('active');
    expect(ends).toEqual([]);
    // Back (the lease held through it): the flag falls at once, and its frame goes out.
    leased = true;
    time.advance(1000);
    await new Promise((r) => setTimeout(r, 10));
    const row = (await store.game(id))!;
    expect(row.status).toBe('finished');
    expect(row.reason).toBe('timeout');
    expect(ends).toEqual([row.version]);
  });
});
