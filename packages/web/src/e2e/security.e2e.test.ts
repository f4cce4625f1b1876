/**
 * The club's security headers and lazy guests, in Chromium: the page runs
 * under its content security policy without a single violation; a visitor
 * who only looks gets no cookie; the first act makes a guest and the game
 * goes on as before.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startClub, type Club } from './harness.ts';

let club: Club;

beforeAll(async () => {
  club = await startClub(inject('webDir'));
});

afterAll(async () => {
  await club?.close();
});

describe('security in the browser', () => {
  it('the client runs under its CSP; reading makes no guest; creating a game does', async () => {
    const { context, page } = await club.visitor({ lang: 'en' });
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    const res = await page.goto('/');
    expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.getByTestId('mode-friend').click();
    for (const path of ['/live', '/leaderboard', '/puzzles', '/']) await page.goto(path);
    await page.waitForTimeout(500);
    expect((await context.cookies()).filter((c) => c.name === 'yz_session')).toEqual([]);

    await page.getByTestId('mode-friend').click();
    await page.getByTestId('create-submit').click();
    await page.waitForURL(/\/game\/[A-Za-z0-9]+$/);
    expect((await context.cookies()).filter((c) => c.name === 'yz_session')).toHaveLength(1);
    await expect.poll(() => page.getByTestId('invite-url').inputValue()).toMatch(/\/invite\//);
    expect(violations).toEqual([]);
  });

  it('a seek from the lobby makes the visitor a guest on the socket and is posted', async () => {
    const { context, page } = await club.visitor({ lang: 'en' });
    await page.goto('/');
    expect((await context.cookies()).filter((c) => c.name === 'yz_session')).toEqual([]);
    const before = (await (await fetch(`${club.base}/api/lobby`)).json()) as { seeks: unknown[] };
    await page.getByTestId('mode-seek').click();
    await page.getByTestId('create-submit').click();
    await expect
      .poll(async () => ((await (await fetch(`${club.base}/api/lobby`)).json()) as { seeks: unknown[] }).seeks.length, { timeout: 10_000 })
      .toBe(before.seeks.length + 1);
    expect((await context.cookies()).filter((c) => c.name === 'yz_session')).toHaveLength(1);
  });
});
