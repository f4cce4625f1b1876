/**
 * SIGTERM on the real server (SQLite file): moves in flight are answered,
 * the process exits 0 well within its bound, the pid file goes, and a
 * restart on the same data finds every acknowledged move.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PID_FILE } from './backup/backup.ts';
import { TestClient } from './testing/client.ts';
import { freePort, startServerProcess } from './testing/server-process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'youzai-stop-'));
let child: ChildProcess | null = null;

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const MOVES = ['h3e3', 'h10g8', 'b1c3', 'b10c8', 'i1i2', 'i10i9'];
const BOUND_MS = 8000;

describe('SIGTERM', () => {
  it('answers the moves in flight, exits 0 within its bound, and keeps every acknowledged move', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const start = () => startServerProcess(port, { DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_MS: String(BOUND_MS) });
    child = await start();
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    expect(existsSync(join(dataDir, PID_FILE))).toBe(true);
    const games: { id: string; players: [TestClient, TestClient]; acked: number }[] = [];
    for (let i = 0; i < 4; i++) {
      const a = new TestClient(base);
      const b = new TestClient(base);
      await b.http('POST', '/api/session');
      const created = await a.http('POST', '/api/games', {
        variant: 'xiangqi',
        color: 'first',
        clock: { kind: 'fischer', minutes: 10, increment: 5 },
        opponent: { type: 'invite' },
      });
      await b.http('POST', `/api/games/${created.json.id}/join`, { token: String(created.json.invite).split('/').pop() });
      games.push({ id: created.json.id, players: [a, b], acked: 0 });
    }
    for (let ply = 0; ply < 2; ply++)
      for (const g of games) {
        expect((await g.players[ply % 2]!.http('POST', `/api/games/${g.id}/move`, { uci: MOVES[ply], ply })).json).toEqual({ ok: true });
        g.acked = ply + 1;
      }
    // The third ply everywhere, and SIGTERM while those are in flight.
    const inflight = games.map((g) =>
      g.players[0].http('POST', `/api/games/${g.id}/move`, { uci: MOVES[2], ply: 2 }).then(
        (r) => ({ status: r.status, json: r.json as { ok: boolean; code?: string } }),
        () => null,
      ),
    );
    await new Promise((r) => setTimeout(r, 2));
    const t0 = Date.now();
    const proc = child;
    const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
    proc.kill('SIGTERM');
    const answers = await Promise.all(inflight);
    expect(await exited).toBe(0);
    expect(Date.now() - t0).toBeLessThan(BOUND_MS);
    child = null;
    answers.forEach((a, i) => {
      // Each was answered: played, or refused because the server was stopping (never left hanging).
      if (a?.json?.ok) games[i]!.acked = 3;
      else if (a) expect(a.json?.code).toBe('server.stopping');
    });
    expect(out).toContain('"msg":"stopping"');
    expect(out).toContain('"msg":"stopped"');
    expect(existsSync(join(dataDir, PID_FILE))).toBe(false);

    child = await start();
    for (const g of games) {
      const r = await g.players[1].http('GET', `/api/games/${g.id}`);
      expect(r.json.view.moves.slice(0, g.acked)).toEqual(MOVES.slice(0, g.acked));
    }
  }, 120_000);
});
