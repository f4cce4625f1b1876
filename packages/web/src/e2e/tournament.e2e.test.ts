/**
 * An arena in a real browser: a player signs up and creates it from the
 * tournaments page, three guests join from its link, a watcher keeps its
 * page open; at the start each player's game opens by itself. During the
 * games each player opens the tournament in a second tab and pauses there;
 * the games end, and the standings change on every page (the watcher's and
 * each player's tab) without a reload. They rejoin, and the next game opens
 * by itself in both of each player's tabs, against someone new. Nobody
 * waits for the start: the server's time (TEST_CLOCK) jumps to just before
 * it, where nobody is paired yet, then to it.
 */
import { join as joinPath } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { ARTIFACTS, clickMove, shot, startClub, waitForPlies, type Club } from './harness.ts';
import { jumpTo, readView, register, whoAmI } from './tour-play.ts';

let club: Club;

beforeAll(async () => {
  // STATS_CONTROL: jumpTo reads the director's passes.
  // Fresh accounts create the public tournaments here: no rated games asked (TOURNAMENT_MIN_RATED_GAMES).
  // LIMITS=off: twice in six full runs at 20a1ba4/9af8b97 (loaded machine), one player's pause or join click took no
  // effect and the arena went on without them; every visitor here shares 127.0.0.1, so the quotas and socket caps added
  // for issue 31 are the first suspect (not proven: the file passed 4 of 4 alone). Quotas are tested in the integration layer.
  club = await startClub(inject('webDir'), { STATS_CONTROL: '1', TOURNAMENT_MIN_RATED_GAMES: '0', LIMITS: 'off' });
});

afterAll(async () => {
  await club?.close();
});

const gameId = (page: Page) => /\/game\/([A-Za-z0-9]+)$/.exec(page.url())?.[1] ?? null;

interface Visitor {
  readonly context: BrowserContext;
  readonly page: Page;
}

/** Counts the tournament announcements (`{t:'tournament'}` frames) that `page` hears on its sockets from now on, reconnects included. */
function announcementsHeard(page: Page): () => number {
  let n = 0;
  page.on('websocket', (ws) =>
    ws.on('framereceived', (f) => {
      if (typeof f.payload === 'string' && f.payload.includes('"t":"tournament"')) n++;
    }),
  );
  return () => n;
}

describe('an arena in Chromium', () => {
  it('four players join, each is taken to a game at the start, and the standings change on every page', async () => {
    // On a failure every page is photographed (test-artifacts/e2e/failed-arena-*.png) to show where it stood.
    onTestFailed(async () => {
      const open = club.browser.contexts().flatMap((c) => c.pages());
      for (const [i, page] of open.entries()) {
        await page.screenshot({ path: joinPath(ARTIFACTS, `failed-arena-${i}.png`), fullPage: true }).catch(() => undefined);
      }
    });
    const host = await club.visitor();
    // Everyone's browser is open before the tournament exists.
    const guests = [await club.visitor(), await club.visitor(), await club.visitor({ lang: 'en' })];
    const watcher = await club.visitor({ width: 1280, height: 1000 });
    const heard = new Map<Page, () => number>([[watcher.page, announcementsHeard(watcher.page)]]);
    await register(host.page, 'chutri');

    await host.page.goto('/tournaments');
    const form = host.page.getByTestId('tour-create-form');
    await form.locator('input[name="name"]').fill('Arena tối thứ Ba');
    await form.locator('select[name="kind"]').selectOption('arena');
    await form.locator('input[name="minutes"]').fill('5');
    await form.locator('input[name="increment"]').fill('1');
    // Half an hour: nobody's wait ends it but the jump below.
    await form.locator('input[name="start-in"]').fill('30');
    await host.page.getByTestId('tour-create').click();
    // The tournament's page, or the form's refusal said (a full run once waited 30 s here and showed nothing).
    const refused = host.page
      .getByTestId('tour-create-error')
      .waitFor({ state: 'visible' })
      .then(
        () => host.page.getByTestId('tour-create-error').textContent(),
        () => new Promise<never>(() => undefined),
      );
    const why = await Promise.race([host.page.waitForURL(/\/tournament\/[A-Za-z0-9]+$/).then(() => null), refused]);
    expect(why, 'the form refused the tournament').toBeNull();
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

    // Just before the start (the server's time jumps there), nobody is paired and every page stays where it is.
    const players = [host, ...guests];
    const { startsAt } = (await readView(watcher, path)).tournament;
    expect(startsAt - (await club.now())).toBeGreaterThan(29 * 60_000);
    await jumpTo(club, startsAt - 3000);
    const beforeStart = await readView(watcher, path);
    expect(beforeStart.now).toBeLessThan(startsAt);
    expect(beforeStart.tournament.status).toBe('upcoming');
    expect(beforeStart.playingCount).toBe(0);
    for (const p of players) expect(new URL(p.page.url()).pathname).toBe(path);

    // The start: each player's game opens by itself.
    await jumpTo(club, startsAt);
    for (const p of players) await p.page.waitForURL(/\/game\/[A-Za-z0-9]+$/, { timeout: 60_000 });
    const games = players.map((p) => gameId(p.page)!);
    expect(new Set(games).size).toBe(2);

    // Both games at once (a first move is due within 30 s): white, black, white again, clicked on the boards, so that
    // black's full clock (5 min; the first moves are untimed) runs while each player opens a second tab below.
    const isBlack = async (p: Page) => ((await p.locator('.yz-board').first().getAttribute('class')) ?? '').includes('orientation-black');
    const boards = await Promise.all(
      [...new Set(games)].map(async (id) => {
        const [a, b] = players.filter((_, i) => games[i] === id);
        return (await isBlack(a!.page)) ? { white: b!, black: a! } : { white: a!, black: b! };
      }),
    );
    // The first game's first mover goes berserk: the button goes, both pages show the mark and the halved clock (5 min → 2:30).
    const b0 = boards[0]!;
    await b0.white.page.getByTestId('berserk').click();
    await expect.poll(() => b0.black.page.locator('[data-testid^="berserk-"]').count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => b0.white.page.getByTestId('berserk').count()).toBe(0);
    expect(await b0.black.page.locator('.seat:has([data-testid^="berserk-"]) .clock').textContent()).toMatch(/^2:30/);
    await Promise.all(boards.map((g) => clickMove(g.white.page, 'h3e3')));
    await Promise.all(boards.map((g) => waitForPlies(g.black.page, 1)));
    await Promise.all(boards.map((g) => clickMove(g.black.page, 'h10g8')));
    await Promise.all(boards.map((g) => waitForPlies(g.white.page, 2)));
    await Promise.all(boards.map((g) => clickMove(g.white.page, 'h1g3')));
    await Promise.all(boards.map((g) => waitForPlies(g.black.page, 3)));
    await shot(boards[0]!.white.page, 'tournament-arena-game');

    // Each player opens the tournament in a second tab: the pairing was announced before, so it stays there and offers
    // the game one click away. Each pauses there, so that the arena does not pair them again when this game ends (their
    // tournament tab would open the next game at once), and the tab keeps showing the standings.
    const tabs = await Promise.all(
      players.map(async (p) => {
        const tab = await p.context.newPage();
        tab.on('pageerror', (e) => console.error(`[browser] ${e.message}`));
        // Patience for a machine loaded by a full run (a wait here once passed 60 s beside the other layers).
        tab.setDefaultTimeout(120_000);
        heard.set(tab, announcementsHeard(tab));
        await tab.goto(path, { timeout: 120_000 });
        await tab.getByTestId('tour-my-game').waitFor();
        expect(await tab.getByTestId('tour-my-game').getAttribute('href')).toBe(`/game/${games[players.indexOf(p)]}`);
        await tab.getByTestId('tour-withdraw').click();
        await tab.getByTestId('tour-join').waitFor();
        return tab;
      }),
    );
    const pages = [watcher.page, ...tabs];
    // A mark in each page's window: a reload would lose it, so the changes below are shown live.
    for (const page of pages) await page.evaluate(() => Object.assign(window, { yzKept: true }));
    /** Each player's points in the standings on `page`, by user id. */
    const pointsOn = (page: Page) =>
      page
        .getByTestId('tour-standings')
        .locator('tbody tr[data-user]')
        .evaluateAll((rows) => Object.fromEntries(rows.map((r) => [r.getAttribute('data-user'), r.querySelectorAll('td')[4]?.textContent ?? ''])));
    const ids = await Promise.all(players.map((p) => whoAmI(p)));
    const idOf = (p: Visitor) => ids[players.indexOf(p)]!;
    const before = Object.fromEntries(ids.map((id) => [id, '0']));
    for (const page of pages) {
      await expect.poll(() => pointsOn(page), { timeout: 30_000 }).toEqual(before);
      // All four paused (the watcher's page and each player's tab).
      await expect
        .poll(
          () =>
            page
              .getByTestId('tour-standings')
              .locator('tbody tr')
              .filter({ hasText: /đang nghỉ|paused/ })
              .count(),
          { timeout: 30_000 },
        )
        .toBe(4);
    }

    // Black resigns both games; white wins 2 points each, black none (the berserk bonus needs a longer game).
    const heardBefore = pages.map((page) => heard.get(page)!());
    for (const g of boards) {
      await g.black.page.getByTestId('resign').click();
      await g.black.page.locator('.dialog button.primary').click();
    }
    const after = Object.fromEntries(
      boards.flatMap((g) => [
        [idOf(g.white), '2'],
        [idOf(g.black), '0'],
      ]),
    );
    // The standings change on every page: the watcher's and each player's tournament tab, without a reload; each page
    // heard the server announce the change over its socket (the page reads the view again when it does).
    for (const page of pages) await expect.poll(() => pointsOn(page), { timeout: 30_000 }).toEqual(after);
    for (const [i, page] of pages.entries()) expect(heard.get(page)!()).toBeGreaterThan(heardBefore[i]!);
    for (const tab of tabs) await expect.poll(() => tab.getByTestId('tour-my-game').count(), { timeout: 30_000 }).toBe(0);
    for (const page of pages) {
      expect(await page.evaluate(() => (window as { yzKept?: boolean }).yzKept)).toBe(true);
      expect(new URL(page.url()).pathname).toBe(path);
    }
    await expect.poll(() => watcher.page.getByTestId('tour-games').locator('[data-testid="tour-game"]').count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    await shot(watcher.page, 'tournament-arena-standings');
    await shot(tabs[0]!, 'tournament-arena-host');

    // Back in the arena: each rejoins from their tab, and the arena pairs them again, never straight away with the last
    // opponent; the next game opens by itself in both of a player's tabs (the finished game's and the tournament's).
    await Promise.all(tabs.map((tab) => tab.getByTestId('tour-join').click()));
    const next = await Promise.all(
      players.map(async (p, i) => {
        const fresh = (u: URL) => u.pathname.startsWith('/game/') && !games.includes(u.pathname.slice(6));
        await p.page.waitForURL(fresh, { timeout: 90_000 });
        await tabs[i]!.waitForURL(fresh, { timeout: 90_000 });
        expect(gameId(tabs[i]!)).toBe(gameId(p.page));
        return gameId(p.page)!;
      }),
    );
    expect(new Set(next).size).toBe(2);
    for (const g of boards) expect(next[players.indexOf(g.white)]).not.toBe(next[players.indexOf(g.black)]);
  }, 420_000);
});
