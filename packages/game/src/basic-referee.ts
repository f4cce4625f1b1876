/**
 * The referee for games whose every end the rules library's GameRecord
 * decides (Janggi, Sittuyin): checkmate, stalemate, bare material, the quiet
 * limit and repetition, each with its explanation.
 */
import {
  GameRecord,
  err,
  ok,
  parseUci,
  type Color,
  type Move,
  type Outcome,
  type Position,
  type Result,
  type RuleError,
  type VariantModule,
} from '@youzai/rules';
import type { PlayErrorCode, Referee, RefereeState } from './referee.ts';
import { plies, verdict, type Verdict } from './verdict.ts';

export class BasicReferee implements Referee {
  readonly variant: VariantModule;
  verdict: Verdict | null;

  constructor(private record: GameRecord) {
    this.variant = record.pos.variant;
    this.verdict = this.explain(record.outcome);
  }

  static start(pos: Position): BasicReferee {
    return new BasicReferee(new GameRecord(pos));
  }

  get pos(): Position {
    return this.record.pos;
  }

  get ply(): number {
    return this.record.plies.length;
  }

  play(uci: string): Result<Move, RuleError<PlayErrorCode>> {
    if (this.verdict) return err('game.over', 'The game is already over');
    const parsed = parseUci(this.record.pos, uci);
    if (!parsed.ok) return parsed;
    this.record.playMove(parsed.value, uci);
    this.verdict = this.explain(this.record.outcome);
    return ok(parsed.value);
  }

  wouldViolate(): Verdict | null {
    return null; // no run limits in these games
  }

  claimableDraw(): Verdict | null {
    return null;
  }

  state(): RefereeState {
    const q = this.variant.end.quietLimit;
    return {
      ply: this.ply,
      verdict: this.verdict,
      runs: null,
      counters: null,
      quiet: q ? { plies: this.record.quiet, limit: q.plies } : null,
    };
  }

  clone(): BasicReferee {
    return new BasicReferee(this.record.clone());
  }

  private explain(o: Outcome | null): Verdict | null {
    if (!o) return null;
    const v = this.variant;
    const mover = this.record.pos.turn;
    const other = (mover ^ 1) as Color;
    switch (o.reason) {
      case 'checkmate':
        return verdict(o.winner, o.reason, 'checkmate', { side: mover, other });
      case 'stalemate':
        return o.winner !== null
          ? verdict(o.winner, o.reason, 'stalemate-loses', { side: mover, other })
          : verdict(null, o.reason, 'stalemate-draw', { side: mover });
      case 'bare-material':
        return verdict(o.winner, o.reason, v.end.deadMaterial === 'kings-only' ? 'bare-kings' : 'bare-no-attackers');
      case 'repetition':
        return verdict(o.winner, o.reason, 'repetition', { times: v.end.repetitions ?? 3 });
      case 'no-capture-limit':
        return verdict(o.winner, o.reason, 'no-capture', plies(v.end.quietLimit!.plies));
      case 'progress-rule':
        return verdict(o.winner, o.reason, 'no-progress', plies(v.end.quietLimit!.plies));
      default:
        return verdict(o.winner, o.reason, 'reason');
    }
  }
}
