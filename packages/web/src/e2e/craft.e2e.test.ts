/**
 * Board and page craft in a real browser: each game's coordinates on the
 * solo board (desktop and a 390 px phone), following the flip, and the
 * switch remembered across a reload; the phone's compact header with its
 * menu button, and a game's board and clocks on one 390×844 screen; the
 * settings panel (board, piece sets, coordinates) remembered across a reload and
 * per account, and every piece set of every game drawn. Screenshots are kept in
 * test-artifacts/e2e/.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { VARIANT_KEYS, VARIANTS, type VariantKey } from '@youzai/rules';
import { coordLabels } from '../board/coords.ts';
import { clickMove, shot, startClub, waitForPlies, type Club } from './harness.ts';

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

  it('janggi: the labels write points as the move list does, Korean by default, algebraic when chosen', async () => {
    const { page } = await club.visitor({ lang: 'en' });
    await page.goto('/solo/janggi');
    await page.locator('.yz-coords.bottom span').first().waitFor();
    // The Korean convention: files 1–9 from Cho's left, ranks 1–9 then 0 from Han's edge down.
    expect(await strip(page, 'bottom')).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(await strip(page, 'left')).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '0']);
    const moves = page.locator('[data-testid="move-list"] [data-ply]');
    await clickMove(page, 'h1g3');
    await waitForPlies(page, 1);
    // Typed in the same notation, Hanja as in Korean game records.
    await page.getByTestId('typed-move').fill('12馬33');
    await page.getByTestId('typed-move').press('Enter');
    await waitForPlies(page, 2);
    expect(await moves.allTextContents()).toEqual(['08마87', '12마33']);
    await shot(page, 'coords-janggi-korean-moves');
    await openSettings(page);
    expect(await page.getByTestId('notation-janggi').inputValue()).toBe('janggi-korean');
    await page.getByTestId('notation-janggi').selectOption('janggi-algebraic');
    await page.getByTestId('settings-close').click();
    expect(await strip(page, 'bottom')).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']);
    expect(await strip(page, 'left')).toEqual(['10', '9', '8', '7', '6', '5', '4', '3', '2', '1']);
    expect(await moves.allTextContents()).toEqual(['Hg3', 'Hc8']);
    await shot(page, 'coords-janggi-algebraic');
    // Back from the move list's own switch: one choice, so the board follows it too.
    await page.locator('select.notation').selectOption('janggi-korean');
    expect(await strip(page, 'bottom')).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(await moves.allTextContents()).toEqual(['08마87', '12마33']);
    await page.context().close();
  });

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

/** The right edge of every visible element of the header, and the page's width. */
async function headerOverflow(page: Page): Promise<{ widest: number; width: number; names: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    let widest = 0;
    const names: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('header.top *')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      widest = Math.max(widest, r.right);
      if (r.right > width + 0.5 || r.left < -0.5) names.push(el.textContent ?? el.tagName);
    }
    return { widest, width, names };
  });
}

async function createInvite(page: Page, variant: VariantKey): Promise<{ url: string; invite: string }> {
  await page.goto('/');
  await page.getByTestId('mode-friend').click();
  const form = page.getByTestId('create-form');
  await form.locator('select[name="variant"]').selectOption(variant);
  await page.getByTestId('create-submit').click();
  await page.waitForURL(/\/game\/[A-Za-z0-9]+$/);
  return { url: page.url(), invite: await page.getByTestId('invite-url').inputValue() };
}

describe('the phone', () => {
  it('has a compact header: nothing off the edge, the menu behind a button', async () => {
    for (const lang of ['vi', 'en'] as const) {
      const { page } = await club.visitor({ width: 390, height: 844, lang });
      await page.goto('/');
      await page.locator('nav.menu a').first().waitFor({ state: 'attached' });
      const header = (await page.locator('header.top').boundingBox())!;
      expect(header.height).toBeLessThan(64);
      const closed = await headerOverflow(page);
      expect(closed.names).toEqual([]);
      expect(await page.locator('nav.menu').isVisible()).toBe(false);
      if (lang === 'vi') await shot(page, 'phone-header-closed');
      const button = page.getByTestId('menu-button');
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      await button.click();
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      // Open: every menu item and tool is on screen.
      const open = await headerOverflow(page);
      expect(open.names).toEqual([]);
      for (const a of await page.locator('nav.menu a').all()) expect(await a.isVisible()).toBe(true);
      expect(await page.getByTestId('lang-switch').isVisible()).toBe(true);
      expect(await page.getByTestId('sound-switch').isVisible()).toBe(true);
      if (lang === 'vi') await shot(page, 'phone-header-open');
      // A link closes it.
      await page.locator('nav.menu a[href="/solo"]').click();
      await page.waitForURL(/\/solo$/);
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      expect(await page.locator('nav.menu').isVisible()).toBe(false);
      await page.context().close();
    }
  });

  it('shows the desktop header in one piece, with no menu button', async () => {
    const { page } = await club.visitor({ width: 1280, height: 900 });
    await page.goto('/');
    await page.locator('nav.menu a').first().waitFor();
    expect(await page.getByTestId('menu-button').isVisible()).toBe(false);
    expect(await page.locator('nav.menu').isVisible()).toBe(true);
    expect((await headerOverflow(page)).names).toEqual([]);
    await page.context().close();
  });

  for (const variant of VARIANT_KEYS) {
    it(`${variant}: a game's board and both clocks fit one 390×844 screen without scrolling`, async () => {
      const a = await club.visitor({ width: 390, height: 844 });
      const b = await club.visitor({ width: 390, height: 844 });
      const game = await createInvite(a.page, variant);
      await b.page.goto(game.invite.replace(/^https?:\/\/[^/]+/, ''));
      await b.page.waitForURL(/\/game\/[A-Za-z0-9]+$/);
      for (const [who, page] of [
        ['first', a.page],
        ['second', b.page],
      ] as const) {
        await page.locator('.player.bottom .clock').waitFor({ timeout: 20_000 });
        await page.evaluate(() => window.scrollTo(0, 0));
        const vh = 844;
        for (const sel of ['.player.top', '[data-testid="board"]', '.player.bottom']) {
          const box = (await page.locator(sel).first().boundingBox())!;
          expect(box.y, `${sel} top`).toBeGreaterThanOrEqual(0);
          expect(box.y + box.height, `${sel} bottom (${who})`).toBeLessThanOrEqual(vh);
        }
        expect((await headerOverflow(page)).names).toEqual([]);
        if (who === 'first') await shot(page, `phone-game-${variant}`);
      }
      await a.page.context().close();
      await b.page.context().close();
    });
  }
});

describe('the game page', () => {
  it('names players, game and turn in the tab; a spectator has no typed-move box and is counted, live on every page', { timeout: 240_000 }, async () => {
    const a = await club.visitor({ lang: 'vi' });
    const b = await club.visitor({ lang: 'vi' });
    const game = await createInvite(a.page, 'xiangqi');
    await b.page.goto(game.invite.replace(/^https?:\/\/[^/]+/, ''));
    await b.page.waitForURL(/\/game\/[A-Za-z0-9]+$/);
    await a.page.locator('.player.bottom .clock').waitFor({ timeout: 20_000 });
    // Red (the first mover) is to move: its tab says so first, and both tabs name the game and its turn.
    // Both tabs: the second page's title is the page's own ('Các nước đi · Youzai') until its game state arrives.
    for (const p of [a.page, b.page]) await p.waitForFunction(() => document.title.includes('Lượt') || document.title.startsWith('▶'));
    const titles = [await a.page.title(), await b.page.title()];
    for (const title of titles) {
      expect(title).toMatch(/ – /);
      expect(title).toContain('Cờ tướng');
      expect(title).toContain('Lượt Đỏ');
      expect(title).toMatch(/Youzai$/);
    }
    expect(titles.filter((x) => x.startsWith('▶ Đến lượt bạn')).length).toBe(1);
    expect(await a.page.getByTestId('typed-move').isVisible()).toBe(true);
    // Both first moves, so the game is not aborted by its first-move deadline while the watchers come (a slow machine).
    const [red, black] = titles[0]!.startsWith('▶') ? [a.page, b.page] : [b.page, a.page];
    await clickMove(red, 'h3e3');
    await waitForPlies(black, 1);
    await clickMove(black, 'h10g8');
    await waitForPlies(red, 2);

    const watcher = await club.visitor({ lang: 'vi' });
    await watcher.page.goto(new URL(game.url).pathname);
    await watcher.page.locator('[data-testid="board"] piece').first().waitFor();
    expect(await watcher.page.getByTestId('typed-move').isVisible()).toBe(false);
    expect(await watcher.page.title()).not.toContain('▶');
    // A second watcher's page counts the first: wait until the server has counted the first watcher's socket (its game
    // read says so), then open the second page and read the count it shows.
    const path = new URL(game.url).pathname;
    const id = path.split('/').pop()!;
    const count = () => watcher.page.evaluate(async (g) => ((await (await fetch(`/api/games/${g}`)).json()) as { spectators: number }).spectators, id);
    await expect.poll(count, { timeout: 60_000, interval: 500 }).toBeGreaterThanOrEqual(1);
    const second = await club.visitor({ lang: 'vi' });
    await second.page.goto(path);
    await second.page.locator('[data-testid="board"] piece').first().waitFor();
    await expect.poll(() => second.page.getByTestId('watchers').textContent(), { timeout: 30_000 }).toMatch(/^[12] người xem$/);
    await shot(second.page, 'game-spectator');
    // The count is pushed: the players' pages, opened before anyone watched and with no move since, follow it as
    // watchers come and go.
    await expect.poll(() => a.page.getByTestId('watchers').textContent(), { timeout: 30_000 }).toBe('2 người xem');
    await expect.poll(() => b.page.getByTestId('watchers').textContent(), { timeout: 30_000 }).toBe('2 người xem');
    await second.page.context().close();
    await expect.poll(() => a.page.getByTestId('watchers').textContent(), { timeout: 30_000 }).toBe('1 người xem');
    await expect.poll(() => watcher.page.getByTestId('watchers').textContent(), { timeout: 30_000 }).toBe('1 người xem');
    await shot(a.page, 'game-player-watched');
    for (const v of [a, b, watcher]) await v.page.context().close();
  });
});

describe('the keyboard', () => {
  it('reaches a skip link first, which takes it past the header to the page', async () => {
    const { page } = await club.visitor({ lang: 'en' });
    await page.goto('/');
    await page.locator('nav.menu a').first().waitFor();
    const skip = page.locator('a.skip-link');
    expect((await skip.boundingBox())!.y).toBeLessThan(0); // hidden until focused
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('skip-link');
    expect(await skip.textContent()).toBe('Skip to main content');
    expect((await skip.boundingBox())!.y).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    // The sound button says its state; its title says what a click does.
    const sound = page.getByTestId('sound-switch');
    expect(await sound.textContent()).toContain('Sound: on');
    expect(await sound.getAttribute('title')).toBe('Click to turn move sounds off');
    await page.context().close();
  });
});

describe('the puzzle trainer', () => {
  it('offers a hint (the piece to move, ringed) and the solution while solving', async () => {
    const { page } = await club.visitor({ lang: 'en' });
    await page.goto('/puzzles/xiangqi');
    await page.getByTestId('puzzle-kind').waitFor();
    expect(await page.getByTestId('puzzle-next').count()).toBe(0);
    await page.getByTestId('puzzle-hint').click();
    expect(await page.getByTestId('puzzle-status').textContent()).toMatch(/^Hint: move your \w+/);
    // The ring: chessground draws a shape whose start and end are one point as a circle.
    await expect.poll(() => page.locator('.yz-board svg circle').count()).toBeGreaterThan(0);
    await shot(page, 'puzzle-hint');
    await page.getByTestId('puzzle-solution').click();
    await expect.poll(() => page.getByTestId('puzzle-status').getAttribute('data-phase')).toBe('failed');
    expect(await page.getByTestId('puzzle-status').textContent()).toContain('Here is the solution');
    await page.getByTestId('puzzle-next').waitFor();
    expect(await page.getByTestId('puzzle-hint').count()).toBe(0);
    await page.context().close();
  });
});

/** The picture a piece of the board shows now (its CSS background's URL), and that SVG's text. */
async function pieceArt(page: Page, role: string): Promise<{ url: string; svg: string }> {
  return page.evaluate(async (role) => {
    const el = document.querySelector(`.yz-board piece.${role}, .yz-pocket piece.${role}`)!;
    const url = /url\("?([^")]+)"?\)/.exec(getComputedStyle(el).backgroundImage)![1]!;
    return { url, svg: await (await fetch(url)).text() };
  }, role);
}
/** What only a set's own drawing holds: the beginner tile, the Burmese plinth, the contrast set's white ring, the traditional wood. */
const MARK: Record<string, string> = {
  beginner: 'width="92" height="92" rx="14"',
  burmese: '<ellipse cx="50" cy="86"',
  contrast: 'stroke="#fff" stroke-width="3"',
  traditional: 'radialGradient',
  western: 'fill="#f6ead2"',
};

async function openSettings(page: Page): Promise<void> {
  await page.getByTestId('board-settings').click();
  await page.getByTestId('settings-form').waitFor();
}

describe('board themes and piece sets', () => {
  it('are chosen in the settings panel, remembered across a reload, and each set is its own drawing', async () => {
    const { page } = await club.visitor({ lang: 'en' });
    await page.goto('/solo/sittuyin');
    await page.locator('.yz-board piece').first().waitFor();
    const blend = () => page.locator('.yz-board cg-board').evaluate((el) => getComputedStyle(el).backgroundBlendMode);
    expect(await blend()).toBe('normal');
    // Sittuyin's first set is the Burmese one.
    expect((await pieceArt(page, 'f-piece.white')).svg).toContain(MARK.burmese);
    await openSettings(page);
    expect(await page.getByTestId('piece-set-sittuyin').inputValue()).toBe('burmese');
    await page.getByTestId('board-theme').selectOption('jade');
    await page.getByTestId('piece-set-sittuyin').selectOption('beginner');
    await page.getByTestId('coords-setting').uncheck();
    await page.getByTestId('settings-close').click();
    expect(await blend()).toBe('luminosity');
    expect((await pieceArt(page, 'f-piece.white')).svg).toContain(MARK.beginner);
    expect(await visible(page, 'bottom')).toBe(false);
    await page.reload();
    await page.locator('.yz-board piece').first().waitFor();
    expect(await blend()).toBe('luminosity');
    expect((await pieceArt(page, 'f-piece.white')).svg).toContain(MARK.beginner);
    expect(await visible(page, 'bottom')).toBe(false);
    // A beginner soldier shows its forward step: on a flipped board, the picture seen from the other side.
    const upright = await pieceArt(page, 'p-piece.white');
    await page.getByTestId('flip').click();
    const turned = await pieceArt(page, 'p-piece.white');
    expect(turned.url).not.toBe(upright.url);
    expect(turned.svg).toContain(MARK.beginner);
    await openSettings(page);
    expect(await page.getByTestId('board-theme').inputValue()).toBe('jade');
    expect(await page.getByTestId('piece-set-sittuyin').inputValue()).toBe('beginner');
    expect(await page.getByTestId('coords-setting').isChecked()).toBe(false);
    await page.context().close();
  });

  it('follow an account to a second browser after login', async () => {
    const a = await club.visitor({ lang: 'en' });
    await a.page.goto('/register');
    await a.page.locator('input[name="username"]').fill('nguoichoi_theme');
    await a.page.locator('input[name="password"]').fill('correct horse battery');
    await a.page.getByTestId('auth-submit').click();
    await a.page.waitForURL((u) => !u.pathname.startsWith('/register'));
    await a.page.goto('/solo/xiangqi');
    await a.page.locator('.yz-board piece').first().waitFor();
    await openSettings(a.page);
    const saved = a.page.waitForResponse((r) => r.url().endsWith('/api/settings') && r.request().method() === 'PUT' && r.ok());
    await a.page.getByTestId('piece-set-xiangqi').selectOption('beginner');
    await saved;
    const saved2 = a.page.waitForResponse((r) => r.url().endsWith('/api/settings') && r.request().method() === 'PUT' && r.ok());
    await a.page.getByTestId('board-theme').selectOption('slate');
    await saved2;

    // A second browser: its own storage, the defaults until it logs in.
    const b = await club.visitor({ lang: 'en' });
    await b.page.goto('/solo/xiangqi');
    await b.page.locator('.yz-board piece').first().waitFor();
    expect((await pieceArt(b.page, 'r-piece.white')).svg).toContain(MARK.traditional);
    await b.page.goto('/login');
    await b.page.locator('input[name="username"]').fill('nguoichoi_theme');
    await b.page.locator('input[name="password"]').fill('correct horse battery');
    await b.page.getByTestId('auth-submit').click();
    await b.page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await b.page.goto('/solo/xiangqi');
    await b.page.locator('.yz-board piece').first().waitFor();
    expect((await pieceArt(b.page, 'r-piece.white')).svg).toContain(MARK.beginner);
    expect(await b.page.locator('.yz-board cg-board').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(125, 147, 173)');
    await a.page.context().close();
    await b.page.context().close();
  });

  for (const variant of VARIANT_KEYS) {
    it(`${variant}: every piece set drawn, desktop and phone (screenshots)`, async () => {
      for (const [w, hgt, name] of [
        [1280, 900, 'desktop'],
        [390, 844, 'phone'],
      ] as const) {
        const { page } = await club.visitor({ width: w, height: hgt, lang: 'vi' });
        await page.goto(`/solo/${variant}`);
        await page.locator('.yz-board piece').first().waitFor();
        const seen = new Set<string>();
        for (const set of VARIANTS[variant].board.pieceSets) {
          await openSettings(page);
          await page.getByTestId(`piece-set-${variant}`).selectOption(set);
          if (name === 'desktop' && set === VARIANTS[variant].board.pieceSets[0]) await shot(page, `settings-${variant}`);
          await page.getByTestId('settings-close').click();
          const art = await pieceArt(page, 'k-piece.white');
          expect(art.svg, set).toContain(MARK[set]);
          seen.add(art.url);
          await page.evaluate(() => window.scrollTo(0, 0));
          await shot(page, `pieces-${variant}-${set}-${name}`);
        }
        expect(seen.size).toBe(VARIANTS[variant].board.pieceSets.length);
        await page.context().close();
      }
    });
  }
});
