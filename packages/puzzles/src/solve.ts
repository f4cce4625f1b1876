/**
 * An exhaustive forced-win solver on the house rules, for short mates
 * (up to MAX_SOLVED_MATE_IN solver moves). Pure like the rules library.
 *
 * "Win" is what the referee that judges real games calls a win for the
 * solver, nothing else:
 * - after a solver move the defender has no legal move and is in check
 *   (checkmate), or is not in check in a game where stalemate loses
 *   (Xiangqi: RULES.md, "No legal move: the side to move loses"). A
 *   Sittuyin stalemate is a draw; a Janggi side not in check can always
 *   pass, so it is never stalemated;
 * - any other end is not a win: a move (either side's) that leaves dead
 *   material (Xiangqi: no attacking piece on either side; Sittuyin: the two
 *   kings alone) draws, and a defender reply after which the solver has no
 *   legal move ends the game against or level with the solver.
 * The other ends cannot happen within a puzzle: the referee starts from the
 * puzzle's FEN, so repetition (three occurrences: 8 plies at least), the
 * quiet limits (100 plies and more), the Xiangqi draw counters and the
 * perpetual check/chase limits (6 consecutive checks or chases of one side)
 * all need longer lines than a mate in 3 (5 plies). The data test replays
 * every accepted line with the referee itself.
 */
import { isDeadMaterial, makeUci, parseUci, type Move, type Position } from '@youzai/rules';

/** The longest mate the solver proves exhaustively, in solver moves. */
export const MAX_SOLVED_MATE_IN = 3;

/** How a finished game stands for the solver. */
type End = 'win' | 'not-win' | null;

const MAX_PLY = 2 * MAX_SOLVED_MATE_IN + 2;

/** Nodes searched, for measuring. */
export interface SolveStats {
  nodes: number;
}

/**
 * A solver over one position: clones it and searches with make/unmake.
 * Results are cached by position key and depth.
 */
export class MateSolver {
  private readonly pos: Position;
  private readonly bufs: Int32Array[] = [];
  private readonly scratch = new Int32Array(512);
  private readonly stalemateWins: boolean;
  private readonly dead: 'no-attackers' | 'kings-only' | 'none';
  /** win-within-n for solver-to-move positions: key + n. */
  private readonly cache = new Map<string, boolean>();
  /** The defender reply that last refuted a solver move, by solver moves left: tried first. */
  private readonly killers = new Int32Array(MAX_SOLVED_MATE_IN + 2).fill(-1);
  readonly stats: SolveStats = { nodes: 0 };

  constructor(pos: Position) {
    this.pos = pos.clone();
    const end = pos.variant.end;
    this.stalemateWins = end.stalemate === 'loss';
    this.dead = end.deadMaterial;
    for (let i = 0; i < MAX_PLY * 2; i++) this.bufs.push(new Int32Array(512));
  }

  /** The solver's position (the side to move is the solver); do not change it. */
  get position(): Position {
    return this.pos;
  }

  /** Plays a legal move (text) for good on the solver's position; false if it is not legal. */
  play(uci: string): boolean {
    const m = parseUci(this.pos, uci);
    if (!m.ok) return false;
    this.pos.make(m.value);
    return true;
  }

  /** Takes back the last play(). */
  takeBack(): void {
    this.pos.unmake();
  }

  /** The legal moves of the side to move, as text, sorted. */
  legal(): string[] {
    const buf = new Int32Array(512);
    const n = this.pos.legalMoves(buf);
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(makeUci(this.pos, buf[i]!));
    return out.sort();
  }

  /**
   * With the solver to move: whether the solver forces a win within `n`
   * of its moves (n ≥ 1) whatever the defender does.
   */
  winsWithin(n: number, ply = 0): boolean {
    if (n <= 0) return false;
    const pos = this.pos;
    const key = `${pos.key()}${n}`;
    const hit = this.cache.get(key);
    if (hit !== undefined) return hit;
    this.stats.nodes++;
    const buf = this.bufs[ply]!;
    const count = pos.legalMoves(buf);
    let found = false;
    if (n === 1) {
      // A win at once: a checkmate, or (where stalemate loses) a stalemate.
      for (let i = 0; i < count && !found; i++) {
        pos.make(buf[i]! as Move);
        if ((this.stalemateWins || pos.inCheck()) && this.endAfterSolver() === 'win') found = true;
        pos.unmake();
      }
    } else {
      // Checking moves first: most forced wins begin with one.
      const order = this.checksFirst(buf, count);
      for (let i = 0; i < order.length && !found; i++) {
        pos.make(order[i]! as Move);
        found = this.defenderLoses(n, ply + 1);
        pos.unmake();
      }
    }
    this.cache.set(key, found);
    return found;
  }

  /**
   * With the defender to move just after a solver move: whether every reply
   * loses within `n - 1` more solver moves (or the solver's move already
   * won). `n` counts the solver move just played.
   */
  defenderLoses(n: number, ply = 1): boolean {
    const end = this.endAfterSolver();
    if (end !== null) return end === 'win';
    if (n <= 1) return false;
    return this.everyReply(n, ply);
  }

  /** The defender's replies (text) that hold out longest: after each the solver needs all `n - 1` moves (defender to move, a forced win in n assumed). */
  longestReplies(n: number): string[] {
    const pos = this.pos;
    const buf = new Int32Array(512);
    const count = pos.legalMoves(buf);
    const out: string[] = [];
    for (let i = 0; i < count; i++) {
      const text = makeUci(pos, buf[i]!);
      pos.make(buf[i]! as Move);
      if (this.endAfterDefender() === null && !this.winsWithin(n - 2, 0)) out.push(text);
      pos.unmake();
    }
    return out.sort();
  }

  /** The winning moves (text, sorted) with the solver to move: those that win within `n` solver moves. */
  winningMoves(n: number): string[] {
    const pos = this.pos;
    const buf = new Int32Array(512);
    const count = pos.legalMoves(buf);
    const out: string[] = [];
    for (let i = 0; i < count; i++) {
      const text = makeUci(pos, buf[i]!);
      pos.make(buf[i]! as Move);
      if (this.defenderLoses(n, 1)) out.push(text);
      pos.unmake();
    }
    return out.sort();
  }

  private everyReply(n: number, ply: number): boolean {
    const pos = this.pos;
    const buf = this.bufs[ply]!;
    const count = pos.legalMoves(buf);
    if (count === 0) return false; // cannot happen: endAfterSolver said the game goes on
    // The last refutation at this depth first.
    const killer = this.killers[n]!;
    if (killer !== -1) {
      for (let i = 1; i < count; i++) {
        if (buf[i] === killer) {
          buf[i] = buf[0]!;
          buf[0] = killer;
          break;
        }
      }
    }
    for (let i = 0; i < count; i++) {
      const r = buf[i]!;
      pos.make(r as Move);
      const escapes = this.endAfterDefender() !== null || !this.winsWithin(n - 1, ply + 1);
      pos.unmake();
      if (escapes) {
        this.killers[n] = r;
        return false;
      }
    }
    return true;
  }

  private checksFirst(buf: Int32Array, count: number): number[] {
    const pos = this.pos;
    const checks: number[] = [];
    const quiet: number[] = [];
    for (let i = 0; i < count; i++) {
      const m = buf[i]!;
      pos.make(m as Move);
      (pos.inCheck() ? checks : quiet).push(m);
      pos.unmake();
    }
    return checks.concat(quiet);
  }

  /** The game's end just after a solver move (the defender to move), from the solver's view. */
  private endAfterSolver(): End {
    const pos = this.pos;
    if (!this.anyLegal()) return pos.inCheck() || this.stalemateWins ? 'win' : 'not-win';
    if (this.dead !== 'none' && isDeadMaterial(pos, this.dead)) return 'not-win';
    return null;
  }

  /** The game's end just after a defender reply (the solver to move): any end is no win for the solver. */
  private endAfterDefender(): End {
    const pos = this.pos;
    if (!this.anyLegal()) return 'not-win';
    if (this.dead !== 'none' && isDeadMaterial(pos, this.dead)) return 'not-win';
    return null;
  }

  /** Whether the side to move has a legal move; stops at the first (Position.hasLegalMove lists them all). */
  private anyLegal(): boolean {
    const pos = this.pos;
    const buf = this.scratch;
    const n = pos.variant.genPseudo(pos, buf, 0);
    for (let i = 0; i < n; i++) {
      pos.make(buf[i]! as Move);
      const legal = !pos.opponentInCheck();
      pos.unmake();
      if (legal) return true;
    }
    return false;
  }
}
