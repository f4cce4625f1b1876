/**
 * Vitest global setup: builds the web client once per test run into a
 * folder of its own (concurrent runs never share one), so the end-to-end
 * tests drive the files a production build serves. Tests read the folder
 * with `inject('webDir')`. Under `npm test` the build is made beside the
 * static checks and handed over in YOUZAI_WEB_DIR.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    webDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  // `npm test` builds it beside the static checks (scripts/test.mjs) and names the folder.
  const built = process.env.YOUZAI_WEB_DIR;
  if (built && existsSync(join(built, 'index.html'))) {
    project.provide('webDir', built);
    return () => undefined;
  }
  const outDir = mkdtempSync(join(tmpdir(), 'youzai-web-'));
  await build({ root: fileURLToPath(new URL('..', import.meta.url)), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  project.provide('webDir', outDir);
  return () => rmSync(outDir, { recursive: true, force: true });
}
