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
} from '@youzai/rules';
import { bareMaterialText, checkmateText, quietText, repetitionText, roleName, side, stalemateText } from '../explain.ts';
import type { PlayErrorCode, Referee, RefereeState, RunView } from '../referee.ts';
import { verdict, type Bilingual, type Verdict } from '../verdict.ts';
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

  constructor(
    readonly pos: Position,
    private ids: PieceIds,
    readonly rules: XiangqiRules,
  ) {
    this.variant = pos.variant;
    this.keys.push(pos.key());
    this.seen.set(pos.key(), [0]);
    this.verdict = this.judgeStart();
  }

  static start(pos: Position, rules: XiangqiRules): XiangqiReferee {
    const p = pos.clone();
    return new XiangqiReferee(p, new PieceIds(p), rules);
  }

  clone(): XiangqiReferee {
    const c = new XiangqiReferee(this.pos.clone(), this.ids.clone(), this.rules);
    c.verdict = this.verdict;
    c.ply = this.ply;
    c.runs = [...this.runs] as [Run | null, Run | null];
    c.keys = [...this.keys];
    c.seen = new Map([...this.seen].map(([k, v]) => [k, [...v]]));
    c.checkOrChase = [...this.checkOrChase];
    c.natural = this.natural;
    c.progress = this.progress;
    c.noCapture = this.noCapture;
    return c;
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
    return verdict(
      null,
      'natural-limit',
      quietText(this.rules.claimPlies, { vi: 'không ăn quân, xin hòa được chấp nhận', en: 'without a capture, draw claimed' }),
    );
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
      if (sq >= 0) target = { square: squareName(sq), role: this.variant.roles[this.pos.board[sq]! & 7]!.letter };
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
      return pos.inCheck()
        ? verdict((loser ^ 1) as Color, 'checkmate', checkmateText(this.variant, loser))
        : verdict(this.rules.stalemateLoses ? ((loser ^ 1) as Color) : null, 'stalemate', stalemateText(this.variant, loser, this.rules.stalemateLoses));
    }
    if (isDeadMaterial(pos, 'no-attackers')) return verdict(null, 'bare-material', bareMaterialText(false));
    return null;
  }

  /** The verdict after `us` moved, in order of precedence. */
  private judge(us: Color): Verdict | null {
    const them = (us ^ 1) as Color;
    const pos = this.pos;
    const v = this.variant;
    if (!pos.hasLegalMove()) {
      return pos.inCheck()
        ? verdict(us, 'checkmate', checkmateText(v, them))
        : verdict(this.rules.stalemateLoses ? us : null, 'stalemate', stalemateText(v, them, this.rules.stalemateLoses));
    }
    const mine = this.summary(us);
    if (mine && mine.length > mine.limit) {
      const theirs = this.summary(them);
      if (theirs && theirs.length >= theirs.limit) {
        const text = mutualText(v, us, mine, theirs, this.describeTarget(mine), this.describeTarget(theirs));
        if (mine.kind !== theirs.kind) return verdict(mine.kind === 'check' ? them : us, 'mutual-violation', text);
        return verdict(null, 'mutual-violation', text);
      }
      return verdict(them, mine.kind === 'check' ? 'perpetual-check' : 'perpetual-chase', violationText(v, us, mine, this.describeTarget(mine)));
    }
    if (isDeadMaterial(pos, 'no-attackers')) return verdict(null, 'bare-material', bareMaterialText(false));
    const rep = this.repetition();
    if (rep) return rep;
    const r = this.rules;
    if (this.natural >= r.naturalLimitPlies) {
      return verdict(
        null,
        'natural-limit',
        quietText(r.naturalLimitPlies, {
          vi: 'không ăn quân (không tính nước chiếu, đuổi bắt và nước đáp lại)',
          en: 'without a capture (checks, chases and their replies not counted)',
        }),
      );
    }
    if (this.progress >= r.progressPlies) {
      return verdict(
        null,
        'progress-rule',
        quietText(r.progressPlies, { vi: 'không ăn quân và không tiến Tốt', en: 'without a capture or a soldier moving forward' }),
      );
    }
    if (this.ply >= r.lengthLimitPlies) {
      return verdict(null, 'length-limit', {
        vi: `Ván cờ đạt ${r.lengthLimitPlies / 2} nước (${r.lengthLimitPlies} nửa nước): hòa`,
        en: `The game reached ${r.lengthLimitPlies / 2} moves (${r.lengthLimitPlies} plies): draw`,
      });
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
    return verdict(null, 'repetition', repetitionText(count, true));
  }

  private describeTarget(s: RunSummary): Bilingual | null {
    if (s.target === null) return null;
    const sq = this.squareOf(s.target);
    if (sq < 0) return null;
    const p = this.pos.board[sq]!;
    const name = roleName(this.variant, p & 7);
    const owner = side(this.variant, (p >> 3) as Color);
    return { vi: `${name.vi} của ${owner.vi} (${squareName(sq)})`, en: `${owner.en}'s ${name.en} (${squareName(sq)})` };
  }
}

function runText(v: VariantModule, c: Color, s: RunSummary, target: Bilingual | null): Bilingual {
  const who = side(v, c);
  if (s.kind === 'check') {
    return {
      vi: `${who.vi} chiếu liên tục ${s.length} nước bằng ${s.pieces} quân (giới hạn ${s.limit})`,
      en: `${who.en} checked ${s.length} times in a row with ${s.pieces} piece${s.pieces === 1 ? '' : 's'} (limit ${s.limit})`,
    };
  }
  return {
    vi: `${who.vi} đuổi bắt liên tục ${target ? `${target.vi} ` : ''}${s.length} nước bằng ${s.pieces} quân (giới hạn ${s.limit})`,
    en: `${who.en} chased ${target ? `${target.en} ` : ''}${s.length} times in a row with ${s.pieces} piece${s.pieces === 1 ? '' : 's'} (limit ${s.limit})`,
  };
}

function violationText(v: VariantModule, c: Color, s: RunSummary, target: Bilingual | null): Bilingual {
  const t = runText(v, c, s, target);
  const who = side(v, c);
  return { vi: `${t.vi}: ${who.vi} thua`, en: `${t.en}: ${who.en} loses` };
}

function mutualText(v: VariantModule, c: Color, mine: RunSummary, theirs: RunSummary, mt: Bilingual | null, tt: Bilingual | null): Bilingual {
  const a = runText(v, c, mine, mt);
  const b = runText(v, (c ^ 1) as Color, theirs, tt);
  if (mine.kind === theirs.kind) {
    return { vi: `Cả hai bên cùng vi phạm: ${a.vi}; ${b.vi}: hòa`, en: `Both sides violate: ${a.en}; ${b.en}: draw` };
  }
  const checker = side(v, mine.kind === 'check' ? c : ((c ^ 1) as Color));
  return {
    vi: `Cả hai bên cùng vi phạm: ${a.vi}; ${b.vi}: bên chiếu (${checker.vi}) thua`,
    en: `Both sides violate: ${a.en}; ${b.en}: the checking side (${checker.en}) loses`,
  };
}
