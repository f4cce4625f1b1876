/**
 * Correspondence games on the real game service (fake time over days), on
 * each store (memory, SQLite, PostgreSQL: the deadline lives in the stored
 * game, so every back end must give it back the same): the player to move is notified, "my games" says whose turn it
 * is, the flag falls by the days, and a restart (a node's death is the same:
 * another node loads the game from the store) charges nobody.
 */
import { DAY_MS, RESTORE_GRACE_MS } from '@youzai/game';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryBus } from '../bus/bus.ts';
import { userTopic } from '../bus/topics.ts';
import { GameService } from '../service/game-service.ts';
import { FakeTime } from '../service/time.ts';
import { memoryStore } from '../store/memory/store.ts';
import type { Store } from '../store/types.ts';
import { openTestStore, STORE_KINDS, type StoreKind } from '../testing/stores.ts';
import { player, record } from '../testing/social.ts';
import { GameNotices, turnNoticeId } from './game-notices.ts';
import { Notifier } from './notifier.ts';

const opened: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of opened.splice(0)) await drop();
});

async function openStore(kind: StoreKind | 'memory'): Promise<Store> {
  if (kind === 'memory') return memoryStore();
  const { store, drop } = await openTestStore(kind);
  opened.push(async () => {
    await store.close();
    await drop();
  });
  return store;
}

/** Waits (in real time, for the store's answers) until `check` holds; the real stores answer later than memory does. */
async function until<T>(read: () => T | Promise<T>, check: (v: T) => boolean): Promise<T> {
  for (let i = 0; ; i++) {
    const v = await read();
    if (check(v) || i >= 1000) return v;
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function setupOn(kind: StoreKind | 'memory') {
  const time = new FakeTime();
  const store = await openStore(kind);
  const bus = new MemoryBus();
  const notifier = new Notifier({ store, bus, clock: time });
  const service = () => {
    const s = new GameService({ store, bus, clock: time, timers: time, coin: () => 0 });
    s.onChange(new GameNotices(notifier).onChange);
    return s;
  };
  const [a, b] = [player('ua'), player('ub')];
  for (const u of [a, b]) await store.createUser({ id: u.id, username: u.name, passwordHash: null, createdAt: time.now() });
  return { time, store, bus, notifier, service, a, b };
}

describe.each(['memory', ...STORE_KINDS] as const)('correspondence games (%s)', (kind) => {
  const setup = () => setupOn(kind);
  it('your turn is notified after each move; the days run per move; a restart charges nobody', async () => {
    const { time, store, bus, service, a, b } = await setup();
    const heardB = record(bus, userTopic(b.id));
    const heardA = record(bus, userTopic(a.id));
    let games = service();
    const made = await games.createPaired(a, b, { variant: 'sittuyin', clock: { kind: 'correspondence', days: 3 }, rated: false, color: 'first' });
    if (!made.ok) throw new Error(made.error.message);
    const id = made.value.id;
    // Sittuyin's placement: a placement move by each side.
    const first = await games.view(id);
    expect(first?.view.clockConfig).toEqual({ kind: 'correspondence', baseMs: 3 * DAY_MS });
    time.advance(DAY_MS);
    const moves = ['K@d2', 'K@d7'];
    expect(await games.act(id, a.id, { type: 'move', uci: moves[0]!, ply: 0 })).toEqual({ ok: true, value: true });
    const turn = await until(
      () => heardB.find((m) => m.t === 'notification'),
      (m) => m !== undefined,
    );
    expect(turn).toMatchObject({
      t: 'notification',
      notification: { id: turnNoticeId(id), kind: 'your-turn', data: { game: id, from: { id: a.id }, ply: 1 } },
    });
    time.advance(2 * DAY_MS);
    expect((await games.act(id, b.id, { type: 'move', uci: moves[1]!, ply: 1 })).ok).toBe(true);
    expect(
      await until(
        () => heardA.some((m) => m.t === 'notification' && m.notification.kind === 'your-turn'),
        (v) => v,
      ),
    ).toBe(true);
    // Away for longer than a live game allows: no claim in correspondence.
    expect(await games.act(id, b.id, { type: 'claim-victory' })).toMatchObject({ ok: false, error: { code: 'claim.not-available' } });
    // Red (a) has 3 days from now.
    const movedAt = time.now();
    const view = await games.view(id);
    expect(view?.view.clock.remainingMs[0]).toBe(3 * DAY_MS);

    // The server stops; it is down when a's deadline falls; it comes back.
    await games.close();
    time.jump(3 * DAY_MS + 10);
    games = service();
    expect(await games.recover()).toBe(1);
    const back = await games.view(id);
    expect(back?.view.status).toBe('active');
    expect(back?.view.clock.remainingMs[0]).toBe(RESTORE_GRACE_MS);
    // Then the grace runs out like any deadline: a timeout.
    time.advance(RESTORE_GRACE_MS);
    const row = await until(
      () => store.game(id),
      (r) => r?.status === 'finished',
    );
    expect(row).toMatchObject({ status: 'finished', reason: 'timeout' });
    expect(movedAt).toBeLessThan(time.now());
  });

  it('a restart before the deadline gives back no time', async () => {
    const { time, service, a, b } = await setup();
    let games = service();
    const made = await games.createPaired(a, b, { variant: 'xiangqi', clock: { kind: 'correspondence', days: 1 }, rated: false, color: 'first' });
    if (!made.ok) throw new Error(made.error.message);
    const id = made.value.id;
    await games.act(id, a.id, { type: 'move', uci: 'h3e3', ply: 0 });
    await games.act(id, b.id, { type: 'move', uci: 'h10g8', ply: 1 });
    time.advance(DAY_MS / 2);
    await games.close();
    time.jump(60_000);
    games = service();
    await games.recover();
    expect((await games.view(id))?.view.clock.remainingMs[0]).toBe(DAY_MS / 2 - 60_000);
  });
});
