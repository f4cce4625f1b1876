/**
 * After the game, in a real browser: a casual game against the computer in
 * which Red throws away its chariot, then resigns; Red asks for the computer
 * analysis from the game page, watches its progress, and gets the graph with
 * the blunder marked and the better move shown (an arrow and its notation);
 * another visitor, in English, opens the game later and sees it too.
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

/** Red to move with its chariot facing Black's on the a-file: taking it wins; a king move loses the chariot. */
const FEN = 'r2aka3/9/9/9/9/R8/9/9/9/3K5 w - - 0 1';

describe('computer analysis of a finished game', () => {
  it('is asked for from the game page, shows its progress, then the graph with the blunder and the better move', async () => {
    const { page } = await club.visitor();
    await page.goto('/');
    // The engine starts on first use, which can take longer than the computer's 30 s for its first move on a
    // busy machine: a hint from the solo board's endpoint warms it.
    await page.evaluate(async () => {
      const fen = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
      await fetch('/api/analysis', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ variant: 'xiangqi', fen }) });
    });
    // Created the way the home page does, with a start position of our own.
    const id = await page.evaluate(async (fen) => {
      const r = await fetch('/api/games', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          variant: 'xiangqi',
          fen,
          color: 'first',
          clock: { kind: 'fischer', minutes: 10, increment: 0 },
          opponent: { type: 'computer', level: 1 },
        }),
      });
      return ((await r.json()) as { id: string }).id;
    }, FEN);
    await page.goto(`/game/${id}`);
    await page.getByTestId('board').waitFor();
    // The analysis is not offered while the game is played.
    expect(await page.getByTestId('analysis').isHidden()).toBe(true);
    expect(id).toMatch(/^[A-Za-z0-9]+$/);
    await clickMove(page, 'd1d2');
    await waitForPlies(page, 1);
    // The computer's answer (its engine may still be starting on a busy machine).
    await page
      .waitForFunction(() => document.querySelectorAll('[data-testid="move-list"] [data-ply]').length >= 2, undefined, { timeout: 90_000 })
      .catch(async (e: unknown) => {
        await shot(page, 'analysis-debug-no-answer');
        const state = await page.evaluate(async (g) => (await fetch(`/api/games/${g}`)).json(), id);
        console.error('no answer', await page.getByTestId('status').textContent(), JSON.stringify(state).slice(0, 600));
        throw e;
      });
    await page.getByTestId('resign').click();
    await page.locator('[role="dialog"] button.primary').click();
    await page.getByTestId('end-panel').waitFor({ state: 'visible' });

    const panel = page.getByTestId('analysis');
    await panel.waitFor({ state: 'visible' });
    await page.getByTestId('analysis-request').click();
    await page.getByTestId('eval-graph').waitFor({ timeout: 90_000 });
    // Red's king move is the blunder: marked in the move list and on the graph.
    const glyph = page.locator('[data-testid="move-list"] [data-ply="1"] [data-testid="judgement-glyph"]');
    expect(await glyph.textContent()).toBe('??');
    expect(await page.locator('.eval-graph .eval-mark.blunder[data-ply="1"]').count()).toBe(1);
    expect(await page.getByTestId('analysis-side-0').locator('.blunder').textContent()).toBe('1');
    // On the blunder: the better move (the chariot takes) in the chosen notation, and as an arrow on the board.
    await page.locator('[data-testid="move-list"] [data-ply="1"]').click();
    const judgement = page.getByTestId('analysis-judgement');
    expect(await judgement.textContent()).toMatch(/Sai lầm nghiêm trọng.*Nước tốt hơn: X9\.5/);
    // The search behind the verdict is named: its depth, from the fixed budget per position (issue 33, item 4).
    expect(await page.getByTestId('analysis-eval').textContent()).toMatch(/\(độ sâu \d+\)/);
    await expect.poll(() => page.locator('svg.cg-shapes line').count()).toBeGreaterThan(0);
    await shot(page, 'analysis-blunder-vi');
    // A click on the graph's left edge goes back to the start.
    const box = (await page.getByTestId('eval-graph').boundingBox())!;
    await page.mouse.click(box.x + 2, box.y + box.height / 2);
    await expect.poll(() => page.locator('[data-testid="move-list"] .ply.active').count()).toBe(0);

    // The position shown opens on the solo board (a link that keeps the position).
    await page.locator('[data-testid="move-list"] [data-ply="1"]').click();
    await page.getByTestId('analysis-open-board').click();
    await page.waitForURL(/\/solo\/xiangqi\?fen=/);
    await expect.poll(() => page.getByTestId('fen').inputValue()).toBe('r2aka3/9/9/9/9/R8/9/9/3K5/9 b - - 1 1');

    const later = await club.visitor({ lang: 'en' });
    await later.page.goto(`/game/${id}`);
    await later.page.getByTestId('eval-graph').waitFor({ timeout: 20_000 });
    await later.page.locator('[data-testid="move-list"] [data-ply="1"]').click();
    expect(await later.page.getByTestId('analysis-judgement').textContent()).toMatch(/Blunder.*Better was/);
    await shot(later.page, 'analysis-blunder-en');
  }, 400_000);
});

describe('rematch', () => {
  it('is offered from the end panel, accepted on the other player’s page, both pages go to the new game, and the old game stays reachable', async () => {
    const red = await club.visitor();
    const black = await club.visitor({ lang: 'en' });
    await red.page.goto('/');
    const game = await red.page.evaluate(async () => {
      const r = await fetch('/api/games', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ variant: 'janggi', color: 'first', clock: { kind: 'fischer', minutes: 5, increment: 3 }, opponent: { type: 'invite' } }),
      });
      return (await r.json()) as { id: string; invite: string };
    });
    await red.page.goto(`/game/${game.id}`);
    await black.page.goto(game.invite.replace(/^https?:\/\/[^/]+/, ''));
    await black.page.waitForURL(new RegExp(`/game/${game.id}$`));
    await red.page.getByTestId('board').waitFor();
    // Janggi: Cho (first) moves a soldier, Han answers, then Cho resigns.
    await clickMove(red.page, 'a4b4');
    await waitForPlies(black.page, 1);
    await clickMove(black.page, 'a7b7');
    await waitForPlies(red.page, 2);
    await red.page.getByTestId('resign').click();
    await red.page.locator('[role="dialog"] button.primary').click();
    await black.page.getByTestId('end-panel').waitFor({ state: 'visible' });

    await red.page.getByTestId('rematch-offer').click();
    await red.page.getByTestId('rematch-waiting').waitFor();
    await black.page.getByTestId('rematch-incoming').waitFor({ timeout: 10_000 });
    await shot(black.page, 'rematch-offered-en');
    await black.page.getByTestId('rematch-accept').click();
    for (const p of [red.page, black.page])
      await p.waitForURL((u) => /\/game\/[A-Za-z0-9]+$/.test(u.pathname) && !u.pathname.endsWith(game.id), { timeout: 15_000 });
    expect(red.page.url()).toBe(black.page.url());
    // Colours swapped: the former second player moves first now.
    await expect.poll(() => black.page.getByTestId('status').textContent()).toMatch(/your turn/i);
    await shot(red.page, 'rematch-started-vi');
    // The game just played stays reachable: its URL shows it finished, with a link to the rematch, not a redirect
    // (the link is drawn from the stored rematch, the very answer that used to redirect).
    const next = new URL(red.page.url()).pathname;
    for (const [p, link] of [
      [red.page, 'Ván đấu lại'],
      [black.page, 'The rematch'],
    ] as const) {
      await p.goto(`/game/${game.id}`);
      await p.getByTestId('end-panel').waitFor({ state: 'visible' });
      await expect.poll(() => p.getByTestId('rematch-link').getAttribute('href')).toBe(next);
      expect(await p.getByTestId('rematch-link').textContent()).toBe(link);
      expect(new URL(p.url()).pathname).toBe(`/game/${game.id}`);
    }
  });
});
