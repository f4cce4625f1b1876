import { legalUcis, type Move, type MoveErrorCode, type Position, type Result, type RuleError, type VariantModule } from '@youzai/rules';
import type { Verdict } from './verdict.ts';

export type PlayErrorCode = MoveErrorCode | 'game.over';

/** One side's check/chase run as shown to players. */
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

/** Everything the UI shows besides the board: Xiangqi fills runs and counters. */
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
  /** Plies without progress toward the variant's automatic draw (Janggi, Sittuyin). */
  readonly quiet: CounterView | null;
}

/**
 * The arbiter of one game's moves: legality, and every game end decided from
 * the position and its history. Pure; one instance per game.
 */
export interface Referee {
  readonly variant: VariantModule;
  /** The current position. Read it; never play moves on it directly. */
  readonly pos: Position;
  readonly verdict: Verdict | null;
  readonly ply: number;
  play(uci: string): Result<Move, RuleError<PlayErrorCode>>;
  /** The verdict against the mover if this legal move would lose (or draw) by a rule violation; null otherwise. */
  wouldViolate(uci: string): Verdict | null;
  /** A draw the side to move (or either side) may claim now, if any. */
  claimableDraw(): Verdict | null;
  state(): RefereeState;
  clone(): Referee;
}

/**
 * The legal moves that would lose (or draw) at once by a rule violation
 * (Xiangqi's check and chase run limits): what the computer must not play,
 * for it sees only the position, and what the board warns of. Empty unless
 * the side to move has a run at its limit, as no other move can violate
 * one; each candidate costs a referee clone, so that test comes first.
 */
export function movesThatViolate(ref: Referee): string[] {
  if (ref.verdict) return [];
  const run = ref.state().runs?.[ref.pos.turn];
  if (!run || run.length < run.limit) return [];
  return legalUcis(ref.pos).filter((m) => ref.wouldViolate(m) !== null);
}
