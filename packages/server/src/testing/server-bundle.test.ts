// The bundle the suite starts the server from: each module's own URL kept, npm packages left to node_modules.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serverBundle } from './server-bundle.ts';

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
});
