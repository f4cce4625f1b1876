/**
 * Driving tournament players in Chromium: signing up, creating a tournament
 * from the page's form, reading the view the page reads (with the visitor's
 * own cookies), and playing a round's games out on their boards.
 */
import { join } from 'node:path';
import type { BrowserContext, Page, Request, Response } from 'playwright-core';
import { expect } from 'vitest';
import { ARTIFACTS, clickMove, waitForPlies, type Club } from './harness.ts';

export interface Player {
  readonly context: BrowserContext;
  readonly page: Page;
  /** The user id (GET /api/me). */
  id: string;
}

/** How a game ends: the side that wins (the other resigns), or a draw agreed. */
export type Outcome = 'white' | 'black' | 'draw';

export interface TourGame {
  readonly id: string;
  readonly round: number;
  readonly white: { readonly id: string; readonly name: string };
  readonly black: { readonly id: string; readonly name: string };
  readonly result: number | null;
}

export interface TourStanding {
  readonly userId: string;
  readonly name: string;
  readonly points: number;
  readonly buchholz: number | null;
  readonly sonnebornBerger: number | null;
  readonly wins: number;
  readonly rank: number;
}

export interface TourView {
  readonly tournament: { readonly status: string; readonly round: number; readonly rounds: number; readonly kind: string; readonly startsAt: number };
  readonly standings: readonly TourStanding[];
  readonly rounds:
    | readonly {
        readonly round: number;
        readonly games: readonly TourGame[];
        readonly byes: readonly { userId: string; name: string; kind: string; points: number }[];
      }[]
    | null;
  readonly cross: { readonly names: readonly string[]; readonly cells: readonly (readonly (number | null)[])[] } | null;
  readonly podium: readonly TourStanding[];
  /** Games being played now. */
  readonly playingCount: number;
  /** The server's time when it answered. */
  readonly now: number;
}

/** A round played out: the view once its results are in, and the server's time when it was seen paired (before any of its games ended). */
export interface PlayedRound extends TourView {
  readonly pairedSeen: number;
}

export async function whoAmI(p: { context: BrowserContext }): Promise<string> {
  const r = await p.context.request.get('/api/me');
  return ((await r.json()) as { user: { id: string } }).user.id;
}

export async function register(page: Page, username: string): Promise<void> {
  // What the page sent and which answers set a cookie, said if the account did not stick: twice in full runs the
  // tournament form then refused a guest ('register an account'), its header showing a new guest after this.
  const seen: string[] = [];
  const onRequest = (r: Request) => {
    if (r.method() !== 'GET') seen.push(`${r.method()} ${new URL(r.url()).pathname} from ${new URL(page.url()).pathname}`);
  };
  const onResponse = (r: Response) => {
    void r.allHeaders().then((h) => h['set-cookie'] && seen.push(`  a cookie set by ${new URL(r.url()).pathname} (${r.status()})`));
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  await page.goto('/register');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill('correct horse');
  await page.getByTestId('auth-submit').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/register'));
  const me = await page.evaluate(async () => ((await (await fetch('/api/me')).json()) as { user: { name: string; guest: boolean } | null }).user);
  page.off('request', onRequest);
  page.off('response', onResponse);
  expect(me, `registered as ${username}, then:\n${seen.join('\n')}`).toMatchObject({ name: username, guest: false });
}

/** Fills the create form on /tournaments and submits it; returns the tournament page's path with its query (a private one's link). */
export async function createFromForm(
  page: Page,
  f: { name: string; kind: 'swiss' | 'roundRobin'; rounds?: number; minutes: number; increment: number; startIn: number; roundGap: number; private?: boolean },
): Promise<string> {
  await page.goto('/tournaments');
  const form = page.getByTestId('tour-create-form');
  await form.locator('input[name="name"]').fill(f.name);
  await form.locator('select[name="kind"]').selectOption(f.kind);
  // Only this system's fields show: rounds for a Swiss, the pause between rounds for both, no arena duration or berserk.
  expect(await form.locator('input[name="rounds"]').isVisible()).toBe(f.kind === 'swiss');
  expect(await form.locator('input[name="round-gap"]').isVisible()).toBe(true);
  expect(await form.locator('input[name="duration"]').isVisible()).toBe(false);
  expect(await form.locator('input[name="berserk"]').isVisible()).toBe(false);
  if (f.rounds !== undefined) await form.locator('input[name="rounds"]').fill(String(f.rounds));
  await form.locator('input[name="minutes"]').fill(String(f.minutes));
  await form.locator('input[name="increment"]').fill(String(f.increment));
  await form.locator('input[name="start-in"]').fill(String(f.startIn));
  await form.locator('input[name="round-gap"]').fill(String(f.roundGap));
  if (f.private) await form.locator('input[name="private"]').check();
  await page.getByTestId('tour-create').click();
  await page.waitForURL(/\/tournament\/[A-Za-z0-9]+(\?invite=[A-Za-z0-9]+)?$/);
  const u = new URL(page.url());
  return u.pathname + u.search;
}

/** The tournament's view as its page reads it, with this visitor's cookies. */
export async function readView(p: { context: BrowserContext }, path: string): Promise<TourView> {
  const u = new URL(path, 'http://x');
  const r = await p.context.request.get(`/api/tournaments/${u.pathname.split('/').pop()}${u.search}`);
  return (await r.json()) as TourView;
}

/** The standings table on a page: [name, points, buchholz, s-b] per row (Swiss columns), or [name, points, s-b, wins] (round-robin). */
export async function standingsOnPage(page: Page): Promise<string[][]> {
  return page
    .getByTestId('tour-standings')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent ?? '')))
    .then((rows) => rows.map((cells) => [cells[1] ?? '', ...cells.slice(3)]));
}

/** What the page must show of the view's standings, in the same columns. */
export function standingsExpected(v: TourView): string[][] {
  return v.standings.map((r) =>
    v.tournament.kind === 'swiss'
      ? [r.name, String(r.points), String(r.buchholz ?? ''), String(r.sonnebornBerger ?? '')]
      : [r.name, String(r.points), String(r.sonnebornBerger ?? ''), String(r.wins)],
  );
}

/**
 * The player's page opens their game by itself when it is paired; a page
 * opened after the pairing was announced shows the link to it instead
 * ("Go to your game"), which is clicked as a player would.
 */
async function reachGame(page: Page, gameId: string): Promise<void> {
  const there = async () => {
    if (new URL(page.url()).pathname === `/game/${gameId}`) return true;
    const link = page.getByTestId('tour-my-game');
    if ((await link.count()) > 0 && (await link.getAttribute('href', { timeout: 1000 }).catch(() => null)) === `/game/${gameId}`) {
      await link.click({ timeout: 5000 }).catch(() => undefined);
    }
    return false;
  };
  await expect.poll(there, { timeout: 90_000, interval: 1000 }).toBe(true);
  await page.locator('.yz-board').first().waitFor({ timeout: 60_000 });
}

/** Plays one game out on its two pages: a move each, then the loser resigns or a draw is offered and accepted. */
async function playOut(white: Page, black: Page, outcome: Outcome): Promise<void> {
  // A minute allowed: the machine may be busy.
  await clickMove(white, 'h3e3');
  await waitForPlies(black, 1, 60_000);
  await clickMove(black, 'h10g8');
  await waitForPlies(white, 2, 60_000);
  if (outcome === 'draw') {
    await white.getByTestId('draw-offer').click();
    await black.getByTestId('draw-accept').click();
  } else {
    const loser = outcome === 'white' ? black : white;
    await loser.getByTestId('resign').click();
    await loser.locator('.dialog button.primary').click();
  }
  await Promise.all([white, black].map((p) => p.getByTestId('end-panel').waitFor({ state: 'visible', timeout: 60_000 })));
}

/**
 * Round `round`: waits until it is paired (the view shows its games), sees
 * each player's page open their game by itself, and plays every game out
 * at once (a first move is due within 30 s), `outcomes[board]` deciding each.
 */
export async function playRound(watcher: Player, path: string, players: readonly Player[], round: number, outcomes: readonly Outcome[]): Promise<PlayedRound> {
  await expect.poll(async () => (await readView(watcher, path)).rounds?.[0]?.round ?? 0, { timeout: 90_000, interval: 500 }).toBe(round);
  const v = await readView(watcher, path);
  const games = v.rounds![0]!.games;
  expect(games).toHaveLength(outcomes.length);
  const pageOf = (id: string) => {
    const p = players.find((x) => x.id === id);
    if (!p) throw new Error(`no page for player ${id}`);
    return p.page;
  };
  await Promise.all(
    games.map(async (g, board) => {
      const white = pageOf(g.white.id);
      const black = pageOf(g.black.id);
      await Promise.all([reachGame(white, g.id), reachGame(black, g.id)]);
      await playOut(white, black, outcomes[board]!);
    }),
  );
  // Every result recorded before the standings are compared.
  await expect
    .poll(async () => (await readView(watcher, path)).rounds?.find((r) => r.round === round)?.games.every((g) => g.result !== null), { timeout: 60_000 })
    .toBe(true);
  return { ...(await readView(watcher, path)), pairedSeen: v.now };
}

/**
 * Moves the server's time forward to `at` (TEST_CLOCK; nothing when it is there already) and resolves once the
 * tournament director has made a pass at that time or later, so that what a page or the view shows next is what
 * the director decided then (GET /api/stats?director: the server runs with STATS_CONTROL=1). Returns the time reached.
 */
export async function jumpTo(club: Club, at: number): Promise<number> {
  const ms = Math.ceil(at - (await club.now()));
  const reached = ms > 0 ? await club.advance(ms) : await club.now();
  const passedSince = async () => {
    const r = await fetch(`${club.base}/api/stats?director`);
    const stats = (await r.json()) as { director?: { passes: readonly { at: number }[] } };
    if (!stats.director) throw new Error('no director trace: start the server with STATS_CONTROL=1');
    return stats.director.passes.some((p) => p.at >= reached);
  };
  await expect.poll(passedSince, { timeout: 30_000, interval: 100 }).toBe(true);
  return reached;
}

export async function fullShot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}
