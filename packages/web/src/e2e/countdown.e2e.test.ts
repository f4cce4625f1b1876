/**
 * A correspondence game's first-move countdown in a real browser (issue 33,
 * item 6): in days and hours, not "Còn 172799 giây", for both players, in
 * Vietnamese and in English. And while that game is in progress, the engine
 * still helps elsewhere (issue 33, item 5): the solo board's hint answers
 * (one correspondence game used to switch it off everywhere).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { shot, startClub, type Club } from './harness.ts';

let club: Club;
beforeAll(async () => {
  club = await startClub(inject('webDir'));
});
afterAll(async () => {
  await club?.close();
});

describe('the first-move countdown', () => {
  it('a two-day correspondence game by invitation: 1 day 23 hours left, in each language', async () => {
    const a = await club.visitor({ lang: 'vi' });
    const b = await club.visitor({ lang: 'en' });
    await a.page.goto('/');
    await a.page.getByTestId('mode-friend').click();
    const form = a.page.getByTestId('create-form');
    await form.locator('select[name="variant"]').selectOption('janggi');
    await form.locator('select[name="clockKind"]').selectOption('correspondence');
    await form.locator('select[name="days"]').selectOption('2');
    const color = form.locator('select[name="color"]');
    if (await color.count()) await color.selectOption('first');
    else await form.locator('input[name="color"][value="first"]').check();
    await a.page.getByTestId('create-submit').click();
    await a.page.waitForURL(/\/game\/[A-Za-z0-9]+$/);
    const invite = await a.page.getByTestId('invite-url').inputValue();
    await b.page.goto(new URL(invite).pathname);
    await b.page.waitForURL(a.page.url());
    // Two days less the seconds the joining took (the server's time, the test's own clock not read).
    await expect.poll(() => a.page.getByTestId('status').textContent(), { timeout: 15_000 }).toContain('Còn 1 ngày 23 giờ để đi nước đầu tiên');
    await expect.poll(() => b.page.getByTestId('status').textContent(), { timeout: 15_000 }).toContain('1 day 23 hours left for the first move');
    expect(await a.page.getByTestId('status').textContent()).not.toMatch(/giây|\d{4,}/);
    await shot(a.page, 'countdown-correspondence-vi');
    await shot(b.page, 'countdown-correspondence-en');

    // The game is in progress; a position of no live game still gets the engine's hint, for either player.
    await a.page.goto('/solo/xiangqi');
    await a.page.getByTestId('hint').click();
    await expect.poll(() => a.page.getByTestId('status').textContent(), { timeout: 30_000 }).toMatch(/Máy gợi ý: [A-ZĐ]\S*\d/);
    // The arrow is drawn with the board's next frame, after the text (a full run read 0 at once).
    await expect.poll(() => a.page.locator('.yz-board svg.cg-shapes line').count(), { timeout: 5_000 }).toBe(1);
  });
});
