/**
 * Takeback and a move made offline, in a real browser. Two guests play a
 * casual Xiangqi game; Red asks to take back its third ply and Black, in
 * English, accepts on its own page: both pages go back to two plies with
 * Red to move. Then the server goes down; Red moves while it is away: the
 * page says the move waits, shows it on the board, and sends it when the
 * socket is back (the server's ply check accepts it), and Black sees it.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clickMove, shot, startClub, waitForPlies, type Club } from './harness.ts';

let club: Club;
beforeAll(async () => {
  club = await startClub(inject('webDir'));
});
afterAll(async () => {
  await club?.close();
});

const plies = (page: import('playwright-core').Page) => page.locator('[data-testid="move-list"] [data-ply]').count();

describe('takeback', () => {
  it("is asked by one player and accepted on the other player's page; then a move made while the server is down is held and sent on reconnect", async () => {
    const red = await club.visitor();
    const black = await club.visitor({ lang: 'en' });
    await red.page.goto('/');
    const game = await red.page.evaluate(async () => {
      const r = await fetch('/api/games', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ variant: 'xiangqi', color: 'first', clock: { kind: 'fischer', minutes: 10, increment: 5 }, opponent: { type: 'invite' } }),
      });
      return (await r.json()) as { id: string; invite: string };
    });
    await red.page.goto(`/game/${game.id}`);
    await black.page.goto(game.invite.replace(/^https?:\/\/[^/]+/, ''));
    await black.page.waitForURL(new RegExp(`/game/${game.id}$`));
    await red.page.getByTestId('board').waitFor();
    await clickMove(red.page, 'h3e3');
    await waitForPlies(black.page, 1);
    await clickMove(black.page, 'h10g8');
    await waitForPlies(red.page, 2);
    await clickMove(red.page, 'b3c3');
    await waitForPlies(black.page, 3);

    await red.page.getByTestId('takeback-offer').click();
    await red.page.getByTestId('takeback-offered').waitFor();
    await black.page.getByTestId('takeback-asked').waitFor({ timeout: 10_000 });
    expect(await black.page.getByTestId('takeback-asked').textContent()).toMatch(/asks to take back/);
    await shot(black.page, 'takeback-asked-en');
    await black.page.getByTestId('takeback-accept').click();
    for (const p of [red.page, black.page]) await expect.poll(() => plies(p), { timeout: 10_000 }).toBe(2);
    await expect.poll(() => red.page.getByTestId('status').textContent()).toMatch(/Đến lượt bạn/);
    expect(await black.page.getByTestId('status').textContent()).toMatch(/thinking|opponent/i);
    expect(await red.page.getByTestId('takeback-offered').count()).toBe(0);
    // Asking again at once would be refused (too soon): the button is shown disabled.
    await expect.poll(() => red.page.getByTestId('takeback-offer').isDisabled(), { timeout: 10_000 }).toBe(true);
    // The cannon is back on b3: the square of the taken-back move holds no piece.
    await shot(red.page, 'takeback-accepted-vi');
    const view = await red.page.evaluate(
      async (id) => (await (await fetch(`/api/games/${id}`)).json()) as { game?: { moves: string[] }; moves?: string[] },
      game.id,
    );
    expect(JSON.stringify(view)).toContain('"h3e3","h10g8"');
    expect(JSON.stringify(view)).not.toContain('b3c3');

    // The server goes down; Red moves meanwhile.
    const restart = await club.crash();
    await expect.poll(() => red.page.getByTestId('status').textContent(), { timeout: 15_000 }).toMatch(/Mất kết nối/);
    await clickMove(red.page, 'h1g3');
    await expect.poll(() => red.page.getByTestId('status').textContent()).toMatch(/sẽ được gửi khi có kết nối lại/);
    await shot(red.page, 'offline-move-held-vi');
    await restart();
    // Sent once the socket is back; the other player sees it.
    await waitForPlies(black.page, 3);
    await expect.poll(() => plies(red.page), { timeout: 20_000 }).toBe(3);
    await expect.poll(() => red.page.getByTestId('status').textContent(), { timeout: 20_000 }).toMatch(/Đối thủ đang nghĩ/);
    await shot(red.page, 'offline-move-sent-vi');
  });
});
