/**
 * Issue 33, item 8, in a real browser: the smaller things players ran into.
 * A finished game page asks for nothing that 404s and logs no error; what is
 * typed in the player search while the page still loads stays there.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shot, startClub, type Club } from './harness.ts';

let club: Club;
beforeAll(async () => {
  club = await startClub(inject('webDir'));
});
afterAll(async () => {
  await club?.close();
});

async function post(page: Page, path: string, body: unknown = {}): Promise<Record<string, unknown>> {
  return page.evaluate(
    async ([p, b]) => {
      const r = await fetch(p as string, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) });
      return (await r.json()) as Record<string, unknown>;
    },
    [path, body] as const,
  );
}

/** Every answer of 400 and more, and every console error, from now on. */
function watchErrors(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) seen.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') seen.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => seen.push(`pageerror: ${e.message}`));
  return seen;
}

describe('a game page', () => {
  it('of a finished game in no tournament and not analysed asks for nothing that 404s and logs no error (8.9)', async () => {
    const { page: red } = await club.visitor();
    const { page: black } = await club.visitor();
    for (const p of [red, black]) await p.goto('/');
    const g = await post(red, '/api/games', {
      variant: 'xiangqi',
      color: 'first',
      clock: { kind: 'fischer', minutes: 10, increment: 0 },
      opponent: { type: 'invite' },
    });
    const id = g.id as string;
    expect((await post(black, `/api/games/${id}/join`, { token: String(g.invite).split('/').pop() })).ok).toBe(true);
    expect((await post(red, `/api/games/${id}/move`, { uci: 'h3e3', ply: 0 })).ok).toBe(true);
    expect((await post(black, `/api/games/${id}/move`, { uci: 'h8e8', ply: 1 })).ok).toBe(true);
    expect((await post(red, `/api/games/${id}/resign`)).ok).toBe(true);

    const seen = watchErrors(red);
    await red.goto(`/game/${id}`);
    await red.getByTestId('end-panel').waitFor({ state: 'visible' });
    // The analysis panel has asked whether there is one, and offers it.
    await red.getByTestId('analysis-request').waitFor();
    await red.waitForLoadState('networkidle').catch(() => undefined);
    expect(seen).toEqual([]);
    expect(await red.getByTestId('game-tournament').textContent()).toBe('');
  });
});

describe('the player search', () => {
  it('keeps what is typed before the session has answered, and its focus (8.4)', async () => {
    const { page } = await club.visitor();
    // The session's answer comes once the name is typed: the late header render that wiped the box, made certain.
    let release: () => void = () => undefined;
    const typed = new Promise<void>((r) => (release = r));
    await page.route('**/api/me', async (route) => {
      await typed;
      await route.continue();
    });
    await page.goto('/');
    const box = page.getByTestId('player-search');
    await box.click();
    await box.pressSequentially('ngu');
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/me');
    release();
    await answered;
    // The header has been drawn again with the session: the text and the focus are still there; typing goes on.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="player-search"]').length === 1);
    await page.keyboard.type('yen');
    expect(await box.inputValue()).toBe('nguyen');
  });
});

describe('the rooms page', () => {
  it('lists the open rooms with their players present, each a link to the room (8.2)', async () => {
    const { page: owner } = await club.visitor();
    const { page: visitor } = await club.visitor({ lang: 'en' });
    await owner.goto('/rooms');
    await owner.locator('form.room-create input[name="name"]').fill('Cờ tướng Hà Nội');
    await owner.getByTestId('room-create').click();
    await owner.waitForURL(/\/rooms\/[A-Za-z0-9]+$/);
    const id = new URL(owner.url()).pathname.split('/').pop()!;
    await owner.getByTestId('room-members').locator('li').first().waitFor();
    await visitor.goto('/rooms');
    const row = visitor.locator(`[data-testid="open-rooms"] li[data-room="${id}"]`);
    await row.waitFor();
    expect(await row.textContent()).toMatch(/Cờ tướng Hà Nội .*1 present · 0 games/);
    await row.locator('a').click();
    await visitor.waitForURL(new RegExp(`/rooms/${id}$`));
    await visitor.getByTestId('room').waitFor();
    // The heading reads "Rooms" until the room's state has come over the socket.
    await expect.poll(() => visitor.locator('[data-testid="room"] h1').textContent(), { timeout: 10_000 }).toBe('Cờ tướng Hà Nội');
  });
});

describe('the home page on a phone (390×844)', () => {
  it('opens with the ways to play in view and no empty card; "Chơi với máy" leads to the computer form (8.1)', async () => {
    const { page } = await club.visitor({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByTestId('home').waitFor();
    await page.waitForLoadState('networkidle').catch(() => undefined);
    // Each way to play has a button within the first screen.
    for (const name of ['Ghép cặp nhanh', 'Chơi với máy', 'Chơi với bạn']) {
      const button = page.getByRole('button', { name, exact: true }).first();
      const box = await button.boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.y + box!.height, name).toBeLessThanOrEqual(844);
    }
    // No card without content: the tournaments card shows only with a tournament running or upcoming.
    const lists = (await (await page.request.get('/api/tournaments')).json()) as { running: unknown[]; upcoming: unknown[] };
    const current = lists.running.length + lists.upcoming.length;
    expect(await page.locator('section.tournaments-card').isVisible()).toBe(current > 0);
    for (const card of await page.locator('.home-grid > * .card, .home-grid section.card').all())
      if (await card.isVisible()) expect(((await card.textContent()) ?? '').trim().length).toBeGreaterThan(0);
    await shot(page, 'home-phone-top');
    await page.getByRole('button', { name: 'Chơi với máy', exact: true }).first().click();
    await expect.poll(() => page.getByTestId('mode-computer').getAttribute('aria-pressed')).toBe('true');
    const submit = await page.getByTestId('create-submit').boundingBox();
    expect(submit!.y).toBeLessThan(844);
    expect(submit!.y).toBeGreaterThanOrEqual(0);
    await shot(page, 'home-phone-play-computer');
  });
});

describe('TV', () => {
  it('has a channel per game and speed, each with its live game, switchable (8.3)', async () => {
    const { page: red } = await club.visitor();
    const { page: black } = await club.visitor();
    for (const p of [red, black]) await p.goto('/');
    const play = async (variant: string, minutes: number, moves: readonly string[]): Promise<string> => {
      const g = await post(red, '/api/games', { variant, color: 'first', clock: { kind: 'fischer', minutes, increment: 0 }, opponent: { type: 'invite' } });
      const id = g.id as string;
      expect((await post(black, `/api/games/${id}/join`, { token: String(g.invite).split('/').pop() })).ok).toBe(true);
      for (const [ply, uci] of moves.entries()) expect((await post(ply % 2 ? black : red, `/api/games/${id}/move`, { uci, ply })).ok).toBe(true);
      return id;
    };
    const xiangqi = await play('xiangqi', 3, ['h3e3', 'h8e8']);
    const janggi = await play('janggi', 10, ['a4b4', 'a7b7']);
    const { page } = await club.visitor();
    await page.goto('/tv/janggi');
    const game = page.locator('.tv-game');
    await expect.poll(() => game.getAttribute('data-game')).toBe(janggi);
    const bar = page.getByTestId('tv-channels');
    expect(await bar.locator('a[aria-current="page"]').getAttribute('data-channel')).toBe('janggi');
    // Every channel is there; the empty ones say so.
    expect(await bar.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('data-channel')))).toEqual([
      'best',
      'xiangqi',
      'janggi',
      'sittuyin',
      'bullet',
      'blitz',
      'rapid',
      'classical',
      'correspondence',
    ]);
    expect(await bar.locator('a[data-channel="sittuyin"]').getAttribute('title')).toBe('Chưa có ván');
    expect(await bar.locator('a[data-channel="janggi"]').getAttribute('title')).toMatch(/^Khách-\S+ – Khách-\S+ · 1500$/);
    await shot(page, 'tv-channels-janggi');
    // Switching: Xiangqi, then blitz (3 minutes), then rapid (10 minutes) show their games.
    for (const [channel, id] of [
      ['xiangqi', xiangqi],
      ['blitz', xiangqi],
      ['rapid', janggi],
    ] as const) {
      await bar.locator(`a[data-channel="${channel}"]`).click();
      await page.waitForURL(new RegExp(`/tv/${channel}$`));
      await expect.poll(() => page.locator('.tv-game').getAttribute('data-game')).toBe(id);
    }
  });
});
