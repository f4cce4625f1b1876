/**
 * The server's main.ts bundled into one ES module, for the tests that start it
 * as a process (server-process.ts): the same sources, loaded without tsx's
 * per-module transform and loader hooks. A start of main.ts cost 2.2 CPU-s
 * through tsx and 1.0-1.2 as this bundle (loaded, migrated, listening), and the
 * suite starts it for every e2e file, every cluster node and every restart.
 *
 * What the bundle keeps as it was:
 * - each module's `import.meta.url` is its source file's URL, so what the
 *   server finds by a relative URL (the SQLite and engine workers, which still
 *   load their TypeScript through tsx; the web client's default folder) is the
 *   same file;
 * - packages from npm stay imports, resolved from the repository's
 *   node_modules; the workspace's own packages (@youzai/...) are bundled;
 * - names (`keepNames`: a class or function renamed apart from a namesake in
 *   another module keeps its `.name`), and stack traces point into the
 *   TypeScript sources (a source map, with --enable-source-maps).
 *
 * Built once per process (esbuild, ~0.1 s), a file of its own per process
 * under node_modules/.cache/youzai, so test workers building at once need no
 * lock. It is removed when the process exits, and when that did not happen
 * (a worker ended by a signal: a few runs left 66 of them, 93 MB), by the next
 * build: the bundles of processes no longer alive.
 */
import { readFile } from 'node:fs/promises';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { alive } from './processes.ts';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = join(root, 'packages/server/src/main.ts');

/** Bare imports that are not the workspace's own stay imports (npm packages, Node's builtins). */
const npmExternal: Plugin = {
  name: 'npm-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith('@youzai/') ? undefined : { path: a.path, external: true }));
  },
};

/** Each source module's `import.meta.url` as its own file's URL (in a bundle it would be the bundle's). */
const ownUrl: Plugin = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.(ts|mts|js|mjs)$/ }, async (a) => {
      if (a.path.includes('/node_modules/')) return undefined;
      const text = await readFile(a.path, 'utf8');
      return {
        contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(a.path).href)),
        loader: a.path.endsWith('ts') ? 'ts' : 'js',
      };
    });
  },
};

let built: Promise<string> | null = null;

/** Removes the bundles (and maps) in `dir` of processes no longer alive; answers how many files went. */
export function pruneBundles(dir: string): number {
  let n = 0;
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    const m = /^server-(\d+)-[a-z0-9]+\.mjs(\.map)?$/.exec(name);
    if (!m || alive(Number(m[1]))) continue;
    rmSync(join(dir, name), { force: true });
    n++;
  }
  return n;
}

/** The bundle's path, built on the first call in this process. */
export function serverBundle(): Promise<string> {
  built ??= (async () => {
    const dir = join(root, 'node_modules/.cache/youzai');
    mkdirSync(dir, { recursive: true });
    pruneBundles(dir);
    const out = join(dir, `server-${process.pid}-${Date.now().toString(36)}.mjs`);
    await build({
      entryPoints: [MAIN],
      outfile: out,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      keepNames: true,
      sourcemap: 'linked',
      logLevel: 'warning',
      plugins: [npmExternal, ownUrl],
    });
    process.once('exit', () => {
      rmSync(out, { force: true });
      rmSync(`${out}.map`, { force: true });
    });
    return out;
  })();
  return built;
}
