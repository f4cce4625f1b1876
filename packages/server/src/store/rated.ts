/**
 * The rating arithmetic every back end runs inside its own transaction, the
 * same way, on the ratings it has just read there: so the three stores agree
 * to the last bit, and a rating is never computed from a stale read.
 */
import { DEFAULT_RATING, rateGame, type Rating } from '@youzai/game';
import type { RatedGameRow, RatedResult, RatingChange, RatingPoint, RatingRow, RatingState, StateChange } from './types.ts';

/** The pair of players of a game, whatever the colours: both ids in code-point order. */
export const pairKey = (a: string, b: string): string => (a < b ? `${a} ${b}` : `${b} ${a}`);

/** The earliest `rated_at` (exclusive) of the games that count against the pair limit of `r`. */
export const pairSince = (r: RatedResult): number => r.at - (r.pairLimit?.withinMs ?? 0);

export interface RatedRows {
  /** New current ratings, white then black. */
  readonly rows: readonly [RatingRow, RatingRow];
  readonly points: readonly [RatingPoint, RatingPoint];
  readonly change: RatingChange;
}

/** Catches caller bugs before anything is written. */
export function checkRated(r: RatedResult): void {
  if (r.whiteId === r.blackId) throw new TypeError(`game ${r.gameId}: a player cannot be rated against themself`);
  if (r.score !== 0 && r.score !== 0.5 && r.score !== 1) throw new TypeError(`game ${r.gameId}: score must be 0, 0.5 or 1`);
  if (!Number.isSafeInteger(r.at)) throw new TypeError(`game ${r.gameId}: at must be a whole number`);
}

const glicko = (row: RatingRow | null): Rating => (row ? { rating: row.rating, deviation: row.deviation, volatility: row.volatility } : DEFAULT_RATING);

/** Both players' rows after the game, from their rows before it (null: never rated in this variant). */
export function applyResult(r: RatedResult, white: RatingRow | null, black: RatingRow | null): RatedRows {
  const before: [Rating, Rating] = [glicko(white), glicko(black)];
  const after = rateGame(before[0], before[1], r.score);
  const ids = [r.whiteId, r.blackId] as const;
  const games = [white?.games ?? 0, black?.games ?? 0] as const;
  const row = (i: 0 | 1): RatingRow => ({ userId: ids[i], variant: r.variant, ...after[i], games: games[i] + 1, ratedAt: r.at });
  const point = (i: 0 | 1): RatingPoint => ({ userId: ids[i], variant: r.variant, gameId: r.gameId, ratedAt: r.at, ...after[i] });
  return {
    rows: [row(0), row(1)],
    points: [point(0), point(1)],
    change: {
      gameId: r.gameId,
      variant: r.variant,
      counted: true,
      players: [
        { userId: ids[0], before: before[0], after: after[0] },
        { userId: ids[1], before: before[1], after: after[1] },
      ],
    },
  };
}

/** A game over the pair limit: recorded, nothing changed. */
export function uncounted(r: RatedResult, white: RatingRow | null, black: RatingRow | null): RatingChange {
  const w = glicko(white);
  const b = glicko(black);
  return {
    gameId: r.gameId,
    variant: r.variant,
    counted: false,
    players: [
      { userId: r.whiteId, before: w, after: w },
      { userId: r.blackId, before: b, after: b },
    ],
  };
}

/** Each player's rating change in a counted game, white then black. */
export const deltasOf = (c: RatingChange): [number, number] => [
  c.players[0].after.rating - c.players[0].before.rating,
  c.players[1].after.rating - c.players[1].before.rating,
];

const stateOf = (row: RatingRow | null): RatingState => ({ ...glicko(row), games: row?.games ?? 0 });

/** Each player's whole state before and after a counted game, white then black: kept with the game, for voiding it. */
export function statesOf(out: RatedRows, white: RatingRow | null, black: RatingRow | null): [StateChange, StateChange] {
  return [
    { before: stateOf(white), after: stateOf(out.rows[0]) },
    { before: stateOf(black), after: stateOf(out.rows[1]) },
  ];
}

/**
 * A player's state once game `g` is voided, from their state now (player
 * `i`: 0 white, 1 black). When the game is still the player's last (their
 * state is what it left), the state before it comes back exactly: rating,
 * deviation, volatility and games. Later games are not undone: the game's
 * own change of each is taken back from the state now (the deviation at most
 * back to a newcomer's), and one game less is counted. A game counted before
 * states were kept takes back its points and the game.
 */
export function voidedState(now: RatingState, g: RatedGameRow, i: 0 | 1): RatingState {
  const change = g.states[i] ?? null;
  if (!change) return { ...now, rating: now.rating - g.deltas[i], games: Math.max(0, now.games - 1) };
  const { before, after } = change;
  const last = now.rating === after.rating && now.deviation === after.deviation && now.volatility === after.volatility && now.games === after.games;
  if (last) return { ...before };
  return {
    rating: now.rating - (after.rating - before.rating),
    deviation: Math.min(DEFAULT_RATING.deviation, Math.max(0, now.deviation - (after.deviation - before.deviation))),
    volatility: Math.max(Number.EPSILON, now.volatility - (after.volatility - before.volatility)),
    games: Math.max(0, now.games - 1),
  };
}

/** The states kept in a store's text column (JSON), back; null for none or unreadable. */
export function parseStates(text: string | null | undefined): StateChange | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as StateChange;
    return typeof v?.before?.rating === 'number' && typeof v?.after?.rating === 'number' ? v : null;
  } catch {
    return null;
  }
}
