/**
 * Crash test: SIGKILL the real server (SQLite file) in the middle of several
 * live games, start it again on the same data, and check that every
 * acknowledged move is there, clocks did not charge the downtime, and play
 * continues.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TestClient } from './testing/client.ts';
import { freePort, startServerProcess } from './testing/server-process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'youzai-crash-'));
let child: ChildProcess | null = null;

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const startServer = (port: number): Promise<ChildProcess> => startServerProcess(port, { DATA_DIR: dataDir });

// Each game: variant and the moves both sides will play, alternating.
const GAMES = [
  { variant: 'xiangqi', moves: ['h3e3', 'h10g8', 'b1c3', 'b10c8', 'i1i2', 'i10i9', 'a1a2', 'a10a9'] },
  { variant: 'janggi', moves: ['a4a5', 'a7a6', 'e2e2', 'e9e9', 'i4i5', 'i7i6', 'c4c5', 'c7c6'] },
  { variant: 'sittuyin', moves: ['K@e2', 'K@d7', 'F@d2', 'F@e7', 'R@a1', 'R@h8', 'R@h1', 'R@a8'] },
  { variant: 'xiangqi', moves: ['b3e3', 'b10c8', 'b1c3', 'h10g8', 'a4a5', 'i7i6', 'e3e7', 'i10i9'] },
] as const;

describe('crash and restart', () => {
  it('SIGKILL mid-game loses no acknowledged move; games resume and continue', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = await startServer(port);
    const players: [TestClient, TestClient][] = [];
    const ids: string[] = [];
    for (const g of GAMES) {
      const a = new TestClient(base),
        b = new TestClient(base);
      await a.http('POST', '/api/session');
      await b.http('POST', '/api/session');
      const created = await a.http('POST', '/api/games', {
        variant: g.variant,
        color: 'first',
        clock: { kind: 'fischer', minutes: 10, increment: 5 },
        opponent: { type: 'invite' },
      });
      expect(created.status).toBe(201);
      await b.http('POST', `/api/games/${created.json.id}/join`, { token: String(created.json.invite).split('/').pop() });
      players.push([a, b]);
      ids.push(created.json.id);
    }
    // Play six plies in every game, acknowledged one by one.
    const acked: string[][] = GAMES.map(() => []);
    for (let ply = 0; ply < 6; ply++) {
      for (let i = 0; i < GAMES.length; i++) {
        const r = await players[i]![ply % 2]!.http('POST', `/api/games/${ids[i]}/move`, { uci: GAMES[i]!.moves[ply], ply });
        expect(r.json).toEqual({ ok: true });
        acked[i]!.push(GAMES[i]!.moves[ply]!);
      }
    }
    // Fire the seventh ply everywhere and kill the server while those are in flight.
    const inflight = GAMES.map((g, i) =>
      players[i]![0]!.http('POST', `/api/games/${ids[i]}/move`, { uci: g.moves[6], ply: 6 }).then(
        (r) => r.json?.ok === true,
        () => false,
      ),
    );
    await new Promise((r) => setTimeout(r, 2));
    child.kill('SIGKILL');
    const outcome = await Promise.all(inflight);
    outcome.forEach((ok, i) => {
      if (ok) acked[i]!.push(GAMES[i]!.moves[6]!);
    });
    const dead = child;
    if (dead.exitCode === null && dead.signalCode === null) await new Promise((r) => dead.once('exit', r));

    child = await startServer(port);
    for (let i = 0; i < GAMES.length; i++) {
      const [a, b] = players[i]!;
      await b.connect();
      await b.request({ t: 'sub', game: ids[i] }, 1);
      const state = (await b.waitFor((m) => m.t === 'game')) as unknown as {
        view: { moves: string[]; status: string; clock: { remainingMs: number[]; running: number | null } };
      };
      // Every acknowledged move is there; an unacknowledged one may or may not be.
      expect(state.view.moves.slice(0, acked[i]!.length)).toEqual(acked[i]);
      expect(state.view.status).toBe('active');
      // The side to move was not charged for the downtime: at most its time before the crash.
      const ply = state.view.moves.length;
      const turn = ply % 2;
      expect(state.view.clock.remainingMs[turn]).toBeGreaterThan(10 * 60_000 - 5_000);
      // Play continues from where it stopped.
      const mover = turn === 0 ? a : b;
      const next = GAMES[i]!.moves[ply]!;
      expect((await mover.http('POST', `/api/games/${ids[i]}/move`, { uci: next, ply })).json).toEqual({ ok: true });
      b.close();
    }
  }, 90_000);
});
