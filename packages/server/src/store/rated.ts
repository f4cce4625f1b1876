/**
 * The rating arithmetic every back end runs inside its own transaction, the
 * same way, on the ratings it has just read there: so the three stores agree
 * to the last bit, and a rating is never computed from a stale read.
 */
import { DEFAULT_RATING, rateGame, type Rating } from '@youzai/game';
import type { NewcomerRule, RatedGameRow, RatedResult, RatingChange, RatingPoint, RatingRow, RatingState, StateChange } from './types.ts';

/** The pair of players of a game, whatever the colours: both ids in code-point order. */
export const pairKey = (a: string, b: string): string => (a < b ? `${a} ${b}` : `${b} ${a}`);

/** The earliest `rated_at` (exclusive) of the games that count against the pair limit of `r`. */
export const pairSince = (r: RatedResult): number => r.at - (r.pairLimit?.withinMs ?? 0);

export interface RatedRows {
  /** New current ratings of the players the game moves (white first). */
  readonly rows: readonly RatingRow[];
  /** Their history points. */
  readonly points: readonly RatingPoint[];
  readonly change: RatingChange;
  /** Each player's whole state before and after, white then black: kept with the game, for voiding it (before = after for a player it did not move). */
  readonly states: readonly [StateChange, StateChange];
}

/** Catches caller bugs before anything is written. */
export function checkRated(r: RatedResult): void {
  if (r.whiteId === r.blackId) throw new TypeError(`game ${r.gameId}: a player cannot be rated against themself`);
  if (r.score !== 0 && r.score !== 0.5 && r.score !== 1) throw new TypeError(`game ${r.gameId}: score must be 0, 0.5 or 1`);
  if (!Number.isSafeInteger(r.at)) throw new TypeError(`game ${r.gameId}: at must be a whole number`);
}

const glicko = (row: RatingRow | null): Rating => (row ? { rating: row.rating, deviation: row.deviation, volatility: row.volatility } : DEFAULT_RATING);

/** Both players move: no newcomer rule, or the store need not look. */
export const BOTH: readonly [boolean, boolean] = [true, true];

/** Whether a player still counts as new under the rule (so they need not be established to be moved). */
export const isNewcomer = (rule: NewcomerRule, row: RatingRow | null): boolean => (row?.games ?? 0) < rule.games;

/**
 * Which players a game moves, white then black (NewcomerRule): a player moves
 * while new, or against an established opponent. `opponents(i)` counts the
 * different opponents of player i in the variant's rated games not voided,
 * this one left out; it is asked only of a player past the newcomer games.
 */
export function movesOf(rule: NewcomerRule | undefined, white: RatingRow | null, black: RatingRow | null, opponents: (i: 0 | 1) => number): [boolean, boolean] {
  if (!rule) return [true, true];
  const rows = [white, black] as const;
  const established = (i: 0 | 1) => !isNewcomer(rule, rows[i]) && opponents(i) >= rule.opponents;
  const moves = (i: 0 | 1) => isNewcomer(rule, rows[i]) || established(i === 0 ? 1 : 0);
  return [moves(0), moves(1)];
}

const stateOf = (row: RatingRow | null): RatingState => ({ ...glicko(row), games: row?.games ?? 0 });

/**
 * Both players' rows after the game, from their rows before it (null: never
 * rated in this variant). A player `moves` leaves out keeps their rating,
 * game count and history as they were.
 */
export function applyResult(r: RatedResult, white: RatingRow | null, black: RatingRow | null, moves: readonly [boolean, boolean] = BOTH): RatedRows {
  const before: [Rating, Rating] = [glicko(white), glicko(black)];
  const rated = rateGame(before[0], before[1], r.score);
  const after: [Rating, Rating] = [moves[0] ? rated[0] : before[0], moves[1] ? rated[1] : before[1]];
  const ids = [r.whiteId, r.blackId] as const;
  const games = [white?.games ?? 0, black?.games ?? 0] as const;
  const row = (i: 0 | 1): RatingRow => ({ userId: ids[i], variant: r.variant, ...after[i], games: games[i] + 1, ratedAt: r.at });
  const point = (i: 0 | 1): RatingPoint => ({ userId: ids[i], variant: r.variant, gameId: r.gameId, ratedAt: r.at, ...after[i] });
  const sides = ([0, 1] as const).filter((i) => moves[i]);
  const rows = sides.map(row);
  const held = ([0, 1] as const).filter((i) => !moves[i]).map((i) => ids[i]);
  const state = (i: 0 | 1, prev: RatingRow | null): StateChange => ({ before: stateOf(prev), after: moves[i] ? stateOf(row(i)) : stateOf(prev) });
  return {
    rows,
    points: sides.map(point),
    states: [state(0, white), state(1, black)],
    change: {
      gameId: r.gameId,
      variant: r.variant,
      counted: true,
      ...(held.length ? { held } : {}),
      players: [
        { userId: ids[0], before: before[0], after: after[0] },
        { userId: ids[1], before: before[1], after: after[1] },
      ],
    },
  };
}

/** A game over the pair limit, or between two players it may not move: recorded, nothing changed. */
export function uncounted(r: RatedResult, white: RatingRow | null, black: RatingRow | null, reason: 'pair-limit' | 'newcomers' = 'pair-limit'): RatingChange {
  const w = glicko(white);
  const b = glicko(black);
  return {
    gameId: r.gameId,
    variant: r.variant,
    counted: false,
    reason,
    ...(reason === 'newcomers' ? { held: [r.whiteId, r.blackId] } : {}),
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

/** Each player's whole state before and after a counted game, white then black: kept with the game, for voiding it. */
export const statesOf = (out: RatedRows): readonly [StateChange, StateChange] => out.states;

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
  // A player the game did not move (NewcomerRule): nothing to take back.
  if (before.games === after.games) return { ...now };
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
