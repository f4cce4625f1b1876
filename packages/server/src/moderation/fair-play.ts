/**
 * Fair-play reports (issue 31, "Beyond"): on an admin's request, most often
 * on a report of engine use, a player's last 20 rated games are analysed at
 * the fixed node budget of every game analysis (analysis/engine-evaluate.ts),
 * through the club's analyses (GameAnalyses: stored per game, claimed by a
 * node, run a few at a time on the engine pool's background queue, behind
 * every live computer game). Once all are analysed the figures are computed
 * (fair-play-figures.ts) and kept, once: later views read what was kept.
 *
 * Where it is kept: the admins' log (ModerationStore), one entry for the
 * request (`fair-play`: the games) and one for the result (`fair-play-done`:
 * the figures), so each request and what the admins saw stay on the record
 * with the other moderation actions, in every store, without a table of
 * their own.
 */
import { RATED_MIN_PLIES } from '@youzai/game';
import { err, ok, type Result, type RuleError } from '@youzai/rules';
import type { GameAnalyses } from '../analysis/analyses.ts';
import { ENGINE_ID } from '../service/game-service.ts';
import type { Clock } from '../service/time.ts';
import type { AnalysisStore, GameRow, GameStore, ModerationStore, ModLogRow, RatingStore, UserRow, UserStore } from '../store/types.ts';
import { fairPlayFigures, type AnalysedSide, type FairPlayFigures } from './fair-play-figures.ts';
import type { AnalysedPly } from '@youzai/protocol';

/** Games a report analyses: the player's newest rated ones. */
export const FAIR_PLAY_GAMES = 20;
/** The club's newest finished games looked at for the rating band's figures (those already analysed count). */
export const FAIR_PLAY_CLUB_GAMES = 300;
/** Log entries searched for reports: a report older than the newest 1,000 admin actions is no longer listed or shown (ask again: the analyses are kept). */
const LOG_SCAN = 1000;

export interface FairPlayDeps {
  readonly store: GameStore & AnalysisStore & RatingStore & ModerationStore & Pick<UserStore, 'userById' | 'userByName'>;
  readonly analyses: Pick<GameAnalyses, 'request' | 'enabled'>;
  readonly clock: Clock;
  readonly newId: () => string;
}

export interface FairPlayReport {
  readonly id: string;
  readonly userId: string;
  /** The admin who asked. */
  readonly requestedBy: string;
  readonly requestedAt: number;
  /** The players' report it answers, if any. */
  readonly reportId: string | null;
  readonly games: readonly string[];
  readonly state: 'pending' | 'done';
  /** Games analysed so far (done or failed), of games.length. */
  readonly analysed: number;
  readonly figures?: FairPlayFigures;
  readonly doneAt?: number;
}

interface Requested {
  readonly report: string | null;
  readonly games: readonly string[];
}

const played = (g: GameRow, userId: string) =>
  g.rated &&
  g.status === 'finished' &&
  g.plies >= RATED_MIN_PLIES &&
  (g.whiteId === userId || g.blackId === userId) &&
  g.whiteId !== ENGINE_ID &&
  g.blackId !== ENGINE_ID;

export class FairPlay {
  constructor(private readonly deps: FairPlayDeps) {}

  /** Queues the analyses of the player's last 20 rated games and records the request. */
  async request(admin: UserRow, userName: string, reportId: string | null): Promise<Result<FairPlayReport, RuleError>> {
    const { store, analyses, clock } = this.deps;
    if (!analyses.enabled) return err('server.no-engine', 'The engine is not available on this server');
    const user = await store.userByName(userName);
    if (!user) return err('user.not-found', 'No such player');
    const rows = await store.games({ userId: user.id, status: ['finished'], limit: FAIR_PLAY_GAMES * 5 });
    const games = rows
      .filter((g) => played(g, user.id))
      .slice(0, FAIR_PLAY_GAMES)
      .map((g) => g.id);
    if (games.length === 0) return err('fairplay.no-games', 'This player has no finished rated game to analyse');
    for (const g of games) {
      const r = await analyses.request(g, admin.id, { uncapped: true });
      if (!r.ok) return err(r.error.code, r.error.message);
    }
    const entry: ModLogRow = {
      id: this.deps.newId(),
      at: clock.now(),
      admin: admin.username ?? admin.id,
      action: 'fair-play',
      targetId: user.id,
      gameId: null,
      detail: JSON.stringify({ report: reportId, games } satisfies Requested),
    };
    await store.logModeration(entry);
    return ok(await this.progress(this.fromLog(entry)));
  }

  /** The reports, newest first (pending ones with their progress, done ones as kept). */
  async list(limit: number): Promise<FairPlayReport[]> {
    const log = await this.deps.store.moderationLog(LOG_SCAN);
    const done = new Map(log.filter((e) => e.action === 'fair-play-done').map((e) => [doneOf(e), e]));
    const out: FairPlayReport[] = [];
    for (const e of log) {
      if (e.action !== 'fair-play' || out.length >= limit) continue;
      const kept = done.get(e.id);
      out.push(kept ? this.withFigures(this.fromLog(e), kept) : await this.progress(this.fromLog(e)));
    }
    return out;
  }

  /** One report: the kept figures, or, once every game is analysed, the figures computed now and kept. */
  async view(id: string): Promise<FairPlayReport | null> {
    const log = await this.deps.store.moderationLog(LOG_SCAN);
    const asked = log.find((e) => e.action === 'fair-play' && e.id === id);
    if (!asked) return null;
    const kept = log.find((e) => e.action === 'fair-play-done' && doneOf(e) === id);
    const report = this.fromLog(asked);
    if (kept) return this.withFigures(report, kept);
    const now = await this.progress(report);
    if (now.analysed < report.games.length) return now;
    const figures = await this.compute(report);
    const entry: ModLogRow = {
      id: `${id}~done`,
      at: this.deps.clock.now(),
      admin: report.requestedBy,
      action: 'fair-play-done',
      targetId: report.userId,
      gameId: null,
      detail: JSON.stringify({ of: id, figures }),
    };
    try {
      await this.deps.store.logModeration(entry);
    } catch {
      // Another view kept it first: read what was kept, so every view shows the same figures.
      const again = (await this.deps.store.moderationLog(LOG_SCAN)).find((e) => e.action === 'fair-play-done' && doneOf(e) === id);
      if (again) return this.withFigures(report, again);
    }
    return this.withFigures(report, entry);
  }

  private fromLog(e: ModLogRow): FairPlayReport {
    const d = JSON.parse(e.detail) as Requested;
    return { id: e.id, userId: e.targetId ?? '', requestedBy: e.admin, requestedAt: e.at, reportId: d.report, games: d.games, state: 'pending', analysed: 0 };
  }

  private withFigures(r: FairPlayReport, done: ModLogRow): FairPlayReport {
    const { figures } = JSON.parse(done.detail) as { figures: FairPlayFigures };
    return { ...r, state: 'done', analysed: r.games.length, figures, doneAt: done.at };
  }

  private async progress(r: FairPlayReport): Promise<FairPlayReport> {
    let analysed = 0;
    for (const g of r.games) {
      const a = await this.deps.store.analysis(g);
      if (a && (a.state === 'done' || a.state === 'failed')) analysed++;
    }
    return { ...r, analysed };
  }

  /** The player's analysed sides, their ratings, and the club's analysed sides of other players with their ratings. */
  private async compute(r: FairPlayReport): Promise<FairPlayFigures> {
    const { store } = this.deps;
    const mine: AnalysedSide[] = [];
    for (const id of r.games) {
      const side = await this.sideOf(id, r.userId);
      if (side) mine.push(side);
    }
    const ratingOf = new Map<string, Record<string, number>>();
    const ratings = async (userId: string) => {
      let m = ratingOf.get(userId);
      if (!m) {
        m = Object.fromEntries((await store.ratings(userId)).map((x) => [x.variant, x.rating]));
        ratingOf.set(userId, m);
      }
      return m;
    };
    const club: (AnalysedSide & { rating: number })[] = [];
    for (const g of await store.games({ status: ['finished'], limit: FAIR_PLAY_CLUB_GAMES })) {
      if (!g.rated || !g.whiteId || !g.blackId || g.whiteId === ENGINE_ID || g.blackId === ENGINE_ID) continue;
      const a = await store.analysis(g.id);
      if (a?.state !== 'done') continue;
      for (const p of [g.whiteId, g.blackId]) {
        if (p === r.userId) continue;
        const side = await this.sideOf(g.id, p, g);
        const rating = (await ratings(p))[g.variant];
        if (side && rating !== undefined) club.push({ ...side, rating });
      }
    }
    return fairPlayFigures(mine, await ratings(r.userId), club);
  }

  private async sideOf(gameId: string, userId: string, known?: GameRow): Promise<AnalysedSide | null> {
    const { store } = this.deps;
    const g = known ?? (await store.game(gameId));
    const a = await store.analysis(gameId);
    if (!g || a?.state !== 'done') return null;
    const plies = (a.data as { plies?: AnalysedPly[] } | null)?.plies;
    if (!plies) return null;
    const moves = await store.moves(gameId);
    return { gameId, variant: g.variant, side: g.whiteId === userId ? 0 : 1, moves: moves.map((m) => m.uci), at: moves.map((m) => m.at), plies };
  }
}

const doneOf = (e: ModLogRow): string => (JSON.parse(e.detail) as { of: string }).of;
