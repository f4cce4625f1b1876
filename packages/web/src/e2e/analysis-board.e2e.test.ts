/**
 * The analysis board in a real browser: two guests play a short Xiangqi game
 * that ends by resignation; one opens the analysis board from the game page,
 * sees the engine's depth and lines appear, goes back a move and plays
 * another (a variation), exports the PGN holding it, and shares the link;
 * another visitor opens the link and gets the same position and lines.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { clickMove, shot, startClub, type Club } from './harness.ts';

let club: Club;
beforeAll(async () => {
  club = await startClub(inject('webDir'));
});
afterAll(async () => {
  await club?.close();
});

async function post(page: Page, path: string, body: unknown = {}): Promise<{ ok: boolean; [k: string]: unknown }> {
  return page.evaluate(
    async ([p, b]) => {
      const r = await fetch(p as string, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) });
      return r.json();
    },
    [path, body] as const,
  );
}

/** The engine's depth shown, as a number (0 while none). */
const depthShown = async (page: Page) => Number(/\d+/.exec((await page.getByTestId('engine-depth').textContent()) ?? '')?.[0] ?? 0);

describe('analysis board', () => {
  it('opens from a finished game, shows depth and lines, takes a variation into its PGN, and its share link restores it', async () => {
    const { page: red } = await club.visitor();
    const { page: black } = await club.visitor();
    await red.goto('/');
    await black.goto('/');
    expect((await post(red, '/api/session')).ok).toBe(true);
    expect((await post(black, '/api/session')).ok).toBe(true);
    const g = await post(red, '/api/games', {
      variant: 'xiangqi',
      color: 'first',
      clock: { kind: 'fischer', minutes: 10, increment: 0 },
      opponent: { type: 'invite' },
    });
    const id = g.id as string;
    expect((await post(black, `/api/games/${id}/join`, { token: String(g.invite).split('/').pop() })).ok).toBe(true);
    // 1. Cannon to the centre, Horse out; 2. Horse out, then Black resigns.
    for (const [who, uci, ply] of [
      [red, 'h3e3', 0],
      [black, 'h10g8', 1],
      [red, 'h1g3', 2],
    ] as const) {
      expect((await post(who, `/api/games/${id}/move`, { uci, ply })).ok).toBe(true);
    }
    expect((await post(black, `/api/games/${id}/resign`)).ok).toBe(true);

    await red.goto(`/game/${id}`);
    await red.getByTestId('end-panel').waitFor({ state: 'visible' });
    await red.getByTestId('open-analysis-board').click();
    await red.getByTestId('analysis-board').waitFor();
    expect(new URL(red.url()).pathname).toBe('/analysis/xiangqi');
    // The game's three moves, the last one shown.
    expect(await red.getByTestId('tree-move').count()).toBe(3);
    expect(await red.locator('[data-testid="tree-move"].current').textContent()).toBe(await red.getByTestId('tree-move').nth(2).textContent());
    // The engine (it may still be starting on a busy machine) shows its depth, then lines, and deepens.
    await expect.poll(() => red.getByTestId('engine-line').count(), { timeout: 90_000 }).toBeGreaterThan(0);
    const first = await depthShown(red);
    expect(first).toBeGreaterThan(0);
    await expect.poll(() => depthShown(red), { timeout: 90_000 }).toBeGreaterThan(first);
    expect(await red.getByTestId('engine-line').count()).toBeLessThanOrEqual(3);
    await expect.poll(() => red.locator('svg.cg-shapes line').count()).toBeGreaterThan(0);
    await shot(red, 'analysis-board-lines');

    // Back one move, and Red plays the other horse instead: a variation at move 2.
    await red.keyboard.press('ArrowLeft');
    await clickMove(red, 'b1c3');
    await red.getByTestId('variation').first().waitFor();
    expect(await red.getByTestId('tree-move').count()).toBe(4);
    const shownMove = await red.locator('[data-testid="tree-move"].current').textContent();
    await expect.poll(() => red.getByTestId('engine-line').count(), { timeout: 90_000 }).toBeGreaterThan(0);

    await red.getByTestId('export-pgn').click();
    const pgn = await red.getByTestId('pgn').inputValue();
    // The same text as a file to download.
    expect(await red.getByTestId('download-pgn').getAttribute('href')).toMatch(/^blob:/);
    expect(pgn).toContain('[Variant "xiangqi"]');
    expect(pgn).toContain(`[Site "${club.base}/game/${id}"]`);
    expect(pgn.replace(/\s+/g, ' ')).toMatch(
      /1\. h3e3 (\{[^}]*\} 1\.\.\. )?h10g8 (\{[^}]*\} )?2\. h1g3 (\{[^}]*\} )?\(2\. b1c3 \{\[%eval -?\d+\.\d\d,\d+\]\}\)/,
    );

    await red.getByTestId('share').click();
    const link = await red.getByTestId('share-url').inputValue();
    expect(link).toContain('/analysis/xiangqi?');
    await shot(red, 'analysis-board-variation');

    // Another visitor, in English, opens the link: the same moves, variation and position, and lines of its own.
    const { page: other } = await club.visitor({ lang: 'en' });
    await other.goto(link);
    await other.getByTestId('analysis-board').waitFor();
    expect(await other.getByTestId('tree-move').allTextContents()).toEqual(await red.getByTestId('tree-move').allTextContents());
    expect(await other.getByTestId('variation').count()).toBe(1);
    expect(await other.locator('[data-testid="tree-move"].current').textContent()).toBe(shownMove);
    await expect.poll(() => other.getByTestId('engine-line').count(), { timeout: 90_000 }).toBeGreaterThan(0);
    expect(await other.getByTestId('engine-depth').textContent()).toMatch(/depth \d+/);
    await shot(other, 'analysis-board-shared');
  }, 400_000);

  it('opens from the solo board (Janggi) and evaluates Sittuyin placement too', async () => {
    const { page } = await club.visitor({ lang: 'en' });
    await page.goto('/solo/janggi');
    await page.getByTestId('board').waitFor();
    await page.getByTestId('open-analysis-board').click();
    await page.getByTestId('analysis-board').waitFor();
    expect(new URL(page.url()).pathname).toBe('/analysis/janggi');
    await expect.poll(() => page.getByTestId('engine-line').count(), { timeout: 90_000 }).toBeGreaterThan(0);
    await shot(page, 'analysis-board-janggi');
    await page.goto('/analysis/sittuyin');
    await expect.poll(() => page.getByTestId('engine-line').count(), { timeout: 90_000 }).toBeGreaterThan(0);
    // Placement: the lines are drops, written in the game's notation.
    expect(await page.getByTestId('engine-line').first().textContent()).toMatch(/@|[A-Z]/);
    // The best drops are circled on their squares.
    await expect.poll(() => page.locator('svg.cg-shapes circle').count()).toBeGreaterThan(0);
    await shot(page, 'analysis-board-sittuyin');
  }, 300_000);
});
