/**
 * The referee behind a line of game states. A referee is mutable (it plays
 * moves in place: cloning one per move would cost more than the move), so
 * game states do not own one each: the states of one game share a slot, and
 * the referee in it follows one list of moves. A state whose moves are that
 * list reads it at once; any other state (one left behind because its
 * successor was refused by the store, say) gets it rebuilt from its own
 * moves first. So every state answers for its own position, and the common
 * path (each state succeeded by the next) never copies anything.
 */
import { err, ok, type Move, type Result, type RuleError } from '@youzai/rules';
import type { PlayErrorCode, Referee } from './referee.ts';
import { startReferee } from './referees.ts';
import type { GameSetup, MoveEntry } from './state.ts';

export class RefereeSlot {
  private constructor(
    private readonly setup: GameSetup,
    private referee: Referee,
    /** The moves the referee has played (by identity). */
    private at: readonly MoveEntry[],
  ) {}

  /** A slot over `moves` replayed from the setup's position; an error when they do not replay. */
  static replay(setup: GameSetup, moves: readonly MoveEntry[]): Result<RefereeSlot, RuleError> {
    const r = startReferee(setup.variant, setup.fen ?? undefined);
    if (!r.ok) return r;
    for (const m of moves) {
      const played = r.value.play(m.uci);
      if (!played.ok) return err('game.corrupt', `Stored move ${m.uci} of game ${setup.id} does not replay: ${played.error.message}`);
    }
    return ok(new RefereeSlot(setup, r.value, moves));
  }

  /** The referee positioned after `moves`. Read it; never play on it. */
  for(moves: readonly MoveEntry[]): Referee {
    if (this.at !== moves) {
      const again = RefereeSlot.replay(this.setup, moves);
      // The moves were accepted once: not replaying now is a bug.
      if (!again.ok) throw new Error(again.error.message);
      this.referee = again.value.referee;
      this.at = moves;
    }
    return this.referee;
  }

  /**
   * Plays `uci` after `moves`; on success the referee follows `next` (the
   * moves with this one appended) from then on. A refused move changes nothing.
   */
  play(moves: readonly MoveEntry[], uci: string, next: readonly MoveEntry[]): Result<Move, RuleError<PlayErrorCode>> {
    const r = this.for(moves).play(uci);
    if (r.ok) this.at = next;
    return r;
  }
}
