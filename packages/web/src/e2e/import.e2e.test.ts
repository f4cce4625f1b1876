/**
 * Game import in a real browser (issue 28): a visitor pastes an xqbase
 * Xiangqi record (WXF, a comment, a variation, then a move that is not
 * legal) into the analysis board's import panel, sees the legal moves on the
 * board and the error naming the line and the move, saves the game, and
 * another visitor opens the short link and gets the same moves and the
 * comment; a Janggi .gib pasted on the Xiangqi board opens Janggi's board.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { shot, startClub, type Club } from './harness.ts';

let club: Club;
beforeAll(async () => {
  club = await startClub(inject('webDir'));
});
afterAll(async () => {
  await club?.close();
});

const XQBASE = `[Game "Chinese Chess"]
[Event "Friendly"]
[Red "Hu Ronghua"]
[Black "Yang Guanlin"]
[Result "1-0"]
[Format "WXF"]

1. C2.5 {The central cannon} H8+7
2. H2+3 R9.8 (2... P7+1 3. R1.2)
3. R1+9 H2+3
1-0
`;

const GIB = `[대회명 "친선전"]
[초대국자 "김초"]
[한대국자 "이한"]
[초차림 "상마상마"]
[한차림 "마상상마"]

1. 79졸78 2. 12마33 3. 08마87 4. 한수쉼
`;

describe('game import', () => {
  it('pastes a record, shows its legal part and the error, saves it, and the short link opens the same game', async () => {
    const { page } = await club.visitor();
    await page.goto('/analysis/xiangqi');
    await page.getByTestId('analysis-board').waitFor();
    await page.getByTestId('import-panel').locator('summary').click();
    await page.getByTestId('import-text').fill(XQBASE);
    await page.getByTestId('import-read').click();
    // Four main-line moves and the two of the variation; the fifth move (R1+9) is refused.
    await expect.poll(() => page.getByTestId('tree-move').count()).toBe(6);
    const error = page.getByTestId('import-error');
    expect(await error.getAttribute('data-line')).toBe('10');
    expect(await error.textContent()).toContain('R1+9');
    await page.getByTestId('tree-move').first().click();
    expect(await page.getByTestId('node-comment').textContent()).toContain('The central cannon');
    await shot(page, 'import-pasted');

    await page.getByTestId('import-save').click();
    const link = page.getByTestId('import-link');
    await link.waitFor();
    const path = new URL((await link.getAttribute('href')) ?? '', 'http://x').pathname;
    expect(path).toMatch(/^\/i\/[A-Za-z0-9]{8}$/);

    const { page: other } = await club.visitor();
    await other.goto(path);
    await other.getByTestId('analysis-board').waitFor();
    await expect.poll(() => other.getByTestId('tree-move').count()).toBe(6);
    await other.getByTestId('tree-move').first().click();
    expect(await other.getByTestId('node-comment').textContent()).toContain('The central cannon');
    // Exported again: the club's PGN with the record's tags and the comment.
    const pgn = await other.evaluate(async (href) => (await fetch(href)).text(), (await other.getByTestId('imported-pgn').getAttribute('href')) ?? '');
    expect(pgn).toContain('[Red "Hu Ronghua"]');
    expect(pgn).toContain('{The central cannon}');
    expect(pgn).toContain('1. h3e3');
    await shot(other, 'import-short-link');
  });

  it('a Janggi .gib pasted on the Xiangqi board opens on the Janggi board', async () => {
    const { page } = await club.visitor();
    await page.goto('/analysis/xiangqi');
    await page.getByTestId('analysis-board').waitFor();
    await page.getByTestId('import-panel').locator('summary').click();
    await page.getByTestId('import-text').fill(GIB);
    await page.getByTestId('import-read').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/analysis/janggi');
    await expect.poll(() => page.getByTestId('tree-move').count()).toBe(4);
  });
});
