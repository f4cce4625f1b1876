/**
 * The game's vocabulary: its setup, its persisted snapshot, the actions a
 * game accepts and the events it answers with, its errors and its view.
 */
import type { Color, RuleError, VariantKey } from '@youzai/rules';
import type { ClockConfig, ClockState } from './clock.ts';
import type { RefereeState } from './referee.ts';
import type { Verdict } from './verdict.ts';

export interface Seat {
  readonly userId: string;
  readonly name: string;
  readonly kind: 'human' | 'engine';
  /** The computer's level (1-8) on an engine seat. */
  readonly level?: number;
  /** 'BOT': a bot account's seat (the Bot API), as lichess marks bots. */
  readonly title?: 'BOT';
}

export interface GameSetup {
  readonly id: string;
  readonly variant: VariantKey;
  /** null: the variant's start position. */
  readonly fen: string | null;
  readonly clock: ClockConfig;
  readonly rated: boolean;
  readonly createdAt: number;
  /** An arena tournament's game whose terms offer berserk (set by the tournament director); absent: not offered. */
  readonly berserkable?: boolean;
  /** A tournament's game (set by the tournament director): no takebacks, rated or casual; absent: not a tournament's. */
  readonly tournament?: boolean;
}

/** Timing and conduct rules, configurable per server. */
export interface ConductRules {
  /** Time to make one's first move before the game is aborted. */
  readonly firstMoveMs: number;
  /** How long a disconnected player may stay away before the opponent can claim. */
  readonly disconnectGraceMs: number;
}

export const DEFAULT_CONDUCT: ConductRules = { firstMoveMs: 30_000, disconnectGraceMs: 60_000 };

export type GameStatus = 'waiting' | 'active' | 'finished' | 'aborted';

export interface MoveEntry {
  readonly uci: string;
  readonly at: number;
  /** Mover's clock after the move, ms (main time; periods are in the clock state). */
  readonly clockMs: number;
}

/** Everything persisted besides the moves: the aggregate's snapshot. */
export interface GameData {
  readonly setup: GameSetup;
  readonly seats: readonly [Seat | null, Seat | null];
  readonly status: GameStatus;
  readonly clock: ClockState;
  readonly drawOffer: Color | null;
  /** The ply at which each side last offered a draw (absent in games stored before it was kept). */
  readonly drawOfferedAt?: readonly [number | null, number | null];
  /** The side whose takeback request stands (absent: none, as in games stored before takebacks). */
  readonly takebackOffer?: Color | null;
  /** The ply at which each side last asked for a takeback (or, once accepted, the ply it returned to). */
  readonly takebackAt?: readonly [number | null, number | null];
  /** Casual games: the last turns as they began, newest last (takeback.ts). */
  readonly turnStarts?: readonly TurnStart[];
  readonly verdict: Verdict | null;
  readonly startedAt: number | null;
  readonly endedAt: number | null;
  /** Deadline for the pending first move, while one is pending. */
  readonly firstMoveDeadline: number | null;
  readonly disconnectedSince: readonly [number | null, number | null];
}

export type GameAction =
  | { readonly type: 'join'; readonly seat: Seat; readonly color: Color }
  /**
   * `position`: the FEN the move was chosen in (the computer player's); a move for another position is stale.
   * `heldMs`: how long the move was held inside the server before it reached the game (relayed between nodes while
   * the game changed owner), as the server measured it: never charged (never a client's word).
   */
  | {
      readonly type: 'move';
      readonly by: Color;
      readonly uci: string;
      readonly ply: number;
      readonly lagMs?: number;
      readonly position?: string;
      readonly heldMs?: number;
    }
  | { readonly type: 'resign'; readonly by: Color }
  | { readonly type: 'draw-offer'; readonly by: Color }
  | { readonly type: 'draw-accept'; readonly by: Color }
  | { readonly type: 'draw-decline'; readonly by: Color }
  | { readonly type: 'draw-claim'; readonly by: Color }
  | { readonly type: 'abort'; readonly by: Color }
  | { readonly type: 'claim-victory'; readonly by: Color }
  | { readonly type: 'connection'; readonly color: Color; readonly connected: boolean }
  | { readonly type: 'tick' }
  /** An arena tournament player halves their own clock for a bonus point on a win (before their first move, once). */
  | { readonly type: 'berserk'; readonly by: Color }
  /** Casual games: ask to take back one's last move (and the reply to it), accept or decline the opponent's request. */
  | { readonly type: 'takeback-offer' | 'takeback-accept' | 'takeback-decline'; readonly by: Color }
  /** Ends a game that has not started: a declined challenge, an expired invitation, a withdrawn seek. */
  | { readonly type: 'cancel'; readonly why: 'declined' | 'expired' | 'withdrawn' };

export type GameEvent =
  /** `firstMoveDeadline`: when the first mover must have moved (the server's own rule), null for none. */
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
  | { readonly type: 'draw-offer'; readonly by: Color }
  | { readonly type: 'draw-declined'; readonly by: Color }
  | { readonly type: 'connection'; readonly color: Color; readonly connected: boolean }
  /** `by` went berserk: `clock` shows the halved time. */
  | { readonly type: 'berserk'; readonly by: Color; readonly clock: ClockView }
  | { readonly type: 'takeback-offer'; readonly by: Color }
  | { readonly type: 'takeback-declined'; readonly by: Color }
  /** `by`'s takeback: the game is back at ply `ply` (the moves after it are gone), with the clock as that turn began. */
  | {
      readonly type: 'takeback';
      readonly by: Color;
      readonly ply: number;
      readonly fen: string;
      readonly check: boolean;
      readonly clock: ClockView;
      readonly firstMoveDeadline: number | null;
    }
  | { readonly type: 'end'; readonly status: GameStatus; readonly verdict: Verdict }
  /**
   * Another server took the game over (its former one died or stopped) and restored it as after a restart: the
   * side to move has its whole turn back. Its own version, so watchers see no gap.
   */
  | { readonly type: 'resumed'; readonly clock: ClockView; readonly firstMoveDeadline: number | null };

export type GameErrorCode =
  | 'game.not-started'
  | 'game.over'
  | 'game.not-your-turn'
  | 'game.stale'
  | 'game.seat-taken'
  | 'move.syntax'
  | 'move.illegal'
  | 'draw.no-offer'
  | 'draw.already-offered'
  | 'draw.too-soon'
  | 'draw.not-claimable'
  | 'abort.too-late'
  | 'claim.not-available'
  | 'berserk.not-offered'
  | 'berserk.too-late'
  | 'berserk.already'
  | 'takeback.rated'
  | 'takeback.tournament'
  | 'takeback.nothing'
  | 'takeback.already-asked'
  | 'takeback.too-soon'
  | 'takeback.no-request';

export type GameError = RuleError<GameErrorCode>;

/** A clock as clients see it: time left at `at`, and who is running. */
export interface ClockView {
  readonly remainingMs: readonly [number, number];
  readonly periodsLeft: readonly [number, number];
  readonly periodMs: number;
  readonly running: Color | null;
  /** Server time of this reading. */
  readonly at: number;
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
  readonly turn: Color;
  readonly check: boolean;
  readonly drawOffer: Color | null;
  /** Whether the players may ask for takebacks (casual games outside tournaments). */
  readonly takebacks: boolean;
  /** The side whose takeback request stands, or null. */
  readonly takebackOffer: Color | null;
  /** The ply each side last asked at (or a takeback returned to): one request every TAKEBACK_GAP_PLIES. */
  readonly takebackAt: readonly [number | null, number | null];
  readonly verdict: Verdict | null;
  readonly referee: RefereeState;
  readonly firstMoveDeadline: number | null;
  readonly disconnectedSince: readonly [number | null, number | null];
  /** How long a side may be away before the other may claim the game (the server's rule); null: no claim in this game. */
  readonly claimGraceMs: number | null;
  /** Whether the players may go berserk (an arena tournament's game). */
  readonly berserkable: boolean;
  /** Who went berserk, per side. */
  readonly berserk: readonly [boolean, boolean];
  readonly createdAt: number;
  readonly startedAt: number | null;
  readonly endedAt: number | null;
}

/** A side's turn as it began: the point a takeback returns to. */
export interface TurnStart {
  /** The ply the turn was played at (the number of moves before it). */
  readonly ply: number;
  /** The side whose turn it was. */
  readonly turn: Color;
  /** The clock as the turn began (its running side's time counted from the turn's start). */
  readonly clock: ClockState;
  /** The time the side had for its first move (the first-move deadline), when the turn had one. */
  readonly firstMoveLeftMs: number | null;
}

/** Whether a game's players may ask for takebacks (takeback.ts): casual games outside tournaments. */
export function takebacksAllowed(setup: GameSetup): boolean {
  return !setup.rated && setup.tournament !== true;
}
