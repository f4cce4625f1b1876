/**
 * A player's link that goes silent without closing (a Wi-Fi drop, issue 33,
 * item 3), on the server's fake time: the opponent is told the player is
 * gone within 12 s of the last thing heard, not when the 30 s heartbeat (on
 * the real clock) or the operating system finally ends the socket. A
 * client whose link is up but whose own pings are late (a background tab)
 * answers the server's WebSocket ping and stays; a client that never pings
 * (an older one) is left to the heartbeat.
 */
import type { AddressInfo } from 'node:net';
import type { ServerMessage } from '@youzai/protocol';
import type { Side } from '@youzai/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { MemoryBus } from '../bus/bus.ts';
import { FakeTime } from '../service/time.ts';
import { memoryStore } from '../store/memory/store.ts';
import type { TestClient } from '../testing/client.ts';
import { invitedGame } from '../testing/invite.ts';
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy.ts';
import { SILENCE_MS } from './silence.ts';

let app: App;
let base: string;
let proxy: TcpProxy;
const time = new FakeTime();
beforeAll(async () => {
  app = await createApp({ store: memoryStore(), bus: new MemoryBus(), clock: time, timers: time, publicUrl: 'http://test', httpRate: 1000 });
  await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
  const port = (app.server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  proxy = await startTcpProxy('127.0.0.1', port);
});
afterAll(async () => {
  await proxy.close();
  await app.close();
});

/** A game between Alice (direct) and Bob (through `bobBase`), both subscribed, after Alice's first move. */
async function game(bobBase: string): Promise<{ alice: TestClient; bob: TestClient; id: string }> {
  const { alice, bob, id } = await invitedGame(base, bobBase);
  for (const [i, c] of [alice, bob].entries()) {
    await c.connect();
    expect(await c.request({ t: 'sub', game: id }, 100 + i)).toMatchObject({ t: 'ack' });
  }
  expect(await alice.request({ t: 'move', game: id, uci: 'h3e3', ply: 0 }, 1)).toMatchObject({ t: 'ack' });
  await bob.waitFor((m) => m.t === 'events' && m.events.some((e) => e.type === 'move'));
  return { alice, bob, id };
}

/** Whether `c` was told that `side` left the game. */
const toldGone = (c: TestClient, side: Side) =>
  c.received.some((m: ServerMessage) => m.t === 'events' && m.events.some((e) => e.type === 'connection' && e.side === side && !e.connected));

/** A real moment for the sockets' frames (pongs, the news of a close) to pass. */
const io = () => new Promise((r) => setTimeout(r, 25));

/**
 * Moves the server's time a second at a time for `seconds`, Alice pinging every 5 s as the web client does; returns
 * the second at which `done` first held (null: never).
 */
async function run(seconds: number, alice: TestClient, done: () => boolean): Promise<number | null> {
  for (let s = 1; s <= seconds; s++) {
    time.advance(1000);
    if (s % 5 === 0) expect(await alice.request({ t: 'ping' }, 1000 + s)).toMatchObject({ t: 'pong' });
    await io();
    if (done()) return s;
  }
  return null;
}

describe('a silent link', () => {
  it('a player’s link that goes silent without closing: the opponent is told within 12 s', async () => {
    const { alice, bob } = await game(`http://127.0.0.1:${proxy.port}`);
    // Both are current clients: they ping.
    for (const c of [alice, bob]) expect(await c.request({ t: 'ping' }, 2)).toMatchObject({ t: 'pong' });
    proxy.stall();
    const at = await run(20, alice, () => toldGone(alice, 'second'));
    // Bob was last heard at 0 (his ping): gone at 12 s, not before.
    expect(at).toBe(SILENCE_MS / 1000);
    // Alice, who pings, is still there and was never said to be gone.
    expect(alice.closedWith).toBeNull();
    expect(toldGone(alice, 'first')).toBe(false);
    alice.close();
  });

  it('a client that pings and then falls silent while its link is up (a background tab) answers the server’s ping and stays', async () => {
    const { alice, bob } = await game(base);
    for (const c of [alice, bob]) expect(await c.request({ t: 'ping' }, 2)).toMatchObject({ t: 'pong' });
    // Bob says nothing for a minute; his WebSocket answers pings by itself.
    expect(await run(60, alice, () => toldGone(alice, 'second') || bob.closedWith !== null)).toBeNull();
    expect(await bob.request({ t: 'ping' }, 3)).toMatchObject({ t: 'pong' });
    for (const c of [alice, bob]) c.close();
  });

  it('a client that never pings (an older one) is not watched', async () => {
    const { alice, bob } = await game(base);
    bob.ws!.pause();
    expect(await run(60, alice, () => toldGone(alice, 'second') || bob.closedWith !== null)).toBeNull();
    bob.ws!.resume();
    expect(await bob.request({ t: 'ping' }, 3)).toMatchObject({ t: 'pong' });
    for (const c of [alice, bob]) c.close();
  });
});
