/**
 * The real server (`npm start`'s main.ts, SQLite) with SOCKET_PROCESSES=2:
 * its socket processes start with it, a game is played over WebSockets
 * through them, and they end with the node, whether it stops (SIGTERM) or is
 * killed (SIGKILL: each sees its channel to the node close, and exits).
 * Started again on the same data, the node has the acknowledged move.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { TestClient } from '../../testing/client.ts';
import { invitedGame } from '../../testing/invite.ts';
import { alive, childrenOf } from '../../testing/processes.ts';
import { freePort, startServerProcess } from '../../testing/server-process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'youzai-tier-'));
const started: ChildProcess[] = [];
afterAll(() => {
  for (const c of started) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(port: number): Promise<ChildProcess> {
  const c = await startServerProcess(port, { DATA_DIR: dataDir, SOCKET_PROCESSES: '2' });
  started.push(c);
  return c;
}

it('plays through the socket processes of the real server; they end with it, stopped or killed', async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let node = await start(port);
  const sockets = childrenOf(node.pid!);
  expect(sockets).toHaveLength(2);
  const { alice, bob, id } = await invitedGame(base);
  for (const c of [alice, bob]) await c.connect();
  for (const [i, c] of [alice, bob].entries()) expect(await c.request({ t: 'sub', game: id }, 100 + i)).toMatchObject({ t: 'ack' });
  expect(await alice.request({ t: 'move', game: id, uci: 'h3e3', ply: 0 }, 1)).toMatchObject({ t: 'ack' });
  await bob.waitFor((m) => m.t === 'events' && m.events.some((e) => e.type === 'move' && e.uci === 'h3e3'));

  // Killed: the socket processes see the node's channel close and exit; the clients lose their sockets.
  node.kill('SIGKILL');
  await vi.waitFor(() => expect(sockets.filter(alive)).toEqual([]), { timeout: 10_000 });
  await vi.waitFor(() => expect(alice.closedWith).not.toBeNull(), { timeout: 10_000 });

  // Started again on the same data: the acknowledged move is there, and play goes on through new socket processes.
  node = await start(port);
  const again = childrenOf(node.pid!);
  expect(again).toHaveLength(2);
  const carol = new TestClient(base);
  await carol.http('POST', '/api/session');
  await carol.connect();
  expect(await carol.request({ t: 'sub', game: id }, 1)).toMatchObject({ t: 'ack' });
  const view = await carol.http('GET', `/api/games/${id}`);
  expect(JSON.stringify(view.json)).toContain('h3e3');
  carol.close();

  // Stopped: the node closes its socket processes before it exits.
  node.kill('SIGTERM');
  await new Promise((r) => node.once('exit', r));
  await vi.waitFor(() => expect(again.filter(alive)).toEqual([]), { timeout: 10_000 });
});
