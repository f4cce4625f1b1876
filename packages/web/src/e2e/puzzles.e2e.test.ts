/**
 * The puzzle trainer in a real browser: one shipped puzzle of each game
 * solved by clicking the board (the opponent's replies are played for the
 * solver), and one failed, which shows the solution.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkMove, type Puzzle } from '@youzai/puzzles';
import { legalUcis, parseFen, parseUci, VARIANT_KEYS, VARIANTS, type VariantKey } from '@youzai/rules';
import { clickMove, shot, startClub, type Club } from './harness.ts';

/** A poll's patience: a browser on a busy machine can take seconds to draw what a timer of 450 ms scheduled (the default is 1 s). */
const SLOW = { timeout: 15_000 } as const;

let club: Club;
beforeAll(async () => {
  club = await startClub(inject('webDir'));
});
afterAll(async () => {
  await club?.close();
});

const BOARD_MOVE = /^([a-i]\d+)([a-i]\d+)$/;
const clickable = (u: string) => {
  const m = BOARD_MOVE.exec(u);
  return m !== null && m[1] !== m[2];
};

function shipped(variant: VariantKey): Puzzle[] {
  const file = JSON.parse(readFileSync(fileURLToPath(new URL(`../../../puzzles/data/${variant}.json`, import.meta.url)), 'utf8')) as { puzzles: Puzzle[] };
  // Puzzles whose solver moves are all plain board moves (no promotion dialog), shortest lines first.
  return file.puzzles
    .filter((p) => p.solution.every((u, i) => i % 2 === 1 || clickable(u)))
    .sort((a, b) => a.solution.length - b.solution.length || a.id.localeCompare(b.id));
}

const plies = (page: import('playwright-core').Page) => page.locator('[data-testid="move-list"] [data-ply]').count();

describe('the puzzle trainer', () => {
  for (const variant of VARIANT_KEYS) {
    it(`solves a ${variant} puzzle by clicking, the replies played for the solver`, async () => {
      const puzzle = shipped(variant).find((p) => p.solution.length >= 3) ?? shipped(variant)[0]!;
      const { page } = await club.visitor();
      await page.goto(`/puzzle/${puzzle.id}`);
      await page.getByTestId('puzzle-kind').waitFor();
      expect(await page.locator('.puzzle-page .tabs a.active').getAttribute('href')).toBe(`/puzzles/${variant}`);
      for (let i = 0; i < puzzle.solution.length; i += 2) {
        await expect.poll(() => plies(page), SLOW).toBe(i);
        await clickMove(page, puzzle.solution[i]!);
      }
      await expect.poll(() => page.getByTestId('puzzle-status').getAttribute('data-phase'), SLOW).toBe('solved');
      expect(await plies(page)).toBe(puzzle.solution.length);
      await page.getByTestId('puzzle-rating').waitFor();
      expect(await page.getByTestId('puzzle-rating').textContent()).toMatch(/\+\d+/);
      await shot(page, `puzzle-solved-${variant}`);
    });
  }

  it("accepts another move that wins as fast (an alternative line) and plays that line's reply", async () => {
    // Xiangqi x7n188c7, a mate in 2: the line plays e4g3; e4c5 mates in 2 as well (packages/puzzles, the check).
    const puzzle = shipped('xiangqi').find((p) =>
      (p.alternatives ?? []).some((l) => l[0] !== p.solution[0] && l.every((u, i) => i % 2 === 1 || clickable(u))),
    )!;
    const alt = puzzle.alternatives!.find((l) => l[0] !== puzzle.solution[0] && l.every((u, i) => i % 2 === 1 || clickable(u)))!;
    const { page } = await club.visitor({ lang: 'en' });
    await page.goto(`/puzzle/${puzzle.id}`);
    await page.getByTestId('puzzle-kind').waitFor();
    for (let i = 0; i < alt.length; i += 2) {
      await expect.poll(() => plies(page), SLOW).toBe(i);
      await clickMove(page, alt[i]!);
    }
    await expect.poll(() => page.getByTestId('puzzle-status').getAttribute('data-phase'), SLOW).toBe('solved');
    expect(await plies(page)).toBe(alt.length);
    await shot(page, 'puzzle-alternative-xiangqi');
  });

  it('shows the puzzle of the day on the home page, which opens in the trainer', async () => {
    const { page } = await club.visitor({ width: 360, height: 740 });
    await page.goto('/');
    const daily = page.locator('[data-testid="daily-puzzle"][href^="/puzzle/"]');
    await daily.waitFor();
    await daily.locator('.yz-board').waitFor();
    await shot(page, 'home-daily-puzzle-phone');
    const href = (await daily.getAttribute('href'))!;
    await daily.click();
    await page.waitForURL(new RegExp(`${href}$`));
    await page.getByTestId('puzzle-kind').waitFor();
  });

  it('fails on a wrong move and shows the solution, which can be stepped through', async () => {
    const puzzle = shipped('xiangqi')[0]!;
    const pos = parseFen(VARIANTS.xiangqi, puzzle.fen);
    if (!pos.ok) throw new Error(pos.error.message);
    const wrong = legalUcis(pos.value).find((u) => clickable(u) && checkMove(puzzle, 0, u) === 'wrong' && parseUci(pos.value, u).ok)!;
    const { page } = await club.visitor({ lang: 'en' });
    await page.goto(`/puzzle/${puzzle.id}`);
    await page.getByTestId('puzzle-kind').waitFor();
    await clickMove(page, wrong);
    await expect.poll(() => page.getByTestId('puzzle-status').getAttribute('data-phase'), SLOW).toBe('failed');
    // The solution replaces the wrong move, shown from the puzzle's position.
    await expect.poll(() => plies(page), SLOW).toBe(puzzle.solution.length);
    await page.getByTestId('nav-last').click();
    await page.getByTestId('puzzle-rating').waitFor();
    expect(await page.getByTestId('puzzle-rating').textContent()).toMatch(/-\d+/);
    expect(await page.getByTestId('puzzle-retry').count()).toBe(1);
    await shot(page, 'puzzle-failed-xiangqi');
  });
});
