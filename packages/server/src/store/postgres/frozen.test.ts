/**
 * PostgreSQL frozen (connections open, nothing passes either way): a move is
 * answered `server.storage` within the store's bound instead of waiting out
 * the outage, and once the database answers the game is read again, fenced,
 * and played on, the move stored once (issue 31 item 12; issue 26 "Also").
 * Through a TCP proxy whose stall() silences every open connection; the
 * shared PostgreSQL itself is never touched.
 */
import type { Identity } from '@youzai/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryBus } from '../../bus/bus.ts';
import { GameService } from '../../service/game-service.ts';
import { FakeTime } from '../../service/time.ts';
import { startTcpProxy, type TcpProxy } from '../../testing/tcp-proxy.ts';
import { storageFailure } from '../failure.ts';
import { tempSchema } from '../fixtures.ts';
import { StoreTimeout } from '../types.ts';
import { postgresStore, type PostgresStore } from './store.ts';

const alice: Identity = { id: 'ua', name: 'alice', guest: false };
const bob: Identity = { id: 'ub', name: 'bob', guest: false };
/** The store's bound in this test (the default is 5 s). */
const BOUND_MS = 500;
/** Longer than any answer within the bound: past it, the move has not been answered. */
const NO_ANSWER_MS = 8_000;

let schema: Awaited<ReturnType<typeof tempSchema>>;
let proxy: TcpProxy;
let store: PostgresStore;

beforeAll(async () => {
  schema = await tempSchema();
  proxy = await startTcpProxy('127.0.0.1', 5432);
  const u = new URL(schema.url);
  u.hostname = '127.0.0.1';
  u.port = String(proxy.port);
  store = postgresStore(u.toString(), { timeoutMs: BOUND_MS });
  await store.migrate();
});
afterAll(async () => {
  await proxy?.close();
  await store?.close().catch(() => undefined);
  await schema?.dispose();
});

const within = <T>(p: Promise<T>): Promise<T | 'no answer'> =>
  Promise.race([p, new Promise<'no answer'>((r) => setTimeout(() => r('no answer'), NO_ANSWER_MS).unref())]);

describe('PostgreSQL frozen', () => {
  it('a statement past the bound fails with StoreTimeout, told as server.storage-timeout', async () => {
    await store.setMeta('probe', '1');
    proxy.stall();
    const e = await within(store.getMeta('probe').catch((x: unknown) => x));
    expect(e).toBeInstanceOf(StoreTimeout);
    expect(storageFailure(e)?.code).toBe('server.storage-timeout');
  });

  it('a move is answered server.storage within the bound; once the database answers the game is read again and the move is stored once', async () => {
    const time = new FakeTime();
    const service = new GameService({ store, bus: new MemoryBus(), clock: time, timers: time });
    const c = await service.create(alice, {
      variant: 'xiangqi',
      color: 'first',
      clock: { kind: 'fischer', minutes: 5, increment: 0 },
      opponent: { type: 'invite' },
      rated: false,
    });
    if (!c.ok) throw new Error(c.error.message);
    const id = c.value.id;
    expect((await service.join(id, bob, c.value.inviteToken!)).ok).toBe(true);
    expect((await service.act(id, alice.id, { type: 'move', uci: 'h3e3', ply: 0 })).ok).toBe(true);
    expect((await service.act(id, bob.id, { type: 'move', uci: 'h10g8', ply: 1 })).ok).toBe(true);

    proxy.stall();
    const answer = await within(service.act(id, alice.id, { type: 'move', uci: 'b1c3', ply: 2 }));
    expect(answer).toMatchObject({ ok: false, error: { code: 'server.storage', message: expect.stringMatching(/did not answer in time/) } });

    // The stalled connections are given up; new ones pass. The player sends the move again until it is taken (on a
    // loaded machine a try can itself run past the 500 ms bound: up to 100 tries, as a client keeps retrying).
    let again: Awaited<ReturnType<typeof service.act>> | 'no answer' = 'no answer';
    for (let i = 0; i < 100; i++) {
      again = await within(service.act(id, alice.id, { type: 'move', uci: 'b1c3', ply: 2 }));
      if (again !== 'no answer' && (again.ok || again.error.code !== 'server.storage')) break;
    }
    // Played now, or found played already (the stalled save never reached the database here, so: played now).
    expect(again).toMatchObject({ ok: true });
    expect((await store.moves(id)).map((m) => m.uci)).toEqual(['h3e3', 'h10g8', 'b1c3']);
    const view = (await service.view(id))!;
    expect(view.view.moves).toEqual(['h3e3', 'h10g8', 'b1c3']);
    expect(view.v).toBe((await store.game(id))!.version);
    await service.close();
  });
});
