/** Scenario tests of the game service: in-memory storage, fake time, the real service. */
import { describe, expect, it } from 'vitest';
import type { CreateGame, Identity } from '@youzai/protocol';
import { MemoryBus } from '../bus/bus.ts';
import { memoryStore } from '../store/memory/store.ts';
import { GameService, topicOf } from './game-service.ts';
import { FakeTime, type Timers } from './time.ts';

const alice: Identity = { id: 'ua', name: 'alice', guest: false };
const bob: Identity = { id: 'ub', name: 'bob', guest: false };

function setup(opts: { quiet?: (member: string) => boolean; timers?: (time: FakeTime) => Timers } = {}) {
  const time = new FakeTime();
  const store = memoryStore();
  const bus = new MemoryBus();
  /** Set to make the next saves fail, as a full disk or a lost database would. */
  const faults = { saves: 0 };
  const flaky = {
    ...store,
    saveGame: (...a: Parameters<typeof store.saveGame>) => (faults.saves-- > 0 ? Promise.reject(new Error('disk full')) : store.saveGame(...a)),
  };
  const service = new GameService({ store: flaky, bus, clock: time, timers: opts.timers?.(time) ?? time, ...(opts.quiet ? { quiet: opts.quiet } : {}) });
  return { time, store, bus, service, faults };
}

const req = (over: Partial<CreateGame> = {}): CreateGame => ({
  variant: 'xiangqi',
  color: 'first',
  clock: { kind: 'fischer', minutes: 1, increment: 2 },
  opponent: { type: 'invite' },
  rated: false,
  ...over,
});

async function started(s: ReturnType<typeof setup>, over: Partial<CreateGame> = {}) {
  const c = await s.service.create(alice, req(over));
  if (!c.ok) throw new Error(c.error.message);
  const j = await s.service.join(c.value.id, bob, c.value.inviteToken ?? undefined);
  if (!j.ok) throw new Error(j.error.message);
  return c.value.id;
}

/** A 30-minute game, Alice's socket counted on node 1 and Bob's on node 2, one move each: Alice to move. */
async function openedOnTwoNodes(s: ReturnType<typeof setup>): Promise<string> {
  const id = await started(s, { clock: { kind: 'fischer', minutes: 30, increment: 0 } });
  await s.service.presence(id, alice.id, 1, 'n1|a');
  await s.service.presence(id, bob.id, 1, 'n2|b');
  await s.service.act(id, alice.id, { type: 'move', uci: 'h3e3', ply: 0 });
  await s.service.act(id, bob.id, { type: 'move', uci: 'h10g8', ply: 1 });
  return id;
}

/** What the last move cost its side's clock (no increment). */
async function chargedLast(s: ReturnType<typeof setup>, id: string): Promise<number> {
  const m = await s.store.moves(id);
  return m.at(-3)!.clockMs! - m.at(-1)!.clockMs!;
}

describe('game service', () => {
  it('flags the side to move by its timer with nobody connected, and stores the verdict', async () => {
    const s = setup();
    const id = await started(s);
    const events: string[] = [];
    s.bus.subscribe(topicOf(id), (f) => events.push(...JSON.parse(f as string).events.map((e: { type: string }) => e.type)));
    expect((await s.service.act(id, alice.id, { type: 'move', uci: 'h3e3', ply: 0 })).ok).toBe(true);
    expect((await s.service.act(id, bob.id, { type: 'move', uci: 'h10g8', ply: 1 })).ok).toBe(true);
    s.time.advance(59_000);
    await Promise.resolve();
    expect((await s.store.game(id))!.status).toBe('active');
    s.time.advance(1_000);
    await new Promise((r) => setTimeout(r, 10));
    const row = await s.store.game(id);
    expect(row).toMatchObject({ status: 'finished', result: '0-1', reason: 'timeout' });
    expect(events.at(-1)).toBe('end');
  });

  it('a move that moves the deadline later keeps the armed timer, and the flag still falls at its time', async () => {
    let armed = 0;
    const s = setup({
      timers: (time) => ({
        at(at, fn) {
          armed++;
          return time.at(at, fn);
        },
      }),
    });
    const { time, store, service } = s;
    const id = await started(s);
    await service.act(id, alice.id, { type: 'move', uci: 'h3e3', ply: 0 });
    await service.act(id, bob.id, { type: 'move', uci: 'h10g8', ply: 1 });
    const before = armed;
    // Each move thought for 1 s with a 2 s increment: each deadline later than the one before it.
    for (const [who, uci, ply] of [
      [alice, 'b1c3', 2],
      [bob, 'b10c8', 3],
      [alice, 'a1b1', 4],
      [bob, 'i10h10', 5],
    ] as const) {
      time.advance(1_000);
      expect((await service.act(id, who.id, { type: 'move', uci, ply })).ok).toBe(true);
    }
    expect(armed - before).toBe(0);
    // Alice to move with 62 s left (60 + 2 × 2 − 2 × 1): the timer armed for an earlier deadline fires first and is armed again.
    time.advance(61_999);
    await new Promise((r) => setTimeout(r, 10));
    expect((await store.game(id))!.status).toBe('active');
    time.advance(1);
    await new Promise((r) => setTimeout(r, 10));
    expect(await store.game(id)).toMatchObject({ status: 'finished', result: '0-1', reason: 'timeout' });
  });

  it('adds the increment and charges each move, as stored', async () => {
    const s = setup();
    const id = await started(s);
    await s.service.act(id, alice.id, { type: 'move', uci: 'h3e3', ply: 0 });
    await s.service.act(id, bob.id, { type: 'move', uci: 'h10g8', ply: 1 });
    s.time.advance(10_000);
    await s.service.act(id, alice.id, { type: 'move', uci: 'b1c3', ply: 2 });
    const moves = await s.store.moves(id);
    expect(moves.map((m) => m.clockMs)).toEqual([60_000, 60_000, 52_000]);
  });

  it('byo-yomi periods are spent by the server and the flag falls when they are gone', async () => {
    const s = setup();
    const id = await started(s, { variant: 'janggi', clock: { kind: 'byoyomi', minutes: 0.1, periods: 2, seconds: 10 } });
    await s.service.act(id, alice.id, { type: 'move', uci: 'e2e2', ply: 0 });
    await s.service.act(id, bob.id, { type: 'move', uci: 'e9e9', ply: 1 });
    s.time.advance(6_000 + 15_000);
    await s.service.act(id, alice.id, { type: 'move', uci: 'a4a5', ply: 2 });
    expect((await s.service.view(id))!.view.clock.periodsLeft).toEqual([1, 2]);
    s.time.advance(26_000 + 10_000);
    await new Promise((r) => setTimeout(r, 10));
    expect(await s.store.game(id)).toMatchObject({ status: 'finished', reason: 'timeout', result: '1-0' });
  });

  it('a missed first move aborts the game; an abort before both moved is allowed', async () => {
    const s = setup();
    const id = await started(s);
    s.time.advance(30_000);
    await new Promise((r) => setTimeout(r, 10));
    expect(await s.store.game(id)).toMatchObject({ status: 'aborted', reason: 'no-first-move' });
    const id2 = await started(s);
    await s.service.act(id2, alice.id, { type: 'move', uci: 'h3e3', ply: 0 });
    expect((await s.service.act(id2, bob.id, { type: 'abort' })).ok).toBe(true);
    expect(await s.store.game(id2)).toMatchObject({ status: 'aborted' });
  });

  it('draw offers and acceptance go through the service', async () => {
    const s = setup();
    const id = await started(s);
    await s.service.act(id, alice.id, { type: 'move', uci: 'h3e3', ply: 0 });
    await s.service.act(id, bob.id, { type: 'draw-offer' });
    expect(await s.service.act(id, bob.id, { type: 'draw-accept' })).toMatchObject({ ok: false, error: { code: 'draw.no-offer' } });
    expect((await s.service.act(id, alice.id, { type: 'draw-accept' })).ok).toBe(true);
    expect(await s.store.game(id)).toMatchObject({ status: 'finished', result: '1/2-1/2', reason: 'agreement' });
  });

  it('disconnection grace: the opponent may claim after 60 s away', async () => {
    const s = setup();
    const id = await started(s, { clock: { kind: 'fischer', minutes: 30, increment: 0 } });
    await s.service.presence(id, alice.id, 1);
    await s.service.presence(id, bob.id, 1);
    await s.service.act(id, alice.id, { type: 'move', uci: 'h3e3', ply: 0 });
    await s.service.act(id, bob.id, { type: 'move', uci: 'h10g8', ply: 1 });
    await s.service.presence(id, bob.id, -1);
    s.time.advance(59_000);
    expect(await s.service.act(id, alice.id, { type: 'claim-victory' })).toMatchObject({ ok: false, error: { code: 'claim.not-available' } });
    s.time.advance(1_000);
    expect((await s.service.act(id, alice.id, { type: 'claim-victory' })).ok).toBe(true);
    expect(await s.store.game(id)).toMatchObject({ status: 'finished', result: '1-0', reason: 'abandonment' });
  });

  it('announces the spectator count on the game’s topic as watchers come and go, at most once a second, never counting the players', async () => {
    const s = setup();
    const id = await started(s, { clock: { kind: 'fischer', minutes: 30, increment: 0 } });
    const counts: number[] = [];
    s.bus.subscribe(topicOf(id), (f) => {
      const m = JSON.parse(f as string) as { t: string; n?: number };
      if (m.t === 'spectators') counts.push(m.n!);
    });
    await s.service.presence(id, alice.id, 1);
    await s.service.presence(id, bob.id, 1);
    expect(counts).toEqual([]);
    // The first watcher is announced at once (a watcher on another node is forwarded here: the same call with its node).
    await s.service.presence(id, 'watcher1', 1, 'n2|b');
    expect(counts).toEqual([1]);
    // Two more within the second: one announcement at its end, with the count then.
    await s.service.presence(id, 'watcher2', 1);
    await s.service.presence(id, '', 1);
    expect(counts).toEqual([1]);
    s.time.advance(999);
    expect(counts).toEqual([1]);
    s.time.advance(1);
    expect(counts).toEqual([1, 3]);
    // Long after: a watcher leaving is announced at once.
    s.time.advance(5_000);
    await s.service.presence(id, 'watcher2', -1);
    expect(counts).toEqual([1, 3, 2]);
    expect((await s.service.view(id))!.spectators).toBe(2);
  });

  it('counts the watchers of each node apart: a node re-announcing (after a failover) replaces its own count; a dead node takes its watchers with it', async () => {
    const s = setup();
    const id = await started(s, { clock: { kind: 'fischer', minutes: 30, increment: 0 } });
    const counts: number[] = [];
    s.bus.subscribe(topicOf(id), (f) => {
      const m = JSON.parse(f as string) as { t: string; n?: number };
      if (m.t === 'spectators') counts.push(m.n!);
    });
    const watching = async () => (await s.service.view(id))!.spectators;
    await s.service.presence(id, 'w1', 1, 'n1|a');
    await s.service.presence(id, 'w2', 1, 'n2|b');
    await s.service.presence(id, '', 1, 'n2|b');
    expect(await watching()).toBe(3);
    // A new owner hears what each node holds: node 2 says two watchers and its player, nothing is counted twice.
    await s.service.presenceOf(id, 'n2|b', { w2: 1, '': 1, [bob.id]: 1 });
    expect(await watching()).toBe(3);
    await s.service.presenceOf(id, 'n2|b', { w2: 1 });
    expect(await watching()).toBe(2);
    expect(s.service.presenceSources()).toEqual(new Set(['n1|a', 'n2|b']));
    // Node 1 dies: its watcher is gone, and the count says so.
    s.time.advance(1_000);
    await s.service.nodeGone('n1|a');
    expect(await watching()).toBe(1);
    s.time.advance(1_000);
    expect(counts.at(-1)).toBe(1);
  });

  it('counts the sockets of each node apart: a node re-announcing replaces its own count; the sockets of a dead node are gone', async () => {
    const s = setup();
    const id = await started(s, { clock: { kind: 'fischer', minutes: 30, increment: 0 } });
    const away = async () => (await s.service.view(id))!.view.disconnectedSince;
    await s.service.presence(id, alice.id, 1, 'n1|a');
    await s.service.presence(id, bob.id, 1, 'n2|b');
    expect(await away()).toEqual([null, null]);
    await s.service.act(id, alice.id, { type: 'move', uci: 'h3e3', ply: 0 });
    await s.service.act(id, bob.id, { type: 'move', uci: 'h10g8', ply: 1 });
    // Node 2 says again what it holds (after a failover): bob's one socket, not two.
    await s.service.presenceOf(id, 'n2|b', { [bob.id]: 1, stranger: 3 });
    await s.service.presence(id, bob.id, -1, 'n2|b');
    expect((await away())[1]).not.toBeNull();
    await s.service.presenceOf(id, 'n2|b', { [bob.id]: 2 });
    expect((await away())[1]).toBeNull();
    // Node 1 dies: alice is away from that moment, and the claim opens 60 s later.
    s.time.advance(1_000);
    await s.service.nodeGone('n1|a');
    expect((await away())[0]).toBe(s.time.now());
    expect([...s.service.presenceSources()]).toEqual(['n2|b']);
    s.time.advance(59_000);
    expect((await s.service.act(id, bob.id, { type: 'claim-victory' })).ok).toBe(false);
    s.time.advance(1_000);
    expect((await s.service.act(id, bob.id, { type: 'claim-victory' })).ok).toBe(true);
  });

  it('issue 26: a side to move whose node died gets its turn back when it returns within 5 s, and only then', async () => {
    const s = setup();
    const charged = (id: string) => chargedLast(s, id);
    const play = async (returnAfter: number) => {
      const id = await openedOnTwoNodes(s);
      // Alice thinks 1 s and moves, but her socket's node is frozen and then seen dead 4 s later.
      s.time.advance(5_000);
      await s.service.nodeGone('n1|a');
      // She is back through another node, and plays her move again 300 ms after.
      s.time.advance(returnAfter);
      await s.service.presence(id, alice.id, 1, 'n3|c');
      s.time.advance(300);
      expect(await s.service.act(id, alice.id, { type: 'move', uci: 'b1c3', ply: 2 })).toEqual({ ok: true, value: true });
      return charged(id);
    };
    // Back 1.5 s after her node's death was seen: charged the 300 ms since (was 6.8 s).
    expect(await play(1_500)).toBe(300);
    // Back 6 s after: past the grace, the whole turn is hers (staying away is no way to think for free).
    expect(await play(6_000)).toBe(11_300);
    // Back through another node before her node's death was seen (HAProxy closed her socket first): her turn starts when the death is seen.
    const id = await openedOnTwoNodes(s);
    s.time.advance(3_000);
    await s.service.presence(id, alice.id, 1, 'n3|c');
    s.time.advance(1_000);
    await s.service.nodeGone('n1|a');
    s.time.advance(400);
    expect(await s.service.act(id, alice.id, { type: 'move', uci: 'b1c3', ply: 2 })).toEqual({ ok: true, value: true });
    expect(await charged(id)).toBe(400);
  });

  it('issue 26: a side to move back through another node moves before its frozen node is seen dead: its turn starts at that move', async () => {
    const quiet = new Set<string>();
    const s = setup({ quiet: (m) => quiet.has(m) });
    const charged = (id: string) => chargedLast(s, id);
    const id = await openedOnTwoNodes(s);
    // Alice thinks 600 ms and moves; her node freezes with the move. 2.5 s later HAProxy has closed her socket,
    // she is back through node 3 and sends the move again: node 1 is quiet, its lease not yet lapsed.
    s.time.advance(600);
    quiet.add('n1|a');
    s.time.advance(2_500);
    await s.service.presence(id, alice.id, 1, 'n3|c');
    s.time.advance(200);
    expect(await s.service.act(id, alice.id, { type: 'move', uci: 'b1c3', ply: 2 })).toEqual({ ok: true, value: true });
    expect(await charged(id)).toBe(0);
    // Bob, whose node is not quiet, is charged his thought as ever.
    s.time.advance(700);
    expect(await s.service.act(id, bob.id, { type: 'move', uci: 'b10c8', ply: 3 })).toEqual({ ok: true, value: true });
    expect(await charged(id)).toBe(700);
    // A quiet node alone (no socket of the mover elsewhere: the move came through it, so it is not frozen) restarts nothing.
    const other = await openedOnTwoNodes(s);
    s.time.advance(3_000);
    expect(await s.service.act(other, alice.id, { type: 'move', uci: 'b1c3', ply: 2 }, 0, 'n1|a')).toEqual({ ok: true, value: true });
    expect(await charged(other)).toBe(3_000);
  });

  it('issue 26: a side to move back through another node sends its held move before that node counts its socket: its turn starts at that move', async () => {
    // The count of a socket comes after its subscription's first read; a client back sends its held move at once.
    const quiet = new Set<string>();
    const s = setup({ quiet: (m) => quiet.has(m) });
    const charged = (id: string) => chargedLast(s, id);
    const id = await openedOnTwoNodes(s);
    s.time.advance(600);
    quiet.add('n1|a');
    s.time.advance(2_700);
    // Through node 3, which has not yet said it holds a socket of hers.
    expect(await s.service.act(id, alice.id, { type: 'move', uci: 'b1c3', ply: 2 }, 0, 'n3|c')).toEqual({ ok: true, value: true });
    expect(await charged(id)).toBe(0);
    // Through the deciding node itself, likewise.
    const here = await openedOnTwoNodes(s);
    s.time.advance(3_000);
    expect(await s.service.act(here, alice.id, { type: 'move', uci: 'b1c3', ply: 2 }, 0, '')).toEqual({ ok: true, value: true });
    expect(await charged(here)).toBe(0);
  });

  it('a user can never act for the other side or in a game not theirs', async () => {
    const s = setup();
    const id = await started(s);
    expect(await s.service.act(id, bob.id, { type: 'move', uci: 'h3e3', ply: 0 })).toMatchObject({ ok: false, error: { code: 'game.not-your-turn' } });
    expect(await s.service.act(id, 'stranger', { type: 'resign' })).toMatchObject({ ok: false, error: { code: 'game.forbidden' } });
    expect(await s.service.act('nosuchgame', alice.id, { type: 'resign' })).toMatchObject({ ok: false, error: { code: 'game.not-found' } });
  });

  it('serialises concurrent actions on one game: one move wins, the other is stale', async () => {
    const s = setup();
    const id = await started(s);
    const [a, b] = await Promise.all([
      s.service.act(id, alice.id, { type: 'move', uci: 'h3e3', ply: 0 }),
      s.service.act(id, alice.id, { type: 'move', uci: 'b3e3', ply: 0 }),
    ]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    expect((await s.store.moves(id)).length).toBe(1);
    expect((await s.store.game(id))!.version).toBe(3); // created, joined, one move
  });

  it('an invitation expires after 24 hours', async () => {
    const s = setup();
    const c = await s.service.create(alice, req());
    if (!c.ok) throw new Error(c.error.message);
    s.time.advance(24 * 3600_000);
    await new Promise((r) => setTimeout(r, 10));
    expect(await s.store.game(c.value.id)).toMatchObject({ status: 'aborted' });
    expect(await s.service.join(c.value.id, bob, c.value.inviteToken!)).toMatchObject({ ok: false });
  });

  it('after a restart, games resume at their last move and the downtime is not charged', async () => {
    const s = setup();
    const id = await started(s);
    await s.service.act(id, alice.id, { type: 'move', uci: 'h3e3', ply: 0 });
    await s.service.act(id, bob.id, { type: 'move', uci: 'h10g8', ply: 1 });
    s.time.advance(20_000); // Red thinks 20 s, then the server dies
    await s.service.close();
    s.time.advance(3600_000);
    const again = new GameService({ store: s.store, bus: s.bus, clock: s.time, timers: s.time });
    expect(await again.recover()).toBe(1);
    const v = (await again.view(id))!.view;
    expect(v.ply).toBe(2);
    expect(v.clock.remainingMs).toEqual([60_000, 60_000]);
    expect((await again.act(id, alice.id, { type: 'move', uci: 'b1c3', ply: 2 })).ok).toBe(true);
  });

  it('a move the store refuses is not played: the game stays as stored, in memory too, and plays on', async () => {
    const s = setup();
    const id = await started(s);
    const frames: string[] = [];
    s.bus.subscribe(topicOf(id), (f) => frames.push(f as string));
    s.faults.saves = 1;
    expect(await s.service.act(id, alice.id, { type: 'move', uci: 'h3e3', ply: 0 })).toMatchObject({ ok: false, error: { code: 'server.storage' } });
    expect(frames).toEqual([]);
    const kept = (await s.service.view(id))!;
    expect(kept.view.ply).toBe(0);
    expect(kept.v).toBe((await s.store.game(id))!.version);
    expect(s.service.loaded).toBe(1); // still owned here: nothing to reload
    // Another move from the same position is accepted and stored.
    expect((await s.service.act(id, alice.id, { type: 'move', uci: 'b3e3', ply: 0 })).ok).toBe(true);
    expect((await s.store.moves(id)).map((m) => m.uci)).toEqual(['b3e3']);
    expect((await s.service.view(id))!.view.moves).toEqual(['b3e3']);
  });

  it('a move arriving after the flag, before its timer ran, is refused and the timeout is stored at once', async () => {
    const s = setup();
    const id = await started(s);
    await s.service.act(id, alice.id, { type: 'move', uci: 'h3e3', ply: 0 });
    await s.service.act(id, bob.id, { type: 'move', uci: 'h10g8', ply: 1 });
    s.time.jump(61_000); // the clock moves on, the timer has not run yet
    expect(await s.service.act(id, alice.id, { type: 'move', uci: 'b1c3', ply: 2 })).toMatchObject({ ok: false, error: { code: 'game.over' } });
    expect(await s.store.game(id)).toMatchObject({ status: 'finished', reason: 'timeout', result: '0-1' });
  });
});
