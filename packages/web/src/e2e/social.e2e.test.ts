/**
 * Players finding each other in a real browser: A finds B with the header's
 * search, challenges B by name from B's profile; B, on the home page, sees
 * the bell ring and accepts from it; both land in the game. Then a
 * correspondence game: after A's move, B (elsewhere on the site) is told
 * it is their turn, and follows the notification to the game.
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

async function member(name: string): Promise<Page> {
  const { page } = await club.visitor();
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
  return page;
}

/** A finds B from the header's search and opens the challenge form on B's profile. */
async function challengeFromProfile(a: Page, name: string): Promise<void> {
  await a.getByTestId('player-search').fill(name.slice(0, 4));
  const hit = a.getByTestId('search-results').locator(`a[data-name="${name}"]`);
  await hit.waitFor();
  await hit.click();
  await a.waitForURL(new RegExp(`/@/${name}$`));
  await a.getByTestId('profile-challenge').click();
  await a.getByTestId('challenge-form').waitFor();
}

describe('challenges by name and notifications', () => {
  it('B accepts A’s challenge from the bell on the home page; both land in the game', async () => {
    const a = await member('anh_e2e');
    const b = await member('binh_e2e');
    await a.getByTestId('player-search').fill('binh');
    await a.getByTestId('search-results').locator('a[data-name="binh_e2e"]').waitFor();
    await shot(a, 'social-search');
    await challengeFromProfile(a, 'binh_e2e');
    await a.getByTestId('challenge-form').locator('select[name="color"]').selectOption('first');
    await shot(a, 'social-challenge-form');
    await a.getByTestId('challenge-send').click();
    await a.waitForURL(/\/game\/[A-Za-z0-9]+$/);
    const gameUrl = a.url();

    // B is on the home page: the bell rings.
    await expect.poll(() => b.getByTestId('bell-count').textContent(), { timeout: 15_000 }).toBe('1');
    await b.getByTestId('bell').click();
    await b.getByTestId('challenge-accept').waitFor();
    expect(await b.getByTestId('bell-panel').textContent()).toContain('anh_e2e');
    await shot(b, 'social-bell-challenge');
    await b.getByTestId('challenge-accept').click();
    await b.waitForURL(gameUrl);
    // Both in the game: A (Red, first) moves, B sees it.
    await clickMove(a, 'h3e3');
    await waitForPlies(a, 1);
    await waitForPlies(b, 1);
    await shot(b, 'social-challenge-game');

    // Follow B; A's home page lists B online and playing, one click to watch.
    await a.goto('/@/binh_e2e');
    await a.getByTestId('profile-follow').click();
    await expect.poll(() => a.getByTestId('followers').textContent()).toMatch(/1/);
    await a.goto('/');
    const row = a.getByTestId('following').locator('li[data-user="binh_e2e"]');
    await row.waitFor();
    expect(await row.locator('a.watch').getAttribute('href')).toBe(new URL(gameUrl).pathname);
    await shot(a, 'social-home-following');
  });

  it('a correspondence game: B is told it is their turn after A moves, and follows the bell to the game', async () => {
    const a = await member('chi_e2e');
    const b = await member('dung_e2e');
    await challengeFromProfile(a, 'dung_e2e');
    const form = a.getByTestId('challenge-form');
    await form.locator('select[name="variant"]').selectOption('janggi');
    await form.locator('select[name="clockKind"]').selectOption('correspondence');
    await form.locator('select[name="days"]').selectOption('3');
    await form.locator('select[name="color"]').selectOption('first');
    await a.getByTestId('challenge-send').click();
    await a.waitForURL(/\/game\/[A-Za-z0-9]+$/);
    const gameUrl = a.url();
    await expect.poll(() => b.getByTestId('bell-count').textContent(), { timeout: 15_000 }).toBe('1');
    await b.getByTestId('bell').click();
    expect(await b.getByTestId('bell-panel').textContent()).toMatch(/3 ngày mỗi nước/);
    await b.getByTestId('challenge-accept').click();
    await b.waitForURL(gameUrl);
    // B goes elsewhere; A moves.
    await b.goto('/rules');
    await b.getByTestId('bell').waitFor();
    await clickMove(a, 'a4a5');
    await waitForPlies(a, 1);
    await expect.poll(() => b.getByTestId('bell-count').textContent(), { timeout: 15_000 }).toBe('1');
    await b.getByTestId('bell').click();
    const turn = b.getByTestId('bell-panel').locator('li[data-kind="your-turn"] a');
    await turn.waitFor();
    expect(await turn.textContent()).toContain('chi_e2e');
    await shot(b, 'social-bell-your-turn');
    await turn.click();
    await b.waitForURL(gameUrl);
    await waitForPlies(b, 1);
    // Days on the clock, not minutes.
    await expect.poll(() => b.locator('body').textContent()).toMatch(/3 ngày/);
    await clickMove(b, 'a7a6');
    await waitForPlies(a, 2);
    await shot(b, 'social-correspondence-game');
    // My games: A's move now.
    await a.goto('/');
    const mine = a.getByTestId('my-games').locator(`li[data-game="${new URL(gameUrl).pathname.split('/').pop()}"]`);
    await mine.waitFor();
    expect(await mine.textContent()).toMatch(/Đến lượt bạn/);
    await shot(a, 'social-my-games');
  });

  it('an invitation link opened again leads to the game: its creator plays, anyone else watches, told the seat is taken', async () => {
    const a = await member('em_e2e');
    const b = await member('giang_e2e');
    const c = await member('hoa_e2e');
    const made = await a.evaluate(async () => {
      const res = await fetch('/api/games', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ variant: 'sittuyin', color: 'first', clock: { kind: 'fischer', minutes: 10, increment: 5 }, opponent: { type: 'invite' } }),
      });
      return res.json();
    });
    const link = new URL(made.invite as string).pathname;
    await b.goto(link);
    await b.waitForURL(new RegExp(`/game/${made.id}$`));
    await c.goto(link);
    await c.waitForURL(new RegExp(`/game/${made.id}\\?seat=taken$`));
    await c.getByTestId('seat-taken').waitFor();
    expect(await c.getByTestId('seat-taken').textContent()).toMatch(/đã có người ngồi/);
    await shot(c, 'social-invite-seat-taken');
    await a.goto(link);
    await a.waitForURL(new RegExp(`/game/${made.id}$`));
    expect(await a.getByTestId('seat-taken').count()).toBe(0);
  });
});
