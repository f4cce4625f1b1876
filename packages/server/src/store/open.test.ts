import { spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

  it('the real server, run by a user the modes apply to, refuses a read-only DATA_DIR or database file at start, and starts on a writable one', async () => {
    // Root writes whatever the modes say, and tests run as root here: the server is then started as `nobody`
    // (spawn's uid/gid, which also drops root's groups), so that a read-only folder or file is really read-only.
    const asRoot = process.getuid?.() === 0;
    const NOBODY = 65534;
    const tmp = tempDir();
    cleanups.push(tmp.dispose);
    chmodSync(tmp.dir, 0o755);
    const folder = (name: string, ownedByServer: boolean) => {
      const dir = join(tmp.dir, name);
      mkdirSync(dir);
      if (asRoot && ownedByServer) chownSync(dir, NOBODY, NOBODY);
      chmodSync(dir, ownedByServer ? 0o755 : 0o555);
      cleanups.push(() => chmodSync(dir, 0o755));
      return dir;
    };
    const root = fileURLToPath(new URL('../../../../', import.meta.url));
    const run = (dir: string) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const c = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
          cwd: root,
          env: { ...process.env, DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' },
          stdio: ['ignore', 'pipe', 'pipe'],
          ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}),
        });
        let out = '';
        const take = (d: Buffer) => {
          out += d.toString();
          if (out.includes('is running at')) c.kill('SIGTERM');
        };
        c.stdout.on('data', take);
        c.stderr.on('data', take);
        c.on('exit', (code) => resolve({ code, out }));
      });

    const readOnly = folder('read-only', false);
    const r1 = await run(readOnly);
    expect(r1.code).toBe(1);
    expect(r1.out).toContain(`DATA_DIR ${readOnly} is not writable (EACCES`);

    // A folder the server may write, holding a database file it may not.
    const fileRo = folder('file-read-only', true);
    writeFileSync(join(fileRo, SQLITE_FILE), '');
    chmodSync(join(fileRo, SQLITE_FILE), 0o444);
    const r2 = await run(fileRo);
    expect(r2.code).toBe(1);
    expect(r2.out).toContain(`DATA_DIR ${fileRo} is not writable (EACCES`);

    // The same user on a folder of its own: up and running (what refused above was the modes).
    const writable = folder('writable', true);
    const r3 = await run(writable);
    expect(r3.out).toContain('is running at');
    expect(existsSync(join(writable, SQLITE_FILE))).toBe(true);
  }, 300_000);

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
