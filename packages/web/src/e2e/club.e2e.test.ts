/**
 * The club in a real browser: guests playing by invitation link, a
 * spectator, the three boards, the solo board, the language switch.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { legalUcis, parseFen, parseUci, VARIANTS, type Position, type VariantKey } from '@youzai/rules';
import { startTcpProxy } from '../../../server/src/testing/tcp-proxy.ts';
import { clickMove, shot, startClub, waitForPlies, type Club } from './harness.ts';

/** A poll's patience: a browser on a busy machine can take seconds to draw what a timer of 450 ms scheduled (the default is 1 s). */
const SLOW = { timeout: 15_000 } as const;

let club: Club;

beforeAll(async () => {
  club = await startClub(inject('webDir'));
});

afterAll(async () => {
  await club?.close();
});

/** Creates an invitation game from the home page's form; returns the game page and the invitation link. */
async function createInvite(page: Page, variant: VariantKey, extra: Record<string, string> = {}): Promise<{ url: string; invite: string }> {
  await page.goto('/');
  await page.getByTestId('mode-friend').click();
  const form = page.getByTestId('create-form');
  await form.locator('select[name="variant"]').selectOption(variant);
  for (const [name, value] of Object.entries(extra)) await form.locator(`[name="${name}"]`).first().fill(value);
  const color = form.locator('select[name="color"]');
  if (await color.count()) await color.selectOption('first');
  else await form.locator('input[name="color"][value="first"]').check();
  await page.getByTestId('create-submit').click();
  await page.waitForURL(/\/game\/[A-Za-z0-9]+$/);
  const invite = await page.getByTestId('invite-url').inputValue();
  expect(invite).toMatch(/\/invite\/[A-Za-z0-9]+\/[A-Za-z0-9]+$/);
  return { url: page.url(), invite };
}

async function moveTexts(page: Page): Promise<string[]> {
  return page.locator('[data-testid="move-list"] [data-ply]').allTextContents();
}

function position(variant: VariantKey, moves: readonly string[]): Position {
  const p = parseFen(VARIANTS[variant], VARIANTS[variant].startFen);
  if (!p.ok) throw new Error(p.error.message);
  for (const u of moves) {
    const m = parseUci(p.value, u);
    if (!m.ok) throw new Error(`${u}: ${m.error.message}`);
    p.value.play(m.value);
  }
  return p.value;
}

describe('a Xiangqi game by invitation link, watched by a third visitor', () => {
  it('is played to checkmate by clicking, and the spectator sees every move', async () => {
    const red = await club.visitor();
    const black = await club.visitor();
    const watcher = await club.visitor({ width: 360, height: 740 });
    const game = await createInvite(red.page, 'xiangqi');
    await shot(red.page, 'xiangqi-invite-waiting');

    await black.page.goto(game.invite.replace(/^https?:\/\/[^/]+/, ''));
    await black.page.waitForURL(game.url.replace(/^https?:\/\/[^/]+/, club.base));
    await watcher.page.goto(game.url.replace(/^https?:\/\/[^/]+/, ''));
    await expect.poll(() => watcher.page.getByTestId('status').textContent(), SLOW).toMatch(/.+/);

    // A helpmate in three: the cannon takes the elephant on g10 with the advisor blocking e9.
    const line = ['b3b5', 'e7e6', 'b5g5', 'd10e9', 'g5g10'];
    for (const [i, uci] of line.entries()) {
      await clickMove(i % 2 === 0 ? red.page : black.page, uci);
      for (const p of [red.page, black.page, watcher.page]) await waitForPlies(p, i + 1);
    }
    for (const p of [red.page, black.page, watcher.page]) {
      await p.getByTestId('end-panel').waitFor({ state: 'visible' });
      expect(await p.getByTestId('result').textContent()).toContain('1-0');
    }
    expect(await red.page.getByTestId('explanation').textContent()).toMatch(/chiếu hết|chiếu bí/i);
    const seen = await watcher.page.locator('[data-testid="move-list"] [data-ply]').count();
    expect(seen).toBe(5);
    expect(await moveTexts(watcher.page)).toEqual(await moveTexts(red.page));
    await shot(red.page, 'xiangqi-checkmate-red');
    await shot(black.page, 'xiangqi-checkmate-black');
    await shot(watcher.page, 'xiangqi-checkmate-spectator-phone');
  });
});

describe('a server restart in the middle of a game', () => {
  it('shows the reconnecting banner, then both players catch up by themselves and play on', async () => {
    const red = await club.visitor();
    const black = await club.visitor();
    const game = await createInvite(red.page, 'xiangqi');
    await black.page.goto(game.invite.replace(/^https?:\/\/[^/]+/, ''));
    await black.page.waitForURL(/\/game\//);
    await clickMove(red.page, 'h3e3');
    await waitForPlies(black.page, 1);
    const restart = await club.crash();
    for (const p of [red.page, black.page]) await p.locator('.banner:not([hidden])').waitFor();
    expect(await red.page.locator('.banner').textContent()).toMatch(/kết nối/);
    await shot(red.page, 'reconnecting-banner');
    await restart();
    for (const p of [red.page, black.page]) await p.locator('.banner[hidden]').waitFor({ state: 'attached', timeout: 30_000 });
    await clickMove(black.page, 'h10g8');
    await waitForPlies(red.page, 2);
    expect(await moveTexts(red.page)).toEqual(await moveTexts(black.page));
    expect(await moveTexts(red.page)).toHaveLength(2);
  });
});

describe('a link that goes silent without closing (a Wi-Fi drop)', () => {
  it('is noticed within seconds on both ends: the opponent is told, the banner shows, the socket reconnects, and the move made in the silence arrives', async () => {
    // The second player reaches the club through a proxy that can go silent; the first, directly.
    const proxy = await startTcpProxy('127.0.0.1', Number(new URL(club.base).port));
    try {
      const red = await club.visitor();
      const black = await club.visitor();
      // The second player's page runs on a clock the test moves (Playwright's, flowing as the real one until moved):
      // the client's watchdog is a scheduled event, so the test jumps over its 8 s instead of waiting for them.
      await black.context.clock.install();
      const game = await createInvite(red.page, 'xiangqi');
      await black.page.goto(`http://127.0.0.1:${proxy.port}${new URL(game.invite).pathname}`);
      await black.page.waitForURL(/\/game\//);
      // A move each, and Red's second: no first-move deadline runs while the server's time is moved below.
      await clickMove(red.page, 'h3e3');
      await waitForPlies(black.page, 1);
      await clickMove(black.page, 'h10g8');
      await waitForPlies(red.page, 2);
      await clickMove(red.page, 'h1g3');
      await waitForPlies(black.page, 3);
      // Whether the reconnecting banner has shown since now (it may hide again quickly once a new socket opens).
      await black.page.evaluate(() => {
        const banner = document.querySelector('.banner')!;
        const w = window as { bannerShown?: boolean };
        w.bannerShown = false;
        new MutationObserver(() => {
          if (!banner.hasAttribute('hidden')) w.bannerShown = true;
        }).observe(banner, { attributes: true });
      });
      const bannerShown = () => black.page.evaluate(() => (window as { bannerShown?: boolean }).bannerShown);
      proxy.stall();
      await clickMove(black.page, 'b10c8');
      // The page's time stops here (a fifth of a second on) and moves only as the test says; a read that came too late is read again.
      for (;;) {
        const at = (await black.page.evaluate(() => Date.now())) + 200;
        if (
          await black.page.clock.pauseAt(at).then(
            () => true,
            (e: Error) => (/past/.test(e.message) ? false : Promise.reject(e)),
          )
        )
          break;
      }
      // The server ends a socket of a client that pings once nothing has come from it for 12 s: its time is moved past
      // that (the silent socket is then asked with a WebSocket ping and given 3 s to answer), and Red is told Black is gone.
      const gone = red.page.locator('.player .seat .gone');
      expect(await gone.count()).toBe(0);
      await club.advance(13_000);
      const movedAt = Date.now();
      await gone.waitFor({ timeout: 15_000 });
      console.log(`the opponent told ${Date.now() - movedAt} ms after the server's time passed the 12 s`);
      await shot(red.page, 'silent-link-opponent-told');
      // Not on a short silence (the last pong may be 5 s old, the next ping just out: 3 s at the least).
      await black.page.clock.runFor(1_000);
      expect(await bannerShown()).toBe(false);
      // A ping unanswered for 8 s at most (pings every 5 s): the old client waited for a close that never came.
      await black.page.clock.runFor(12_000);
      await expect.poll(bannerShown, { timeout: 5_000 }).toBe(true);
      // Time flows again for the reconnection (its backoff).
      await black.page.clock.resume();
      await black.page.locator('.banner[hidden]').waitFor({ state: 'attached', timeout: 10_000 });
      // Red may hear the move before Black's own page has its answer: both are awaited.
      await waitForPlies(red.page, 4, 10_000);
      await waitForPlies(black.page, 4, 10_000);
      expect(await moveTexts(red.page)).toEqual(await moveTexts(black.page));
      // Back: Red no longer sees Black as gone.
      await gone.waitFor({ state: 'detached', timeout: 10_000 });
    } finally {
      await proxy.close();
    }
  });
});

describe('a Sittuyin game', () => {
  it('goes through the placement phase from the pocket into the first moves', async () => {
    const a = await club.visitor();
    const b = await club.visitor();
    const game = await createInvite(a.page, 'sittuyin');
    await b.page.goto(game.invite.replace(/^https?:\/\/[^/]+/, ''));
    await b.page.waitForURL(/\/game\//);
    const played: string[] = [];
    // Placements until both hands are empty, then two board moves.
    let boardMoves = 0;
    while (boardMoves < 2) {
      const pos = position('sittuyin', played);
      const ucis = legalUcis(pos);
      const drops = ucis.filter((u) => u.includes('@'));
      const uci = drops.length ? drops[Math.floor(drops.length / 2)]! : ucis.find((u) => /^[a-h]\d[a-h]\d$/.test(u) && u.slice(0, 2) !== u.slice(2))!;
      if (!drops.length) boardMoves++;
      const page = pos.turn === 0 ? a.page : b.page;
      if (played.length === 3) await shot(page, 'sittuyin-placement');
      await clickMove(page, uci);
      played.push(uci);
      await waitForPlies(a.page, played.length);
      await waitForPlies(b.page, played.length);
    }
    expect(played.filter((u) => u.includes('@'))).toHaveLength(16);
    expect(await a.page.locator('[data-testid="move-list"] [data-ply]').count()).toBe(18);
    expect(await a.page.locator('.pocket piece[data-nb]:not([data-nb="0"])').count()).toBe(0);
    await shot(a.page, 'sittuyin-first-moves');
  });
});

describe('a Janggi game', () => {
  it('lets the side to move pass, and both players see it', async () => {
    const cho = await club.visitor();
    const han = await club.visitor({ width: 360, height: 740 });
    const game = await createInvite(cho.page, 'janggi');
    await han.page.goto(game.invite.replace(/^https?:\/\/[^/]+/, ''));
    await han.page.waitForURL(/\/game\//);
    await cho.page.getByTestId('pass').waitFor();
    await cho.page.getByTestId('pass').click();
    await waitForPlies(han.page, 1);
    // Written in the reader's language (Vietnamese here), not as the notation's machine word.
    expect((await moveTexts(han.page))[0]).toBe('bỏ lượt');
    expect(await han.page.getByTestId('pass').count()).toBe(1); // now Han may pass
    await shot(han.page, 'janggi-han-phone');
    await clickMove(han.page, 'a7b7');
    await waitForPlies(cho.page, 2);
    await shot(cho.page, 'janggi-after-pass');
  });
});

describe('a game against the computer', () => {
  it('starts from the home page at a chosen level, and the computer answers a move', { timeout: 300_000 }, async () => {
    const { page } = await club.visitor();
    await page.goto('/');
    await page.getByTestId('mode-computer').click();
    const form = page.getByTestId('create-form');
    await form.locator('select[name="variant"]').selectOption('xiangqi');
    await form.locator('select[name="level"]').selectOption('2');
    await form.locator('select[name="color"]').selectOption('first');
    await page.getByTestId('create-submit').click();
    await page.waitForURL(/\/game\/[A-Za-z0-9]+$/);
    expect(await page.locator('.player.top').textContent()).toMatch(/2/);
    await page.locator('.player.bottom .clock').waitFor();
    await clickMove(page, 'h3e3');
    // Our move first, at once: a click that missed fails here, not as the computer's silence below.
    await waitForPlies(page, 1);
    // The computer's first answer waits for an engine worker to load (WASM and network): 8 s alone, past 90 s once
    // beside the other layers of a full run.
    await waitForPlies(page, 2, 240_000);
    await shot(page, 'xiangqi-vs-computer');
  });
});

describe('the solo board', () => {
  it('plays both sides, undoes, loads a FEN and flips', async () => {
    const { page } = await club.visitor();
    await page.goto('/solo/xiangqi');
    await clickMove(page, 'h3e3');
    await waitForPlies(page, 1);
    await clickMove(page, 'h10g8');
    await waitForPlies(page, 2);
    expect(await moveTexts(page)).toHaveLength(2);
    await page.getByTestId('undo').click();
    expect(await moveTexts(page)).toHaveLength(1);
    // A hint from the server's engine, drawn as an arrow.
    await page.getByTestId('hint').click();
    // Written in the move list's notation (Vietnamese by default: a piece letter and files, e.g. P2-5), not in raw coordinates.
    await expect.poll(() => page.getByTestId('status').textContent(), { timeout: 30_000 }).toMatch(/Máy gợi ý: [A-ZĐ]\S*\d/);
    expect(await page.getByTestId('status').textContent()).not.toMatch(/[a-i]\d+[a-i]\d+/);
    // The arrow is drawn at the board's next frame (chessground redraws on requestAnimationFrame), after the status line.
    await expect.poll(() => page.locator('.yz-board svg.cg-shapes line').count(), { timeout: 5_000 }).toBe(1);
    const fen = '3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1';
    await page.getByTestId('fen').fill(fen);
    await page.getByTestId('load-fen').click();
    expect(await page.getByTestId('fen').inputValue()).toBe(fen);
    expect(await moveTexts(page)).toHaveLength(0);
    await page.getByTestId('fen').fill('not a fen');
    await page.getByTestId('load-fen').click();
    expect(await page.getByTestId('status').textContent()).toMatch(/FEN/);
    await page.getByTestId('flip').click();
    expect(await page.locator('.yz-board').getAttribute('class')).toContain('orientation-black');
    await shot(page, 'solo-xiangqi');
    await page.goto('/solo/janggi');
    await page.getByTestId('typed-move').fill('pass');
    await page.getByTestId('typed-move').press('Enter');
    await waitForPlies(page, 1);
    await shot(page, 'solo-janggi');
  });
});

describe('the language switch', () => {
  it('switches every label between Vietnamese and English and remembers the choice', async () => {
    const { page } = await club.visitor({ width: 360, height: 740 });
    await page.goto('/');
    expect(await page.locator('html').getAttribute('lang')).toBe('vi');
    expect(await page.locator('nav.menu').textContent()).toContain('Luật chơi');
    // On a phone the switch is in the header's drawer.
    await page.getByTestId('menu-button').click();
    await page.getByTestId('lang-switch').click();
    // English is fetched when chosen (only Vietnamese comes with the shell): the page changes once it is here.
    await page.locator('html[lang="en"]').waitFor({ state: 'attached', ...SLOW });
    await expect.poll(() => page.locator('nav.menu').textContent(), SLOW).toContain('Rules');
    expect(await page.locator('nav.menu').textContent()).not.toContain('Luật chơi');
    await shot(page, 'home-en-phone');
    await page.reload();
    await expect.poll(() => page.locator('nav.menu').textContent(), SLOW).toContain('Rules');
    await page.goto('/rules/xiangqi');
    await page.locator('.rules-doc h2').waitFor();
    await expect.poll(() => page.locator('.rules-doc').textContent(), SLOW).toMatch(/General|Chariot/);
    await page.getByTestId('menu-button').click();
    await page.getByTestId('lang-switch').click();
    await page.locator('html[lang="vi"]').waitFor({ state: 'attached', ...SLOW });
    await page.locator('.rules-doc h2').waitFor();
    await expect.poll(() => page.locator('.rules-doc').textContent(), SLOW).toMatch(/Tướng|Xe/);
    await shot(page, 'rules-vi-phone');
  });
});
