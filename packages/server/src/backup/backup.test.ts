/**
 * A backup taken while games are being played, restored: every move
 * acknowledged before the backup began is there, and each game is whole
 * (its row and its moves from one moment). SQLite through the production
 * store (its own thread, group commit), PostgreSQL through pg_dump.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { VARIANTS, legalUcis, parseFen } from '@youzai/rules';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { MemoryBus } from '../bus/bus.ts';
import { systemClock, systemTimers } from '../service/time.ts';
import { tempDir, tempSchema } from '../store/fixtures.ts';
import { openStore } from '../store/open.ts';
import { postgresStore } from '../store/postgres/store.ts';
import type { Store } from '../store/types.ts';
import { BackupError, PID_FILE, backupPostgres, backupSqlite, restorePostgres, restoreSqlite } from './backup.ts';

const GAMES = 6;

/** Plays GAMES games at once, move after move; takes the backup mid-play; returns the moves acknowledged before it began. */
async function playAndBackUp(store: Store, backup: () => Promise<unknown>): Promise<{ before: Map<string, number>; after: Map<string, number> }> {
  const app = await createApp({ store, bus: new MemoryBus(), clock: systemClock, timers: systemTimers, publicUrl: 'http://test' });
  const acked = new Map<string, number>();
  const ids: string[] = [];
  for (let i = 0; i < GAMES; i++) {
    const a = { id: `pa${i}`, name: `pa${i}`, guest: true };
    const b = { id: `pb${i}`, name: `pb${i}`, guest: true };
    const r = await app.games.createPaired(a, b, { variant: 'xiangqi', clock: { kind: 'fischer', minutes: 10, increment: 5 }, rated: false, color: 'first' });
    if (!r.ok) throw new Error(r.error.message);
    ids.push(r.value.id);
    acked.set(r.value.id, 0);
  }
  let stop = false;
  const play = async (id: string, i: number) => {
    for (let ply = 0; !stop && ply < 400; ply++) {
      const s = await app.games.view(id);
      if (s?.view.status !== 'active') return;
      const pos = parseFen(VARIANTS.xiangqi, s.view.fen);
      if (!pos.ok) throw new Error(pos.error.message);
      const moves = legalUcis(pos.value);
      const uci = moves[(ply * 7 + i) % moves.length]!;
      const r = await app.games.act(id, ply % 2 === 0 ? `pa${i}` : `pb${i}`, { type: 'move', uci, ply });
      if (!r.ok) throw new Error(`${id} ply ${ply}: ${r.error.code}`);
      acked.set(id, ply + 1);
    }
  };
  const players = Promise.all(ids.map((id, i) => play(id, i)));
  // Mid-play: some moves in already, more arriving while the copy is made.
  while ([...acked.values()].reduce((x, y) => x + y, 0) < GAMES * 10) await new Promise((r) => setTimeout(r, 5));
  const before = new Map(acked);
  try {
    await backup();
    await new Promise((r) => setTimeout(r, 50));
  } finally {
    stop = true;
    await players;
  }
  const after = new Map(acked);
  await app.close();
  // Play went on during the backup: the test would prove nothing otherwise.
  expect([...after.values()].reduce((x, y) => x + y, 0)).toBeGreaterThan([...before.values()].reduce((x, y) => x + y, 0));
  return { before, after };
}

/** Every move acknowledged before the backup is in the restored store, and each game's row agrees with its moves. */
async function expectRestored(restored: Store, before: Map<string, number>, after: Map<string, number>): Promise<void> {
  for (const [id, n] of before) {
    const row = await restored.game(id);
    expect(row, id).not.toBeNull();
    const moves = await restored.moves(id);
    expect(moves.length, id).toBeGreaterThanOrEqual(n);
    expect(moves.length, id).toBeLessThanOrEqual(after.get(id)!);
    expect(row!.plies, id).toBe(moves.length);
    expect(moves.map((m) => m.ply)).toEqual(moves.map((_, i) => i + 1));
  }
}

describe('backup and restore', () => {
  const cleanup: (() => unknown)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  it('SQLite: a backup taken mid-play restores every acknowledged move', async () => {
    const live = tempDir();
    const restoredDir = tempDir();
    cleanup.push(live.dispose, restoredDir.dispose);
    const store = await openStore({ DATA_DIR: live.dir });
    const out = join(live.dir, 'backup.sqlite3');
    let summary: Awaited<ReturnType<typeof backupSqlite>> | null = null;
    const { before, after } = await playAndBackUp(store, async () => {
      summary = await backupSqlite(live.dir, out);
    });
    await store.close();
    expect(summary!.games).toBe(GAMES);
    expect(summary!.moves).toBeGreaterThanOrEqual([...before.values()].reduce((x, y) => x + y, 0));
    // A second backup to the same file is refused, not overwritten.
    await expect(backupSqlite(live.dir, out)).rejects.toMatchObject({ code: 'backup.exists' });

    // Into a data folder that has a database already: the old one is kept aside.
    const other = await openStore({ DATA_DIR: restoredDir.dir });
    await other.close();
    const r = await restoreSqlite(out, restoredDir.dir);
    expect(r.kept).toMatch(/before-restore/);
    const restored = await openStore({ DATA_DIR: restoredDir.dir });
    try {
      await expectRestored(restored, before, after);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('SQLite: a restore is refused while a server runs on the data folder', async () => {
    const dir = tempDir();
    cleanup.push(dir.dispose);
    writeFileSync(join(dir.dir, PID_FILE), String(process.pid));
    writeFileSync(join(dir.dir, 'not-a-backup'), 'hello');
    await expect(restoreSqlite(join(dir.dir, 'nothing-here'), dir.dir)).rejects.toMatchObject({ code: 'restore.no-file' });
    const e = await restoreSqlite(join(dir.dir, 'not-a-backup'), dir.dir).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(BackupError);
    expect((e as BackupError).code).toBe('restore.server-running');
    const forced = await restoreSqlite(join(dir.dir, 'not-a-backup'), dir.dir, { force: true }).catch((x: unknown) => x);
    expect((forced as BackupError).code).toBe('restore.not-a-backup');
  });

  it('PostgreSQL: a pg_dump taken mid-play restores every acknowledged move', async () => {
    const schema = await tempSchema();
    cleanup.push(schema.dispose);
    const store = postgresStore(schema.url);
    await store.migrate();
    const dir = tempDir();
    cleanup.push(dir.dispose);
    const out = join(dir.dir, 'backup.pgdump');
    const { before, after } = await playAndBackUp(store, () => backupPostgres(schema.url, out));
    await store.close();
    // The schema is lost, then brought back from the dump.
    await schema.dispose();
    await restorePostgres(out, schema.url);
    const restored = postgresStore(schema.url);
    try {
      await expectRestored(restored, before, after);
    } finally {
      await restored.close();
    }
  }, 120_000);
});
