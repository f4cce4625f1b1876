/**
 * A Swiss and a round-robin in a real browser, each created from the
 * tournaments page's form by a new account. The Swiss is a private event
 * (its link): four players start it, a fifth joins late during round 1,
 * three rounds are played out on the boards (a bye each odd round, never
 * twice to one player), and the standings with their tie-breaks, the rounds
 * with their boards and byes, and at last the podium change on the
 * watchers' pages (Vietnamese and English) without a reload. The
 * round-robin is a public one, found in the home page's list: three players,
 * one resting each round, its cross table filling in round by round.
 * Nobody waits for a start or a pause between rounds: the server's time
 * (TEST_CLOCK) jumps to just before each, where nothing is paired yet, then
 * past it.
 */
import type { Page } from 'playwright-core';
import { join as joinPath } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { ARTIFACTS, startClub, type Club } from './harness.ts';
import {
  createFromForm,
  fullShot,
  jumpTo,
  playRound,
  readView,
  register,
  standingsExpected,
  standingsOnPage,
  whoAmI,
  type PlayedRound,
  type Player,
} from './tour-play.ts';

let club: Club;

beforeAll(async () => {
  // STATS_CONTROL: jumpTo reads the director's passes.
  // Fresh accounts create the public tournaments here: no rated games asked (TOURNAMENT_MIN_RATED_GAMES).
  club = await startClub(inject('webDir'), { STATS_CONTROL: '1', TOURNAMENT_MIN_RATED_GAMES: '0' });
});

afterAll(async () => {
  await club?.close();
});

/** The pages of the test running: on a failure each is photographed (test-artifacts/e2e/failed-*.png) to show where it stood. */
const open: Page[] = [];
function photographOnFailure(name: string): void {
  open.length = 0;
  onTestFailed(async () => {
    for (const [i, page] of open.entries()) {
      await page.screenshot({ path: joinPath(ARTIFACTS, `failed-${name}-${i}.png`), fullPage: true }).catch(() => undefined);
    }
  });
}

/** A visitor; a guest is made by their first action (joining), and `join` learns its id, which the pairings name. */
async function visitor(lang: 'vi' | 'en' = 'vi', height = 900): Promise<Player> {
  const v = await club.visitor({ lang, width: 1280, height });
  open.push(v.page);
  // A shared, busy machine: pages and clicks may take long; nothing here waits on a fixed time.
  v.page.setDefaultTimeout(60_000);
  v.page.setDefaultNavigationTimeout(120_000);
  return { ...v, id: '' };
}

/** Joins with the page's own cookies over HTTP (a guest is made first), as the page's button does. */
async function joinOverHttp(p: Player, path: string): Promise<void> {
  expect((await p.context.request.post('/api/session')).ok()).toBe(true);
  const u = new URL(path, club.base);
  const invite = u.searchParams.get('invite');
  const r = await p.context.request.post(`/api/tournaments/${u.pathname.split('/').pop()}/join`, { data: invite ? { invite } : {} });
  expect(await r.json()).toMatchObject({ ok: true });
  p.id = await whoAmI(p);
}

async function join(p: Player): Promise<void> {
  await p.page.getByTestId('tour-join').click();
  await expect.poll(() => p.page.getByTestId('tour-withdraw').count(), { timeout: 60_000 }).toBe(1);
  p.id = await whoAmI(p);
}

/** The page shows the standings the view has now (the same rows, points and tie-breaks), live: read both until they agree. */
async function pageFollows(page: Page, reader: Player, path: string): Promise<void> {
  const agree = async () => JSON.stringify(await standingsOnPage(page)) === JSON.stringify(standingsExpected(await readView(reader, path)));
  await expect.poll(agree, { timeout: 60_000, interval: 500 }).toBe(true);
}

const column = (rows: string[][], i: number) => rows.map((r) => r[i]);

/** Starts far away (minutes), and pauses between rounds (seconds) longer than a round takes to play: only a jump reaches either. */
const START_IN_MINUTES = 30;
const ROUND_GAP_SECONDS = 300;
/** How far before a scheduled event the first jump lands: the director passes there, and the view is read, well before it. */
const JUST_BEFORE_MS = 3000;

/** The form's "start in" sets the start that far from the server's time (the page's estimate of it). */
async function startsIn(reader: Player, path: string, minutes: number): Promise<void> {
  const v = await readView(reader, path);
  expect(v.tournament.startsAt - v.now).toBeGreaterThan((minutes - 1) * 60_000);
  // (A second's leeway: the page's estimate may run a few ms ahead of the server.)
  expect(v.tournament.startsAt - v.now).toBeLessThanOrEqual(minutes * 60_000 + 1000);
}

/** The start: the server's time jumps to just before it (the tournament still upcoming, nobody paired), then to it. */
async function jumpOverStart(reader: Player, path: string): Promise<void> {
  const { startsAt } = (await readView(reader, path)).tournament;
  await jumpTo(club, startsAt - JUST_BEFORE_MS);
  const before = await readView(reader, path);
  expect(before.now).toBeLessThan(startsAt);
  expect(before.tournament).toMatchObject({ status: 'upcoming', round: 0 });
  expect(before.rounds).toEqual([]);
  await jumpTo(club, startsAt);
}

/**
 * The pause after round `played`: its last game ended after the round was seen paired and before its results were
 * read, so the server's time jumps to just before the pause has run from the earlier (the next round not paired),
 * then past the pause from the later.
 */
async function jumpOverGap(reader: Player, path: string, played: PlayedRound): Promise<void> {
  const round = played.tournament.round;
  const gapMs = ROUND_GAP_SECONDS * 1000;
  await jumpTo(club, played.pairedSeen + gapMs - JUST_BEFORE_MS);
  const before = await readView(reader, path);
  expect(before.now).toBeLessThan(played.pairedSeen + gapMs);
  expect(before.tournament).toMatchObject({ status: 'running', round });
  expect(before.rounds?.[0]?.round).toBe(round);
  await jumpTo(club, played.now + gapMs);
}

describe('Swiss and round-robin in Chromium', () => {
  it('a private Swiss of five: created from the form, a late joiner, byes, tie-breaks changing every round, the podium', async () => {
    photographOnFailure('swiss');
    const host = await visitor();
    await register(host.page, 'thuysi');
    const guests = [await visitor(), await visitor(), await visitor('en')];
    const watcher = await visitor('vi', 1000);
    const late = await visitor('en', 1000);
    const path = await createFromForm(host.page, {
      name: 'Giải Thụy Sĩ nhà Lan',
      kind: 'swiss',
      rounds: 3,
      minutes: 5,
      increment: 0,
      startIn: START_IN_MINUTES,
      // Long enough to read each round's standings before the next round's bye scores; jumped over.
      roundGap: ROUND_GAP_SECONDS,
      private: true,
    });
    expect(path).toMatch(/\?invite=[A-Za-z0-9]+$/);
    const bare = path.split('?')[0]!;
    await startsIn(watcher, path, START_IN_MINUTES);
    // The four players join at once with the link, each over HTTP with their browser's cookies (the form's button is
    // clicked by the late fifth below).
    await Promise.all([host, ...guests].map((p) => joinOverHttp(p, path)));
    expect((await readView(watcher, path)).tournament.status).toBe('upcoming');
    await expect.poll(() => host.page.getByTestId('tour-standings').locator('tbody tr').count(), { timeout: 60_000 }).toBe(4);
    await expect.poll(() => host.page.getByTestId('tour-withdraw').count(), { timeout: 60_000 }).toBe(1);
    expect(await host.page.getByTestId('tour-share').inputValue()).toContain(path);
    for (const p of [...guests, watcher, late]) await p.page.goto(path);
    await expect.poll(() => watcher.page.getByTestId('tour-standings').locator('tbody tr').count(), { timeout: 60_000 }).toBe(4);
    expect(await watcher.page.getByTestId('tour-countdown').textContent()).toMatch(/Bắt đầu sau \d+:\d\d|Vòng 1\/3/);
    expect(await watcher.page.getByTestId('tour-terms').textContent()).toContain('Hệ Thụy Sĩ · Cờ tướng');
    const rulesVi = (await watcher.page.getByTestId('tour-rules').textContent()) ?? '';
    expect(rulesVi).toContain('3 vòng, ghép cặp theo hệ Thụy Sĩ (FIDE Dutch)');
    expect(rulesVi).toContain('cho tới khi vòng 2 được ghép cặp');
    expect(rulesVi).toContain('Buchholz');
    const rulesEn = (await late.page.getByTestId('tour-rules').textContent()) ?? '';
    expect(rulesEn).toContain('one sits out with 1 point');
    expect(rulesEn).toContain('until round 2 is paired');
    expect(rulesEn).toContain('Sonneborn–Berger');
    // The chat, heard by everyone with the link.
    await watcher.page.locator('.chat input').fill('Chúc các bạn may mắn!');
    await watcher.page.locator('.chat input').press('Enter');
    await expect.poll(() => late.page.locator('.chat').textContent(), { timeout: 30_000 }).toContain('Chúc các bạn may mắn!');
    await fullShot(watcher.page, 'tournament-swiss-joined');

    // Without the link the tournament does not exist (its page, and so its chat).
    const outsider = await visitor();
    await outsider.page.goto(bare);
    await expect.poll(() => outsider.page.getByTestId('tour-error').textContent(), { timeout: 30_000 }).toBe('Không có giải đấu này.');
    await outsider.context.close();

    const players = [host, ...guests];
    // Round 1 is paired at the start; the fifth player may still join (until round 2 is paired).
    await jumpOverStart(watcher, path);
    await expect.poll(async () => (await readView(watcher, path)).tournament.round, { timeout: 30_000, interval: 200 }).toBe(1);
    await expect
      .poll(() => late.page.locator('.tour-actions').textContent(), { timeout: 60_000 })
      .toContain('Late players may still join until round 2 is paired.');
    await join(late);
    await expect.poll(() => watcher.page.getByTestId('tour-standings').locator('tbody tr').count(), { timeout: 60_000 }).toBe(5);

    const r1 = await playRound(watcher, path, players, 1, ['white', 'black']);
    // Until round 2 is paired (its bye scores at once; not before the pause): a winner's Buchholz is their beaten
    // opponent's 0 points, a loser's their winner's 1.
    expect(r1.tournament.round).toBe(1);
    expect(r1.standings.map((r) => r.points).sort()).toEqual([0, 0, 0, 1, 1]);
    for (const r of r1.standings.filter((x) => x.userId !== late.id)) expect(r.buchholz).toBe(r.points === 1 ? 0 : 1);
    await pageFollows(watcher.page, watcher, path);
    await pageFollows(late.page, watcher, path);
    const after1 = await standingsOnPage(watcher.page);
    await expect.poll(() => watcher.page.locator('[data-testid="tour-round"][data-round="1"] [data-testid="tour-pairing"]').count()).toBe(2);
    await fullShot(watcher.page, 'tournament-swiss-round1');

    // Round 2, after the pause: five players, so one sits out with a point; the late joiner's round 1 is marked.
    await jumpOverGap(watcher, path, r1);
    const all = [...players, late];
    const r2 = await playRound(watcher, path, all, 2, ['draw', 'white']);
    const byes2 = r2.rounds!.find((r) => r.round === 2)!.byes;
    expect(byes2.map((b) => [b.kind, b.points])).toEqual([['pab', 1]]);
    expect(r2.rounds!.find((r) => r.round === 1)!.byes).toEqual([expect.objectContaining({ userId: late.id, kind: 'late', points: 0 })]);
    await pageFollows(watcher.page, watcher, path);
    const after2 = await standingsOnPage(watcher.page);
    expect(column(after2, 2)).not.toEqual(column(after1, 2));
    const round2 = watcher.page.locator('[data-testid="tour-round"][data-round="2"]');
    expect(await round2.locator('[data-testid="tour-bye"][data-kind="pab"]').textContent()).toContain('miễn đấu (1 điểm)');
    expect(await round2.locator('[data-testid="tour-pairing"]').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('½–½')]));
    expect(await watcher.page.locator('[data-testid="tour-round"][data-round="1"] [data-testid="tour-bye"]').textContent()).toContain('vào muộn');
    // Too late for anyone new now: the watcher's page says so instead of offering to join.
    await expect.poll(() => watcher.page.getByTestId('tour-closed').count(), { timeout: 30_000 }).toBe(1);
    expect(await watcher.page.getByTestId('tour-join').count()).toBe(0);
    await fullShot(watcher.page, 'tournament-swiss-round2');

    // Round 3, the last, after the pause: the bye goes to someone else; then the podium, on both languages' pages.
    await jumpOverGap(watcher, path, r2);
    const r3 = await playRound(watcher, path, all, 3, ['white', 'black']);
    const byes3 = r3.rounds!.find((r) => r.round === 3)!.byes;
    expect(byes3).toHaveLength(1);
    expect(byes3[0]!.userId).not.toBe(byes2[0]!.userId);
    await expect.poll(async () => (await readView(watcher, path)).tournament.status, { timeout: 60_000 }).toBe('finished');
    const final = await readView(watcher, path);
    await pageFollows(watcher.page, watcher, path);
    expect(await standingsOnPage(watcher.page)).not.toEqual(after2);
    await expect.poll(() => watcher.page.locator('.podium-list li').count(), { timeout: 60_000 }).toBe(3);
    expect(await watcher.page.locator('.podium-list li').first().textContent()).toContain(final.podium[0]!.name);
    expect(await watcher.page.getByTestId('tour-countdown').textContent()).toBe('Đã kết thúc');
    await fullShot(watcher.page, 'tournament-swiss-final');
    await late.page.goto(path);
    // The page is loading: waited for as long as the others here (the default second failed on a loaded machine).
    await expect.poll(() => late.page.getByTestId('tour-podium').textContent(), { timeout: 60_000 }).toContain('Podium');
    expect(await late.page.getByTestId('tour-rounds').textContent()).toContain('Round 3');
    await fullShot(late.page, 'tournament-swiss-final-en');
    for (const p of [host, ...guests, watcher, late]) await p.context.close();
  }, 900_000);

  it('a round-robin of three found on the home page: one rests each round, the cross table fills in, the podium', async () => {
    photographOnFailure('rr');
    const host = await visitor();
    await register(host.page, 'vongtron');
    const guest = await visitor();
    const guestEn = await visitor('en');
    const path = await createFromForm(host.page, {
      name: 'Vòng tròn cuối tuần',
      kind: 'roundRobin',
      minutes: 5,
      increment: 0,
      startIn: START_IN_MINUTES,
      roundGap: ROUND_GAP_SECONDS,
    });
    // The host's page came after the Swiss's jumps: its estimate of the server's time is today's.
    await startsIn(host, path, START_IN_MINUTES);
    // Two join over HTTP (quick: a round-robin is joined before its start only); the third finds it on the home page.
    await Promise.all([host, guest].map((p) => joinOverHttp(p, path)));
    await guestEn.page.goto('/');
    await guestEn.page.getByTestId('tour-upcoming').getByText('Vòng tròn cuối tuần').click();
    await guestEn.page.waitForURL((u) => u.pathname === path);
    await join(guestEn);
    expect((await readView(host, path)).tournament.status).toBe('upcoming');
    await guest.page.goto(path);
    const guests = [guest, guestEn];
    const watcher = await visitor('vi', 1000);
    const watcherEn = await visitor('en', 1000);
    await watcher.page.goto(path);
    await watcherEn.page.goto(path);
    await expect.poll(() => watcher.page.getByTestId('tour-standings').locator('tbody tr').count(), { timeout: 60_000 }).toBe(3);
    const cells = (page: Page) =>
      page
        .getByTestId('tour-cross')
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].slice(2).map((td) => td.textContent ?? '')));
    const filled = async (page: Page) => (await cells(page)).flat().filter((c) => c !== '').length;
    expect(await cells(watcher.page)).toHaveLength(3);
    expect(await filled(watcher.page)).toBe(0);
    expect(await watcher.page.getByTestId('tour-rules').textContent()).toContain('Mỗi người gặp mọi người khác đúng một lần');
    expect(await watcherEn.page.getByTestId('tour-rules').textContent()).toContain('Everyone meets everyone else once');
    await fullShot(watcher.page, 'tournament-rr-before-start');

    const players = [host, ...guests];
    const cellText = (x: number | null) => (x === null ? '' : x === 1 ? '1' : x === 0 ? '0' : '½');
    const outcomes = ['white', 'draw', 'black'] as const;
    await jumpOverStart(watcher, path);
    let played: PlayedRound | null = null;
    for (let round = 1; round <= 3; round++) {
      if (played) await jumpOverGap(watcher, path, played);
      const v = await playRound(watcher, path, players, round, [outcomes[round - 1]!]);
      played = v;
      const byes = v.rounds!.find((r) => r.round === round)!.byes;
      expect(byes.map((b) => b.kind)).toEqual(['rest']);
      // Two more cells each round (each player's score against the other), on both pages, as the view has them.
      for (const page of [watcher.page, watcherEn.page]) {
        await expect.poll(() => filled(page), { timeout: 60_000 }).toBe(2 * round);
        const now = await readView(watcher, path);
        await expect.poll(() => cells(page), { timeout: 60_000 }).toEqual(now.cross!.cells.map((row) => row.map(cellText)));
        await pageFollows(page, watcher, path);
      }
      expect(await watcher.page.locator(`[data-testid="tour-round"][data-round="${round}"] [data-testid="tour-bye"]`).textContent()).toContain('nghỉ vòng này');
      if (round === 1) await fullShot(watcher.page, 'tournament-rr-round1');
    }
    await expect.poll(async () => (await readView(watcher, path)).tournament.status, { timeout: 60_000 }).toBe('finished');
    const final = await readView(watcher, path);
    expect((await cells(watcher.page)).flat().filter((c) => c === '½')).toHaveLength(2);
    await expect.poll(() => watcher.page.locator('.podium-list li').count(), { timeout: 60_000 }).toBe(3);
    expect(await watcher.page.locator('.podium-list li').first().textContent()).toContain(final.podium[0]!.name);
    await expect.poll(() => watcherEn.page.getByTestId('tour-podium').textContent(), { timeout: 60_000 }).toContain('Podium');
    await fullShot(watcher.page, 'tournament-rr-final');
    await fullShot(watcherEn.page, 'tournament-rr-final-en');
  }, 720_000);
});
