/**
 * Every write that the SQLite store acknowledged is there after the process is
 * killed (SIGKILL: no close, no flush, no exit handlers) and the file is
 * reopened. The kill lands while other writes are in flight, and reopening
 * recovers from the WAL. A killed process leaves the OS page cache intact,
 * so this checks "nothing is acknowledged before its commit" and recovery,
 * not fsync against power loss (synchronous=FULL is what covers that).
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { move, tempDir } from '../fixtures.ts';
import { sqliteStore } from './store.ts';

const CHILD = fileURLToPath(new URL('./durability.child.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../../../../../', import.meta.url));

/** Runs the child until it has acknowledged `acks` writes, kills it, and returns the last acknowledged [version, plies] per game. */
async function runAndKill(path: string, kind: string, acks: number): Promise<Map<string, { version: number; plies: number }>> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, path, kind], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
  const acked = new Map<string, { version: number; plies: number }>();
  let count = 0;
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  for await (const line of createInterface({ input: child.stdout })) {
    const [word, id, version, plies] = line.split(' ');
    if (word !== 'ack' || !id) continue;
    const a = { version: Number(version), plies: Number(plies) };
    if ((acked.get(id)?.version ?? 0) < a.version) acked.set(id, a);
    if (++count === acks) child.kill('SIGKILL');
  }
  const signal = await exited;
  expect(signal, stderr).toBe('SIGKILL');
  expect(count).toBeGreaterThanOrEqual(acks);
  return acked;
}

// 'direct': the SQLite store on the main thread; 'threaded': on its worker thread, as openStore runs it.
describe.each(['direct', 'threaded'])('SqliteStore durability (%s)', (kind) => {
  const cleanups: (() => void | Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('keeps every acknowledged write of a process killed mid-flight', async () => {
    const tmp = tempDir();
    cleanups.push(tmp.dispose);
    const path = `${tmp.dir}/killed.sqlite3`;
    // A fresh file per run, killed at a different point: early, and after checkpoints.
    for (const acks of [50, 1500, 4000]) {
      const file = `${path}.${acks}`;
      const acked = await runAndKill(file, kind, acks);
      expect(acked.size).toBeGreaterThan(0);
      const store = sqliteStore(file);
      cleanups.push(() => store.close());
      await store.migrate();
      for (const [id, a] of acked) {
        const g = await store.game(id);
        expect(g, id).not.toBeNull();
        expect(g!.version, id).toBeGreaterThanOrEqual(a.version);
        const moves = await store.moves(id);
        // The row and its moves were committed together: they agree, and hold every acknowledged ply.
        expect(moves.length, id).toBe(g!.plies);
        expect(g!.plies, id).toBeGreaterThanOrEqual(a.plies);
        expect(moves, id).toEqual(Array.from({ length: g!.plies }, (_, i) => move(id, i + 1)));
      }
      await store.close();
      const db = new Database(file, { readonly: true });
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      db.close();
    }
  });
});
