/**
 * The home page's social lists and the bell, live in a real browser: a
 * followed player coming online, starting a game and finishing it; one's own
 * correspondence game changing turn when the opponent moves elsewhere; a
 * room challenge's bell item closing when its author withdraws it; a
 * correspondence seek posted from the lobby's form; and a profile's buttons,
 * rating chart and games filtered by game and result.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { shot, startClub, type Club } from './harness.ts';

let club: Club;

beforeAll(async () => {
  club = await startClub(inject('webDir'));
});

afterAll(async () => {
  await club?.close();
});

async function member(name: string): Promise<{ page: Page; context: BrowserContext }> {
  const { page, context } = await club.visitor();
  await page.goto('/');
  const r = await page.evaluate(async (username) => {
    const res = await fetch('/api/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'a long pass phrase' }),
    });
    return res.json();
  }, name);
  expect(r.ok).toBe(true);
  await page.goto('/');
  await page.getByTestId('bell').waitFor();
  return { page, context };
}

/** A call of the HTTP API from a page (its cookie), answering the JSON. */
function call(page: Page, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  return page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(p as string, {
        method: m as string,
        headers: { 'content-type': 'application/json' },
        ...(b === undefined ? {} : { body: JSON.stringify(b) }),
      });
      return res.json();
    },
    [method, path, body] as const,
  );
}

describe('live lists on the home page', () => {
  it('a followed player comes online, starts a correspondence game with me, moves, resigns: my page follows without a reload', async () => {
    const carol = await member('carol_live');
    const dan = await member('dan_live');
    // Dan leaves the site: his only page closes.
    await dan.page.close();
    expect((await call(carol.page, 'POST', '/api/users/dan_live/follow', {})).follows).toBe(true);
    await carol.page.goto('/');
    const row = carol.page.getByTestId('following').locator('li[data-user="dan_live"]');
    await expect.poll(() => row.getAttribute('data-online'), { timeout: 15_000 }).toBe('false');

    // Dan comes back: Carol's list says so, live.
    const back = await dan.context.newPage();
    await back.goto('/');
    await back.getByTestId('bell').waitFor();
    await expect.poll(() => row.getAttribute('data-online'), { timeout: 15_000 }).toBe('true');

    // Dan challenges Carol to a correspondence game; she accepts from her page (staying on it).
    const made = await call(back, 'POST', '/api/games', {
      variant: 'xiangqi',
      color: 'first',
      clock: { kind: 'correspondence', days: 2 },
      opponent: { type: 'user', username: 'carol_live' },
    });
    const game = made.id as string;
    expect((await call(carol.page, 'POST', `/api/games/${game}/join`, {})).ok).toBe(true);
    // The game appears in her games (Dan's move: he is first) and as Dan's game to watch.
    const mine = carol.page.getByTestId('my-games').locator(`li[data-game="${game}"]`);
    await mine.waitFor({ timeout: 15_000 });
    await expect.poll(() => mine.textContent()).toMatch(/Lượt đối thủ/);
    await row.locator(`a.watch[data-game="${game}"]`).waitFor({ timeout: 15_000 });
    // Dan moves (on his page): Carol's list turns to her move.
    expect((await call(back, 'POST', `/api/games/${game}/move`, { uci: 'h3e3', ply: 0 })).ok).toBe(true);
    await expect.poll(() => mine.textContent(), { timeout: 15_000 }).toMatch(/Đến lượt bạn/);
    expect(await mine.getAttribute('class')).toContain('your-turn');
    await shot(carol.page, 'social-live-home');
    // Dan resigns: the game leaves both lists.
    expect((await call(back, 'POST', `/api/games/${game}/resign`)).ok).toBe(true);
    await expect.poll(() => mine.count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => row.locator('a.watch').count(), { timeout: 15_000 }).toBe(0);
    await shot(carol.page, 'social-live-home-after');
  });

  it('a room challenge: the bell offers to open the room while it stands; withdrawn, the item says so on the other page', async () => {
    const eve = await member('eve_live');
    const finn = await member('finn_live');
    const room = (await call(eve.page, 'POST', '/api/rooms', { name: 'Phòng thử' })).id as string;
    await eve.page.goto(`/rooms/${room}`);
    await finn.page.goto(`/rooms/${room}`);
    await eve.page.getByTestId('room-members').locator('li').nth(1).waitFor({ timeout: 15_000 });
    // Finn's second page: his home page.
    const home = await finn.context.newPage();
    await home.goto('/');
    await home.getByTestId('bell').waitFor();
    // Eve challenges Finn by name in the room.
    await eve.page.getByTestId('room-members').locator('[data-testid="challenge-member"]').click();
    await eve.page.getByTestId('challenge-submit').click();
    // The challenge stands (Eve can withdraw it) before Finn's bell is asked: a full run once saw the bell stay at 0
    // for 15 s, which could be either the challenge not made or its push not heard.
    await eve.page.getByTestId('challenge-withdraw').waitFor({ timeout: 15_000 });
    await expect
      .poll(() => home.getByTestId('bell-count').textContent(), { timeout: 15_000, message: 'the challenge stands; Finn’s home page’s bell' })
      .toBe('1');
    await home.getByTestId('bell').click();
    const item = home.getByTestId('bell-panel').locator('li[data-kind="challenge"]');
    await item.locator('[data-testid="challenge-open"]').waitFor();
    expect(await item.textContent()).toContain('eve_live');
    await shot(home, 'social-bell-room-challenge-open');
    // Eve withdraws it in the room: Finn's open bell panel changes on his home page.
    await eve.page.getByTestId('challenge-withdraw').click();
    await expect.poll(() => item.textContent(), { timeout: 15_000 }).toMatch(/rút lại/);
    expect(await item.locator('[data-testid="challenge-open"]').count()).toBe(0);
    await expect.poll(() => home.getByTestId('bell-count').isHidden()).toBe(true);
    await shot(home, 'social-bell-room-challenge-withdrawn');
  });

  it('the lobby’s form posts a rated correspondence seek; another player sees its days per move', async () => {
    const gia = await member('gia_live');
    const hai = await member('hai_live');
    const form = gia.page.getByTestId('create-form');
    await gia.page.getByTestId('mode-seek').click();
    await form.locator('select[name="clockKind"]').selectOption('correspondence');
    await form.locator('select[name="days"]').selectOption('5');
    await form.locator('input[name="rated"]').check();
    // The computer's level belongs to its own mode only.
    expect(await form.locator('select[name="level"]').isVisible()).toBe(false);
    await shot(gia.page, 'social-lobby-correspondence-form');
    await gia.page.getByTestId('create-submit').click();
    const seek = hai.page.getByTestId('seeks').locator('tr', { hasText: 'gia_live' });
    await seek.waitFor({ timeout: 15_000 });
    expect(await seek.textContent()).toMatch(/5 ngày mỗi nước/);
    expect(await seek.textContent()).toMatch(/Tính điểm/);
    await shot(hai.page, 'social-lobby-correspondence-seek');
    // The computer answers at once: no days per move there.
    await gia.page.getByTestId('mode-computer').click();
    expect(await form.locator('select[name="clockKind"] option[value="correspondence"]').count()).toBe(0);
  });
});

describe('profiles', () => {
  it('follow and challenge buttons, a rating chart with axes and dates, the games filtered by game and result; a challenge from the search', async () => {
    const kim = await member('kim_prof');
    const lam = await member('lam_prof');
    // Two rated games: Kim wins one, loses one; each has the 4 plies a rated game needs.
    for (const [i, loser] of [lam, kim].entries()) {
      const made = await call(kim.page, 'POST', '/api/games', {
        variant: 'xiangqi',
        color: 'first',
        rated: true,
        clock: { kind: 'fischer', minutes: 10, increment: 5 },
        opponent: { type: 'user', username: 'lam_prof' },
      });
      const game = made.id as string;
      expect((await call(lam.page, 'POST', `/api/games/${game}/join`, {})).ok, `game ${i}`).toBe(true);
      for (const [ply, uci] of ['h3e3', 'h10g8', 'b1c3', 'b10c8'].entries()) {
        expect((await call(ply % 2 === 0 ? kim.page : lam.page, 'POST', `/api/games/${game}/move`, { uci, ply })).ok, uci).toBe(true);
      }
      expect((await call(loser.page, 'POST', `/api/games/${game}/resign`)).ok).toBe(true);
    }
    // Rated after each game is stored: the profile is opened once both points are there.
    await expect
      .poll(async () => ((await call(lam.page, 'GET', '/api/users/kim_prof/ratings/xiangqi')).points as unknown[]).length, { timeout: 30_000 })
      .toBe(2);
    await lam.page.goto('/@/kim_prof');
    const p = lam.page;
    await p.getByTestId('profile-follow').waitFor();
    await p.getByTestId('profile-challenge').waitFor();
    // The chart: two axes, rating ticks on the left, dates below, the line through both rated games.
    const chart = p.locator('.rating-card[data-variant="xiangqi"] svg.rating-chart');
    await chart.waitFor({ timeout: 15_000 });
    expect(await chart.locator('line.axis').count()).toBe(2);
    expect(((await chart.locator('polyline.line').getAttribute('points')) ?? '').split(' ')).toHaveLength(2);
    const ticks = await chart.locator('text.tick').allTextContents();
    expect(ticks.some((x) => /^\d{3,4}$/.test(x))).toBe(true);
    // A date below ("1 thg 12, 2026"): words and digits, unlike a rating; games of one day show it once.
    expect(ticks.filter((x) => /\d/.test(x) && /\s/.test(x))).toHaveLength(1);
    // The games: two; by result, one loss; by game, none of Janggi.
    const rows = p.getByTestId('recent').locator('li');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    await p.getByTestId('filter-outcome').selectOption('loss');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
    await shot(p, 'social-profile-chart-filter');
    await p.getByTestId('filter-variant').selectOption('janggi');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(0);

    // A challenge straight from the header's search results: Kim's bell offers it.
    await p.getByTestId('player-search').fill('kim_p');
    const fromSearch = p.getByTestId('search-results').locator('[data-testid="search-challenge"][data-name="kim_prof"]');
    await fromSearch.waitFor({ timeout: 15_000 });
    await shot(p, 'social-search-challenge');
    await fromSearch.click();
    await p.getByTestId('challenge-form').waitFor();
    await p.getByTestId('challenge-send').click();
    await p.waitForURL(/\/game\/[A-Za-z0-9]+$/);
    await kim.page.getByTestId('bell').click();
    await kim.page.getByTestId('bell-panel').locator('li[data-kind="challenge"] [data-testid="challenge-accept"]').waitFor({ timeout: 15_000 });
  }, 300_000);
});
