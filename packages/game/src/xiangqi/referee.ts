/**
 * Xiangqi's referee: checkmate and stalemate, perpetual check and chase
 * judged from per-ply facts, repetition, the three draw counters and the
 * claimable draw (RULES.md). Pure: no I/O, no clock.
 */
import {
  err,
  isDeadMaterial,
  ok,
  parseUci,
  squareName,
  type Color,
  type Move,
  type Position,
  type Result,
  type RuleError,
  type VariantModule,
  type XiangqiRules,
  COLOR_SHIFT,
  ROLE_MASK,
} from '@youzai/rules';
import type { PlayErrorCode, Referee, RefereeState, RunView } from '../referee.ts';
import { plies, verdict, type RunFact, type Verdict } from '../verdict.ts';
import { PieceIds, playWithFacts } from './facts.ts';
import { nextRun, summarize, type Run, type RunSummary } from './runs.ts';

export class XiangqiReferee implements Referee {
  readonly variant: VariantModule;
  verdict: Verdict | null = null;
  ply = 0;
  private runs: [Run | null, Run | null] = [null, null];
  /** Position keys by ply (index 0: the start). */
  private keys: string[] = [];
  /** Plies at which each key occurred. */
  private seen = new Map<string, number[]>();
  /** Plies (index = ply number) that were a check or a chase. */
  private checkOrChase: boolean[] = [false];
  private natural = 0;
  private progress = 0;
  private noCapture = 0;

  /** `from`: the referee this one clones (its position and piece ids copied already): its record is copied, not judged again. */
  constructor(
    readonly pos: Position,
    private ids: PieceIds,
    readonly rules: XiangqiRules,
    from?: XiangqiReferee,
  ) {
    this.variant = pos.variant;
    if (from) {
      this.verdict = from.verdict;
      this.ply = from.ply;
      this.runs = [...from.runs] as [Run | null, Run | null];
      this.keys = [...from.keys];
      this.seen = new Map([...from.seen].map(([k, v]) => [k, [...v]]));
      this.checkOrChase = [...from.checkOrChase];
      this.natural = from.natural;
      this.progress = from.progress;
      this.noCapture = from.noCapture;
      return;
    }
    const key = pos.key();
    this.keys.push(key);
    this.seen.set(key, [0]);
    this.verdict = this.judgeStart();
  }

  static start(pos: Position, rules: XiangqiRules): XiangqiReferee {
    const p = pos.clone();
    return new XiangqiReferee(p, new PieceIds(p), rules);
  }

  /** A copy that plays on alone (its position, history and runs its own); the position is not judged again. */
  clone(): XiangqiReferee {
    return new XiangqiReferee(this.pos.clone(), this.ids.clone(), this.rules, this);
  }

  play(uci: string): Result<Move, RuleError<PlayErrorCode>> {
    if (this.verdict) return err('game.over', 'The game is already over');
    const parsed = parseUci(this.pos, uci);
    if (!parsed.ok) return parsed;
    this.playMove(parsed.value);
    return ok(parsed.value);
  }

  /** Plays a move known to be legal. */
  playMove(m: Move): void {
    const us = this.pos.turn;
    const facts = playWithFacts(this.pos, this.ids, m);
    this.ply++;
    this.runs[us] = nextRun(this.runs[us], facts);
    const cc = facts.check || facts.chases.size > 0;
    const reply = this.checkOrChase[this.ply - 1] === true;
    this.checkOrChase.push(cc);
    const key = this.pos.key();
    this.keys.push(key);
    const at = this.seen.get(key);
    if (at) at.push(this.ply);
    else this.seen.set(key, [this.ply]);
    if (facts.capture) {
      this.natural = 0;
      this.noCapture = 0;
    } else {
      this.noCapture++;
      if (!cc && !reply) this.natural++;
    }
    this.progress = facts.capture || facts.soldierForward ? 0 : this.progress + 1;
    this.verdict = this.judge(us);
  }

  wouldViolate(uci: string): Verdict | null {
    if (this.verdict) return null;
    const us = this.pos.turn;
    const c = this.clone();
    if (!c.play(uci).ok) return null;
    const v = c.verdict;
    if (!v || v.winner === us) return null;
    return v.reason === 'perpetual-check' || v.reason === 'perpetual-chase' || v.reason === 'mutual-violation' ? v : null;
  }

  claimableDraw(): Verdict | null {
    if (this.verdict || this.noCapture < this.rules.claimPlies) return null;
    return verdict(null, 'natural-limit', 'claimed', plies(this.rules.claimPlies));
  }

  state(): RefereeState {
    const r = this.rules;
    return {
      ply: this.ply,
      verdict: this.verdict,
      runs: [this.runView(0), this.runView(1)],
      counters: {
        natural: { plies: this.natural, limit: r.naturalLimitPlies },
        progress: { plies: this.progress, limit: r.progressPlies },
        length: { plies: this.ply, limit: r.lengthLimitPlies },
        claim: { plies: this.noCapture, limit: r.claimPlies, claimable: this.claimableDraw() !== null },
      },
      quiet: null,
    };
  }

  private summary(c: Color): RunSummary | null {
    return summarize(this.runs[c], this.rules.runLimits);
  }

  private runView(c: Color): RunView | null {
    const s = this.summary(c);
    if (!s) return null;
    let target: RunView['target'] = null;
    if (s.target !== null) {
      const sq = this.squareOf(s.target);
      if (sq >= 0) target = { square: squareName(sq), role: this.variant.roles[this.pos.board[sq]! & ROLE_MASK]!.letter };
    }
    return { kind: s.kind, length: s.length, pieces: s.pieces, limit: s.limit, target };
  }

  private squareOf(id: number): number {
    for (const sq of this.variant.geometry.squares) if (this.ids.at[sq] === id) return sq;
    return -1;
  }

  private judgeStart(): Verdict | null {
    const pos = this.pos;
    if (!pos.hasLegalMove()) {
      const loser = pos.turn;
      return this.noMove(loser);
    }
    if (isDeadMaterial(pos, 'no-attackers')) return verdict(null, 'bare-material', 'bare-no-attackers');
    return null;
  }

  /** The verdict after `us` moved, in order of precedence. */
  private judge(us: Color): Verdict | null {
    const them = (us ^ 1) as Color;
    const pos = this.pos;
    if (!pos.hasLegalMove()) return this.noMove(them);
    const mine = this.summary(us);
    if (mine && mine.length > mine.limit) {
      const theirs = this.summary(them);
      const runs = [this.fact(us, mine)];
      if (theirs && theirs.length >= theirs.limit) {
        runs.push(this.fact(them, theirs));
        if (mine.kind === theirs.kind) return verdict(null, 'mutual-violation', 'mutual-draw', {}, runs);
        const checker = mine.kind === 'check' ? us : them;
        return verdict((checker ^ 1) as Color, 'mutual-violation', 'mutual-checker-loses', { side: checker }, runs);
      }
      return verdict(them, mine.kind === 'check' ? 'perpetual-check' : 'perpetual-chase', 'perpetual', { side: us }, runs);
    }
    if (isDeadMaterial(pos, 'no-attackers')) return verdict(null, 'bare-material', 'bare-no-attackers');
    const rep = this.repetition();
    if (rep) return rep;
    const r = this.rules;
    if (this.natural >= r.naturalLimitPlies) {
      return verdict(null, 'natural-limit', 'natural-limit', plies(r.naturalLimitPlies));
    }
    if (this.progress >= r.progressPlies) {
      return verdict(null, 'progress-rule', 'soldier-progress', plies(r.progressPlies));
    }
    if (this.ply >= r.lengthLimitPlies) {
      return verdict(null, 'length-limit', 'length-limit', plies(r.lengthLimitPlies));
    }
    return null;
  }

  /** Third occurrence with no check or chase since the first one: draw. */
  private repetition(): Verdict | null {
    const at = this.seen.get(this.keys[this.ply]!)!;
    const count = at.length;
    if (count < 3) return null;
    const first = at[0]!;
    for (let i = first + 1; i <= this.ply; i++) if (this.checkOrChase[i]) return null;
    return verdict(null, 'repetition', 'repetition-quiet', { times: count });
  }

  /** The side to move has no legal move: checkmated, or stalemated (a loss under the club's rules unless they say otherwise). */
  private noMove(stuck: Color): Verdict {
    const other = (stuck ^ 1) as Color;
    if (this.pos.inCheck()) return verdict(other, 'checkmate', 'checkmate', { side: stuck, other });
    return this.rules.stalemateLoses
      ? verdict(other, 'stalemate', 'stalemate-loses', { side: stuck, other })
      : verdict(null, 'stalemate', 'stalemate-draw', { side: stuck });
  }

  /** A run as a verdict names it, with the chased piece as it stands now. */
  private fact(side: Color, s: RunSummary): RunFact {
    let target: RunFact['target'] = null;
    if (s.target !== null) {
      const sq = this.squareOf(s.target);
      const p = sq >= 0 ? this.pos.board[sq]! : 0;
      const role = this.variant.roles[p & ROLE_MASK];
      if (sq >= 0 && role) target = { role: role.letter, owner: (p >> COLOR_SHIFT) as Color, square: squareName(sq) };
    }
    return { kind: s.kind, side, length: s.length, pieces: s.pieces, limit: s.limit, target };
  }
}
