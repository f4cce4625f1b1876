/**
 * Keyboard and screen readers (issue 33, item 9). axe-core (WCAG 2.1 A and
 * AA) on every page state a player meets: home and lobby, a game played,
 * watched and finished, the analysis board, the solo board, Learn, puzzles,
 * tournaments, a profile, the settings panel, rooms, TV, login and register;
 * then the admins' pages (moderation, with a report and a fair-play report
 * pending and done; ops), a saved import's short link and a puzzle's own
 * page. Any violation fails, each listed with its page state. Then what axe does
 * not check: the board's text view, the settings panel's focus, the bell's
 * Escape, the move list's one Tab stop, typed moves on the analysis board
 * and in the lessons.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations, describeViolations, type Violation } from './a11y.ts';
import { shot, startClub, waitForPlies, type Club } from './harness.ts';

let club: Club;
/** The club's admin (ADMINS): claimed by the operator, never registered over HTTP. */
const ADMIN = 'quantri';
beforeAll(async () => {
  // ANALYSIS_NODES: the fair-play report's analysis need only finish here (its figures are tested in moderation/): 20,000
  // nodes a position instead of 300,000, which kept one core busy for 150-220 s of a full run.
  club = await startClub(inject('webDir'), { TOURNAMENT_MIN_RATED_GAMES: '0', LIMITS: 'off', ADMINS: ADMIN, ANALYSIS_NODES: '20000' });
});
afterAll(async () => {
  await club?.close();
});

async function call(page: Page, method: string, path: string, body?: unknown): Promise<{ ok: boolean; [k: string]: unknown }> {
  return page.evaluate(
    async ([m, p, b]) => {
      const r = await fetch(p as string, {
        method: m as string,
        headers: { 'content-type': 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return r.json();
    },
    [method, path, body] as const,
  );
}
const post = (page: Page, path: string, body: unknown = {}) => call(page, 'POST', path, body);

async function register(page: Page, username: string): Promise<void> {
  await page.goto('/');
  expect((await post(page, '/api/register', { username, password: 'correct horse' })).ok).toBe(true);
}

/** A game between two pages (the first plays the first side), after these moves; Xiangqi and casual unless told. */
async function game(red: Page, black: Page, moves: readonly string[], variant = 'xiangqi', rated = false): Promise<string> {
  const g = await post(red, '/api/games', {
    variant,
    color: 'first',
    clock: { kind: 'fischer', minutes: 10, increment: 0 },
    opponent: { type: 'invite' },
    rated,
  });
  const id = g.id as string;
  expect((await post(black, `/api/games/${id}/join`, { token: String(g.invite).split('/').pop() })).ok).toBe(true);
  for (const [ply, uci] of moves.entries()) expect((await post(ply % 2 ? black : red, `/api/games/${id}/move`, { uci, ply })).ok).toBe(true);
  return id;
}

/** Opens a path and waits for the element that says its page is drawn (and for its requests to settle). */
async function open(page: Page, path: string, ready: string): Promise<void> {
  await page.goto(path);
  await page.locator(ready).first().waitFor();
  await page.waitForLoadState('networkidle').catch(() => undefined);
}

describe('accessibility', () => {
  it('axe (WCAG 2.1 A/AA) finds no violation on any page state', async () => {
    const found: Violation[] = [];
    let since = Date.now();
    const took: string[] = [];
    const check = async (page: Page, state: string) => {
      found.push(...(await axeViolations(page, state)));
      took.push(`${state} ${Date.now() - since} ms`);
      since = Date.now();
    };
    const { page: red } = await club.visitor();
    const { page: black } = await club.visitor();
    const { page: other } = await club.visitor({ lang: 'en' });
    await register(red, 'hongquan');
    await register(black, 'hacquan');
    await other.goto('/');
    expect((await post(other, '/api/session')).ok).toBe(true);

    await open(red, '/', '[data-testid="home"]');
    await check(red, 'home');
    // The lobby with a seek open.
    await open(other, '/', '[data-testid="home"]');
    await other.getByTestId('mode-seek').click();
    await other.getByTestId('create-submit').click();
    await red.locator('[data-testid="seeks"] [data-testid="seek-accept"]').first().waitFor();
    await check(red, 'home with a seek');
    await red.getByTestId('settings-button').click();
    await red.getByTestId('settings').waitFor();
    await check(red, 'settings panel open');
    await red.keyboard.press('Escape');
    await red.getByTestId('bell').click();
    await red.getByTestId('bell-panel').waitFor();
    await check(red, 'bell open');
    await red.keyboard.press('Escape');

    const playing = await game(red, black, ['h3e3', 'h10g8']);
    await open(red, `/game/${playing}`, '[data-testid="typed-move"]');
    await waitForPlies(red, 2);
    await check(red, 'game, playing');
    await open(other, `/game/${playing}`, '[data-testid="game-page"] .yz-board');
    await waitForPlies(other, 2);
    await check(other, 'game, watched (en)');
    await open(other, '/live', 'main h1');
    await check(other, 'live games');
    await open(other, '/tv', '[data-testid="tv"]');
    await check(other, 'TV');

    const finished = await game(red, black, ['h3e3', 'h10g8', 'h1g3']);
    expect((await post(black, `/api/games/${finished}/resign`)).ok).toBe(true);
    await open(red, `/game/${finished}`, '[data-testid="end-panel"]');
    await check(red, 'game, finished');
    await red.getByTestId('open-analysis-board').click();
    await red.getByTestId('tree-move').first().waitFor();
    await check(red, 'analysis board');

    await open(red, '/solo/xiangqi', '[data-testid="solo-page"] .yz-board');
    await check(red, 'solo board');
    await open(red, '/learn', '[data-testid="learn-page"]');
    await check(red, 'Learn');
    await open(red, '/learn/xiangqi/chariot', '[data-testid="learn-lesson"]');
    await check(red, 'Learn lesson');
    await open(red, '/puzzles/xiangqi', '[data-testid="puzzle-page"] .yz-board');
    await check(red, 'puzzles');
    await open(red, '/tournaments', '[data-testid="tour-lists"]');
    await check(red, 'tournaments');
    const tour = await post(red, '/api/tournaments', {
      name: 'Arena tối',
      kind: 'arena',
      variant: 'xiangqi',
      clock: { kind: 'fischer', minutes: 3, increment: 2 },
      startsAt: (await club.now()) + 30 * 60_000,
      minutes: 30,
    });
    expect(tour.ok).toBe(true);
    await open(red, `/tournament/${tour.id as string}`, '[data-testid="tournament-page"] [data-testid="tour-title"]');
    await check(red, 'tournament');
    await open(red, '/@/hacquan', '[data-testid="profile"] [data-testid="recent"]');
    await check(red, 'profile');
    await open(red, '/leaderboard', 'main h1');
    await check(red, 'leaderboard');
    await open(red, '/rooms', 'main h1');
    await check(red, 'rooms');
    const room = await post(red, '/api/rooms', { name: 'Phòng cờ' });
    expect(room.ok).toBe(true);
    await open(red, `/rooms/${room.id as string}`, '[data-testid="room"]');
    await check(red, 'room');
    await open(red, '/rules/janggi', 'main h1');
    await check(red, 'rules');
    // Sittuyin in its placement: the pockets.
    const placing = await game(red, black, [], 'sittuyin');
    await open(red, `/game/${placing}`, '[data-testid="typed-move"]');
    await check(red, 'Sittuyin game, placement');
    // A phone, its menu open.
    const { page: phone } = await club.visitor({ width: 390, height: 844 });
    await open(phone, '/', '[data-testid="home"]');
    await phone.getByTestId('menu-button').click();
    await check(phone, 'home on a phone, menu open');
    const { page: guest } = await club.visitor();
    await open(guest, '/login', '[data-testid="auth-submit"]');
    await check(guest, 'login');
    await open(guest, '/register', '[data-testid="auth-submit"]');
    await check(guest, 'register');

    console.log(took.join('; '));
    console.log(`axe: ${found.length} violation(s) in ${new Set(found.map((v) => v.state)).size} page state(s)\n${describeViolations(found)}`);
    expect(describeViolations(found)).toBe('');
  }, 300_000);

  it('axe finds no violation on the admins’ pages (moderation with its fair-play reports, ops), a saved import and a puzzle', async () => {
    const found: Violation[] = [];
    const check = async (page: Page, state: string) => {
      found.push(...(await axeViolations(page, state)));
    };
    const { page: admin } = await club.visitor();
    await admin.goto('/');
    await club.claimAdmin(ADMIN, 'a long pass phrase');
    expect((await post(admin, '/api/login', { username: ADMIN, password: 'a long pass phrase' })).ok).toBe(true);
    // A rated game, finished, and its loser's report of the winner for engine use: what a fair-play report is asked on.
    const { page: winner } = await club.visitor();
    const { page: loser } = await club.visitor();
    await register(winner, 'nghivan');
    await register(loser, 'tocao');
    const played = await game(winner, loser, ['h3e3', 'h10g8', 'h1g3', 'i10h10'], 'xiangqi', true);
    expect((await post(loser, `/api/games/${played}/resign`)).ok).toBe(true);
    const report = await post(loser, '/api/reports', { user: 'nghivan', game: played, reason: 'cheat', text: 'Nước nào cũng như máy' });
    expect(report.ok).toBe(true);
    const asked = await post(admin, '/api/admin/fair-play', { user: 'nghivan', report: report.id });
    expect(asked.ok).toBe(true);
    const fairPlayId = (asked.report as { id: string }).id;
    await open(admin, '/admin/moderation', '[data-testid="fairplay-report"]');
    await admin.getByTestId('mod-report').first().waitFor();
    await check(admin, 'moderation: a report, a fair-play report pending');
    // Its one game analysed by the engine, the figures are computed when the report is read.
    await expect
      .poll(async () => ((await call(admin, 'GET', `/api/admin/fair-play/${fairPlayId}`)).report as { state: string }).state, {
        // Five positions of 20,000 nodes after the engine worker starts.
        timeout: 120_000,
        interval: 1000,
      })
      .toBe('done');
    await open(admin, '/admin/moderation', '[data-testid="fairplay-report"] table');
    await check(admin, 'moderation: the fair-play report done');
    await shot(admin, 'a11y-moderation-fair-play');
    await open(admin, '/admin/ops', '[data-testid="ops-nodes"]');
    await check(admin, 'ops');

    const saved = await post(winner, '/api/import?save=1', {
      text: '[Variant "xiangqi"]\n[Red "Đỏ"]\n[Black "Đen"]\n\n1. h3e3 {Pháo đầu} h10g8 2. h1g3 (2. b1c3) i10h10 *\n',
    });
    expect(saved.ok).toBe(true);
    await open(winner, `/i/${saved.id as string}`, '[data-testid="tree-move"]');
    await check(winner, 'a saved import (/i/{id})');
    const puzzles = JSON.parse(readFileSync(fileURLToPath(new URL('../../../puzzles/data/xiangqi.json', import.meta.url)), 'utf8')) as {
      puzzles: { id: string }[];
    };
    await open(winner, `/puzzle/${puzzles.puzzles[0]!.id}`, '[data-testid="puzzle-kind"]');
    await check(winner, 'a puzzle (/puzzle/{id})');

    console.log(`axe: ${found.length} violation(s) in ${new Set(found.map((v) => v.state)).size} page state(s)\n${describeViolations(found)}`);
    expect(describeViolations(found)).toBe('');
  }, 240_000);

  /** A registered player (Red) and a guest (Black) in a Xiangqi game of three moves, Red's page open on it. */
  async function redAndBlack(name: string): Promise<{ red: Page; black: Page; id: string }> {
    const { page: red } = await club.visitor();
    const { page: black } = await club.visitor();
    await register(red, name);
    await black.goto('/');
    expect((await post(black, '/api/session')).ok).toBe(true);
    const id = await game(red, black, ['h3e3', 'h10g8', 'h1g3']);
    await open(red, `/game/${id}`, '[data-testid="typed-move"]');
    await waitForPlies(red, 3);
    return { red, black, id };
  }
  const boardText = (page: Page) => page.getByTestId('board-text').first().textContent();
  const liveText = (page: Page) => page.getByTestId('board-live').first().textContent();
  const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

  it('the game board is a Tab stop read as text in the chosen notation, and a move arriving is said', async () => {
    const { red, black, id } = await redAndBlack('bandoc');
    // Vietnamese notation, the default: points by each side's own files, as its moves count them.
    const board = red.locator('[data-testid="game-page"] [data-testid="board"]');
    await board.focus();
    expect(await focused(red)).toBe('board');
    expect(await board.getAttribute('aria-describedby')).toBeTruthy();
    expect(await boardText(red)).toContain('Đỏ: Tướng cột 5 hàng 1;');
    expect(await boardText(red)).toContain('Lượt Đen đi.');
    expect((await post(black, `/api/games/${id}/move`, { uci: 'b10c8', ply: 3 })).ok).toBe(true);
    await expect.poll(() => liveText(red), { timeout: 10_000 }).toMatch(/^Đen đi M\d.\d\. Lượt Đỏ đi\.$/);
  });

  it('Janggi reads in Korean notation (points rank then file) and Sittuyin says its hand', async () => {
    const { page: en } = await club.visitor({ lang: 'en' });
    await open(en, '/solo/janggi', '[data-testid="solo-page"] .yz-board');
    expect(await boardText(en)).toContain('Cho: General 95; Guard 04, 06;');
    await en.getByTestId('typed-move').fill('b1c3');
    await en.getByTestId('typed-move').press('Enter');
    await expect.poll(() => liveText(en), { timeout: 10_000 }).toBe('Cho played 02마83. Han to move.');
    await open(en, '/solo/sittuyin', '[data-testid="solo-page"] .yz-board');
    expect(await boardText(en)).toContain('In hand: King, General (Sit-ke), Elephant (Sin) ×2, Horse ×2, Rook ×2.');
  });

  it('the move list is one Tab stop, and Tab leaves it', async () => {
    const { red } = await redAndBlack('danhsach');
    expect(await red.locator('[data-testid="move-list"] button.ply').count()).toBe(3);
    const stops = red.locator('[data-testid="move-list"] button.ply:not([tabindex="-1"])');
    expect(await stops.count()).toBe(1);
    await stops.focus();
    await red.keyboard.press('Tab');
    expect(await red.evaluate(() => document.activeElement?.closest('[data-testid="move-list"]') ?? null)).toBeNull();
  });

  it('a header control used from the keyboard keeps the focus when the header is drawn anew (the sound switch; a welcome after a reconnection draws it too)', async () => {
    const { page } = await club.visitor();
    await register(page, 'amthanh');
    await open(page, '/', '[data-testid="home"]');
    const pressed = await page.getByTestId('sound-switch').getAttribute('aria-pressed');
    await page.getByTestId('sound-switch').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('sound-switch').getAttribute('aria-pressed')).not.toBe(pressed);
    expect(await focused(page)).toBe('sound-switch');
  });

  it('the settings panel keeps the focus while open (Tab and Shift+Tab go round it) and gives it back to its button', async () => {
    const { page } = await club.visitor();
    await register(page, 'caidat');
    await open(page, '/', '[data-testid="home"]');
    await page.getByTestId('settings-button').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('settings').waitFor();
    // More presses than it has controls, each way: round and round inside.
    const inside = () => page.evaluate(() => !!document.activeElement?.closest('[data-testid="settings"]'));
    const controls = await page.locator('[data-testid="settings"] select, [data-testid="settings"] input, [data-testid="settings"] button').count();
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let i = 0; i < controls + 2; i++) {
        await page.keyboard.press(key);
        expect(await inside()).toBe(true);
      }
    }
    await page.keyboard.press('Escape');
    await page.getByTestId('settings').waitFor({ state: 'detached' });
    expect(await focused(page)).toBe('settings-button');
  });

  it('Escape closes the bell, the focus kept on it', async () => {
    const { page } = await club.visitor();
    await register(page, 'chuong');
    await open(page, '/', '[data-testid="home"]');
    await page.getByTestId('bell').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('bell-panel').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('bell-panel').waitFor({ state: 'hidden' });
    expect(await focused(page)).toBe('bell');
  });

  it('the analysis board and the lessons take typed moves; the variations tree is one Tab stop', async () => {
    const { page: en } = await club.visitor({ lang: 'en' });
    await open(en, '/analysis/xiangqi', '[data-testid="analysis-board"] .yz-board');
    const typed = en.getByTestId('typed-move');
    for (const uci of ['h3e3', 'h10g8']) {
      await typed.fill(uci);
      await typed.press('Enter');
    }
    await expect.poll(() => en.getByTestId('tree-move').count()).toBe(2);
    expect(await en.locator('[data-testid="tree-move"]:not([tabindex="-1"])').count()).toBe(1);
    await typed.fill('zz9');
    await typed.press('Enter');
    await expect.poll(() => en.getByTestId('status').textContent()).toContain('zz9');

    // The chariot lesson: its stars are in the text view; both reached by typed moves.
    await open(en, '/learn/xiangqi/chariot', '[data-testid="learn-lesson"] .yz-board');
    await expect.poll(() => boardText(en)).toMatch(/Targets \(stars\): file \d rank \d+, file \d rank \d+\./);
    for (const uci of ['a1a6', 'a6h6']) {
      await typed.fill(uci);
      await typed.press('Enter');
    }
    await expect.poll(() => en.getByTestId('status').getAttribute('data-state')).toBe('solved');
  });
});
