/**
 * The club on three nodes behind HAProxy (deploy/haproxy.cfg), in Chromium:
 * two players play a Xiangqi game to checkmate while the node deciding it
 * is killed (SIGKILL) mid-game. Their pages reconnect through HAProxy by
 * themselves and the game goes on at another node.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startHaproxy } from '../../../server/src/cluster/haproxy.ts';
import { startCluster, type TestCluster } from '../../../server/src/testing/cluster.ts';
import { freePort } from '../../../server/src/testing/server-process.ts';
import { ARTIFACTS, clickMove, shot, waitForPlies, workerBrowser } from './harness.ts';

let club: TestCluster;
let haproxy: ChildProcess;
let browser: Browser;
let base: string;
const dir = mkdtempSync(join(tmpdir(), 'youzai-haproxy-'));

beforeAll(async () => {
  club = await startCluster({ nodes: 3, env: { WEB_DIR: inject('webDir') } });
  const port = await freePort();
  haproxy = await startHaproxy(
    dir,
    port,
    club.nodes.map((n) => ({ id: n.id, port: n.port })),
  );
  base = `http://127.0.0.1:${port}`;
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await workerBrowser();
});

afterAll(async () => {
  for (const c of browser?.contexts() ?? []) await c.close().catch(() => undefined);
  haproxy?.kill('SIGKILL');
  await club?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function visitor(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: base, locale: 'vi-VN' });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`[browser] ${e.message}`));
  return page;
}

/** Plays `uci` by clicking until every page shows ply `n` (a click during a reconnection may go nowhere). */
async function playUntilShown(mover: Page, uci: string, n: number, pages: Page[]): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    await mover.locator('.banner[hidden]').waitFor({ state: 'attached', timeout: 30_000 });
    await clickMove(mover, uci);
    try {
      for (const p of pages) await waitForPlies(p, n);
      return;
    } catch (e) {
      if (attempt >= 3) throw e;
    }
  }
}

describe('a game through HAProxy while its node dies', () => {
  it('is played to checkmate; both players catch up through the load balancer by themselves', async () => {
    const red = await visitor();
    const black = await visitor();
    await red.goto('/');
    await red.getByTestId('mode-friend').click();
    const form = red.getByTestId('create-form');
    await form.locator('select[name="variant"]').selectOption('xiangqi');
    const color = form.locator('select[name="color"]');
    if (await color.count()) await color.selectOption('first');
    else await form.locator('input[name="color"][value="first"]').check();
    await red.getByTestId('create-submit').click();
    await red.waitForURL(/\/game\/[A-Za-z0-9]+$/);
    const invite = await red.getByTestId('invite-url').inputValue();
    const gameId = /\/game\/([A-Za-z0-9]+)$/.exec(red.url())![1]!;
    await black.goto(invite.replace(/^https?:\/\/[^/]+/, ''));
    await black.waitForURL(/\/game\//);

    // A helpmate in three: the cannon takes the elephant on g10 with the advisor blocking e9.
    const line = ['b3b5', 'e7e6', 'b5g5', 'd10e9', 'g5g10'];
    for (const [i, uci] of line.slice(0, 2).entries()) await playUntilShown(i % 2 === 0 ? red : black, uci, i + 1, [red, black]);

    const owner = (await (await fetch(`${base}/api/games/${gameId}`)).json()).owner as string;
    expect(owner).toMatch(/^n[123]$/);
    await club.kill(owner);

    for (const [i, uci] of line.slice(2).entries()) await playUntilShown(i % 2 === 0 ? red : black, uci, i + 3, [red, black]);
    for (const p of [red, black]) {
      await p.getByTestId('end-panel').waitFor({ state: 'visible', timeout: 20_000 });
      expect(await p.getByTestId('result').textContent()).toContain('1-0');
    }
    const moves = async (p: Page) => p.locator('[data-testid="move-list"] [data-ply]').allTextContents();
    expect(await moves(red)).toHaveLength(5);
    expect(await moves(red)).toEqual(await moves(black));
    const after = await (await fetch(`${base}/api/games/${gameId}.json`)).json();
    expect(after.moves.map((m: { uci: string }) => m.uci)).toEqual(line);
    await shot(red, 'cluster-failover-red');
    await shot(black, 'cluster-failover-black');
  });
});
