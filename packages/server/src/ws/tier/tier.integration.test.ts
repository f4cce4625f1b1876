/**
 * The socket tier (SOCKET_PROCESSES): the node admits each upgrade and hands
 * its socket to a socket process, which relays both ways. A game is played
 * and watched through it as through the node itself; bad frames are answered
 * as before; the sockets are spread over the processes; a handshake the
 * process refuses gives its place back; a socket process killed mid-game
 * costs its clients their connections and nothing else: they reconnect,
 * catch up, and play on, and a new process takes the dead one's place.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createApp, type App } from '../../app.ts';
import { MemoryBus } from '../../bus/bus.ts';
import { FakeTime } from '../../service/time.ts';
import { memoryStore } from '../../store/memory/store.ts';
import { TestClient } from '../../testing/client.ts';
import { invitedGame } from '../../testing/invite.ts';
import { alive } from '../../testing/processes.ts';

let app: App;
let base: string;
const time = new FakeTime();
beforeAll(async () => {
  app = await createApp({
    store: memoryStore(),
    bus: new MemoryBus(),
    clock: time,
    timers: time,
    publicUrl: 'http://test',
    httpRate: 1000,
    socketProcesses: 2,
  });
  await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
});

it('plays and watches a game through the socket processes, the sockets spread over them', async () => {
  const { alice, bob, id } = await invitedGame(base);
  const carol = new TestClient(base);
  await carol.http('POST', '/api/session');
  for (const c of [alice, bob, carol]) await c.connect();
  // The welcome comes from the node, through the process.
  await alice.waitFor((m) => m.t === 'welcome');
  for (const [i, c] of [alice, bob, carol].entries()) expect(await c.request({ t: 'sub', game: id }, 100 + i)).toMatchObject({ t: 'ack' });
  expect(app.tier!.loads().reduce((a, b) => a + b, 0)).toBe(3);
  expect(Math.min(...app.tier!.loads())).toBeGreaterThanOrEqual(1);
  expect(app.sockets.count()).toBe(3);

  expect(await alice.request({ t: 'move', game: id, uci: 'h3e3', ply: 0 }, 1)).toMatchObject({ t: 'ack' });
  expect(await bob.request({ t: 'move', game: id, uci: 'h10g8', ply: 1 }, 2)).toMatchObject({ t: 'ack' });
  for (const c of [alice, bob, carol]) await c.waitFor((m) => m.t === 'events' && m.events.some((e) => e.type === 'move' && e.uci === 'h10g8'));
  // An illegal move and a bad frame are answered by the node, as in one process.
  expect(await alice.request({ t: 'move', game: id, uci: 'a1a9', ply: 2 }, 3)).toMatchObject({ t: 'error', id: 3 });
  const from = carol.received.length;
  carol.send('{not json');
  expect(await carol.waitFor((m) => m.t === 'error', 5000, from)).toMatchObject({ code: 'protocol.malformed' });
  expect(await carol.request({ t: 'ping' }, 7)).toMatchObject({ t: 'pong', id: 7 });
  for (const c of [alice, bob, carol]) c.close();
  await vi.waitFor(() => expect(app.sockets.count()).toBe(0), { timeout: 10_000 });
  expect(app.tier!.loads()).toEqual([0, 0]);
});

it('a handshake the socket process refuses closes that connection only, and its place goes back', async () => {
  const { port } = new URL(base);
  const { connect } = await import('node:net');
  const s = connect(Number(port), '127.0.0.1');
  await new Promise<void>((r) => s.once('connect', () => r()));
  let answer = '';
  s.on('data', (d) => (answer += d.toString()));
  // No Sec-WebSocket-Key: the node admits it (no session needed to watch), the process's handshake refuses it.
  s.write(`GET /ws HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n\r\n`);
  await new Promise<void>((r) => s.once('close', () => r()));
  expect(answer).toMatch(/^HTTP\/1\.1 400/);
  expect(app.tier!.loads()).toEqual([0, 0]);
  // The node still takes sockets.
  const c = new TestClient(base);
  await c.http('POST', '/api/session');
  await c.connect();
  expect(await c.request({ t: 'ping' }, 1)).toMatchObject({ t: 'pong' });
  c.close();
  await vi.waitFor(() => expect(app.sockets.count()).toBe(0), { timeout: 10_000 });
});

it('a socket process killed mid-game costs its clients their connections only: they reconnect, catch up and play on', async () => {
  const { alice, bob, id } = await invitedGame(base);
  for (const c of [alice, bob]) await c.connect();
  for (const [i, c] of [alice, bob].entries()) expect(await c.request({ t: 'sub', game: id }, 100 + i)).toMatchObject({ t: 'ack' });
  expect(await alice.request({ t: 'move', game: id, uci: 'h3e3', ply: 0 }, 1)).toMatchObject({ t: 'ack' });
  const pids = app.tier!.pids();
  expect(pids).toHaveLength(2);
  // Both processes hold one of the two players.
  expect(app.tier!.loads()).toEqual([1, 1]);
  const victim = pids[0]!;
  process.kill(victim, 'SIGKILL');
  // One of the two players lost its connection; the node saw it close, and a new process took the dead one's place.
  await vi.waitFor(() => expect([alice.closedWith, bob.closedWith].filter((c) => c !== null)).toHaveLength(1), { timeout: 10_000 });
  await vi.waitFor(() => expect(app.sockets.count()).toBe(1), { timeout: 10_000 });
  await vi.waitFor(
    () => {
      expect(app.tier!.pids()).toHaveLength(2);
      expect(app.tier!.pids()).not.toContain(victim);
    },
    { timeout: 10_000 },
  );
  expect(alive(victim)).toBe(false);
  const cut = alice.closedWith !== null ? alice : bob;
  // The acknowledged move is there: the cut client reconnects and catches up from the version it had.
  await cut.connect();
  const from = cut.received.length;
  expect(await cut.request({ t: 'sub', game: id, since: 1 }, 200)).toMatchObject({ t: 'ack' });
  const view = await cut.http('GET', `/api/games/${id}`);
  expect(JSON.stringify(view.json)).toContain('h3e3');
  expect(await bob.request({ t: 'move', game: id, uci: 'h10g8', ply: 1 }, 3)).toMatchObject({ t: 'ack' });
  await cut.waitFor((m) => m.t === 'events' && m.events.some((e) => e.type === 'move' && e.uci === 'h10g8'), 5000, from);
  for (const c of [alice, bob]) c.close();
  await vi.waitFor(() => expect(app.sockets.count()).toBe(0), { timeout: 10_000 });
});

it('the processes end with the node', async () => {
  const other = await createApp({ store: memoryStore(), bus: new MemoryBus(), clock: time, timers: time, publicUrl: 'http://test', socketProcesses: 1 });
  const pids = other.tier!.pids();
  expect(pids.every(alive)).toBe(true);
  await other.close();
  expect(pids.some(alive)).toBe(false);
});
