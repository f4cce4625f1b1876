import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir, tempSchema } from './fixtures.ts';
import { SQLITE_FILE, openStore } from './open.ts';
import type { Store } from './types.ts';

describe('openStore', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });
  const smoke = async (s: Store) => {
    await s.setMeta('k', 'v');
    expect(await s.getMeta('k')).toBe('v');
  };

  it('opens SQLite in DATA_DIR, creating the folder, and migrates it', async () => {
    const tmp = tempDir();
    cleanups.push(tmp.dispose);
    const dir = join(tmp.dir, 'nested', 'data');
    const s = await openStore({ DATA_DIR: dir });
    cleanups.push(() => s.close());
    expect(s.backend).toBe('sqlite');
    expect(existsSync(join(dir, SQLITE_FILE))).toBe(true);
    await smoke(s);
  });

  it('fails at once, saying why, when DATA_DIR cannot be written', async () => {
    const tmp = tempDir();
    cleanups.push(tmp.dispose);
    const dir = join(tmp.dir, 'ro');
    mkdirSync(dir);
    writeFileSync(join(dir, SQLITE_FILE), '');
    chmodSync(join(dir, SQLITE_FILE), 0o444);
    chmodSync(dir, 0o555);
    cleanups.push(() => chmodSync(dir, 0o755));
    // Root writes whatever the modes say: the check is then shown on a path that is a file, not a folder.
    const target = process.getuid?.() === 0 ? join(dir, SQLITE_FILE) : dir;
    await expect(openStore({ DATA_DIR: target })).rejects.toThrow(/DATA_DIR .* is not writable/);
    if (process.getuid?.() !== 0) await expect(openStore({ DATA_DIR: dir })).rejects.toThrow(/DATA_DIR .* is not writable/);
  });

  it('opens PostgreSQL when DATABASE_URL is set, and migrates it', async () => {
    const schema = await tempSchema();
    cleanups.push(schema.dispose);
    const s = await openStore({ DATABASE_URL: schema.url, DATA_DIR: '/nonexistent/never-created' });
    cleanups.push(() => s.close());
    expect(s.backend).toBe('postgres');
    expect(existsSync('/nonexistent')).toBe(false);
    await smoke(s);
  });

  it('fails, and lets go of its connections, when PostgreSQL cannot be reached', async () => {
    await expect(openStore({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' })).rejects.toThrow();
  });
});
