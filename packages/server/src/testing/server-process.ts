/** The real server as a child process, for the crash test and the benchmarks: the way `npm start` runs it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

/** The V8 flags `npm start` uses (package.json): semi-spaces of at most 16 MiB (docs/server.md, issue 29). */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=16'] as const;

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts packages/server/src/main.ts on 127.0.0.1:`port` and resolves once it
 * says it is running. `extraArgs`: more Node flags (e.g. --cpu-prof); `log`:
 * copy the server's output to this process's stderr afterwards. `bundled`:
 * from the bundle of the same sources (server-bundle.ts), by default under
 * Vitest: the suite starts the server a hundred times, and a start costs half
 * the CPU that way (SERVER_FROM_SOURCE=1: through tsx all the same). The
 * benchmarks start it as `npm start` does, through tsx.
 */
export async function startServerProcess(
  port: number,
  env: Record<string, string>,
  opts: { extraArgs?: readonly string[]; log?: boolean; quiet?: boolean; startTimeoutMs?: number; bundled?: boolean } = {},
): Promise<ChildProcess> {
  const entry =
    (opts.bundled ?? (process.env.VITEST !== undefined && process.env.SERVER_FROM_SOURCE !== '1'))
      ? ['--enable-source-maps', await (await import('./server-bundle.ts')).serverBundle()]
      : ['--import', 'tsx', 'packages/server/src/main.ts'];
  const c = spawn(process.execPath, [...SERVER_NODE_ARGS, ...(opts.extraArgs ?? []), ...entry], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const t = setTimeout(() => reject(new Error(`the server did not start: ${out}`)), opts.startTimeoutMs ?? 60_000);
    const onExit = (code: number | null) => reject(new Error(`the server exited (${code}): ${out}`));
    c.on('exit', onExit);
    c.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    c.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('is running at')) {
        clearTimeout(t);
        c.off('exit', onExit);
        resolve();
      }
    });
  });
  if (opts.log) {
    c.stdout!.on('data', (d: Buffer) => process.stderr.write(d));
    c.stderr!.on('data', (d: Buffer) => process.stderr.write(d));
  } else if (opts.quiet !== false) {
    c.stdout!.resume();
    c.stderr!.resume();
  }
  return c;
}

/**
 * The server as the benchmarks run it: its own process, no HTTP rate limit nor quotas,
 * SQLite in a temporary folder or PostgreSQL in a schema of its own.
 * Env: BENCH_NODE_ARGS (more Node flags), BENCH_SERVER_LOG (copy its output). `extraArgs`: more Node flags of the
 * benchmark's own (--expose-gc, for /api/stats?gc).
 */
export async function startBenchServer(
  store: string,
  opts: { extraArgs?: readonly string[]; port?: number; env?: Record<string, string> } = {},
): Promise<{ base: string; server: ChildProcess; dispose: () => Promise<void> }> {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { tempSchema } = await import('../store/fixtures.ts');
  const port = opts.port ?? (await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), 'youzai-bench-'));
  const schema = store === 'postgres' ? await tempSchema() : null;
  const server = await startServerProcess(
    port,
    {
      HTTP_RATE: '1000000',
      LIMITS: 'off',
      STATS_CONTROL: '1',
      TOURNAMENT_MIN_RATED_GAMES: '0',
      ...(schema ? { DATABASE_URL: schema.url } : { DATA_DIR: dataDir }),
      ...opts.env,
    },
    {
      extraArgs: [...(opts.extraArgs ?? []), ...(process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [])],
      log: Boolean(process.env.BENCH_SERVER_LOG),
    },
  );
  return {
    base: `http://127.0.0.1:${port}`,
    server,
    dispose: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await schema?.dispose();
    },
  };
}

/** The p-th percentile of `xs` (NaN when empty). */
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}
