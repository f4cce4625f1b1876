/**
 * An arena in a real browser: a player signs up and creates it from the
 * tournaments page, three guests join from its link, a watcher keeps its
 * page open; at the start each player's game opens by itself, the games end,
 * and the standings change on the watcher's page without a reload.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clickMove, shot, startClub, waitForPlies, type Club } from './harness.ts';

let club: Club;

beforeAll(async () => {
  club = await startClub(inject('webDir'));
});

afterAll(async () => {
  await club?.close();
});

const gameId = (page: Page) => /\/game\/([A-Za-z0-9]+)$/.exec(page.url())?.[1] ?? null;

describe('an arena in Chromium', () => {
  it('four players join, each is taken to a game at the start, and the standings change on every page', async () => {
    const host = await club.visitor();
    // Everyone's browser is open before the tournament exists: the start is a minute and a half away on a busy machine.
    const guests = [await club.visitor(), await club.visitor(), await club.visitor({ lang: 'en' })];
    const watcher = await club.visitor({ width: 1280, height: 1000 });
    await host.page.goto('/register');
    await host.page.locator('input[name="username"]').fill('chutri');
    await host.page.locator('input[name="password"]').fill('correct horse');
    await host.page.getByTestId('auth-submit').click();
    await host.page.waitForURL((u) => !u.pathname.startsWith('/register'));

    await host.page.goto('/tournaments');
    const form = host.page.getByTestId('tour-create-form');
    await form.locator('input[name="name"]').fill('Arena tối thứ Ba');
    await form.locator('select[name="kind"]').selectOption('arena');
    await form.locator('input[name="minutes"]').fill('2');
    await form.locator('input[name="increment"]').fill('1');
    // A minute: time for everyone to join on a busy machine.
    await form.locator('input[name="start-in"]').fill('1.5');
    await host.page.getByTestId('tour-create').click();
    await host.page.waitForURL(/\/tournament\/[A-Za-z0-9]+$/);
    const path = new URL(host.page.url()).pathname;
    await host.page.getByTestId('tour-join').click();
    await expect.poll(() => host.page.getByTestId('tour-standings').locator('tbody tr').count()).toBe(1);

    await watcher.page.goto(path);
    // The three guests open its page and click Join at the same time.
    await Promise.all(
      guests.map(async (g) => {
        await g.page.goto(path);
        await g.page.getByTestId('tour-join').click();
      }),
    );
    // The watcher's page follows each join, live.
    await expect.poll(() => watcher.page.getByTestId('tour-standings').locator('tbody tr').count(), { timeout: 30_000 }).toBe(4);
    expect(await watcher.page.getByTestId('tour-countdown').textContent()).toMatch(/(Bắt đầu|Kết thúc) sau \d+:\d\d/);
    await shot(watcher.page, 'tournament-arena-before-start');
    expect(await watcher.page.getByTestId('tour-rules').textContent()).toContain('Thắng 2 điểm');
    expect(await guests[2]!.page.getByTestId('tour-rules').textContent()).toContain('A win scores 2 points');
    expect(await watcher.page.getByTestId('tour-rules').textContent()).toContain('Liều');

    // The start: each player's game opens by itself.
    const players = [host, ...guests];
    for (const p of players) await p.page.waitForURL(/\/game\/[A-Za-z0-9]+$/, { timeout: 150_000 });
    const games = players.map((p) => gameId(p.page)!);
    expect(new Set(games).size).toBe(2);

    // Both games at once (a first move is due within 30 s): a move each, clicked on the board, then black resigns.
    const isBlack = async (p: Page) => ((await p.locator('.yz-board').first().getAttribute('class')) ?? '').includes('orientation-black');
    const boards = await Promise.all(
      [...new Set(games)].map(async (id) => {
        const [a, b] = players.filter((_, i) => games[i] === id);
        return (await isBlack(a!.page)) ? { white: b!, black: a! } : { white: a!, black: b! };
      }),
    );
    // The first game's first mover goes berserk: the button goes, both pages show the mark and the halved clock (2 min → 1:00).
    const b0 = boards[0]!;
    await b0.white.page.getByTestId('berserk').click();
    await expect.poll(() => b0.black.page.locator('[data-testid^="berserk-"]').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => b0.white.page.getByTestId('berserk').count()).toBe(0);
    expect(await b0.black.page.locator('.seat:has([data-testid^="berserk-"]) .clock').textContent()).toMatch(/^1:00/);
    await Promise.all(boards.map((g) => clickMove(g.white.page, 'h3e3')));
    await Promise.all(boards.map((g) => waitForPlies(g.black.page, 1)));
    await Promise.all(boards.map((g) => clickMove(g.black.page, 'h10g8')));
    await Promise.all(boards.map((g) => waitForPlies(g.white.page, 2)));
    await shot(boards[0]!.white.page, 'tournament-arena-game');
    for (const g of boards) {
      await g.black.page.getByTestId('resign').click();
      await g.black.page.locator('.dialog button.primary').click();
    }
    // Two winners with 2 points each, on the watcher's page without a reload.
    const points = () => watcher.page.getByTestId('tour-standings').locator('tbody tr td:nth-child(5)').allTextContents();
    await expect.poll(async () => (await points()).filter((p) => p === '2').length, { timeout: 20_000 }).toBe(2);
    await expect.poll(() => watcher.page.getByTestId('tour-games').locator('[data-testid="tour-game"]').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await shot(watcher.page, 'tournament-arena-standings');
    // The winners' own pages show their rank; the arena pairs them again (the next game opens by itself).
    for (const p of players) await p.page.waitForURL((u) => u.pathname.startsWith('/game/') && !games.includes(u.pathname.slice(6)), { timeout: 45_000 });
    await host.page.goto(path);
    await expect.poll(() => host.page.getByTestId('tour-my-game').count()).toBe(1);
    await shot(host.page, 'tournament-arena-host');
  }, 420_000);
});
