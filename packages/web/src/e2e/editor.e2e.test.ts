/**
 * The board editor in a real browser (issue 28): a visitor clears the
 * Xiangqi board, places the generals and a chariot from the trays by click
 * and by drag, sees why the position is invalid in Vietnamese (a general out
 * of its palace, generals facing), fixes it, sees the FEN and the address
 * follow, opens the address again, starts a game against the computer from
 * it (not rated: set position), opens the analysis board on it, comes back
 * to the editor from there with the position shown, and opens the solo board
 * on that. Sittuyin's
 * hand: a piece taken out of hand changes the FEN and the placement turn,
 * and a piece typed onto the board (the keyboard's way) is placed.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, describeViolations } from './a11y.ts';
import { shot, squarePoint, startClub, type Club } from './harness.ts';

let club: Club;
beforeAll(async () => {
  club = await startClub(inject('webDir'));
});
afterAll(async () => {
  await club?.close();
});

const status = (page: Page) => page.getByTestId('editor-status');
const verdict = (page: Page) => status(page).getAttribute('data-verdict');
const fen = (page: Page) => page.getByTestId('editor-fen').inputValue();

async function clickSquare(page: Page, square: string): Promise<void> {
  const p = await squarePoint(page, square);
  await page.mouse.click(p.x, p.y);
}

async function drag(page: Page, from: string, to: string): Promise<void> {
  const a = await squarePoint(page, from);
  const b = await squarePoint(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

describe('board editor', () => {
  it('places pieces, says why a position is invalid, follows in the FEN and address, and starts a casual game and the analysis board from it', async () => {
    const { page } = await club.visitor({ width: 1366, height: 900 });
    await page.goto('/editor/xiangqi');
    await page.getByTestId('editor-page').waitFor();
    expect(await fen(page)).toBe('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1');
    expect(await verdict(page)).toBe('playable');

    await page.getByTestId('editor-clear').click();
    expect(await verdict(page)).toBe('invalid');
    // Black's general by click from the tray, Red's on a point outside its palace.
    await page.getByTestId('tray-k').click();
    await clickSquare(page, 'd10');
    await page.getByTestId('tray-K').click();
    await clickSquare(page, 'e4');
    await expect.poll(() => status(page).textContent()).toContain('đứng ngoài cung');
    expect(await verdict(page)).toBe('invalid');
    await expect(page.getByTestId('editor-computer').isDisabled()).resolves.toBe(true);
    await expect(page.getByTestId('editor-analysis').isDisabled()).resolves.toBe(true);
    await shot(page, 'editor-xiangqi-invalid');
    // WCAG 2.1 A and AA (axe), with a reason shown.
    const invalid = await axeViolations(page, 'editor, invalid');
    expect(invalid, describeViolations(invalid)).toEqual([]);

    // Fixed by dragging it home with the move tool; a chariot dragged in from the tray.
    await page.getByTestId('tool-move').click();
    await drag(page, 'e4', 'e1');
    await expect.poll(() => fen(page)).toBe('3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1');
    // Only the two generals: a draw already, analysable but not playable.
    expect(await verdict(page)).toBe('decided');
    const tray = (await page.getByTestId('tray-R').boundingBox())!;
    const a1 = await squarePoint(page, 'a1');
    await page.mouse.move(tray.x + tray.width / 2, tray.y + tray.height / 2);
    await page.mouse.down();
    await page.mouse.move(a1.x, a1.y, { steps: 6 });
    await page.mouse.up();
    await expect.poll(() => fen(page)).toBe('3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1');
    expect(await verdict(page)).toBe('playable');

    // Black's general onto the open e-file: the generals face each other.
    await drag(page, 'd10', 'e10');
    await expect.poll(() => status(page).textContent()).toContain('Hai tướng đối mặt');
    await drag(page, 'e10', 'd10');
    await page.getByTestId('turn-1').check();
    await expect.poll(() => fen(page)).toBe('3k5/9/9/9/9/9/9/9/9/R3K4 b - - 0 1');
    expect(await verdict(page)).toBe('playable');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/editor/xiangqi');
    expect(url.searchParams.get('fen')).toBe('3k5/9/9/9/9/9/9/9/9/R3K4 b - - 0 1');
    expect(await page.getByTestId('editor-url').inputValue()).toBe(page.url());
    await shot(page, 'editor-xiangqi');

    // The address opens the same position; a game against the computer starts from it, casual and saying why.
    const { page: other } = await club.visitor({ width: 1366, height: 900 });
    await other.goto(`${url.pathname}${url.search}`);
    await other.getByTestId('editor-page').waitFor();
    expect(await fen(other)).toBe('3k5/9/9/9/9/9/9/9/9/R3K4 b - - 0 1');
    await other.getByTestId('editor-color').selectOption('first');
    await other.getByTestId('editor-computer').click();
    await other.waitForURL(/\/game\/[A-Za-z0-9]+$/);
    await expect.poll(() => other.locator('.game-meta').textContent()).toContain('không tính điểm: thế tự xếp');

    // And the analysis board from the editor.
    await page.getByTestId('editor-analysis').click();
    await page.waitForURL(/\/analysis\/xiangqi\?/);
    expect(new URL(page.url()).searchParams.get('fen')).toBe('3k5/9/9/9/9/9/9/9/9/R3K4 b - - 0 1');
    await page.getByTestId('board').waitFor();
    // Back from the analysis board to the editor ('set up a position', as lichess's analysis has) with the position shown, a move on (the editor counts moves afresh).
    await page.getByTestId('typed-move').fill('d10d9');
    await page.getByTestId('typed-move').press('Enter');
    await page.getByTestId('open-editor').click();
    await page.waitForURL(/\/editor\/xiangqi\?/);
    await page.getByTestId('editor-page').waitFor();
    expect(await fen(page)).toBe('9/3k5/9/9/9/9/9/9/9/R3K4 w - - 0 1');
    // And the solo board from the editor, on that position.
    await page.getByTestId('editor-solo').click();
    await page.waitForURL(/\/solo\/xiangqi\?/);
    await expect.poll(() => page.getByTestId('fen').inputValue()).toBe('9/3k5/9/9/9/9/9/9/9/R3K4 w - - 0 1');
  });

  it("keeps Sittuyin's pieces in hand: one taken out changes the FEN and whose placement it is", async () => {
    const { page } = await club.visitor();
    await page.goto('/editor/sittuyin');
    await page.getByTestId('editor-page').waitFor();
    expect(await page.getByTestId('hand-count-K').textContent()).toBe('1');
    await page.getByTestId('hand-minus-K').click();
    await expect.poll(() => fen(page)).toBe('8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[FRRSSNNkfrrssnn] w - - 0 1');
    expect(await verdict(page)).toBe('invalid');
    // Placed by typing (the keyboard's way), then Black to place.
    await page.getByTestId('editor-typed').fill('Ke1');
    await page.getByTestId('editor-typed').press('Enter');
    await page.getByTestId('turn-1').check();
    await expect.poll(() => fen(page)).toBe('8/8/4pppp/pppp4/4PPPP/PPPP4/8/4K3[FRRSSNNkfrrssnn] b - - 0 1');
    expect(await verdict(page)).toBe('playable');
    await shot(page, 'editor-sittuyin');
    const hand = await axeViolations(page, 'editor, Sittuyin hand');
    expect(hand, describeViolations(hand)).toEqual([]);
  });
});
