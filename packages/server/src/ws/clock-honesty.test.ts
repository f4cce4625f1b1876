/**
 * Clock honesty over a real socket: the client's `lag` claim is ignored (the
 * server forgives only the lag it measured, here a loopback's ~0 ms), and
 * clocks that cannot be played are refused at the door.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMessage } from '@youzai/protocol';
import { createApp, type App } from '../app.ts';
import { MemoryBus } from '../bus/bus.ts';
import { systemClock, systemTimers } from '../service/time.ts';
import { memoryStore } from '../store/memory/store.ts';
import { TestClient } from '../testing/client.ts';

let app: App;
let base: string;

beforeAll(async () => {
  app = await createApp({ store: memoryStore(), bus: new MemoryBus(), clock: systemClock, timers: systemTimers, publicUrl: 'http://test', httpRate: 1000 });
  await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => app.close());

type Events = Extract<ServerMessage, { t: 'events' }>;
type MoveEvent = Extract<Events['events'][number], { type: 'move' }>;
const moveOf = (m: ServerMessage, ply: number): MoveEvent | undefined =>
  m.t === 'events' ? (m.events.find((e) => e.type === 'move' && e.ply === ply) as MoveEvent | undefined) : undefined;

describe('clock honesty', () => {
  it('a claimed lag of 60 s saves nothing: the mover is charged the time the server saw', async () => {
    const [a, b] = [new TestClient(base), new TestClient(base)];
    await a.http('POST', '/api/session');
    await b.http('POST', '/api/session');
    const g = await a.http('POST', '/api/games', {
      variant: 'xiangqi',
      clock: { kind: 'fischer', minutes: 1, increment: 0 },
      color: 'first',
      opponent: { type: 'invite' },
    });
    await b.http('POST', `/api/games/${g.json.id}/join`, { token: String(g.json.invite).split('/').pop() });
    await Promise.all([a.connect(), b.connect()]);
    const game = g.json.id as string;
    expect(await a.request({ t: 'sub', game }, 1)).toMatchObject({ t: 'ack' });
    expect(await a.request({ t: 'move', game, uci: 'h3e3', ply: 0, lag: 60_000 }, 2)).toMatchObject({ t: 'ack' });
    expect(await b.request({ t: 'move', game, uci: 'h10g8', ply: 1, lag: 60_000 }, 3)).toMatchObject({ t: 'ack' });
    // Red's clock runs from Black's first move; Red thinks 600 ms and claims a minute of lag.
    const started = moveOf(await a.waitFor((m) => moveOf(m, 2) !== undefined), 2)!;
    expect(started.clock.running).toBe('first');
    await new Promise((r) => setTimeout(r, 600));
    expect(await a.request({ t: 'move', game, uci: 'b1c3', ply: 2, lag: 60_000 }, 4)).toMatchObject({ t: 'ack' });
    const ev = moveOf(await a.waitFor((m) => moveOf(m, 3) !== undefined), 3)!;
    // 60 s less at least the 600 ms waited (less the few ms a loopback round trip forgives), never a full minute back.
    expect(ev.clock.remainingMs[0]).toBeLessThanOrEqual(60_000 - 550);
    a.close();
    b.close();
  });

  it('unplayable clocks are refused with a coded answer; the usual ones are accepted', async () => {
    const c = new TestClient(base);
    await c.http('POST', '/api/session');
    // Byo-yomi is Janggi's clock.
    const make = (clock: { kind: string }) =>
      c.http('POST', '/api/games', { variant: clock.kind === 'byoyomi' ? 'janggi' : 'xiangqi', clock, opponent: { type: 'invite' } });
    for (const clock of [
      { kind: 'fischer', minutes: 1 / 60_000, increment: 0 },
      { kind: 'fischer', minutes: 0, increment: 0 },
      { kind: 'fischer', minutes: 0.1, increment: 0 },
      { kind: 'fischer', minutes: 2.5, increment: 0 },
      { kind: 'fischer', minutes: 181, increment: 0 },
      { kind: 'byoyomi', minutes: 0.001, periods: 1, seconds: 5 },
    ]) {
      const r = await make(clock);
      expect(r.status, JSON.stringify(clock)).toBe(400);
      expect(r.json.code).toBe('body.invalid');
    }
    for (const clock of [
      { kind: 'fischer', minutes: 0.25, increment: 0 },
      { kind: 'fischer', minutes: 0, increment: 1 },
      { kind: 'fischer', minutes: 1.5, increment: 2 },
      { kind: 'fischer', minutes: 180, increment: 180 },
      { kind: 'byoyomi', minutes: 0, periods: 1, seconds: 5 },
    ]) {
      expect((await make(clock)).status, JSON.stringify(clock)).toBe(201);
    }
  });
});
