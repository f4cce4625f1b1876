/**
 * Board and page craft in a real browser: each game's coordinates on the
 * solo board (desktop and a 390 px phone), following the flip, and the
 * switch remembered across a reload. Screenshots are kept in
 * test-artifacts/e2e/.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { VARIANT_KEYS, VARIANTS } from '@youzai/rules';
import { coordLabels } from '../board/coords.ts';
import { shot, startClub, type Club } from './harness.ts';

let club: Club;
beforeAll(async () => {
  club = await startClub(inject('webDir'));
});
afterAll(async () => {
  await club?.close();
});

type Page = import('playwright-core').Page;
const strip = (page: Page, edge: string) => page.locator(`.yz-coords.${edge} span`).allTextContents();
const visible = (page: Page, edge: string) => page.locator(`.yz-coords.${edge}`).isVisible();

describe('coordinates', () => {
  for (const variant of VARIANT_KEYS) {
    it(`${variant}: printed by default, following the flip, on a desktop and a phone`, async () => {
      const v = VARIANTS[variant];
      for (const [w, hgt, name] of [
        [1280, 900, 'desktop'],
        [390, 844, 'phone'],
      ] as const) {
        const { page } = await club.visitor({ width: w, height: hgt, lang: 'en' });
        await page.goto(`/solo/${variant}`);
        await page.locator('.yz-coords.bottom span').first().waitFor();
        const white = coordLabels(v, 'white');
        for (const edge of ['top', 'bottom', 'left', 'right'] as const) {
          expect(await strip(page, edge)).toEqual(white[edge]);
          expect(await visible(page, edge)).toBe(white[edge].length > 0);
        }
        // The labels sit under their files: the bottom strip spans the board's width.
        const board = (await page.locator('.yz-board').boundingBox())!;
        const bottom = (await page.locator('.yz-coords.bottom').boundingBox())!;
        expect(Math.abs(bottom.x - board.x)).toBeLessThan(1);
        expect(Math.abs(bottom.width - board.width)).toBeLessThan(1);
        expect(bottom.y).toBeGreaterThanOrEqual(board.y + board.height - 1);
        await shot(page, `coords-${variant}-${name}`);
        await page.getByTestId('flip').click();
        const black = coordLabels(v, 'black');
        for (const edge of ['top', 'bottom', 'left', 'right'] as const) expect(await strip(page, edge)).toEqual(black[edge]);
        if (name === 'desktop') await shot(page, `coords-${variant}-flipped`);
        await page.context().close();
      }
    });
  }

  it('are switched off and stay off after a reload, then on again', async () => {
    const { page } = await club.visitor({ lang: 'vi' });
    await page.goto('/solo/xiangqi');
    const toggle = page.getByTestId('coords-toggle');
    await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('true');
    expect(await toggle.textContent()).toBe('Tọa độ');
    await toggle.click();
    expect(await visible(page, 'bottom')).toBe(false);
    await page.reload();
    await page.locator('.yz-board').waitFor();
    expect(await visible(page, 'bottom')).toBe(false);
    await expect(page.getByTestId('coords-toggle').getAttribute('aria-pressed')).resolves.toBe('false');
    await page.getByTestId('coords-toggle').click();
    expect(await visible(page, 'bottom')).toBe(true);
    expect(await visible(page, 'top')).toBe(true);
  });
});
