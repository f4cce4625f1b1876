/**
 * The director over the real store and game service, with fake time:
 * scheduling, arena and Swiss pairing, withdrawal of absent players, and
 * what must survive a restart, a director stopped half-way, and two
 * directors at once (no player paired twice, standings intact).
 */
import { standings } from '@youzai/game/tournament';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryBus } from '../bus/bus.ts';
import { tournamentRow } from '../store/fixtures.ts';
import { tempDir, user } from '../store/fixtures.ts';
import { memoryStore } from '../store/memory/store.ts';
import { sqliteStore } from '../store/sqlite/store.ts';
import type { Store } from '../store/types.ts';
import { Ratings } from '../players/ratings.ts';
import { GameService } from '../service/game-service.ts';
import { FakeTime } from '../service/time.ts';
import { ok } from '@youzai/rules';
import { LOOK_AFTER_MS, TournamentDirector, type DirectorDeps } from './director.ts';
import { sheetOf } from './sheet.ts';
import { viewOf } from './view.ts';

const PLAYERS = ['ua1111', 'ub2222', 'uc3333', 'ud4444', 'ue5555'];

interface World {
  readonly time: FakeTime;
  store: Store;
  games: GameService;
  readonly online: Set<string>;
  readonly changed: string[];
  /** The first game service tells the directors of game ends (false: its node is dying). */
  hooked: boolean;
  director(over?: Partial<DirectorDeps>): TournamentDirector;
  /** Ends a running tournament game: the first player named resigns. */
  resign(gameId: string, userId: string): Promise<void>;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function serviceOf(w: { time: FakeTime; store: Store }, directors: () => TournamentDirector[], rated = false): GameService {
  const bus = new MemoryBus();
  // The club's ratings hook, as the app wires it (rated: a rated tournament's games change ratings).
  const ratings = rated ? new Ratings({ store: w.store, bus, clock: w.time }) : undefined;
  const games = new GameService({ store: w.store, bus, clock: w.time, timers: w.time, ...(ratings ? { ratings } : {}) });
  games.onEnd((row) => {
    for (const d of directors()) void d.gameEnded(row);
  });
  cleanups.push(() => games.close());
  return games;
}

async function world(store: Store = memoryStore(), players = PLAYERS.slice(0, 4), rated = false): Promise<World> {
  await store.migrate();
  const time = new FakeTime(1_800_000_000_000);
  const directors: TournamentDirector[] = [];
  const w: World = {
    time,
    store,
    games: null as unknown as GameService,
    online: new Set(players),
    changed: [],
    hooked: true,
    director(over = {}) {
      const d = new TournamentDirector({
        store: w.store,
        games: w.games,
        clock: time,
        timers: time,
        online: (ids) => new Set(ids.filter((u) => w.online.has(u))),
        changed: (id) => w.changed.push(id),
        log: () => {},
        ...over,
      });
      directors.push(d);
      cleanups.push(() => d.stop());
      return d;
    },
    async resign(gameId, userId) {
      const r = await w.games.act(gameId, userId, { type: 'resign' });
      if (!r.ok) throw new Error(r.error.message);
      await settle();
    },
  };
  w.games = serviceOf(w, () => (w.hooked ? directors : []), rated);
  for (const id of PLAYERS) await store.createUser(user(id, `P${id.slice(1, 2)}`));
  return w;
}

/** Lets the promises started by game ends (recording results) finish. */
const settle = () => new Promise((r) => setTimeout(r, 20));

async function enterAll(w: World, tid: string, players: readonly string[]) {
  for (const [i, u] of players.entries()) {
    expect(await w.store.enterTournament({ tournamentId: tid, userId: u, name: `P${u.slice(1, 2)}`, rating: 1500 + 100 * i, at: w.time.now() }, 100)).toBe(
      'joined',
    );
  }
}

/** No player is in two unfinished games, and every unfinished pairing has its game. */
async function checkNoneTwice(w: World, tid: string) {
  const sheet = await w.store.tournamentSheet(tid);
  const busy = new Map<string, number>();
  for (const p of sheet.pairings.filter((x) => x.result === null)) {
    for (const u of [p.white, p.black]) busy.set(u, (busy.get(u) ?? 0) + 1);
    expect(await w.store.game(p.gameId)).not.toBeNull();
  }
  for (const n of busy.values()) expect(n).toBe(1);
  for (const e of sheet.entries) expect(e.playing === null ? 0 : 1).toBe(busy.get(e.userId) ?? 0);
  return sheet;
}

/**
 * The store as a director sees it, but `act` runs once just after its first
 * sheet read returns to it (a join or a leave landing between the director's
 * read and its write). `acted()` tells whether it ran.
 */
function actAfterFirstRead(
  w: World,
  act: (tournamentId: string) => Promise<void>,
  read: 'tournamentSheet' | 'tournamentLive' = 'tournamentSheet',
): { store: Store; acted: () => boolean } {
  let done = false;
  const store = Object.create(w.store) as Store;
  store[read] = async (id) => {
    const sheet = await w.store[read](id);
    if (!done) {
      done = true;
      await act(id);
    }
    return sheet;
  };
  return { store, acted: () => done };
}

const running = async (w: World, tid: string) => (await w.store.tournamentSheet(tid)).pairings.filter((p) => p.result === null);

/** A minute between a started director's regular passes: what happens sooner comes from its own wake-ups. */
const RARELY = 60_000;

describe('tournament director', () => {
  it('an arena starts on time, starts games with its clock and terms, and pairs players again as they are free', async () => {
    const w = await world();
    const t0 = w.time.now();
    await w.store.createTournament(
      tournamentRow(
        'arena1',
        {},
        { kind: 'arena', rated: false, startsAt: t0 + 10_000, durationMs: 600_000, clock: { kind: 'fischer', baseMs: 180_000, incrementMs: 2_000 } },
      ),
    );
    await enterAll(w, 'arena1', PLAYERS.slice(0, 4));
    const told: { id: string; players: readonly string[] }[] = [];
    const d = w.director({ started: (t, players) => told.push({ id: t.id, players }) });
    await d.tick();
    expect((await w.store.tournament('arena1'))?.status).toBe('upcoming');
    w.time.advance(10_000);
    await d.tick();
    expect(await w.store.tournament('arena1')).toMatchObject({ status: 'running', startedAt: t0 + 10_000 });
    // Its players are told once, as it starts (their bells ring).
    expect(told).toEqual([{ id: 'arena1', players: expect.arrayContaining(PLAYERS.slice(0, 4)) }]);
    await d.tick();
    expect(told).toHaveLength(1);
    const first = await running(w, 'arena1');
    expect(first).toHaveLength(2);
    for (const p of first) {
      const g = await w.store.game(p.gameId);
      expect(g).toMatchObject({ status: 'active', whiteId: p.white, blackId: p.black, rated: false, variant: 'xiangqi' });
      expect((g!.data as { game: { setup: { clock: unknown } } }).game.setup.clock).toEqual({ kind: 'fischer', baseMs: 180_000, incrementMs: 2_000 });
    }
    expect(w.changed).toContain('arena1');
    await checkNoneTwice(w, 'arena1');

    // One game ends: its two players are free but just met; they wait for others (or the rematch delay).
    const [g1, g2] = first;
    await w.resign(g1!.gameId, g1!.black);
    await d.tick();
    expect(await running(w, 'arena1')).toHaveLength(1);
    await w.resign(g2!.gameId, g2!.white);
    w.time.advance(1_000);
    await d.tick();
    const second = await running(w, 'arena1');
    expect(second).toHaveLength(2);
    const met = (p: { white: string; black: string }) => [p.white, p.black].sort().join();
    for (const p of second) expect([met(g1!), met(g2!)]).not.toContain(met(p));
    const table = standings('arena', sheetOf(await w.store.tournamentSheet('arena1')));
    expect(table.map((r) => r.points).sort()).toEqual([0, 0, 2, 2]);

    // The end: finished on time, nobody paired after it.
    w.time.advance(600_000);
    await d.tick();
    expect((await w.store.tournament('arena1'))?.status).toBe('finished');
  });

  it("an arena's game still being played at its end counts when it ends (as recorded; docs/API.md says so)", async () => {
    const w = await world();
    await w.store.createTournament(tournamentRow('arenae', {}, { kind: 'arena', rated: false, startsAt: w.time.now(), durationMs: 60_000 }));
    await enterAll(w, 'arenae', PLAYERS.slice(0, 2));
    const d = w.director();
    await d.tick();
    const [g] = await running(w, 'arenae');
    for (const [i, uci] of ['h1g3', 'h10g8'].entries()) {
      w.time.advance(1_000);
      expect(await w.games.act(g!.gameId, i === 0 ? g!.white : g!.black, { type: 'move', uci, ply: i })).toEqual({ ok: true, value: true });
    }
    w.time.advance(58_000);
    await d.tick();
    expect((await w.store.tournament('arenae'))?.status).toBe('finished');
    // Ended 20 s after the arena: its result is recorded, and it scores in the final standings.
    w.time.advance(20_000);
    await w.resign(g!.gameId, g!.black);
    const sheet = await w.store.tournamentSheet('arenae');
    expect(sheet.pairings[0]).toMatchObject({ result: 1, endedAt: w.time.now() });
    expect(standings('arena', sheetOf(sheet)).find((r) => r.userId === g!.white)?.points).toBe(2);
  });

  it('a director stopped between pairing and starting the games: its successor starts the same games and pairs nobody twice', async () => {
    const w = await world();
    await w.store.createTournament(tournamentRow('arena2', {}, { kind: 'arena', rated: false, startsAt: w.time.now(), durationMs: 600_000 }));
    await enterAll(w, 'arena2', PLAYERS.slice(0, 4));
    // The first director's node loses its way to the games (it dies there): pairings written, no game created.
    const dying = w.director({ games: { createPaired: async () => ({ ok: false, error: { code: 'server.unavailable', message: 'gone' } }) } });
    await dying.tick();
    const paired = await running(w, 'arena2');
    expect(paired).toHaveLength(2);
    for (const p of paired) expect(await w.store.game(p.gameId)).toBeNull();
    await dying.stop();
    // A restart: a new game service and director over the same rows.
    w.games = serviceOf(w, () => [next]);
    const next = w.director();
    await next.tick();
    const after = await checkNoneTwice(w, 'arena2');
    expect(after.pairings.map((p) => p.gameId)).toEqual(paired.map((p) => p.gameId));
    for (const p of paired) expect(await w.store.game(p.gameId)).toMatchObject({ status: 'active', whiteId: p.white, blackId: p.black });
  });

  it('two directors at once (a frozen leader and its successor) never pair a player twice', async () => {
    const w = await world();
    await w.store.createTournament(tournamentRow('arena3', {}, { kind: 'arena', rated: false, startsAt: w.time.now(), durationMs: 3_600_000 }));
    await enterAll(w, 'arena3', PLAYERS);
    const a = w.director();
    const b = w.director();
    for (let i = 0; i < 12; i++) {
      await Promise.all([a.tick(), b.tick(), a.tick()]);
      await checkNoneTwice(w, 'arena3');
      const now = await running(w, 'arena3');
      const p = now[i % Math.max(1, now.length)];
      if (p) await w.resign(p.gameId, i % 2 ? p.white : p.black);
      w.time.advance(25_000);
    }
    const sheet = await checkNoneTwice(w, 'arena3');
    expect(sheet.pairings.filter((p) => p.result !== null).length).toBeGreaterThanOrEqual(10);
    // Each finished game counted once in the standings: points add up to 2 per decisive game (streaks aside, none here beyond double).
    expect(standings('arena', sheetOf(sheet)).reduce((n, r) => n + r.games, 0)).toBe(2 * sheet.pairings.filter((p) => p.result !== null).length);
  });

  it('a Swiss restarted in the middle of a round (the database reopened, one result never recorded) keeps its standings and pairs the next round once', async () => {
    const tmp = tempDir();
    cleanups.push(tmp.dispose);
    const path = `${tmp.dir}/t.sqlite3`;
    const w = await world(sqliteStore(path), PLAYERS);
    await w.store.createTournament(
      tournamentRow('swiss1', {}, { kind: 'swiss', rated: false, rounds: 3, roundGapMs: 5_000, startsAt: w.time.now(), lateJoinUntilRound: 1 }),
    );
    await enterAll(w, 'swiss1', PLAYERS);
    const d = w.director();
    await d.tick();
    const sheet1 = await w.store.tournamentSheet('swiss1');
    const round1 = sheet1.pairings.filter((p) => p.round === 1);
    expect(round1).toHaveLength(2);
    expect(sheet1.byes.filter((b) => b.kind === 'pab')).toHaveLength(1);
    // One game ends and is recorded; the other ends while this node is dying: stored, but its result never recorded.
    await w.resign(round1[0]!.gameId, round1[0]!.black);
    await d.stop();
    w.hooked = false;
    await w.games.act(round1[1]!.gameId, round1[1]!.white, { type: 'resign' });
    await settle();
    const stored = await w.store.tournamentSheet('swiss1');
    expect(stored.pairings.map((p) => p.result)).toEqual([1, null]);
    expect((await w.store.game(round1[1]!.gameId))?.status).toBe('finished');
    const before = standings('swiss', sheetOf(stored), 1);

    // Restart: the SQLite file reopened, a new game service and director.
    await w.store.close();
    w.store = sqliteStore(path);
    await w.store.migrate();
    w.games = serviceOf(w, () => [d2]);
    const d2 = w.director();
    await d2.tick();
    const swept = await w.store.tournamentSheet('swiss1');
    expect(swept.pairings.filter((p) => p.round === 1).map((p) => p.result)).toEqual([1, 0]);
    expect(swept.pairings.filter((p) => p.round === 2)).toHaveLength(0);
    w.time.advance(5_000);
    await d2.tick();
    await d2.tick();
    const after = await checkNoneTwice(w, 'swiss1');
    expect(after.pairings.filter((p) => p.round === 2)).toHaveLength(2);
    expect((await w.store.tournament('swiss1'))?.round).toBe(2);
    // Round 1 as it was: the same games, and the standings of the first game unchanged by the restart.
    expect(after.pairings.filter((p) => p.round === 1).map((p) => p.gameId)).toEqual(round1.map((p) => p.gameId));
    const table = standings('swiss', sheetOf(after), 1);
    // Two games and two byes (one a round) have been scored.
    expect(table.reduce((n, r) => n + r.points, 0)).toBe(4);
    expect(before.find((r) => r.userId === round1[0]!.white)?.points).toBe(1);
    expect(table.find((r) => r.userId === round1[0]!.white)?.points).toBe(1);
    const met = after.pairings.map((p) => [p.white, p.black].sort().join());
    expect(new Set(met).size).toBe(met.length);
  });

  it('a player away longer than the tournament allows is paused and left unpaired; a game nobody started forfeits its no-show', async () => {
    const w = await world();
    await w.store.createTournament(
      tournamentRow('arena4', {}, { kind: 'arena', rated: false, startsAt: w.time.now() + 1_000, durationMs: 600_000, withdrawAfterMs: 30_000 }),
    );
    await enterAll(w, 'arena4', PLAYERS.slice(0, 3));
    w.online.delete('uc3333');
    const d = w.director();
    w.time.advance(1_000);
    await d.tick();
    const sheet = await w.store.tournamentSheet('arena4');
    expect(sheet.entries.find((e) => e.userId === 'uc3333')).toMatchObject({ active: true, awaySince: w.time.now(), playing: null });
    expect(sheet.pairings).toHaveLength(1);
    w.time.advance(30_000);
    await d.tick();
    expect((await w.store.tournamentSheet('arena4')).entries.find((e) => e.userId === 'uc3333')?.active).toBe(false);

    // The paired game is never started by white: aborted, white forfeits and is paused.
    const [p] = sheet.pairings;
    w.time.advance(120_000);
    await settle();
    await d.tick();
    const after = await w.store.tournamentSheet('arena4');
    expect(after.pairings[0]).toMatchObject({ result: 0, forfeit: true });
    expect(after.entries.find((e) => e.userId === p!.white)?.active).toBe(false);
  });

  it('a round-robin of four: three rounds, each pair meets once, finished with a full cross table', async () => {
    const w = await world();
    await w.store.createTournament(tournamentRow('rr1', {}, { kind: 'roundRobin', rated: false, roundGapMs: 2_000, startsAt: w.time.now() }));
    await enterAll(w, 'rr1', PLAYERS.slice(0, 4));
    const d = w.director();
    await d.tick();
    expect(await w.store.tournament('rr1')).toMatchObject({ status: 'running', round: 1, rounds: 3 });
    for (let round = 1; round <= 3; round++) {
      const games = (await running(w, 'rr1')).filter((p) => p.round === round);
      expect(games).toHaveLength(2);
      for (const p of games) await w.resign(p.gameId, p.black);
      await d.tick();
      // The pause between rounds, then the next round (or the end).
      expect((await w.store.tournament('rr1'))?.round).toBe(round);
      w.time.advance(2_000);
      await d.tick();
    }
    const t = await w.store.tournament('rr1');
    expect(t).toMatchObject({ status: 'finished', round: 3 });
    const sheet = await w.store.tournamentSheet('rr1');
    const met = sheet.pairings.map((p) => [p.white, p.black].sort().join());
    expect(new Set(met).size).toBe(6);
    const view = viewOf(t!, sheet, null, w.time.now());
    expect(view.cross?.cells.flat().filter((c) => c !== null)).toHaveLength(12);
    expect(view.podium.map((r) => r.rank)).toEqual([1, 2, 3].slice(0, view.podium.length));
    expect(view.standings.reduce((n, r) => n + r.points, 0)).toBe(6);
  });

  it('a player who leaves a round-robin before the start, even as the director reads it, is not in its draw: no forfeits, no place', async () => {
    const w = await world(memoryStore(), PLAYERS);
    await w.store.createTournament(tournamentRow('rr5', {}, { kind: 'roundRobin', rated: false, roundGapMs: 0, startsAt: w.time.now() }));
    await enterAll(w, 'rr5', PLAYERS);
    const leaver = PLAYERS[4]!;
    // The player leaves just after the director has read the five entries: its start, decided on them, is refused,
    // and decided again at once on the four left.
    const { store, acted: raced } = actAfterFirstRead(w, async (id) => {
      expect(await w.store.leaveTournament(id, leaver)).toBe('left');
    });
    const d = w.director({ store });
    await d.tick();
    expect(raced()).toBe(true);
    expect(await w.store.tournament('rr5')).toMatchObject({ status: 'running', round: 1, rounds: 3 });
    for (let round = 1; round <= 3; round++) {
      const games = (await running(w, 'rr5')).filter((p) => p.round === round);
      expect(games).toHaveLength(2);
      for (const p of games) await w.resign(p.gameId, p.black);
      await d.tick();
      await d.tick();
    }
    const t = await w.store.tournament('rr5');
    expect(t).toMatchObject({ status: 'finished', round: 3 });
    const sheet = await w.store.tournamentSheet('rr5');
    expect(sheet.byes).toEqual([]);
    expect(sheet.pairings.flatMap((p) => [p.white, p.black])).not.toContain(leaver);
    expect(viewOf(t!, sheet, null, w.time.now()).standings.map((r) => r.userId)).not.toContain(leaver);
  });

  it('a player who joins a round-robin as the director reads it is in its draw: the start decided without them is refused and decided again', async () => {
    const w = await world(memoryStore(), PLAYERS);
    await w.store.createTournament(tournamentRow('rrj', {}, { kind: 'roundRobin', rated: false, roundGapMs: 0, startsAt: w.time.now() }));
    await enterAll(w, 'rrj', PLAYERS.slice(0, 4));
    const joiner = PLAYERS[4]!;
    // The fifth player joins just after the director has read the four entries (three rounds, no rest).
    const { store, acted: raced } = actAfterFirstRead(w, async (id) => {
      expect(await w.store.enterTournament({ tournamentId: id, userId: joiner, name: 'Pe', rating: 1900, at: w.time.now() }, 100)).toBe('joined');
    });
    const d = w.director({ store });
    await d.tick();
    expect(raced()).toBe(true);
    // Five players: five rounds, each with two games and one player resting.
    expect(await w.store.tournament('rrj')).toMatchObject({ status: 'running', round: 1, rounds: 5 });
    for (let round = 1; round <= 5; round++) {
      const games = (await running(w, 'rrj')).filter((p) => p.round === round);
      expect(games).toHaveLength(2);
      for (const p of games) await w.resign(p.gameId, p.black);
      await d.tick();
      await d.tick();
    }
    expect((await w.store.tournament('rrj'))?.status).toBe('finished');
    const sheet = await w.store.tournamentSheet('rrj');
    const met = sheet.pairings.map((p) => [p.white, p.black].sort().join());
    expect(new Set(met).size).toBe(10);
    expect(sheet.byes.map((b) => b.kind).sort()).toEqual(['rest', 'rest', 'rest', 'rest', 'rest']);
    expect(sheet.byes.map((b) => b.userId).sort()).toEqual([...PLAYERS].sort());
  });

  it('a late player who joins a Swiss as the director reads it for a round is in that round: the pairing decided without them is refused and decided again', async () => {
    const w = await world(memoryStore(), PLAYERS);
    await w.store.createTournament(
      tournamentRow('swj', {}, { kind: 'swiss', rated: false, rounds: 3, roundGapMs: 5_000, startsAt: w.time.now(), lateJoinUntilRound: 2 }),
    );
    await enterAll(w, 'swj', PLAYERS.slice(0, 4));
    const d = w.director();
    await d.tick();
    for (const p of await running(w, 'swj')) await w.resign(p.gameId, p.black);
    await d.tick();
    expect((await w.store.tournament('swj'))?.round).toBe(1);
    const joiner = PLAYERS[4]!;
    // The late player joins just after the director has read the sheet for round 2.
    const { store, acted: raced } = actAfterFirstRead(w, async (id) => {
      expect(await w.store.enterTournament({ tournamentId: id, userId: joiner, name: 'Pe', rating: 1900, at: w.time.now() }, 100)).toBe('joined');
    });
    const d2 = w.director({ store });
    await d.stop();
    w.time.advance(5_000);
    await d2.tick();
    expect(raced()).toBe(true);
    expect((await w.store.tournament('swj'))?.round).toBe(2);
    const sheet = await w.store.tournamentSheet('swj');
    // Round 1 missed (a late bye, no points), round 2 played or the odd round's bye: never a round left out.
    expect(sheet.byes.filter((b) => b.userId === joiner && b.round === 1)).toEqual([{ round: 1, userId: joiner, kind: 'late', points: 0 }]);
    const inRound2 =
      sheet.pairings.some((p) => p.round === 2 && (p.white === joiner || p.black === joiner)) ||
      sheet.byes.some((b) => b.round === 2 && b.userId === joiner && b.kind === 'pab');
    expect(inRound2).toBe(true);
    expect(sheet.pairings.filter((p) => p.round === 2)).toHaveLength(2);
    expect(sheet.byes.filter((b) => b.round === 2 && b.kind === 'pab')).toHaveLength(1);
  });

  it('a player who withdraws from a Swiss as the director reads it for a round is not paired in it: withdrawn at once, no no-show forfeit', async () => {
    const w = await world(memoryStore(), PLAYERS);
    await w.store.createTournament(tournamentRow('sww', {}, { kind: 'swiss', rated: false, rounds: 3, roundGapMs: 5_000, startsAt: w.time.now() }));
    await enterAll(w, 'sww', PLAYERS.slice(0, 4));
    const d = w.director();
    await d.tick();
    for (const p of await running(w, 'sww')) await w.resign(p.gameId, p.black);
    await d.tick();
    await d.stop();
    const leaver = PLAYERS[0]!;
    // The player withdraws just after the director has read the sheet for round 2 (the withdraw route's write).
    const { store, acted: raced } = actAfterFirstRead(w, async (id) => {
      expect(await w.store.setEntryActive(id, leaver, false)).toBe(true);
    });
    const d2 = w.director({ store });
    w.time.advance(5_000);
    await d2.tick();
    expect(raced()).toBe(true);
    const sheet = await w.store.tournamentSheet('sww');
    const round2 = sheet.pairings.filter((p) => p.round === 2);
    expect(round2.flatMap((p) => [p.white, p.black])).not.toContain(leaver);
    expect(sheet.byes.filter((b) => b.round === 2 && b.userId === leaver)).toEqual([{ round: 2, userId: leaver, kind: 'absent', points: 0 }]);
    // Three left: one game and the bye; nobody waits on a game the leaver will never play.
    expect(round2).toHaveLength(1);
    expect(sheet.byes.filter((b) => b.round === 2 && b.kind === 'pab')).toHaveLength(1);
  });

  it('an arena player who pauses as a pass reads the free players is not paired by that pass', async () => {
    const w = await world(memoryStore(), PLAYERS);
    await w.store.createTournament(tournamentRow('arenap', {}, { kind: 'arena', rated: false, startsAt: w.time.now(), durationMs: 600_000 }));
    await enterAll(w, 'arenap', PLAYERS.slice(0, 4));
    await w.store.advanceTournament('arenap', (await w.store.tournament('arenap'))!.version, {
      status: 'running',
      round: 0,
      rounds: 0,
      startedAt: w.time.now(),
      endedAt: null,
      pairings: [],
      byes: [],
    });
    const pauser = PLAYERS[0]!;
    const { store, acted: raced } = actAfterFirstRead(
      w,
      async (id) => {
        expect(await w.store.setEntryActive(id, pauser, false)).toBe(true);
      },
      'tournamentLive',
    );
    const d = w.director({ store });
    await d.tick();
    expect(raced()).toBe(true);
    const paired = (await running(w, 'arenap')).flatMap((p) => [p.white, p.black]);
    expect(paired).not.toContain(pauser);
    expect(paired).toHaveLength(2);
  });

  it('a half-point bye asked for as the director reads the sheet for its round: that round is decided again without the player, who scores ½', async () => {
    const w = await world(memoryStore(), PLAYERS);
    await w.store.createTournament(
      tournamentRow('swh', {}, { kind: 'swiss', rated: false, rounds: 3, roundGapMs: 5_000, startsAt: w.time.now(), halfByes: 1 }),
    );
    await enterAll(w, 'swh', PLAYERS.slice(0, 4));
    const asker = PLAYERS[1]!;
    const { store, acted: raced } = actAfterFirstRead(w, async (id) => {
      expect(await w.store.requestHalfBye(id, asker, 1, 1)).toBe('requested');
    });
    const d = w.director({ store });
    await d.tick();
    expect(raced()).toBe(true);
    const sheet = await w.store.tournamentSheet('swh');
    expect(sheet.pairings.filter((p) => p.round === 1).flatMap((p) => [p.white, p.black])).not.toContain(asker);
    expect(sheet.byes.filter((b) => b.round === 1)).toContainEqual({ round: 1, userId: asker, kind: 'half', points: 0.5 });
    // Three left in round 1: one game and the pairing-allocated bye.
    expect(sheet.pairings.filter((p) => p.round === 1)).toHaveLength(1);
    const t = await w.store.tournament('swh');
    expect(viewOf(t!, sheet, asker, w.time.now()).standings.find((r) => r.userId === asker)?.points).toBe(0.5);
    // Once the round is paired, another is refused (the store checks it too), and so is a second one.
    expect(await w.store.requestHalfBye('swh', asker, 1, 1)).toBe('paired');
    expect(await w.store.requestHalfBye('swh', asker, 2, 1)).toBe('limit');
  });

  it('a Swiss whose absolute criteria leave no pairing relaxes them in order and says so, rather than ending in silence', async () => {
    // Five players, three rounds; both Red players of round 1 never move: they forfeit and are withdrawn. The three
    // left all had a point without a game (the bye, two wins by forfeit): C.2 bars all three from the bye.
    const w = await world(memoryStore(), PLAYERS);
    await w.store.createTournament(tournamentRow('sw5', {}, { kind: 'swiss', rated: false, rounds: 3, roundGapMs: 5_000, startsAt: w.time.now() }));
    await enterAll(w, 'sw5', PLAYERS);
    const d = w.director();
    await d.tick();
    const round1 = await running(w, 'sw5');
    expect(round1).toHaveLength(2);
    w.time.advance(120_000);
    await settle();
    await d.tick();
    const after1 = await w.store.tournamentSheet('sw5');
    expect(after1.pairings.map((p) => [p.result, p.forfeit])).toEqual([
      [0, true],
      [0, true],
    ]);
    w.time.advance(5_000);
    await d.tick();
    const t = await w.store.tournament('sw5');
    expect(t).toMatchObject({ status: 'running', round: 2, notes: [{ round: 2, code: 'relaxed-bye' }] });
    const sheet = await w.store.tournamentSheet('sw5');
    const round2 = sheet.pairings.filter((p) => p.round === 2);
    expect(round2).toHaveLength(1);
    expect(
      sheet.byes
        .filter((b) => b.round === 2)
        .map((b) => b.kind)
        .sort(),
    ).toEqual(['absent', 'absent', 'pab']);
    // The page says what was done.
    expect(viewOf(t!, sheet, null, w.time.now()).tournament.notes).toEqual([{ round: 2, code: 'relaxed-bye' }]);
  });

  it('a Swiss left with fewer than two players ends before its last round and says why', async () => {
    const w = await world(memoryStore(), PLAYERS);
    await w.store.createTournament(tournamentRow('sw2', {}, { kind: 'swiss', rated: false, rounds: 3, roundGapMs: 5_000, startsAt: w.time.now() }));
    await enterAll(w, 'sw2', PLAYERS.slice(0, 2));
    const d = w.director();
    await d.tick();
    const [g] = await running(w, 'sw2');
    await w.resign(g!.gameId, g!.black);
    expect(await w.store.setEntryActive('sw2', g!.black, false)).toBe(true);
    w.time.advance(5_000);
    await d.tick();
    expect(await w.store.tournament('sw2')).toMatchObject({ status: 'finished', round: 1, notes: [{ round: 2, code: 'too-few-players' }] });
  });

  it('a rated round-robin starts rated games, and their results change both players’ ratings as well as the standings', async () => {
    const w = await world(memoryStore(), PLAYERS.slice(0, 4), true);
    await w.store.createTournament(tournamentRow('rated1', {}, { kind: 'roundRobin', rated: true, roundGapMs: 0, startsAt: w.time.now() }));
    await enterAll(w, 'rated1', PLAYERS.slice(0, 4));
    const d = w.director();
    await d.tick();
    const games = await running(w, 'rated1');
    expect(games).toHaveLength(2);
    for (const p of games) {
      expect((await w.store.game(p.gameId))?.rated).toBe(true);
      // Enough plies to be rated (a shorter game is aborted as too short), then Black resigns.
      for (const [i, uci] of ['h1g3', 'h10g8', 'b1c3', 'b10c8'].entries()) {
        w.time.advance(1_000);
        expect(await w.games.act(p.gameId, i % 2 === 0 ? p.white : p.black, { type: 'move', uci, ply: i })).toEqual({ ok: true, value: true });
      }
      await w.resign(p.gameId, p.black);
    }
    for (const p of games) {
      expect(await w.store.game(p.gameId)).toMatchObject({ status: 'finished', result: '1-0', rated: true });
      const [white, black] = [(await w.store.ratings(p.white))[0], (await w.store.ratings(p.black))[0]];
      expect(white).toMatchObject({ variant: 'xiangqi', games: 1 });
      expect(black).toMatchObject({ variant: 'xiangqi', games: 1 });
      expect(white!.rating).toBeGreaterThan(1500);
      expect(black!.rating).toBeLessThan(1500);
    }
    const sheet = await w.store.tournamentSheet('rated1');
    expect(sheet.pairings.filter((p) => p.round === 1).map((p) => [p.result, p.forfeit])).toEqual([
      [1, false],
      [1, false],
    ]);
  });

  it('is cancelled when fewer than two players came', async () => {
    const w = await world();
    await w.store.createTournament(tournamentRow('lonely', {}, { kind: 'swiss', rounds: 3, startsAt: w.time.now() }));
    await enterAll(w, 'lonely', PLAYERS.slice(0, 1));
    await w.director().tick();
    expect(await w.store.tournament('lonely')).toMatchObject({ status: 'cancelled', endedAt: w.time.now() });
  });
  it('berserk in an arena: only a player, before the first move, once; a berserk win of 7 moves each scores the bonus point', async () => {
    const w = await world(memoryStore(), PLAYERS.slice(0, 2));
    const clock = { kind: 'fischer' as const, baseMs: 180_000, incrementMs: 2_000 };
    await w.store.createTournament(
      tournamentRow('arenab', {}, { kind: 'arena', rated: false, startsAt: w.time.now(), durationMs: 600_000, clock, berserk: true }),
    );
    await enterAll(w, 'arenab', PLAYERS.slice(0, 2));
    const d = w.director();
    await d.tick();
    const [p] = await running(w, 'arenab');
    const id = p!.gameId;
    expect(await w.games.act(id, 'uc3333', { type: 'berserk' })).toMatchObject({ ok: false, error: { code: 'game.forbidden' } });
    expect(await w.games.act(id, p!.white, { type: 'berserk' })).toEqual({ ok: true, value: true });
    expect(await w.games.act(id, p!.white, { type: 'berserk' })).toMatchObject({ ok: false, error: { code: 'berserk.already' } });
    const seen = await w.games.view(id);
    expect(seen?.view).toMatchObject({ berserkable: true, berserk: [true, false], clock: { remainingMs: [90_000, 180_000] } });
    const red = ['h1g3', 'b1c3', 'a1a2', 'i1i2', 'a4a5', 'i4i5', 'c4c5'];
    const black = ['h10g8', 'b10c8', 'a10a9', 'i10i9', 'a7a6', 'i7i6', 'g7g6'];
    for (let i = 0; i < 7; i++) {
      for (const [who, uci] of [
        [p!.white, red[i]!],
        [p!.black, black[i]!],
      ] as const) {
        w.time.advance(1_000);
        const r = await w.games.act(id, who, { type: 'move', uci, ply: (await w.games.view(id))!.view.ply });
        expect(r, `${who} ${uci}`).toEqual({ ok: true, value: true });
        if (i === 0 && who === p!.black) {
          expect(await w.games.act(id, p!.black, { type: 'berserk' })).toMatchObject({ ok: false, error: { code: 'berserk.too-late' } });
        }
      }
    }
    await w.resign(id, p!.black);
    const sheet = await w.store.tournamentSheet('arenab');
    expect(sheet.pairings[0]).toMatchObject({ gameId: id, result: 1, berserk: [true, false], plies: 14 });
    const table = standings('arena', sheetOf(sheet));
    expect(table.find((r) => r.userId === p!.white)).toMatchObject({ points: 3, marks: [{ outcome: 'W', points: 3, berserk: true }] });
    expect(table.find((r) => r.userId === p!.black)?.points).toBe(0);
  });

  it('a Sittuyin arena counts moves after the placement: a berserk win resigned straight after placing earns no bonus', async () => {
    const w = await world(memoryStore(), PLAYERS.slice(0, 2));
    const clock = { kind: 'fischer' as const, baseMs: 180_000, incrementMs: 2_000 };
    await w.store.createTournament(
      tournamentRow('arenas', {}, { kind: 'arena', variant: 'sittuyin', rated: false, startsAt: w.time.now(), durationMs: 600_000, clock, berserk: true }),
    );
    await enterAll(w, 'arenas', PLAYERS.slice(0, 2));
    const d = w.director();
    await d.tick();
    const [p] = await running(w, 'arenas');
    const id = p!.gameId;
    expect(await w.games.act(id, p!.white, { type: 'berserk' })).toEqual({ ok: true, value: true });
    // The 16 placements, Red first, and no move after them.
    const placements = 'K@e2 K@d7 F@d2 F@e7 R@a1 R@h8 R@h1 R@a8 S@c2 S@f7 S@f2 S@c7 N@b2 N@g7 N@g2 N@b7'.split(' ');
    for (const [i, uci] of placements.entries()) {
      w.time.advance(1_000);
      const r = await w.games.act(id, i % 2 === 0 ? p!.white : p!.black, { type: 'move', uci, ply: i });
      expect(r, uci).toEqual({ ok: true, value: true });
    }
    await w.resign(id, p!.black);
    expect((await w.store.game(id))?.plies).toBe(16);
    const sheet = await w.store.tournamentSheet('arenas');
    expect(sheet.pairings[0]).toMatchObject({ gameId: id, result: 1, berserk: [true, false], plies: 0 });
    const table = standings('arena', sheetOf(sheet));
    expect(table.find((r) => r.userId === p!.white)).toMatchObject({ points: 2, marks: [{ outcome: 'W', points: 2, berserk: true }] });
  });

  it('an arena that does not offer berserk starts games that refuse it', async () => {
    const w = await world(memoryStore(), PLAYERS.slice(0, 2));
    await w.store.createTournament(tournamentRow('arenan', {}, { kind: 'arena', rated: false, startsAt: w.time.now(), durationMs: 600_000, berserk: false }));
    await enterAll(w, 'arenan', PLAYERS.slice(0, 2));
    await w.director().tick();
    const [p] = await running(w, 'arenan');
    expect(await w.games.act(p!.gameId, p!.white, { type: 'berserk' })).toMatchObject({ ok: false, error: { code: 'berserk.not-offered' } });
    expect((await w.games.view(p!.gameId))?.view.berserkable).toBe(false);
  });

  it("a casual arena's games refuse takebacks: the game carries its tournament", async () => {
    const w = await world(memoryStore(), PLAYERS.slice(0, 2));
    await w.store.createTournament(tournamentRow('arenat', {}, { kind: 'arena', rated: false, startsAt: w.time.now(), durationMs: 600_000 }));
    await enterAll(w, 'arenat', PLAYERS.slice(0, 2));
    await w.director().tick();
    const [p] = await running(w, 'arenat');
    w.time.advance(1_000);
    expect(await w.games.act(p!.gameId, p!.white, { type: 'move', uci: 'h1g3', ply: 0 })).toEqual({ ok: true, value: true });
    expect(await w.games.act(p!.gameId, p!.white, { type: 'takeback-offer' })).toMatchObject({ ok: false, error: { code: 'takeback.tournament' } });
    expect((await w.games.view(p!.gameId))?.view).toMatchObject({ rated: false, takebacks: false, ply: 1 });
  });

  it('a started director passes at the instant an arena starts, not at its next regular pass', async () => {
    const w = await world();
    const startsAt = w.time.now() + 10_500;
    await w.store.createTournament(tournamentRow('arenaw', {}, { kind: 'arena', rated: false, startsAt, durationMs: 600_000 }));
    await enterAll(w, 'arenaw', PLAYERS.slice(0, 4));
    const d = w.director();
    d.start(RARELY);
    await d.idle();
    w.time.advance(10_499);
    await d.idle();
    expect((await w.store.tournament('arenaw'))?.status).toBe('upcoming');
    w.time.advance(1);
    await d.idle();
    expect(await w.store.tournament('arenaw')).toMatchObject({ status: 'running', startedAt: startsAt });
    const first = await running(w, 'arenaw');
    expect(first.map((p) => p.pairedAt)).toEqual([startsAt, startsAt]);
    await checkNoneTwice(w, 'arenaw');
  });

  it('a started director passes soon after a game ends: the freed players are paired within LOOK_AFTER_MS', async () => {
    const w = await world();
    await w.store.createTournament(tournamentRow('arenag', {}, { kind: 'arena', rated: false, startsAt: w.time.now(), durationMs: 600_000 }));
    await enterAll(w, 'arenag', PLAYERS.slice(0, 4));
    const d = w.director();
    d.start(RARELY);
    await d.idle();
    const [g1, g2] = await running(w, 'arenag');
    await w.resign(g1!.gameId, g1!.white);
    await w.resign(g2!.gameId, g2!.black);
    w.time.advance(LOOK_AFTER_MS - 1);
    await d.idle();
    expect(await running(w, 'arenag')).toHaveLength(0);
    w.time.advance(1);
    await d.idle();
    const again = await running(w, 'arenag');
    expect(again).toHaveLength(2);
    expect(again.map((p) => p.pairedAt)).toEqual([w.time.now(), w.time.now()]);
    await checkNoneTwice(w, 'arenag');
  });

  it("traces its passes for the benchmarks: who was free, who was left, each game end, and each pairing's wait for someone to meet", async () => {
    const w = await world();
    await w.store.createTournament(tournamentRow('arenat', {}, { kind: 'arena', rated: false, startsAt: w.time.now(), durationMs: 600_000 }));
    await enterAll(w, 'arenat', PLAYERS.slice(0, 4));
    const d = w.director();
    await d.tick();
    const first = d.trace();
    expect(first.passes.at(-1)).toMatchObject({ at: w.time.now(), free: 4, paired: 4, left: [] });
    const [g1, g2] = await running(w, 'arenat');
    // One game ends: its pair is free, but only with each other (they just met): left waiting, nobody to meet.
    w.time.advance(5_000);
    const freed = w.time.now();
    await w.resign(g1!.gameId, g1!.white);
    expect(d.trace().ends).toEqual([{ game: g1!.gameId, players: [g1!.white, g1!.black], toldAt: freed, recordedAt: freed }]);
    await d.tick();
    expect(d.trace().passes.at(-1)).toMatchObject({ free: 2, paired: 0, left: expect.arrayContaining([g1!.white, g1!.black]) });
    // The other ends 3 s later: four free, paired across; the first pair's wait for someone to meet was those 3 s.
    w.time.advance(3_000);
    await w.resign(g2!.gameId, g2!.black);
    w.time.advance(500);
    await d.tick();
    const waits = d.trace().waits.filter((x) => x.pairedAt === w.time.now());
    expect(waits).toHaveLength(4);
    for (const u of [g1!.white, g1!.black]) expect(waits.find((x) => x.user === u)).toMatchObject({ freeSince: freed, opponentSince: freed + 3_000 });
    for (const u of [g2!.white, g2!.black]) expect(waits.find((x) => x.user === u)).toMatchObject({ freeSince: freed + 3_000, opponentSince: freed + 3_000 });
  });

  it("a running arena's pass reads its live part and the free players' own games, never the whole sheet", async () => {
    const w = await world(memoryStore(), PLAYERS);
    await w.store.createTournament(tournamentRow('arenal', {}, { kind: 'arena', rated: false, startsAt: w.time.now(), durationMs: 600_000 }));
    await enterAll(w, 'arenal', PLAYERS.slice(0, 4));
    const calls: { name: string; args: unknown[] }[] = [];
    const counted = new Proxy(w.store, {
      get(target, name, receiver) {
        const v = Reflect.get(target, name, receiver);
        return typeof v === 'function'
          ? (...args: unknown[]) => {
              calls.push({ name: String(name), args });
              return v.apply(target, args);
            }
          : v;
      },
    });
    const d = w.director({ store: counted });
    await d.tick();
    const [g1, g2] = await running(w, 'arenal');
    await w.resign(g1!.gameId, g1!.white);
    await w.resign(g2!.gameId, g2!.black);
    calls.length = 0;
    w.time.advance(1_000);
    await d.tick();
    expect(await running(w, 'arenal')).toHaveLength(2);
    const names = calls.map((c) => c.name);
    expect(names).not.toContain('tournamentSheet');
    expect(names).toContain('tournamentLive');
    // Only the four free players' games were asked for.
    const asked = calls.filter((c) => c.name === 'pairingsOf').map((c) => [...(c.args[1] as string[])].sort());
    expect(asked).toEqual([[...PLAYERS.slice(0, 4)].sort()]);
    await checkNoneTwice(w, 'arenal');
  });

  it('a game ended on another node: the directing node hears it on the bus and passes soon; the other does not direct', async () => {
    const w = await world();
    await w.store.createTournament(tournamentRow('arenan2', {}, { kind: 'arena', rated: false, startsAt: w.time.now(), durationMs: 600_000 }));
    await enterAll(w, 'arenan2', PLAYERS.slice(0, 4));
    const bus = new MemoryBus();
    const leader = w.director({ bus, isDirector: () => true });
    const other = w.director({ bus, isDirector: () => false, games: { createPaired: async () => Promise.reject(new Error('not the director')) } });
    leader.start(RARELY);
    other.start(RARELY);
    await Promise.all([leader.idle(), other.idle()]);
    const [g1, g2] = await running(w, 'arenan2');
    // The games end on the other node: only its game service tells its director.
    w.hooked = false;
    for (const [g, u] of [
      [g1!, g1!.white],
      [g2!, g2!.black],
    ] as const) {
      expect(await w.games.act(g.gameId, u, { type: 'resign' })).toEqual({ ok: true, value: true });
      await other.gameEnded((await w.store.game(g.gameId))!);
    }
    expect((await w.store.tournamentSheet('arenan2')).pairings.map((p) => p.result === null)).toEqual([false, false]);
    w.time.advance(LOOK_AFTER_MS);
    await Promise.all([leader.idle(), other.idle()]);
    expect(await running(w, 'arenan2')).toHaveLength(2);
    await checkNoneTwice(w, 'arenan2');
  });

  it('a Swiss round is paired at the instant its pause ends', async () => {
    const w = await world();
    await w.store.createTournament(tournamentRow('swissw', {}, { kind: 'swiss', rated: false, rounds: 3, roundGapMs: 5_000, startsAt: w.time.now() }));
    await enterAll(w, 'swissw', PLAYERS.slice(0, 4));
    const d = w.director();
    d.start(RARELY);
    await d.idle();
    for (const p of await running(w, 'swissw')) await w.resign(p.gameId, p.black);
    const ended = w.time.now();
    w.time.advance(LOOK_AFTER_MS);
    await d.idle();
    expect((await w.store.tournament('swissw'))?.round).toBe(1);
    w.time.advance(5_000 - LOOK_AFTER_MS - 1);
    await d.idle();
    expect((await w.store.tournament('swissw'))?.round).toBe(1);
    w.time.advance(1);
    await d.idle();
    expect((await w.store.tournament('swissw'))?.round).toBe(2);
    expect((await running(w, 'swissw')).map((p) => p.pairedAt)).toEqual([ended + 5_000, ended + 5_000]);
  });

  it("an arena's first pass creates its games many at once, and rings the players' bells only after them", async () => {
    const w = await world();
    const players = Array.from({ length: 600 }, (_, i) => `uz${String(i).padStart(4, '0')}`);
    for (const u of players) await w.store.createUser(user(u, `Z${u}`));
    await w.store.createTournament(
      tournamentRow('arenabig', {}, { kind: 'arena', rated: false, startsAt: w.time.now(), durationMs: 600_000, maxPlayers: 1000 }),
    );
    for (const u of players) await w.store.enterTournament({ tournamentId: 'arenabig', userId: u, name: u, rating: 1500, at: w.time.now() }, 1000);
    for (const u of players) w.online.add(u);
    let created = 0;
    let inFlight = 0;
    let most = 0;
    let createdWhenTold = -1;
    const d = w.director({
      games: {
        async createPaired(_white, _black, terms) {
          most = Math.max(most, ++inFlight);
          await new Promise((r) => setImmediate(r));
          inFlight--;
          created++;
          return ok({ id: terms.id!, side: 'first' as const });
        },
      },
      started: () => (createdWhenTold = created),
    });
    await d.tick();
    expect(created).toBe(300);
    // Not 32 at a time: hundreds share the store's commits.
    expect(most).toBeGreaterThanOrEqual(256);
    expect(createdWhenTold).toBe(300);
  });
});
