/**
 * The Bot API's pages in a real browser (issue 28): an account makes an API
 * token on /account/tokens (the secret shown once), its program upgrades it
 * to a bot and opens its event stream; a player finds the bot on
 * /player/bots, challenges it, and the program hears the challenge; the
 * bot's profile shows BOT. Both pages pass axe.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './a11y.ts';
import { shot, startClub, type Club } from './harness.ts';

let club: Club;

beforeAll(async () => {
  club = await startClub(inject('webDir'));
});

afterAll(async () => {
  await club?.close();
});

async function member(name: string): Promise<Page> {
  const { page } = await club.visitor({ lang: 'en' });
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
  return page;
}

/** The program's event stream: its JSON lines, as they come. */
function eventStream(token: string): { events: any[]; close: () => void } {
  const events: any[] = [];
  const ctl = new AbortController();
  void (async () => {
    const res = await fetch(`${club.base}/api/stream/event`, { headers: { authorization: `Bearer ${token}` }, signal: ctl.signal });
    let buf = '';
    const dec = new TextDecoder();
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buf += dec.decode(chunk, { stream: true });
      const lines = buf.split('\n');
      buf = lines.pop() ?? '';
      for (const l of lines) if (l.trim()) events.push(JSON.parse(l));
    }
  })().catch(() => undefined);
  return { events, close: () => ctl.abort() };
}

describe('bots and API tokens', () => {
  it('a token made on its page lets a program become a bot; a player challenges it from /player/bots', async () => {
    const owner = await member('robo_e2e');
    // The tokens page is reached from the header's settings panel.
    await owner.goto('/');
    await owner.getByTestId('settings-button').click();
    await owner.getByTestId('api-tokens-link').click();
    await owner.waitForURL(/\/account\/tokens$/);
    await owner.getByTestId('token-form').waitFor();
    await expectAccessible(owner, 'tokens');
    await owner.getByTestId('token-form').locator('input[name="description"]').fill('my engine');
    await owner.getByTestId('token-form').locator('input[name="challenge:read"]').check();
    await owner.getByTestId('token-form').locator('button[type="submit"]').click();
    const secret = (await owner.locator('code.token-secret').textContent()) ?? '';
    expect(secret).toMatch(/^yzp_/);
    await owner.getByTestId('tokens').getByText('my engine').waitFor();
    await shot(owner, 'bots-tokens');

    const upgrade = await fetch(`${club.base}/api/bot/account/upgrade`, { method: 'POST', headers: { authorization: `Bearer ${secret}` } });
    expect(upgrade.status).toBe(200);
    const stream = eventStream(secret);

    const player = await member('nguoi_e2e');
    await player.goto('/player/bots');
    const row = player.getByTestId('bot-robo_e2e');
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('BOT');
    await expectAccessible(player, 'bots');
    await shot(player, 'bots-list');
    await player.locator('select[name="variant"]').selectOption('janggi');
    await player.getByTestId('challenge-robo_e2e').click();
    await player.waitForURL(/\/game\/[A-Za-z0-9]+$/);
    const id = player.url().split('/').pop();
    await expect.poll(() => stream.events.find((e) => e.type === 'challenge' && e.challenge.id === id), { timeout: 10_000 }).toBeTruthy();
    const ch = stream.events.find((e) => e.type === 'challenge' && e.challenge.id === id);
    expect(ch.challenge).toMatchObject({ variant: { key: 'janggi' }, challenger: { name: 'nguoi_e2e' }, destUser: { name: 'robo_e2e', title: 'BOT' } });
    stream.close();

    await player.goto('/@/robo_e2e');
    await player.getByTestId('bot-badge').waitFor();
  });
});
