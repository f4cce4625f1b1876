/**
 * End-to-end harness: the real server as `npm start` runs it (its own
 * process, SQLite in a temporary folder, the engine pool), serving the
 * built client; Debian's Chromium driven by playwright-core. Screenshots go
 * to test-artifacts/e2e/ and are kept.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { onTestFinished } from 'vitest';
import { freePort, startServerProcess } from '../../../server/src/testing/server-process.ts';

export const ARTIFACTS = fileURLToPath(new URL('../../../../test-artifacts/e2e/', import.meta.url));
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface Club {
  readonly base: string;
  readonly browser: Browser;
  /** A new visitor: its own cookies (a new guest), Vietnamese unless told otherwise. */
  visitor(opts?: { width?: number; height?: number; lang?: 'vi' | 'en' }): Promise<{ context: BrowserContext; page: Page }>;
  /**
   * Moves the server's time forward by `ms` (TEST_CLOCK: its timers falling due fire at once) and returns its new now:
   * a test that waits for a scheduled event (a tournament's start, a round's pause) jumps to it instead.
   */
  advance(ms: number): Promise<number>;
  /** The server's time now (ms). */
  now(): Promise<number>;
  /** Kills the server (SIGKILL: no goodbye to anyone) and returns a function that starts it again on the same port and data (its time back to the real time). */
  crash(): Promise<() => Promise<void>>;
  /** The operator's `npm run admin -- create <name>` on this club's data: a name in its ADMINS cannot be registered over HTTP. */
  claimAdmin(name: string, password: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * One Chromium per test worker: the e2e layer runs its files with `isolate: false`
 * (vitest.config.ts), so the files a worker runs share it, each test's visitors
 * in contexts of their own. Kept on `globalThis` in case a file's modules are
 * evaluated again; Playwright closes it when the worker exits.
 */
export function workerBrowser(): Promise<Browser> {
  const g = globalThis as { youzaiBrowser?: Promise<Browser> };
  if (!g.youzaiBrowser) {
    const launched = chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    g.youzaiBrowser = launched;
    launched.then(
      (b) => b.on('disconnected', () => g.youzaiBrowser === launched && delete g.youzaiBrowser),
      () => g.youzaiBrowser === launched && delete g.youzaiBrowser,
    );
  }
  return g.youzaiBrowser;
}

/** `extraEnv`: more of the server's configuration (ADMINS…). */
export async function startClub(webDir: string, extraEnv: Record<string, string> = {}): Promise<Club> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'youzai-e2e-'));
  // TEST_CLOCK: the server's time can be moved forward (advance below).
  const env = { DATA_DIR: dataDir, WEB_DIR: webDir, HTTP_RATE: '100000', ENGINE_WORKERS: '1', TEST_CLOCK: '1', ...extraEnv };
  let server: ChildProcess = await startServerProcess(port, env);
  const browser = await workerBrowser();
  const base = `http://127.0.0.1:${port}`;
  const contexts: BrowserContext[] = [];
  mkdirSync(ARTIFACTS, { recursive: true });
  const clock = async (init?: RequestInit): Promise<number> => {
    const r = await fetch(`${base}/api/test/clock`, init);
    const body = (await r.json()) as { ok: boolean; now?: number; code?: string; message?: string };
    if (!r.ok || typeof body.now !== 'number') throw new Error(`the test clock answered ${r.status}: ${JSON.stringify(body)}`);
    return body.now;
  };
  return {
    base,
    browser,
    advance: (ms) => clock({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs: Math.round(ms) }) }),
    now: () => clock(),
    async visitor(opts = {}) {
      const context = await browser.newContext({
        viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
        baseURL: base,
        locale: opts.lang === 'en' ? 'en-US' : 'vi-VN',
      });
      if (opts.lang === 'en') await context.addInitScript(() => localStorage.setItem('yz-lang', 'en'));
      contexts.push(context);
      // A test's visitors leave when it passes: a page left open keeps its socket, its clocks' ticks and the lobby's
      // pushes (a file's pages, dozens by its end, drew and took messages until the club closed: most of the layer's
      // CPU went to Chromium). A failed test's stay until the club closes: its onTestFailed hooks, which Vitest runs
      // after the onTestFinished ones, photograph them. A visitor made outside a test (none yet) stays too.
      try {
        onTestFinished(async ({ task }) => {
          if (task.result?.state === 'fail') return;
          contexts.splice(contexts.indexOf(context), 1);
          await context.close().catch(() => undefined);
        });
      } catch {
        // Not inside a test: closed by close() below.
      }
      const page = await context.newPage();
      page.on('pageerror', (e) => console.error(`[browser] ${e.message}`));
      return { context, page };
    },
    async crash() {
      const dead = new Promise((r) => server.once('exit', r));
      server.kill('SIGKILL');
      await dead;
      return async () => {
        server = await startServerProcess(port, env);
      };
    },
    async claimAdmin(name, password) {
      const script = fileURLToPath(new URL('../../../server/scripts/admin.ts', import.meta.url));
      const run = spawn(process.execPath, ['--import', 'tsx', script, 'create', name], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
      let out = '';
      run.stdout.on('data', (d: Buffer) => (out += d.toString()));
      run.stderr.on('data', (d: Buffer) => (out += d.toString()));
      run.stdin.end(`${password}\n`);
      const code = await new Promise<number | null>((r) => run.once('exit', r));
      if (code !== 0) throw new Error(`npm run admin -- create ${name} failed (${code}): ${out}`);
    },
    async close() {
      // The worker's browser stays open for its next file; this club's visitors go.
      for (const c of contexts) await c.close().catch(() => undefined);
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function shot(page: Page, name: string): Promise<void> {
  // After the board's animations: a picture of where the pieces are, not of their way there.
  await page.waitForFunction(() => !document.querySelector('piece.anim, piece.fading'), undefined, { timeout: 5_000 }).catch(() => undefined);
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: false });
}

/** The centre of a board square on screen, from the board's box, its size (the game's, as the board states it) and its orientation. */
export async function squarePoint(page: Page, square: string, scope = 'body'): Promise<{ x: number; y: number }> {
  const wrap = page.locator(`${scope} .yz-board`).first();
  await wrap.waitFor();
  // Where the board has settled: it sizes itself from a ResizeObserver a frame after the page lays out, so a box read
  // at once on a page just drawn can be the old one, and the click lands on another square (on a loaded machine, a
  // first move clicked there was never made).
  const box = await wrap.evaluate(async (el) => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    let last = el.getBoundingClientRect();
    for (let i = 0; i < 50; i++) {
      await frame();
      const now = el.getBoundingClientRect();
      if (now.x === last.x && now.y === last.y && now.width === last.width && now.height === last.height) break;
      last = now;
    }
    return { x: last.x, y: last.y, width: last.width, height: last.height };
  });
  const cls = (await wrap.getAttribute('class')) ?? '';
  const files = Number(await wrap.getAttribute('data-files'));
  const ranks = Number(await wrap.getAttribute('data-ranks'));
  const black = cls.includes('orientation-black');
  const f = square.charCodeAt(0) - 97;
  const r = Number(square.slice(1)) - 1;
  const col = black ? files - 1 - f : f;
  const row = black ? r : ranks - 1 - r;
  return { x: box.x + ((col + 0.5) * box.width) / files, y: box.y + ((row + 0.5) * box.height) / ranks };
}

/** Plays a move by clicking its two squares (or a pocket piece, then its square). */
export async function clickMove(page: Page, uci: string): Promise<void> {
  const drop = /^([A-Z])@([a-p]\d+)$/.exec(uci);
  if (drop) {
    const role = `${drop[1]!.toLowerCase()}-piece`;
    await page.locator(`.pocket.bottom piece[data-role="${role}"]`).click();
    const to = await squarePoint(page, drop[2]!);
    await page.mouse.click(to.x, to.y);
    return;
  }
  const m = /^([a-p]\d+)([a-p]\d+)$/.exec(uci);
  if (!m) throw new Error(`not a board move: ${uci}`);
  const from = await squarePoint(page, m[1]!);
  const to = await squarePoint(page, m[2]!);
  await page.mouse.click(from.x, from.y);
  await page.mouse.click(to.x, to.y);
}

/** Waits until the move list shows `n` plies (`timeout`: longer where an engine must answer first). */
export async function waitForPlies(page: Page, n: number, timeout = 20_000): Promise<void> {
  // Read every 50 ms, not at every frame (Playwright's default): a page polled by frames drew 60 of them a second
  // while it waited, 0.07 CPU-s a second against 0.006 (measured on the home page), and these waits are many.
  await page.waitForFunction((k) => document.querySelectorAll('[data-testid="move-list"] [data-ply]').length >= k, n, { timeout, polling: 50 });
}
