/**
 * Every board page on a 1366×768 laptop and a 390×844 phone (issue 33, item
 * 2): the board (with its pockets and coordinates), both players' names and
 * both clocks where the page has them lie inside the window without
 * scrolling, with the reconnecting banner shown too (it overlays the top of
 * the page: it must not push the board down). On the laptop the header is
 * one row. Pages: a game played (Xiangqi and Sittuyin, from each player's
 * side) and watched, TV, the analysis board, the solo board, a Learn lesson
 * (Xiangqi's chariot, Sittuyin's placement with its trays) and a puzzle.
 * Screenshots in test-artifacts/e2e/layout-*.png.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { VariantKey } from '@youzai/rules';
import { clickMove, shot, startClub, waitForPlies, type Club } from './harness.ts';

const SIZES = [
  { name: 'laptop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const;

let club: Club;
beforeAll(async () => {
  club = await startClub(inject('webDir'));
});
afterAll(async () => {
  await club?.close();
});

/** What lies (partly) outside the window: `label: box` for each such element; the page is not scrolled. */
async function outside(page: Page, what: Record<string, string>): Promise<string[]> {
  const vp = page.viewportSize()!;
  const out: string[] = [];
  for (const [label, selector] of Object.entries(what)) {
    const loc = page.locator(selector);
    if ((await loc.count()) === 0) {
      out.push(`${label}: missing (${selector})`);
      continue;
    }
    const b = await loc.first().boundingBox();
    const r = (n: number) => Math.round(n);
    if (!b) out.push(`${label}: not shown`);
    else if (b.x < 0 || b.y < 0 || b.x + b.width > vp.width + 0.5 || b.y + b.height > vp.height + 0.5)
      out.push(`${label}: x ${r(b.x)}..${r(b.x + b.width)}, y ${r(b.y)}..${r(b.y + b.height)} in ${vp.width}×${vp.height}`);
  }
  return out;
}

/** Shows the reconnecting banner as the socket's state would (main.ts), with the resize the page then gets. */
async function showBanner(page: Page): Promise<void> {
  await page.evaluate(() => {
    const b = document.querySelector<HTMLElement>('.banner')!;
    b.hidden = false;
    b.textContent = 'Mất kết nối. Đang kết nối lại…';
    b.dataset.state = 'reconnecting';
    window.dispatchEvent(new Event('resize'));
  });
}

async function hideBanner(page: Page): Promise<void> {
  await page.evaluate(() => {
    const b = document.querySelector<HTMLElement>('.banner')!;
    b.hidden = true;
    b.textContent = '';
    window.dispatchEvent(new Event('resize'));
  });
}

/**
 * Checks one page at both sizes, without and with the banner: what lies outside, and where the board was without the
 * banner (it must not move when the banner shows). Returns the problems found.
 */
async function check(page: Page, name: string, what: Record<string, string>): Promise<string[]> {
  const problems: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => !document.querySelector('piece.anim, piece.fading'), undefined, { timeout: 5_000 }).catch(() => undefined);
    for (const p of await outside(page, what)) problems.push(`${name} ${size.name}: ${p}`);
    const wide = await page.evaluate(() => {
      const w = document.documentElement.clientWidth;
      // The outermost elements past the right edge, to say what makes the page scroll sideways.
      const past = [...document.querySelectorAll<HTMLElement>('body *')].filter(
        (e) => e.getBoundingClientRect().right > w + 0.5 && !(e.parentElement && e.parentElement.getBoundingClientRect().right > w + 0.5),
      );
      return { width: document.documentElement.scrollWidth, past: past.slice(0, 3).map((e) => `${e.tagName.toLowerCase()}.${e.className}`) };
    });
    if (wide.width > size.width) problems.push(`${name} ${size.name}: the page is ${wide.width} px wide (scrolls sideways: ${wide.past.join(', ')})`);
    if (size.name === 'laptop') {
      const header = (await page.locator('header.top').boundingBox())!;
      if (header.height > 64) problems.push(`${name} laptop: the header is ${Math.round(header.height)} px tall (more than one row)`);
    }
    const before = (await page.locator('[data-testid="board"]').first().boundingBox())!;
    await shot(page, `layout-${name}-${size.name}`);
    await showBanner(page);
    await page.locator('.banner:not([hidden])').waitFor();
    for (const p of await outside(page, { ...what, banner: '.banner' })) problems.push(`${name} ${size.name} with the banner: ${p}`);
    const after = (await page.locator('[data-testid="board"]').first().boundingBox())!;
    if (Math.abs(after.y - before.y) > 0.5) problems.push(`${name} ${size.name}: the banner moved the board by ${Math.round(after.y - before.y)} px`);
    await shot(page, `layout-${name}-${size.name}-banner`);
    await hideBanner(page);
  }
  return problems;
}

const BOARD = { board: '[data-testid="board"]' };
const PLAYERS = {
  ...BOARD,
  // A player's strip: the side, the name and the clock.
  'top player': '.player.top .seat',
  'bottom player': '.player.bottom .seat',
  'clock 0': '[data-testid="clock-0"]',
  'clock 1': '[data-testid="clock-1"]',
};

/** An invitation game from the home page's form, joined by a second visitor: both players' pages, the game's path. */
async function startGame(variant: VariantKey): Promise<{ first: Page; second: Page; path: string }> {
  const a = await club.visitor();
  const b = await club.visitor();
  await a.page.goto('/');
  await a.page.getByTestId('mode-friend').click();
  const form = a.page.getByTestId('create-form');
  await form.locator('select[name="variant"]').selectOption(variant);
  const color = form.locator('select[name="color"]');
  if (await color.count()) await color.selectOption('first');
  else await form.locator('input[name="color"][value="first"]').check();
  await a.page.getByTestId('create-submit').click();
  await a.page.waitForURL(/\/game\/[A-Za-z0-9]+$/);
  const invite = await a.page.getByTestId('invite-url').inputValue();
  const path = new URL(a.page.url()).pathname;
  await b.page.goto(new URL(invite).pathname);
  await b.page.waitForURL((u) => u.pathname === path);
  for (const p of [a.page, b.page]) await p.locator('.player.bottom .clock').waitFor();
  return { first: a.page, second: b.page, path };
}

/** A busy machine: a test checks several pages at two sizes, each with and without the banner. */
const LONG = 300_000;

async function checkPages(pages: readonly (readonly [name: string, path: string, ready: string])[]): Promise<string[]> {
  const { page } = await club.visitor();
  const problems: string[] = [];
  for (const [name, path, ready] of pages) {
    await page.setViewportSize({ width: SIZES[0].width, height: SIZES[0].height });
    await page.goto(path);
    await page.getByTestId(ready).waitFor();
    problems.push(...(await check(page, name, BOARD)));
  }
  await page.context().close();
  return problems;
}

describe('every board page fits a 1366×768 laptop and a 390×844 phone, with the reconnecting banner too', () => {
  it(
    'a Xiangqi game, from both players’ sides and watched, and TV',
    async () => {
      const problems: string[] = [];
      const { first, second, path } = await startGame('xiangqi');
      const watcher = await club.visitor();
      // A move each: the game stays on (no first-move deadline) with both clocks running, and TV shows it.
      await clickMove(first, 'h3e3');
      await waitForPlies(second, 1);
      await clickMove(second, 'h10g8');
      await waitForPlies(first, 2);
      await watcher.page.goto('/tv');
      await watcher.page.locator('[data-testid="tv"] .player.bottom .clock').waitFor({ timeout: 20_000 });
      problems.push(...(await check(watcher.page, 'tv', PLAYERS)));
      problems.push(...(await check(first, 'game-xiangqi-first', PLAYERS)));
      problems.push(...(await check(second, 'game-xiangqi-second', PLAYERS)));
      await watcher.page.goto(path);
      await watcher.page.locator('.player.bottom .clock').waitFor();
      problems.push(...(await check(watcher.page, 'game-xiangqi-watching', PLAYERS)));
      expect(problems).toEqual([]);
    },
    LONG,
  );

  it(
    'a Sittuyin game (a tray above and below the board), from both players’ sides and watched',
    async () => {
      const problems: string[] = [];
      const { first, second, path } = await startGame('sittuyin');
      problems.push(...(await check(first, 'game-sittuyin-first', PLAYERS)));
      problems.push(...(await check(second, 'game-sittuyin-second', PLAYERS)));
      const watcher = await club.visitor();
      await watcher.page.goto(path);
      await watcher.page.locator('.player.bottom .clock').waitFor();
      problems.push(...(await check(watcher.page, 'game-sittuyin-watching', PLAYERS)));
      expect(problems).toEqual([]);
    },
    LONG,
  );

  it(
    'the analysis board and the solo board',
    async () => {
      const problems = await checkPages([
        ['analysis-xiangqi', '/analysis/xiangqi', 'analysis-board'],
        ['analysis-sittuyin', '/analysis/sittuyin', 'analysis-board'],
        ['solo-janggi', '/solo/janggi', 'solo-page'],
        ['solo-sittuyin', '/solo/sittuyin', 'solo-page'],
      ]);
      expect(problems).toEqual([]);
    },
    LONG,
  );

  it(
    'Learn lessons (Sittuyin placement with its trays) and a puzzle',
    async () => {
      const problems = await checkPages([
        ['learn-xiangqi', '/learn/xiangqi/chariot', 'learn-lesson'],
        ['learn-sittuyin', '/learn/sittuyin/placement', 'learn-lesson'],
        ['puzzle-janggi', '/puzzles/janggi', 'puzzle-kind'],
      ]);
      expect(problems).toEqual([]);
    },
    LONG,
  );
});
