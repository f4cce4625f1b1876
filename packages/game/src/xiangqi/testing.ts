/**
 * Helpers for the Xiangqi referee's tests: games from a FEN, lines of moves
 * played with the game checked after every ply, attack and protection
 * probes that do not go through the code under test, and a seeded walk that
 * builds long legal games for the draw counters.
 */
import { expect } from 'vitest';
import { legalUcis, parseFen, parseUci, VARIANTS, XIANGQI_HOUSE_RULES, type Color, type Position, ROLE_MASK } from '@youzai/rules';
import type { RunView } from '../referee.ts';
import type { Verdict } from '../verdict.ts';
import { XiangqiReferee } from './referee.ts';
import { prng } from '@youzai/rules';
export { prng };

export const START = VARIANTS.xiangqi.startFen;
export const RED: Color = 0;
export const BLACK: Color = 1;

/** A referee with the house rules for `fen`. */
export function game(fen: string = START): XiangqiReferee {
  const parsed = parseFen(VARIANTS.xiangqi, fen);
  if (!parsed.ok) throw new Error(`${fen}: ${parsed.error.message}`);
  return XiangqiReferee.start(parsed.value, XIANGQI_HOUSE_RULES);
}

/** Moves of a line written with spaces. */
export const moves = (line: string): string[] => line.trim().split(/\s+/).filter(Boolean);

/** `line` written `n` times. */
export const times = (line: string, n: number): string => Array.from({ length: n }, () => line).join(' ');

/** Plays one legal move; fails the test when it is refused. */
export function step(ref: XiangqiReferee, uci: string): void {
  const r = ref.play(uci);
  expect(r.ok, `${uci} at ply ${ref.ply + 1}${r.ok ? '' : `: ${r.error.code}`}`).toBe(true);
}

/** Plays every move of `line`: each is legal, and the game is still going after each. */
export function playOn(ref: XiangqiReferee, line: string | readonly string[]): void {
  for (const m of typeof line === 'string' ? moves(line) : line) {
    step(ref, m);
    expect(ref.verdict, `verdict after ${m} (ply ${ref.ply})`).toBeNull();
  }
}

/** Plays `line`: the game goes on through all but its last move, which ends it. */
export function playToEnd(ref: XiangqiReferee, line: string | readonly string[]): Verdict {
  const ms = typeof line === 'string' ? moves(line) : [...line];
  playOn(ref, ms.slice(0, -1));
  step(ref, ms.at(-1)!);
  expect(ref.verdict, `verdict after ${ms.at(-1)} (ply ${ref.ply})`).not.toBeNull();
  return ref.verdict!;
}

/** The side's run as the state shows it. */
export const runOf = (ref: XiangqiReferee, side: Color): RunView | null => ref.state().runs![side];

/** Whether `side`, were it to move, could legally capture from `from` on `to` (the engine's move list only). */
export function attacks(ref: XiangqiReferee, side: Color, from: string, to: string): boolean {
  const p = ref.pos.clone();
  p.setTurn(side);
  return legalUcis(p).includes(from + to);
}

/** Whether, after `side` captures `from` → `to`, the other side can legally take back on `to`. */
export function recapturable(ref: XiangqiReferee, side: Color, from: string, to: string): boolean {
  const p = ref.pos.clone();
  p.setTurn(side);
  const m = parseUci(p, from + to);
  if (!m.ok) throw new Error(`${from}${to} is not a legal capture`);
  p.make(m.value);
  return legalUcis(p).some((u) => destination(u) === to);
}

const FILES = 'abcdefghi';
const destination = (uci: string): string => /^[a-i]\d+([a-i]\d+)$/.exec(uci)![1]!;

/** What a walk's next move should be. */
export type Kind = 'quiet' | 'forward' | 'capture' | 'check';

/** The kind of a legal move in `pos` before it is played; 'quiet' also covers checks. */
export function kindOf(pos: Position, uci: string): Exclude<Kind, 'check'> {
  const m = /^([a-i])(\d+)([a-i])(\d+)$/.exec(uci)!;
  const sq = (f: string, r: string): number => (Number(r) + 2) * 16 + FILES.indexOf(f) + 3;
  if (pos.board[sq(m[3]!, m[4]!)] !== 0) return 'capture';
  const piece = pos.board[sq(m[1]!, m[2]!)]!;
  const forward = pos.turn === 0 ? Number(m[4]) > Number(m[2]) : Number(m[4]) < Number(m[2]);
  if ((piece & ROLE_MASK) === 7 && m[1] === m[3] && forward) return 'forward';
  return 'quiet';
}

/** Each move of `line` from `fen`, classified on the position alone: its kind and whether it checks. */
export function classify(fen: string, line: readonly string[]): { kind: Exclude<Kind, 'check'>; check: boolean }[] {
  const parsed = parseFen(VARIANTS.xiangqi, fen);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const pos = parsed.value;
  return line.map((u) => {
    const kind = kindOf(pos, u);
    const m = parseUci(pos, u);
    if (!m.ok) throw new Error(`${u}: ${m.error.message}`);
    pos.make(m.value);
    return { kind, check: pos.inCheck() };
  });
}

/**
 * A seeded legal walk of `plies` moves from `fen` after `prefix`. At each ply `want` lists the
 * kinds of move to try, in order; a move is taken only if it gives no check
 * (unless a check is wanted) and starts no chase, leaves the opponent a legal
 * move, reaches a position not seen before in the walk, and satisfies `keep`.
 * The walk knows nothing of the draw counters' limits: tests replay its moves
 * on a fresh referee and check where the game ends.
 */
export function walk(
  fen: string,
  prefix: string,
  plies: number,
  seed: number,
  want: (ref: XiangqiReferee) => readonly Kind[],
  keep: (pos: Position) => boolean = () => true,
): string[] {
  const ref = game(fen);
  const seen = new Set([ref.pos.key()]);
  for (const m of moves(prefix)) {
    step(ref, m);
    seen.add(ref.pos.key());
  }
  const rand = prng(seed);
  const out: string[] = [];
  for (let i = 0; i < plies; i++) {
    const us = ref.pos.turn;
    const candidates = legalUcis(ref.pos);
    for (let k = candidates.length - 1; k > 0; k--) {
      const j = Math.floor(rand() * (k + 1));
      [candidates[k], candidates[j]] = [candidates[j]!, candidates[k]!];
    }
    let chosen: string | null = null;
    for (const w of want(ref)) {
      for (const u of candidates) {
        if (w !== 'check' && kindOf(ref.pos, u) !== w) continue;
        if (w === 'check' && kindOf(ref.pos, u) === 'capture') continue;
        const t = ref.clone() as XiangqiReferee;
        t.play(u);
        const run = t.state().runs![us];
        if (w === 'check' ? !t.pos.inCheck() || run?.kind !== 'check' : t.pos.inCheck() || run !== null) continue;
        if (!t.pos.hasLegalMove() || seen.has(t.pos.key()) || !keep(t.pos)) continue;
        chosen = u;
        break;
      }
      if (chosen) break;
    }
    if (!chosen) throw new Error(`walk(seed ${seed}) stuck at ply ${ref.ply + 1}`);
    step(ref, chosen);
    seen.add(ref.pos.key());
    out.push(chosen);
  }
  return out;
}
