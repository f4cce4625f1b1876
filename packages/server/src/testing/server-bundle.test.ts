// The bundle the suite starts the server from: each module's own URL kept, npm packages left to node_modules.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pruneBundles, serverBundle } from './server-bundle.ts';

describe('serverBundle', () => {
  it('finds the workers where the sources are, imports npm packages, and inlines the workspace', async () => {
    const path = await serverBundle();
    expect(await serverBundle()).toBe(path);
    const text = readFileSync(path, 'utf8');
    // No module reads the bundle's own URL: each has its source file's.
    expect(text).not.toContain('import.meta.url');
    for (const worker of ['packages/server/src/store/sqlite/threaded.ts', 'packages/engine/src/pool.ts']) {
      const url = new URL(`../../../../${worker}`, import.meta.url).href;
      expect(text, worker).toContain(JSON.stringify(url));
      expect(existsSync(new URL('./worker-boot.mjs', url)), worker).toBe(true);
    }
    expect(text).toMatch(/from "ws"/);
    expect(text).toMatch(/from "better-sqlite3"/);
    expect(text).not.toMatch(/from "@youzai\//);
    expect(existsSync(`${path}.map`)).toBe(true);
  });

  it('removes the bundles of processes no longer alive, and only those', () => {
    const dir = mkdtempSync(join(tmpdir(), 'yz-bundles-'));
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    const names = [`server-${dead}-abc.mjs`, `server-${dead}-abc.mjs.map`, `server-${process.pid}-def.mjs`, 'other.txt'];
    for (const n of names) writeFileSync(join(dir, n), '');
    expect(pruneBundles(dir)).toBe(2);
    expect(readdirSync(dir).sort()).toEqual(['other.txt', `server-${process.pid}-def.mjs`]);
  });
});
