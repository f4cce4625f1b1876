/**
 * A write whose fate is not known (the store out of reach, or not answering
 * within its bound): the player is told `server.storage` at once, nothing is
 * decided on the game until the store says what it holds, the write is then
 * taken as stored or not (never applied twice, never lost), and the time the
 * store kept the game waiting is charged to nobody (issue 26 F, issue 31
 * item 12). The real service on a memory store and fake time.
 */
import type { Identity } from '@youzai/protocol';
import { describe, expect, it } from 'vitest';
import { MemoryBus } from '../bus/bus.ts';
import { memoryStore } from '../store/memory/store.ts';
import { StoreTimeout, type GameRow, type MoveRow } from '../store/types.ts';
import { GameService, topicOf } from './game-service.ts';
import { FakeTime } from './time.ts';

const alice: Identity = { id: 'ua', name: 'alice', guest: false };
const bob: Identity = { id: 'ub', name: 'bob', guest: false };

/** How the store answers: as usual; gone (every call refused at once); frozen (a save answers StoreTimeout, and is held or applied). */
type Mode = 'up' | 'gone' | 'frozen-lost' | 'frozen-applied' | 'frozen-held';

function setup() {
  const time = new FakeTime();
  const inner = memoryStore();
  const bus = new MemoryBus();
  const state = { mode: 'up' as Mode, held: [] as (() => Promise<void>)[] };
  const refused = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
  const store = {
    ...inner,
    game: (id: string) => (state.mode === 'up' ? inner.game(id) : state.mode === 'gone' ? refused() : Promise.reject(new StoreTimeout('game', 3000))),
    createGame: async (g: GameRow) => {
      if (state.mode === 'up') return inner.createGame(g);
      if (state.mode === 'gone') return refused();
      if (state.mode === 'frozen-applied') await inner.createGame(g);
      throw new StoreTimeout('the insert', 3000);
    },
    saveGame: async (g: GameRow, expected: number, moves?: readonly MoveRow[], dropAfter?: number) => {
      if (state.mode === 'up') return inner.saveGame(g, expected, moves, dropAfter);
      if (state.mode === 'gone') return refused();
      // A statement sent down a frozen link: it may have been applied, or be applied later, or never.
      if (state.mode === 'frozen-applied') await inner.saveGame(g, expected, moves, dropAfter);
      if (state.mode === 'frozen-held') state.held.push(() => inner.saveGame(g, expected, moves, dropAfter));
      throw new StoreTimeout('the save', 3000);
    },
  };
  const service = new GameService({ store, bus, clock: time, timers: time });
  const frames: { v: number; events: string[] }[] = [];
  return { time, inner, bus, service, state, frames };
}

async function started(s: ReturnType<typeof setup>): Promise<string> {
  const c = await s.service.create(alice, {
    variant: 'xiangqi',
    color: 'first',
    clock: { kind: 'fischer', minutes: 1, increment: 0 },
    opponent: { type: 'invite' },
    rated: false,
  });
  if (!c.ok) throw new Error(c.error.message);
  const id = c.value.id;
  s.bus.subscribe(topicOf(id), (f) => {
    const m = JSON.parse(f as string) as { v: number; events: { type: string }[] };
    s.frames.push({ v: m.v, events: m.events.map((e) => e.type) });
  });
  expect((await s.service.join(id, bob, c.value.inviteToken!)).ok).toBe(true);
  // Both first moves are untimed: from here alice's clock runs.
  expect((await s.service.act(id, alice.id, { type: 'move', uci: 'h3e3', ply: 0 })).ok).toBe(true);
  expect((await s.service.act(id, bob.id, { type: 'move', uci: 'h10g8', ply: 1 })).ok).toBe(true);
  return id;
}

/** Lets the promises of timers that fired run. */
const settleMicrotasks = () => new Promise((r) => setImmediate(r));

describe('a write in doubt', () => {
  it('a database out of reach for 45 s is not charged to the side to move (issue 26 F)', async () => {
    const s = setup();
    const id = await started(s);
    s.time.advance(5_000); // alice thinks 5 s, then the database goes
    s.state.mode = 'gone';
    s.time.advance(20_000);
    expect(await s.service.act(id, alice.id, { type: 'move', uci: 'b1c3', ply: 2 })).toMatchObject({ ok: false, error: { code: 'server.storage' } });
    s.time.advance(25_000);
    s.state.mode = 'up';
    // The same move again, once the database answers: played, and the outage not charged (the turn given back, as after a restart).
    expect(await s.service.act(id, alice.id, { type: 'move', uci: 'b1c3', ply: 2 })).toMatchObject({ ok: true });
    expect((await s.inner.moves(id)).map((m) => [m.uci, m.clockMs])).toEqual([
      ['h3e3', 60_000],
      ['h10g8', 60_000],
      ['b1c3', 60_000],
    ]);
  });

  it('a move refused while the store was out, played again after the timer gave the turn back: timed from its arrival (chaos seed 5)', async () => {
    const s = setup();
    const id = await started(s);
    s.time.advance(800); // alice thinks 0.8 s
    s.state.mode = 'gone';
    expect(await s.service.act(id, alice.id, { type: 'move', uci: 'b1c3', ply: 2 })).toMatchObject({ ok: false, error: { code: 'server.storage' } });
    s.state.mode = 'up';
    // The settling's timer runs before the client plays again: the turn is given back now.
    s.time.advance(1_000);
    await settleMicrotasks();
    expect(s.frames.at(-1)!.events).toEqual(['resumed']);
    // The client plays again 3 s later (its backoff; its socket closed by HAProxy, which took the nodes out over /health).
    s.time.advance(3_000);
    expect(await s.service.act(id, alice.id, { type: 'move', uci: 'b1c3', ply: 2 })).toMatchObject({ ok: true });
    expect((await s.inner.moves(id)).at(-1)).toMatchObject({ uci: 'b1c3', clockMs: 60_000 });
  });

  it('no flag falls while the database cannot be reached; the side to move has its turn back after', async () => {
    const s = setup();
    const id = await started(s);
    s.time.advance(50_000);
    s.state.mode = 'gone';
    // Alice's flag falls due while the database is gone: the timer's write fails, and nothing is decided.
    for (let i = 0; i < 30; i++) {
      s.time.advance(1_000);
      await settleMicrotasks();
    }
    expect((await s.inner.game(id))!.status).toBe('active');
    s.state.mode = 'up';
    s.time.advance(1_000); // the settling is tried again each second
    await settleMicrotasks();
    const row = (await s.inner.game(id))!;
    expect(row.status).toBe('active');
    const v = (await s.service.view(id))!;
    expect(v.v).toBe(row.version);
    expect(v.view.clock.remainingMs).toEqual([60_000, 60_000]);
    // Watchers were told with one frame, the version after the last they had.
    expect(s.frames.at(-1)).toEqual({ v: row.version, events: ['resumed'] });
    expect(s.frames.at(-2)!.v).toBe(row.version - 1);
  });

  it('a save that did not answer in time but was applied: told server.storage at once, then taken as stored, never played twice', async () => {
    const s = setup();
    const id = await started(s);
    const before = (await s.inner.game(id))!.version;
    s.state.mode = 'frozen-applied';
    const r = await s.service.act(id, alice.id, { type: 'move', uci: 'b1c3', ply: 2 });
    expect(r).toMatchObject({ ok: false, error: { code: 'server.storage', message: expect.stringMatching(/did not answer in time/) } });
    // In memory, the game is what was known to be stored.
    expect((await s.service.view(id))!.v).toBe(before);
    s.state.mode = 'up';
    // The player, unsure, sends the move again: the store shows it was played, so the game is at ply 3 and the repeat is stale.
    expect(await s.service.act(id, alice.id, { type: 'move', uci: 'b1c3', ply: 2 })).toMatchObject({ ok: false, error: { code: 'game.stale' } });
    expect((await s.inner.moves(id)).map((m) => m.uci)).toEqual(['h3e3', 'h10g8', 'b1c3']);
    const v = (await s.service.view(id))!;
    expect(v.view.moves).toEqual(['h3e3', 'h10g8', 'b1c3']);
    expect(v.v).toBe((await s.inner.game(id))!.version);
    // Every version reached the watchers in order: the move as stored, then the fence that gave bob his turn back.
    expect(s.frames.slice(-2)).toEqual([
      { v: before + 1, events: ['move'] },
      { v: before + 2, events: ['resumed'] },
    ]);
    expect(v.view.clock.remainingMs[1]).toBe(60_000);
  });

  it('a save that did not answer in time and lands later: fenced out, never applied; the move played again counts once', async () => {
    const s = setup();
    const id = await started(s);
    s.state.mode = 'frozen-held';
    expect(await s.service.act(id, alice.id, { type: 'move', uci: 'b1c3', ply: 2 })).toMatchObject({
      ok: false,
      error: { code: 'server.storage', message: expect.stringMatching(/may or may not have been saved/) },
    });
    s.state.mode = 'up';
    expect(await s.service.act(id, alice.id, { type: 'move', uci: 'h1g3', ply: 2 })).toMatchObject({ ok: true });
    // The statement that was on its way arrives now: it names the version it read, which the fence moved past.
    await expect(s.state.held[0]!()).rejects.toThrow(/version/);
    expect((await s.inner.moves(id)).map((m) => m.uci)).toEqual(['h3e3', 'h10g8', 'h1g3']);
    expect((await s.service.view(id))!.view.moves).toEqual(['h3e3', 'h10g8', 'h1g3']);
  });

  it('a save lost on a frozen link: the game is read again and played on; the store still frozen answers server.storage each time', async () => {
    const s = setup();
    const id = await started(s);
    s.state.mode = 'frozen-lost';
    expect(await s.service.act(id, alice.id, { type: 'move', uci: 'b1c3', ply: 2 })).toMatchObject({ ok: false, error: { code: 'server.storage' } });
    s.time.advance(10_000);
    expect(await s.service.act(id, alice.id, { type: 'move', uci: 'b1c3', ply: 2 })).toMatchObject({ ok: false, error: { code: 'server.storage' } });
    s.time.advance(10_000);
    s.state.mode = 'up';
    expect(await s.service.act(id, alice.id, { type: 'move', uci: 'b1c3', ply: 2 })).toMatchObject({ ok: true });
    // Played once, and the 20 s the frozen database kept alice waiting are not on her clock.
    expect((await s.inner.moves(id)).map((m) => [m.uci, m.clockMs])).toEqual([
      ['h3e3', 60_000],
      ['h10g8', 60_000],
      ['b1c3', 60_000],
    ]);
  });

  it('an ending that did not answer in time but was applied: taken as stored once, its end told once; a repeat finds the game over', async () => {
    const s = setup();
    const id = await started(s);
    const ended: string[] = [];
    s.service.onEnd((row) => ended.push(`${row.id} ${row.result}`));
    s.state.mode = 'frozen-applied';
    expect(await s.service.act(id, alice.id, { type: 'resign' })).toMatchObject({ ok: false, error: { code: 'server.storage' } });
    expect(ended).toEqual([]);
    s.state.mode = 'up';
    expect(await s.service.act(id, alice.id, { type: 'resign' })).toMatchObject({ ok: false, error: { code: 'game.over' } });
    expect(ended).toEqual([`${id} 0-1`]);
    expect(await s.inner.game(id)).toMatchObject({ status: 'finished', result: '0-1', reason: 'resignation' });
    expect(s.service.holds(id)).toBe(false);
    expect(s.frames.at(-1)!.events).toContain('end');
  });

  it('a new game whose insert did not answer in time but was applied is found and decided here: unplayed, it aborts itself', async () => {
    const s = setup();
    s.state.mode = 'frozen-applied';
    const r = await s.service.createPaired(alice, bob, {
      id: 'paired01',
      variant: 'xiangqi',
      clock: { kind: 'fischer', minutes: 1, increment: 0 },
      rated: false,
      color: 'first',
    });
    expect(r).toMatchObject({ ok: false, error: { code: 'server.storage' } });
    expect(s.service.holds('paired01')).toBe(false);
    s.state.mode = 'up';
    s.time.advance(1_000);
    await settleMicrotasks();
    expect(s.service.holds('paired01')).toBe(true);
    // Nobody plays it (both were told it failed): the first-move deadline ends it, as any unplayed game.
    s.time.advance(60_000);
    await settleMicrotasks();
    expect(await s.inner.game('paired01')).toMatchObject({ status: 'aborted' });
  });
});
