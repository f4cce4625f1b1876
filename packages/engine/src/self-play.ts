/**
 * The computer against itself, judged by our referee: used by the tests
 * (every move legal, every game ending by a rule) and the strength ladder.
 */
import { startReferee, type Verdict } from '@youzai/game';
import { makeFen, type ByColor, type VariantKey } from '@youzai/rules';
import { chooseMove, movesToAvoid, type ClockView } from './opponent.ts';
import type { EnginePool } from './pool.ts';

export interface SelfPlayOptions {
  readonly gameId: string;
  readonly variant: VariantKey;
  /** Level of the side that moves first, then of the other side. */
  readonly levels: ByColor<number>;
  /** The clock each side is told it has at every move (not run down). */
  readonly clock?: ClockView;
  /** A safety stop for a broken rule set; the referee's own limits end games long before. */
  readonly maxPlies?: number;
}

export interface SelfPlayMove {
  readonly uci: string;
  readonly source: 'engine' | 'fallback';
  readonly ms: number;
  readonly error?: string;
}

export interface SelfPlayResult {
  /** null only when `maxPlies` stopped the game or a move was rejected. */
  readonly verdict: Verdict | null;
  readonly moves: readonly SelfPlayMove[];
  /** The first move the referee rejected, if any (never expected). */
  readonly rejected: { readonly uci: string; readonly fen: string; readonly message: string } | null;
}

export async function playSelfGame(pool: EnginePool, o: SelfPlayOptions): Promise<SelfPlayResult> {
  const started = startReferee(o.variant);
  if (!started.ok) throw new Error(started.error.message);
  const referee = started.value;
  const moves: SelfPlayMove[] = [];
  const maxPlies = o.maxPlies ?? 5000;
  while (!referee.verdict && moves.length < maxPlies) {
    const fen = makeFen(referee.pos);
    const level = o.levels[referee.pos.turn];
    const avoid = movesToAvoid(referee);
    const m = await chooseMove(pool, { gameId: o.gameId, variant: o.variant, fen, level, avoid, ...(o.clock ? { clock: o.clock } : {}) });
    const played = referee.play(m.uci);
    if (!played.ok) return { verdict: null, moves, rejected: { uci: m.uci, fen, message: played.error.message } };
    moves.push({ uci: m.uci, source: m.source, ms: m.ms, ...(m.error ? { error: m.error } : {}) });
  }
  return { verdict: referee.verdict, moves, rejected: null };
}
