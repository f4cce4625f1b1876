/**
 * A game as it travels: the full view a client is sent and the events that
 * change it. These are the wire's own types: the server maps its domain
 * (@youzai/game) onto them at the edge, so the pure game layer may change
 * without changing what clients read, and a change here is a change of the
 * protocol. Sides are named ('first', 'second': rules' Side); pairs of
 * per-side values are tuples in that order; pieces are FEN role letters.
 */
import type { ResultText, Side, VariantKey } from '@youzai/rules';

export interface Seat {
  readonly userId: string;
  readonly name: string;
  readonly kind: 'human' | 'engine';
  /** The computer's level (1-8) on an engine seat. */
  readonly level?: number;
  /** 'BOT': a bot account's seat (the Bot API), as lichess marks bots. */
  readonly title?: 'BOT';
}

export type ClockConfig =
  | { readonly kind: 'fischer'; readonly baseMs: number; readonly incrementMs: number }
  | { readonly kind: 'byoyomi'; readonly baseMs: number; readonly periods: number; readonly periodMs: number }
  /** Days per move: `baseMs` is the time for each move. */
  | { readonly kind: 'correspondence'; readonly baseMs: number };

/** A clock as clients see it: time left at `at`, and who is running. */
export interface ClockView {
  readonly remainingMs: readonly [number, number];
  readonly periodsLeft: readonly [number, number];
  readonly periodMs: number;
  readonly running: Side | null;
  /** Server time of this reading. */
  readonly at: number;
}

export type GameStatus = 'waiting' | 'active' | 'finished' | 'aborted';

/** A check or chase run a verdict names (Xiangqi run limits). */
export interface RunFact {
  readonly kind: 'check' | 'chase';
  readonly side: Side;
  readonly length: number;
  readonly pieces: number;
  readonly limit: number;
  /** A chase's target: its role's FEN letter, its owner and its square. */
  readonly target: { readonly role: string; readonly owner: Side; readonly square: string } | null;
}

/**
 * How a game ended and why. The sentence is the client's to say, in the
 * reader's language: `code` names it (VERDICT_CODES in @youzai/game) and
 * `params` fills it in; `side` and `other` are colours.
 */
export interface Verdict {
  readonly result: ResultText;
  /** null for a draw. */
  readonly winner: Side | null;
  /** Why it ended (a rule's or conduct's reason: checkmate, resignation, timeout…). */
  readonly reason: string;
  readonly code: string;
  readonly params: Readonly<Record<string, number | string>>;
  /** The runs a run-limit verdict names; absent otherwise. */
  readonly runs?: readonly RunFact[];
}

/** One side's check/chase run (Xiangqi). */
export interface RunView {
  readonly kind: 'check' | 'chase';
  readonly length: number;
  readonly pieces: number;
  readonly limit: number;
  /** Chase run: the chased piece's square and role letter. */
  readonly target: { readonly square: string; readonly role: string } | null;
}

export interface CounterView {
  readonly plies: number;
  readonly limit: number;
}

/** Everything the page shows besides the board: Xiangqi fills runs and counters. */
export interface RefereeState {
  readonly ply: number;
  readonly verdict: Verdict | null;
  readonly runs: readonly [RunView | null, RunView | null] | null;
  readonly counters: {
    readonly natural: CounterView;
    readonly progress: CounterView;
    readonly length: CounterView;
    /** Plies without capture toward the claimable draw. */
    readonly claim: CounterView & { readonly claimable: boolean };
  } | null;
  /** Plies without progress toward the game's automatic draw (Janggi, Sittuyin). */
  readonly quiet: CounterView | null;
}

/** The public state of a game: for players, spectators and exports. */
export interface GameView {
  readonly id: string;
  readonly variant: VariantKey;
  readonly initialFen: string;
  readonly fen: string;
  readonly status: GameStatus;
  readonly seats: readonly [Seat | null, Seat | null];
  readonly rated: boolean;
  readonly clockConfig: ClockConfig;
  readonly clock: ClockView;
  readonly moves: readonly string[];
  readonly ply: number;
  readonly turn: Side;
  readonly check: boolean;
  readonly drawOffer: Side | null;
  /** Whether the players may ask for takebacks (casual games). */
  readonly takebacks: boolean;
  /** The side whose takeback request stands, or null. */
  readonly takebackOffer: Side | null;
  /** The ply each side (first, second) last asked at, or a takeback returned to: one request every 2 moves of each side. */
  readonly takebackAt: readonly [number | null, number | null];
  readonly verdict: Verdict | null;
  readonly referee: RefereeState;
  readonly firstMoveDeadline: number | null;
  readonly disconnectedSince: readonly [number | null, number | null];
  /** How long a side may be away before the other may claim the game (the server's configured rule); null: no claim in this game. */
  readonly claimGraceMs: number | null;
  /** Whether the players may go berserk (an arena tournament's game: half the clock for a bonus point on a win). */
  readonly berserkable: boolean;
  /** Who went berserk, per side. */
  readonly berserk: readonly [boolean, boolean];
  readonly createdAt: number;
  readonly startedAt: number | null;
  readonly endedAt: number | null;
}

/** One change of a game; the events of one version travel in order. */
export type GameEvent =
  /** `firstMoveDeadline`: when the first mover must have moved (the server's configured rule), null for none. */
  | { readonly type: 'started'; readonly seats: readonly [Seat | null, Seat | null]; readonly firstMoveDeadline: number | null }
  | {
      readonly type: 'move';
      readonly ply: number;
      readonly uci: string;
      readonly fen: string;
      readonly check: boolean;
      readonly clock: ClockView;
      /** The captured piece's role letter (lower case); null when the move took nothing. */
      readonly capture: string | null;
      /** After the first ply: when the second side must have made its first move; null otherwise. */
      readonly firstMoveDeadline: number | null;
    }
  | { readonly type: 'draw-offer'; readonly by: Side }
  | { readonly type: 'draw-declined'; readonly by: Side }
  | { readonly type: 'connection'; readonly side: Side; readonly connected: boolean }
  /** `by` went berserk: `clock` shows the halved time. */
  | { readonly type: 'berserk'; readonly by: Side; readonly clock: ClockView }
  | { readonly type: 'takeback-offer'; readonly by: Side }
  | { readonly type: 'takeback-declined'; readonly by: Side }
  /** `by`'s takeback was accepted: the game is back at ply `ply` (later moves gone), `clock` as that turn began. */
  | {
      readonly type: 'takeback';
      readonly by: Side;
      readonly ply: number;
      readonly fen: string;
      readonly check: boolean;
      readonly clock: ClockView;
      readonly firstMoveDeadline: number | null;
    }
  | { readonly type: 'end'; readonly status: GameStatus; readonly verdict: Verdict }
  /** Another server took the game over and restored it: the clock as it now runs (the side to move has its whole turn back). */
  | { readonly type: 'resumed'; readonly clock: ClockView; readonly firstMoveDeadline: number | null };
