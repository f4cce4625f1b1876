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
    await clickMove(page, 'd1d2');
    await waitForPlies(page, 2);
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
    await expect.poll(() => page.locator('svg.cg-shapes line').count()).toBeGreaterThan(0);
    await shot(page, 'analysis-blunder-vi');
    // A click on the graph's left edge goes back to the start.
    const box = (await page.getByTestId('eval-graph').boundingBox())!;
    await page.mouse.click(box.x + 2, box.y + box.height / 2);
    await expect.poll(() => page.locator('[data-testid="move-list"] .ply.active').count()).toBe(0);

    const later = await club.visitor({ lang: 'en' });
    await later.page.goto(`/game/${id}`);
    await later.page.getByTestId('eval-graph').waitFor({ timeout: 20_000 });
    await later.page.locator('[data-testid="move-list"] [data-ply="1"]').click();
    expect(await later.page.getByTestId('analysis-judgement').textContent()).toMatch(/Blunder.*Better was/);
    await shot(later.page, 'analysis-blunder-en');
  });
});
