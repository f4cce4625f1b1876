/**
 * Reporting a player in Chromium: a member reports their opponent from the
 * game page (the game attached, in Vietnamese) and from the opponent's
 * profile (in English); an admin (ADMINS) sees both reports on
 * /admin/moderation, with the game.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { shot, startClub, type Club } from './harness.ts';

let club: Club;

beforeAll(async () => {
  club = await startClub(inject('webDir'), { ADMINS: 'mod_rep' });
});

afterAll(async () => {
  await club?.close();
});

/** A registered player; the admin (a name in ADMINS, never registered over HTTP) is claimed by the operator, then logs in. */
async function member(name: string, lang: 'vi' | 'en' = 'vi', admin = false): Promise<Page> {
  const { page } = await club.visitor({ lang });
  await page.goto('/');
  if (admin) await club.claimAdmin(name, 'a long pass phrase');
  const r = await page.evaluate(
    async ([username, path]) => {
      const res = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'a long pass phrase' }),
      });
      return res.json();
    },
    [name, admin ? '/api/login' : '/api/register'] as const,
  );
  expect(r.ok).toBe(true);
  await page.goto('/');
  await page.getByTestId('bell').waitFor();
  return page;
}

const post = (page: Page, path: string, body: unknown) =>
  page.evaluate(
    async ([p, b]) => (await fetch(p as string, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) })).json(),
    [path, body] as const,
  );

describe('reporting a player', () => {
  it('from the game page and from a profile; the admin sees both on /admin/moderation', async () => {
    const reporter = await member('an_rep');
    const target = await member('bao_rep', 'en');
    // A live game between them: an invitation taken.
    const made = await post(reporter, '/api/games', {
      variant: 'xiangqi',
      color: 'first',
      clock: { kind: 'fischer', minutes: 5, increment: 0 },
      opponent: { type: 'invite' },
    });
    expect(made.ok).toBe(true);
    const token = String(made.invite).split('/').pop();
    expect((await post(target, `/api/games/${made.id}/join`, { token })).ok).toBe(true);

    // On the game page (Vietnamese): the opponent is the one to report, the game goes with it.
    await reporter.goto(`/game/${made.id}`);
    await reporter.getByTestId('game-report').click();
    const form = reporter.getByTestId('report-form');
    await form.waitFor();
    expect(await form.locator('h2').textContent()).toBe('Báo cáo bao_rep');
    expect(await reporter.getByTestId('report-game').textContent()).toContain(made.id);
    await reporter.getByTestId('report-reason').selectOption('cheat');
    await reporter.getByTestId('report-text').fill('Đi nước nào cũng giống hệt máy');
    await shot(reporter, 'report-game-form');
    await reporter.getByTestId('report-send').click();
    await form.waitFor({ state: 'detached' });
    await reporter.getByText('Đã gửi báo cáo về bao_rep cho ban quản trị.').waitFor();

    // On a profile (English): the target reports back, without a game.
    await target.goto('/@/an_rep');
    await target.getByTestId('profile-report').click();
    await target.getByTestId('report-form').waitFor();
    expect(await target.getByTestId('report-form').locator('h2').textContent()).toBe('Report an_rep');
    expect(await target.getByTestId('report-game').count()).toBe(0);
    await target.getByTestId('report-reason').selectOption('abuse');
    await target.getByTestId('report-send').click();
    await target.getByText('Your report about an_rep went to the admins.').waitFor();

    // The admin's page lists both, newest first, the game with the first.
    const admin = await member('mod_rep', 'en', true);
    await admin.goto('/admin/moderation');
    const rows = admin.getByTestId('mod-report');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(2);
    const texts = await rows.allTextContents();
    const fromGame = texts.find((x) => x.includes('bao_rep') && x.includes(made.id));
    expect(fromGame, texts.join('\n')).toBeDefined();
    expect(fromGame).toContain('cheating');
    expect(fromGame).toContain('Đi nước nào cũng giống hệt máy');
    expect(
      texts.find((x) => x.includes('an_rep') && x.includes('abuse') && !x.includes(made.id)),
      texts.join('\n'),
    ).toBeDefined();
    await shot(admin, 'report-admin-page');
  }, 240_000);
});
