/**
 * The tournament director: runs the pure step (@youzai/game/tournament
 * nextStep) over the stored state every second, and does what it says —
 * starts, pairs, finishes — through the store's one fenced write, then
 * starts the new games through the game service with the tournament's
 * clock and terms.
 *
 * One director decides at a time: on one node it is in-process; in a club
 * of nodes only the leader's runs (isDirector). Nothing it decides lives
 * only in its memory: a director that restarts, or another node's that
 * takes over, reads the same rows and reaches the same decisions. The
 * store refuses a write decided on an old version or pairing a busy
 * player, so even two directors at once never pair a player twice.
 * Pairings are written before their games are created, with the game ids
 * in them; a director that stopped in between creates the missing games
 * (same ids) when it or its successor next looks.
 */
import type { Identity, ServerMessage } from '@youzai/protocol';
import type { Bus } from '../bus/bus.ts';
import { arenaScore, nextStep, pairArena, roundRobinRound, swissRound, type ArenaWaiting, type Bye, type Pairing } from '@youzai/game/tournament';
import type { PairedTerms } from '../service/game-service.ts';
import type { GamesPort } from '../service/games-port.ts';
import { randomId } from '../service/ids.ts';
import { systemTimers, type Clock, type Timers } from '../service/time.ts';
import type { GameRow, GameStore } from '../store/games.ts';
import type { EntryRow, TournamentAdvance, TournamentRow, TournamentSheetRows, TournamentStore } from '../store/tournaments.ts';
import { TournamentConflict } from '../store/types.ts';
import type { UserStore } from '../store/users.ts';
import { DirectorTrace, type DirectorEndTrace, type DirectorPassTrace, type DirectorWaitTrace } from './director-trace.ts';
import { clockSpec, gameEnd } from './results.ts';
import { progressOf, sheetOf } from './sheet.ts';
import { ensureScheduled, type ScheduledTournament } from './schedule.ts';

/** How often the director looks at every unfinished tournament. */
export const DIRECTOR_EVERY_MS = 1000;
/**
 * How soon after a game ends (or a player joins a running tournament) the
 * director looks again: the ends of this short while share one pass, and a
 * freed player waits for this rather than for the next whole second.
 */
export const LOOK_AFTER_MS = 200;
/** The bus topic on which any node asks the directing node to look soon (a game of a tournament ended there). */
export const DIRECTOR_TOPIC = 'tournament-director';
/** A tournament's refused decisions a pass makes again at once on a fresh read (then it waits for the next pass). */
const DECIDE_AGAIN_AT_ONCE = 2;
/** Games a pass creates at once: their writes share a few commits rather than one each. */
const CREATE_AT_ONCE = 256;
/** How often it reads the games of running pairings for ends a dead node left unrecorded. */
export const RESULT_SWEEP_MS = 15_000;
/** How often the schedule is looked at. */
export const SCHEDULE_EVERY_MS = 60_000;
/** What a step wrote: the tournament's new row, its sheet read after, and whether it was the start. */
interface Stepped {
  readonly row: TournamentRow;
  readonly sheet: TournamentSheetRows;
  readonly started: boolean;
}

/** Refusals of the game service that will not change on a retry: the pairing is scored a forfeited draw. */
const TRANSIENT = new Set(['server.storage', 'server.unavailable', 'game.conflict']);

export type DirectorStore = TournamentStore & Pick<GameStore, 'game'> & Pick<UserStore, 'userById'>;

export interface DirectorDeps {
  readonly store: DirectorStore;
  readonly games: Pick<GamesPort, 'createPaired'>;
  readonly clock: Clock;
  /** Timers for the director's own wake-ups (its second, a tournament's start, a look soon after a game end). Default: the system's. */
  readonly timers?: Timers;
  /** The club's bus: a node where a tournament game ended asks the directing node, wherever it is, to look soon. Absent: this node only. */
  readonly bus?: Pick<Bus, 'publish' | 'subscribe'>;
  /** Several nodes: whether this node directs now (it holds the club's leader lease). Absent: always. */
  readonly isDirector?: () => boolean;
  /**
   * Which of these players have the club open anywhere (asked once a pass for
   * a whole tournament: one call, not one per player); one away for the
   * tournament's withdrawAfterMs is paused or withdrawn.
   */
  readonly online: (userIds: readonly string[]) => ReadonlySet<string> | Promise<ReadonlySet<string>>;
  /** A message for one player wherever they are connected: their new tournament game ('paired'), so that it opens by itself. */
  readonly notify?: (userId: string, m: ServerMessage) => void;
  /** Told once when a tournament starts, with its players (their bells ring: social/notifier.ts). */
  readonly started?: (tournament: TournamentRow, userIds: readonly string[]) => void;
  /** Told after a tournament changed, to update its watchers (on every node). */
  readonly changed?: (tournamentId: string) => void;
  readonly newGameId?: () => string;
  /** The club's scheduled tournaments: each occurrence created ahead (checked once a minute). */
  readonly schedule?: readonly ScheduledTournament[];
  readonly log?: (msg: string, e?: unknown) => void;
}

/**
 * Records a tournament game's end (on the node that decided the game, or by
 * the director's sweep); a player who never moved is paused or withdrawn.
 * Returns the tournament's id when this call recorded it.
 */
export async function recordGameEnd(store: TournamentStore, row: GameRow, now: number): Promise<string | null> {
  const end = gameEnd(row, now);
  if (!end) return null;
  // Who went berserk is marked before the result: the store takes it only while the pairing runs.
  for (const side of [0, 1] as const) if (end.berserk[side]) await store.setTournamentBerserk(row.id, side);
  if (!(await store.recordTournamentGame(row.id, { result: end.result, forfeit: end.forfeit, plies: end.plies, endedAt: end.endedAt }))) return null;
  const tg = await store.tournamentGame(row.id);
  if (!tg) return null;
  if (end.noShow !== null) await store.setEntryActive(tg.tournamentId, end.noShow === 0 ? tg.pairing.white : tg.pairing.black, false);
  return tg.tournamentId;
}

export class TournamentDirector {
  /** Started: passes run every second and at the wake-ups below. */
  private on = false;
  private cancelEvery: (() => void) | null = null;
  /** The next pass asked for before the next second (a start, a round's due time, a game end). */
  private wake: { readonly at: number; readonly cancel: () => void } | null = null;
  private unlisten: (() => void) | null = null;
  /** During a pass: the soonest time a tournament waits for. */
  private due = Number.POSITIVE_INFINITY;
  private running: Promise<void> | null = null;
  private again = false;
  /** Games known to exist: their pairings need no look in the games' store until the next sweep. */
  private readonly started = new Set<string>();
  private lastSweep = Number.NEGATIVE_INFINITY;
  private lastSchedule = Number.NEGATIVE_INFINITY;
  private readonly newGameId: () => string;
  private readonly timers: Timers;
  /** Its passes, recorded ends and arena waits, for the benchmarks' diagnostics only. */
  private readonly traced = new DirectorTrace();

  constructor(private readonly deps: DirectorDeps) {
    this.newGameId = deps.newGameId ?? (() => randomId(8));
    this.timers = deps.timers ?? systemTimers;
  }

  /**
   * Passes every `everyMs`, and besides at the moments the tournaments wait
   * for (a start, the next Swiss round) and soon after a game ends, so that
   * nobody waits for the next whole second.
   */
  start(everyMs = DIRECTOR_EVERY_MS): void {
    if (this.on) return;
    this.on = true;
    const every = () => {
      this.cancelEvery = this.timers.at(this.deps.clock.now() + everyMs, () => {
        every();
        this.run();
      });
    };
    every();
    // At once too: a start due within the first second (a restart just before it) gets its own wake-up.
    this.run();
    this.unlisten = this.deps.bus?.subscribe(DIRECTOR_TOPIC, () => this.lookAt(this.deps.clock.now() + LOOK_AFTER_MS)) ?? null;
  }

  async stop(): Promise<void> {
    this.on = false;
    this.cancelEvery?.();
    this.cancelEvery = null;
    this.wake?.cancel();
    this.wake = null;
    this.unlisten?.();
    this.unlisten = null;
    await this.running;
  }

  /** The last passes and recorded ends, oldest first (diagnostics: GET /api/stats?director). */
  trace(): { passes: readonly DirectorPassTrace[]; ends: readonly DirectorEndTrace[]; waits: readonly DirectorWaitTrace[] } {
    return this.traced.read();
  }

  /** Resolves once no pass is running (tests: after fake time fired one). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /**
   * A player may be free or waiting (a game of a tournament ended, a player
   * joined one running): the directing node, this one or another, passes soon.
   */
  look(): void {
    if (this.deps.bus) this.deps.bus.publish(DIRECTOR_TOPIC, 'look');
    else this.lookAt(this.deps.clock.now() + LOOK_AFTER_MS);
  }

  /** A pass at `at`, unless one is asked for sooner already; only where this node directs. */
  private lookAt(at: number): void {
    if (!this.on || (this.deps.isDirector && !this.deps.isDirector())) return;
    if (this.wake && this.wake.at <= at) return;
    this.wake?.cancel();
    const wake = {
      at,
      cancel: this.timers.at(at, () => {
        if (this.wake === wake) this.wake = null;
        this.run();
      }),
    };
    this.wake = wake;
  }

  private run(): void {
    // A pass that fails (the database gone) is logged and tried again: an unhandled rejection would end the process.
    void this.tick().catch((e: unknown) => this.log('director pass failed', e));
  }

  /** One pass over every unfinished tournament; a call during a pass runs one more after it. */
  tick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.pass();
        } while (this.again);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** A game of this node ended: its result is recorded here at once, and the director looks again. */
  async gameEnded(row: GameRow): Promise<void> {
    try {
      const toldAt = this.deps.clock.now();
      const id = await recordGameEnd(this.deps.store, row, toldAt);
      if (id) {
        this.traced.ended({ game: row.id, players: [row.whiteId ?? '', row.blackId ?? ''], toldAt, recordedAt: this.deps.clock.now() });
        this.started.delete(row.id);
        this.deps.changed?.(id);
        this.look();
      }
    } catch (e) {
      this.log(`tournament result of game ${row.id} not recorded (the sweep will)`, e);
    }
  }

  private log(msg: string, e?: unknown): void {
    (this.deps.log ?? ((m, x) => console.error(m, x ?? '')))(msg, e);
  }

  private async pass(): Promise<void> {
    if (this.deps.isDirector && !this.deps.isDirector()) {
      // Another node directs: what we knew may be stale when we direct again.
      this.started.clear();
      this.lastSweep = Number.NEGATIVE_INFINITY;
      this.wake?.cancel();
      this.wake = null;
      return;
    }
    const now = this.deps.clock.now();
    const sweep = now - this.lastSweep >= RESULT_SWEEP_MS;
    if (sweep) this.lastSweep = now;
    if (this.deps.schedule?.length && now - this.lastSchedule >= SCHEDULE_EVERY_MS) {
      this.lastSchedule = now;
      await ensureScheduled(this.deps.store, this.deps.schedule, now).catch((e: unknown) => this.log('scheduled tournaments not created', e));
    }
    const began = performance.now();
    this.traced.beginPass();
    const list = await this.deps.store.listTournaments({ statuses: ['upcoming', 'running'], listedOnly: false, limit: 10_000 });
    this.traced.listed(performance.now() - began);
    this.due = Number.POSITIVE_INFINITY;
    for (const t of list) {
      try {
        await this.direct(t, now, sweep);
      } catch (e) {
        // Another director moved it first: the next pass reads the new state.
        if (!(e instanceof TournamentConflict)) this.log(`tournament ${t.id}: director pass failed`, e);
      }
    }
    this.traced.endPass(now, performance.now() - began);
    // The next start or round: a pass at that instant, not at the next second after it.
    if (this.due !== Number.POSITIVE_INFINITY) this.lookAt(this.due);
  }

  private async direct(row: TournamentRow, now: number, sweep: boolean): Promise<void> {
    if (row.status === 'upcoming' && now < row.terms.startsAt) {
      this.due = Math.min(this.due, row.terms.startsAt);
      return;
    }
    let t = row;
    let sheet = await this.read(t);
    let touched = await this.reconcile(t, sheet, now, sweep);
    touched = (await this.presence(t, sheet, now)) || touched;
    if (touched) {
      // A withdrawal moved the version on (setEntryActive): decide on the row as it is now.
      t = (await this.deps.store.tournament(t.id)) ?? t;
      sheet = await this.read(t);
    }
    // A start is followed at once by the first pairing.
    let started = false;
    let again = DECIDE_AGAIN_AT_ONCE;
    try {
      for (let steps = 0; steps < 3; ) {
        let next: Stepped | null;
        try {
          next = await this.step(t, sheet, now);
        } catch (e) {
          if (!(e instanceof TournamentConflict) || again-- <= 0) throw e;
          // Refused: the version moved on since the list (a join or a leave, or a rival director). Decided again
          // now on a fresh read, whose window to the write is short, not at the next pass, whose window from its
          // list to its write would again hold a join of a wave arriving around the start.
          const fresh = await this.deps.store.tournament(t.id);
          if (!fresh) throw e;
          t = fresh;
          sheet = await this.read(t);
          continue;
        }
        if (!next) break;
        steps++;
        t = next.row;
        sheet = next.sheet;
        started ||= next.started;
        touched = true;
      }
    } finally {
      // Only the director whose write took the start tells the players (a rival's write fails on the version);
      // after the first pairing's games, which are what a player waits for (the bells are stored: a thousand writes).
      if (started)
        this.deps.started?.(
          t,
          sheet.entries.map((e) => e.userId),
        );
      if (touched) this.deps.changed?.(t.id);
    }
  }

  /** Games not created yet (a director stopped after pairing), and ends not recorded (their node died). */
  private async reconcile(t: TournamentRow, sheet: TournamentSheetRows, now: number, sweep: boolean): Promise<boolean> {
    let touched = false;
    const look = sheet.pairings.filter((p) => p.result === null && (!this.started.has(p.gameId) || sweep));
    const missing: Pairing[] = [];
    // The sweep reads every running game of a big arena: together, not one read after another.
    await together(look, async (p) => {
      const game = await this.deps.store.game(p.gameId);
      if (!game) {
        missing.push(p);
        return;
      }
      this.started.add(p.gameId);
      if ((await recordGameEnd(this.deps.store, game, now)) !== null) {
        this.started.delete(p.gameId);
        touched = true;
      }
    });
    await this.startGames(t, missing, sheet.entries, now);
    return touched;
  }

  /** Marks who is away, and pauses (arena) or withdraws (Swiss, round-robin) whoever has been away too long. */
  private async presence(t: TournamentRow, sheet: TournamentSheetRows, now: number): Promise<boolean> {
    if (t.status !== 'running' && now < t.terms.startsAt) return false;
    let touched = false;
    const active = sheet.entries.filter((e) => e.active);
    const online = await this.deps.online(active.map((e) => e.userId));
    for (const e of active) {
      const on = online.has(e.userId);
      if (on && e.awaySince !== null) await this.deps.store.setEntryAway(t.id, e.userId, null);
      else if (!on && e.awaySince === null) await this.deps.store.setEntryAway(t.id, e.userId, now);
      else if (!on && e.awaySince !== null && e.playing === null && now - e.awaySince >= t.terms.withdrawAfterMs) {
        await this.deps.store.setEntryActive(t.id, e.userId, false);
      } else continue;
      touched = true;
    }
    return touched;
  }

  /** Does what the pure step says; the new row and sheet when something was written. */
  private async step(t: TournamentRow, sheet: TournamentSheetRows, now: number): Promise<Stepped | null> {
    const s = nextStep(t.terms, progressOf(t), sheetOf(sheet), now);
    const progress = progressOf(t);
    let change: TournamentAdvance;
    switch (s.type) {
      case 'wait':
        if (s.until !== null) this.due = Math.min(this.due, s.until);
        return null;
      case 'start':
        change = { ...progress, status: 'running', rounds: s.rounds, startedAt: now, pairings: [], byes: [] };
        break;
      case 'cancel':
        change = { ...progress, status: 'cancelled', endedAt: now, pairings: [], byes: [] };
        break;
      case 'finish': {
        // A Swiss or round-robin that ends before its last round says why on its page (fewer than two players left).
        const early = t.terms.kind !== 'arena' && progress.round > 0 && progress.round < progress.rounds;
        change = {
          ...progress,
          status: 'finished',
          endedAt: now,
          pairings: [],
          byes: [],
          ...(early ? { note: { round: progress.round + 1, code: 'too-few-players' as const } } : {}),
        };
        break;
      }
      case 'pair-free': {
        // The free players' own games (the live sheet holds only those being played): their scores, last opponents and colours.
        const ids = sheet.entries.filter(isFree).map((e) => e.userId);
        const history = ids.length === 0 ? [] : await this.traced.timed('readMs', () => this.deps.store.pairingsOf(t.id, ids));
        const free = arenaWaiting({ entries: sheet.entries, pairings: history, byes: [] }, now);
        const pairs = pairArena(free, now);
        this.traced.waited(t.id, free, pairs, now);
        if (pairs.length === 0) return null;
        change = { ...progress, pairings: pairs.map(([w, b]) => this.pairing(0, w, b, now)), byes: [] };
        break;
      }
      case 'pair-round': {
        const plan = t.terms.kind === 'swiss' ? swissRound(sheetOf(sheet), s.round, t.rounds) : roundRobinRound(sheetOf(sheet), s.round);
        // No Swiss pairing even with the absolute criteria relaxed (rounds.ts, RELAXATIONS): it ends, and its page says why.
        if (!plan) change = { ...progress, status: 'finished', endedAt: now, pairings: [], byes: [], note: { round: s.round, code: 'no-pairing' } };
        else {
          const byes: Bye[] = [...plan.byes];
          change = {
            ...progress,
            round: s.round,
            pairings: plan.pairs.map(([w, b]) => this.pairing(s.round, w, b, now)),
            byes,
            ...(plan.relaxed ? { note: { round: s.round, code: plan.relaxed } } : {}),
          };
        }
        break;
      }
    }
    await this.traced.timed('writeMs', () => this.deps.store.advanceTournament(t.id, t.version, change));
    const { pairings: _p, byes: _b, note, ...moved } = change;
    const row: TournamentRow = { ...t, ...moved, notes: note ? [...t.notes, note] : t.notes, version: t.version + 1 };
    const next = await this.read(row);
    await this.traced.timed('createMs', () => this.startGames(row, change.pairings, next.entries, now));
    return { row, sheet: next, started: s.type === 'start' };
  }

  /**
   * What a pass reads of a tournament: a running arena's live part (its
   * entries and the games being played; the free players' finished games are
   * read when they are paired), since its finished games grow all through it;
   * the whole sheet otherwise (a round's pairing needs it all, once a round).
   */
  private read(t: TournamentRow): Promise<TournamentSheetRows> {
    const { store } = this.deps;
    return this.traced.timed('readMs', () => (t.status === 'running' && t.terms.kind === 'arena' ? store.tournamentLive(t.id) : store.tournamentSheet(t.id)));
  }

  private pairing(round: number, white: string, black: string, now: number): Pairing {
    return { round, gameId: this.newGameId(), white, black, pairedAt: now, result: null, forfeit: false, berserk: [false, false], plies: 0, endedAt: null };
  }

  /**
   * Creates the pairings' games with the tournament's clock and terms;
   * idempotent (a game's id is its pairing's). An arena's first pass pairs
   * hundreds at once: the players are read first, all together, then the
   * games are created together, so that their writes share a few commits.
   */
  private async startGames(t: TournamentRow, pairings: readonly Pairing[], entries: readonly EntryRow[], now: number): Promise<void> {
    if (pairings.length === 0) return;
    const names = new Map(entries.map((e) => [e.userId, e.name]));
    const who = new Map<string, Identity>();
    const ids = [...new Set(pairings.flatMap((p) => [p.white, p.black]))];
    await together(
      ids,
      async (userId) => {
        const u = await this.deps.store.userById(userId);
        who.set(userId, { id: userId, name: names.get(userId) ?? u?.username ?? userId, guest: !u?.username });
      },
      CREATE_AT_ONCE,
    );
    await together(pairings, (p) => this.startGame(t, p, who.get(p.white)!, who.get(p.black)!, now), CREATE_AT_ONCE);
  }

  private async startGame(t: TournamentRow, p: Pairing, white: Identity, black: Identity, now: number): Promise<void> {
    const terms: PairedTerms = {
      variant: t.terms.variant as PairedTerms['variant'],
      clock: clockSpec(t.terms.clock),
      rated: t.terms.rated,
      color: 'first',
      id: p.gameId,
      berserk: t.terms.kind === 'arena' && t.terms.berserk,
      tournament: true,
    };
    const r = await this.deps.games.createPaired(white, black, terms);
    if (r.ok || r.error.code === 'game.exists') {
      this.started.add(p.gameId);
      if (r.ok) {
        const tag = (u: Identity) => ({ id: u.id, name: u.name, guest: u.guest });
        this.deps.notify?.(white.id, { t: 'paired', game: p.gameId, side: 'first', opponent: tag(black), via: 'tournament' });
        this.deps.notify?.(black.id, { t: 'paired', game: p.gameId, side: 'second', opponent: tag(white), via: 'tournament' });
      }
      return;
    }
    this.log(`tournament ${t.id}: game ${p.gameId} not started: ${r.error.code} ${r.error.message}`);
    if (!TRANSIENT.has(r.error.code)) {
      await this.deps.store.recordTournamentGame(p.gameId, { result: 0.5, forfeit: true, plies: 0, endedAt: now });
    }
  }
}

/** Calls `fn` on every item, at most `width` at once. */
async function together<T>(items: readonly T[], fn: (item: T) => Promise<void>, width = 32): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
}

/** Entered, not paused, present, not in a game: free for an arena's next pairing. */
const isFree = (e: EntryRow): boolean => e.active && e.playing === null && e.awaySince === null;

/** An arena's free players, from their entries and (at least) their own pairings. */
export function arenaWaiting(sheet: TournamentSheetRows, _now: number): ArenaWaiting[] {
  const lastGame = new Map<string, Pairing>();
  const balance = new Map<string, number>();
  const gamesOf = new Map<string, Pairing[]>();
  for (const p of sheet.pairings) {
    for (const [u, side] of [
      [p.white, 0],
      [p.black, 1],
    ] as const) {
      let mine = gamesOf.get(u);
      if (!mine) {
        mine = [];
        gamesOf.set(u, mine);
      }
      mine.push(p);
      const before = lastGame.get(u);
      if (!before || p.pairedAt >= before.pairedAt) lastGame.set(u, p);
      if (!p.forfeit) balance.set(u, (balance.get(u) ?? 0) + (side === 0 ? 1 : -1));
    }
  }
  return sheet.entries.filter(isFree).map((e) => {
    const last = lastGame.get(e.userId);
    return {
      userId: e.userId,
      points: arenaScore(e.userId, gamesOf.get(e.userId) ?? []).points,
      rating: e.rating,
      lastOpponent: last ? (last.white === e.userId ? last.black : last.white) : null,
      lastColour: last ? (last.white === e.userId ? 0 : 1) : null,
      colourBalance: balance.get(e.userId) ?? 0,
      waitingSince: last?.endedAt ?? e.joinedAt,
    };
  });
}
