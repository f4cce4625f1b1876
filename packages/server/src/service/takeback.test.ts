/** Takebacks through the game service on real stores: the request and the rewind are stored, and both survive a restart. */
import { afterEach, describe, expect, it } from 'vitest';
import type { Identity } from '@youzai/protocol';
import { MemoryBus } from '../bus/bus.ts';
import { openTestStore, STORE_KINDS } from '../testing/stores.ts';
import type { Store } from '../store/types.ts';
import { GameService } from './game-service.ts';
import { FakeTime } from './time.ts';

const alice: Identity = { id: 'ua', name: 'alice', guest: false };
const bob: Identity = { id: 'ub', name: 'bob', guest: false };

describe.each(STORE_KINDS)('takeback on %s', (kind) => {
  let drop: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await drop?.();
    drop = null;
  });

  async function open() {
    const s = await openTestStore(kind);
    drop = async () => {
      await s.store.close();
      await s.drop();
    };
    return s.store;
  }

  const serve = (store: Store, time: FakeTime) => new GameService({ store, bus: new MemoryBus(), clock: time, timers: time });

  it('a request stands across a restart; once accepted the moves after it are gone from the store, and the game plays on from there', async () => {
    const store = await open();
    const time = new FakeTime();
    let games = serve(store, time);
    const c = await games.create(alice, {
      variant: 'xiangqi',
      color: 'first',
      clock: { kind: 'fischer', minutes: 5, increment: 0 },
      opponent: { type: 'invite' },
      rated: false,
    });
    if (!c.ok) throw new Error(c.error.message);
    const id = c.value.id;
    expect((await games.join(id, bob, c.value.inviteToken ?? undefined)).ok).toBe(true);
    const line = ['h3e3', 'h10g8', 'h1g3', 'i10h10'];
    for (const [i, uci] of line.entries()) {
      time.advance(2_000);
      expect(await games.act(id, i % 2 === 0 ? alice.id : bob.id, { type: 'move', uci, ply: i })).toEqual({ ok: true, value: true });
    }
    const atPly3 = (await store.moves(id)).slice(0, 2);
    expect(await games.act(id, bob.id, { type: 'takeback-offer' })).toEqual({ ok: true, value: true });
    // Restart: a new service over the same store.
    await games.close();
    games = serve(store, time);
    expect(await games.recover()).toBe(1);
    expect((await games.view(id))!.view.takebackOffer).toBe('second');
    const frames: string[] = [];
    games.subscribe(id, (f) => frames.push(f));
    time.advance(1_000);
    expect(await games.act(id, alice.id, { type: 'takeback-accept' })).toEqual({ ok: true, value: true });
    const v = (await games.view(id))!.view;
    expect(v.ply).toBe(3);
    expect(v.moves).toEqual(line.slice(0, 3));
    expect(v.takebackOffer).toBeNull();
    expect(JSON.parse(frames.at(-1)!).events).toMatchObject([{ type: 'takeback', by: 'second', ply: 3 }]);
    expect((await store.moves(id)).map((m) => m.uci)).toEqual(line.slice(0, 3));
    expect((await store.game(id))!.plies).toBe(3);
    expect((await store.moves(id)).slice(0, 2)).toEqual(atPly3);
    // Black plays another move at ply 3; a second restart loads exactly this game.
    time.advance(1_000);
    expect(await games.act(id, bob.id, { type: 'move', uci: 'b10c8', ply: 3 })).toEqual({ ok: true, value: true });
    const before = (await games.view(id))!.view;
    await games.close();
    games = serve(store, time);
    await games.recover();
    const after = (await games.view(id))!.view;
    expect(after.moves).toEqual([...line.slice(0, 3), 'b10c8']);
    expect(after.referee).toEqual(before.referee);
    // Asking again so soon is refused with its code.
    expect(await games.act(id, bob.id, { type: 'takeback-offer' })).toMatchObject({ ok: false, error: { code: 'takeback.too-soon' } });
    await games.close();
  });

  it("a tournament's casual game refuses takebacks, also after a restart (the setup keeps the tournament)", async () => {
    const store = await open();
    const time = new FakeTime();
    let games = serve(store, time);
    const t = await games.createPaired(alice, bob, {
      variant: 'xiangqi',
      clock: { kind: 'fischer', minutes: 5, increment: 0 },
      rated: false,
      color: 'first',
      tournament: true,
    });
    if (!t.ok) throw new Error(t.error.message);
    const id = t.value.id;
    expect(await games.act(id, alice.id, { type: 'move', uci: 'h3e3', ply: 0 })).toEqual({ ok: true, value: true });
    expect(await games.act(id, alice.id, { type: 'takeback-offer' })).toMatchObject({ ok: false, error: { code: 'takeback.tournament' } });
    await games.close();
    games = serve(store, time);
    expect(await games.recover()).toBe(1);
    expect((await games.view(id))!.view.takebacks).toBe(false);
    expect(await games.act(id, alice.id, { type: 'takeback-offer' })).toMatchObject({ ok: false, error: { code: 'takeback.tournament' } });
    await games.close();
  });

  it('rated games refuse takebacks; the computer accepts at once', async () => {
    const store = await open();
    const time = new FakeTime();
    const games = serve(store, time);
    const rated = await games.createPaired(alice, bob, {
      variant: 'xiangqi',
      clock: { kind: 'fischer', minutes: 5, increment: 0 },
      rated: true,
      color: 'first',
    });
    if (!rated.ok) throw new Error(rated.error.message);
    await games.act(rated.value.id, alice.id, { type: 'move', uci: 'h3e3', ply: 0 });
    expect(await games.act(rated.value.id, alice.id, { type: 'takeback-offer' })).toMatchObject({ ok: false, error: { code: 'takeback.rated' } });
    const vs = await games.create(alice, {
      variant: 'xiangqi',
      color: 'first',
      clock: { kind: 'fischer', minutes: 5, increment: 0 },
      opponent: { type: 'computer', level: 1 },
      rated: false,
    });
    if (!vs.ok) throw new Error(vs.error.message);
    const id = vs.value.id;
    const events: string[] = [];
    games.subscribe(id, (f) => events.push(...JSON.parse(f).events.map((e: { type: string }) => e.type)));
    await games.act(id, alice.id, { type: 'move', uci: 'h3e3', ply: 0 });
    expect(await games.act(id, alice.id, { type: 'takeback-offer' })).toEqual({ ok: true, value: true });
    expect((await games.view(id))!.view.ply).toBe(0);
    expect(events).toEqual(['move', 'takeback']);
    expect(await store.moves(id)).toEqual([]);
    await games.close();
  });
});
