/**
 * The puzzle trainer's server side: a puzzle near the solver's puzzle rating
 * that they have not played, results applied to both ratings (once per user
 * and puzzle: the store sees to it), the puzzle of the day, themes.
 *
 * Each puzzle's live rating is cached here, read from the store once per
 * game and updated with every result this server applies. With several
 * server nodes another node's results reach the cache at its next start;
 * the cache only steers which puzzle is offered, the store holds the truth.
 */
import { isProvisional } from '@youzai/game';
import type { PuzzlePlayerView, PuzzleResultView, PuzzleView } from '@youzai/protocol';
import { INITIAL_PLAYER_RATING, initialPuzzleRating, type Puzzle } from '@youzai/puzzles';
import { VARIANT_KEYS, type VariantKey } from '@youzai/rules';
import type { Clock } from '../service/time.ts';
import type { PuzzleRatingRow, PuzzleStateRow, PuzzleStore } from '../store/puzzles.ts';
import type { PuzzleBank, ThemeCount } from './bank.ts';
import { wirePlayer, wirePuzzle } from './wire.ts';

export type { PuzzlePlayerView, PuzzleResultView, PuzzleView } from '@youzai/protocol';

export type PuzzleErrorCode = 'puzzle.not-found' | 'puzzle.bad-theme';
export type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly code: PuzzleErrorCode; readonly message: string };

/** Offer one of the this-many unplayed puzzles closest to the solver's rating. */
export const NEAR = 12;
/** Rounds read to know what a solver has played (a solver with more sees the oldest again). */
const HISTORY = 5000;
/** The club's day for the daily puzzle: Vietnam's (UTC+7, no daylight saving). */
const DAY_OFFSET_MS = 7 * 3600_000;

export interface PuzzleServiceDeps {
  readonly bank: PuzzleBank;
  readonly store: PuzzleStore;
  readonly clock: Clock;
  /** Picks among the nearest puzzles; tests pass a fixed one. */
  readonly random?: () => number;
}

export class PuzzleService {
  private readonly live = new Map<string, PuzzleStateRow>();
  private readonly loaded = new Map<VariantKey, Promise<void>>();
  private readonly random: () => number;

  constructor(private readonly deps: PuzzleServiceDeps) {
    this.random = deps.random ?? Math.random;
  }

  async view(id: string): Promise<PuzzleView | null> {
    const p = this.deps.bank.get(id);
    if (!p) return null;
    await this.load(p.variant);
    return this.toView(p);
  }

  themes(variant: VariantKey): ThemeCount[] {
    return this.deps.bank.themes(variant);
  }

  /** A puzzle near the solver's rating, unplayed if any is left (else the one played longest ago). */
  async next(userId: string, variant: VariantKey, theme?: string): Promise<Outcome<{ puzzle: PuzzleView; player: PuzzlePlayerView }>> {
    const pool = this.deps.bank.of(variant, theme);
    if (pool.length === 0) {
      return theme === undefined
        ? { ok: false, code: 'puzzle.not-found', message: `There are no ${variant} puzzles on this server` }
        : { ok: false, code: 'puzzle.bad-theme', message: `No ${variant} puzzle has the theme ${theme}` };
    }
    await this.load(variant);
    const [rows, rounds] = await Promise.all([this.deps.store.puzzleRatings(userId), this.deps.store.puzzleRounds(userId, variant, HISTORY)]);
    const player = playerView(rows.find((r) => r.variant === variant) ?? null);
    const played = new Set(rounds.map((r) => r.puzzleId));
    const fresh = pool.filter((p) => !played.has(p.id));
    let chosen: Puzzle;
    if (fresh.length > 0) {
      const target = player.rating;
      const near = [...fresh].sort((a, b) => Math.abs(this.ratingOf(a) - target) - Math.abs(this.ratingOf(b) - target)).slice(0, NEAR);
      chosen = near[Math.min(near.length - 1, Math.floor(this.random() * near.length))]!;
    } else {
      const inPool = new Set(pool.map((p) => p.id));
      const oldest = [...rounds].reverse().find((r) => inPool.has(r.puzzleId));
      chosen = (oldest && this.deps.bank.get(oldest.puzzleId)) || pool[0]!;
    }
    return { ok: true, value: { puzzle: this.toView(chosen), player } };
  }

  /** Applies a finished attempt (win: solved without a wrong move; hint: after a hint, rated as a draw). */
  async result(userId: string, id: string, win: boolean, hint = false): Promise<Outcome<PuzzleResultView>> {
    const p = this.deps.bank.get(id);
    if (!p) return { ok: false, code: 'puzzle.not-found', message: 'No such puzzle' };
    await this.load(p.variant);
    const out = await this.deps.store.applyPuzzleResult({
      userId,
      puzzleId: id,
      variant: p.variant,
      win,
      hint,
      at: this.deps.clock.now(),
      initial: initialPuzzleRating(p),
    });
    if (out.puzzle.attempts > 0) this.live.set(id, out.puzzle);
    const player = playerView(out.player);
    return {
      ok: true,
      value: {
        rated: out.rated,
        rating: player.rating,
        diff: out.rated ? player.rating - Math.round(out.before.rating) : 0,
        player,
        puzzle: { id, rating: Math.round(out.puzzle.rating), plays: out.puzzle.attempts },
      },
    };
  }

  /** The puzzle of the club's day (Vietnam's date), the same for everyone. */
  async daily(variant: VariantKey): Promise<{ date: string; puzzle: PuzzleView } | null> {
    const date = new Date(this.deps.clock.now() + DAY_OFFSET_MS).toISOString().slice(0, 10);
    const p = this.deps.bank.daily(variant, date);
    if (!p) return null;
    await this.load(variant);
    return { date, puzzle: this.toView(p) };
  }

  /** The solver's puzzle rating in every game (the default where they have not played). */
  async mine(userId: string): Promise<Record<VariantKey, PuzzlePlayerView>> {
    const rows = await this.deps.store.puzzleRatings(userId);
    return Object.fromEntries(VARIANT_KEYS.map((v) => [v, playerView(rows.find((r) => r.variant === v) ?? null)])) as Record<VariantKey, PuzzlePlayerView>;
  }

  private ratingOf(p: Puzzle): number {
    return this.live.get(p.id)?.rating ?? p.rating;
  }

  private toView(p: Puzzle): PuzzleView {
    const live = this.live.get(p.id);
    return wirePuzzle(p, live?.rating ?? initialPuzzleRating(p).rating, live?.attempts ?? 0);
  }

  /** The variant's live puzzle ratings, read from the store once. */
  private load(variant: VariantKey): Promise<void> {
    let done = this.loaded.get(variant);
    if (!done) {
      done = this.deps.store.puzzleStates(variant).then(
        (rows) => {
          for (const r of rows) if (!this.live.has(r.puzzleId)) this.live.set(r.puzzleId, r);
        },
        (e: unknown) => {
          this.loaded.delete(variant); // try again on the next request
          throw e;
        },
      );
      this.loaded.set(variant, done);
    }
    return done;
  }
}

export function playerView(row: PuzzleRatingRow | null): PuzzlePlayerView {
  const r = row ?? { ...INITIAL_PLAYER_RATING, attempts: 0, wins: 0, streak: 0, bestStreak: 0 };
  return wirePlayer({ ...r, provisional: isProvisional(r) });
}
