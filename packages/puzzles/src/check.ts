/**
 * The exhaustive check of a mate puzzle on the house rules (src/solve.ts),
 * and the accepted lines it yields.
 *
 * At every solver move of a mate in N (N ≤ MAX_SOLVED_MATE_IN) every move
 * that still forces a win in the moves left is accepted. Each accepted move
 * other than the line's is followed by one defender reply, chosen among the
 * replies that hold out longest (after them the win still takes every move
 * left) by `ChooseReply` (the engine offline; the first in text order when
 * there is no engine); the line's own replies must be among the longest.
 * The last solver move needs no list: any move that wins at once (the
 * referee's verdict) is accepted there. A puzzle whose line is not such a
 * forced win, or that has a faster one, cannot be fixed by accepting more
 * moves, and is dropped.
 *
 * Pure: the data test runs it on every shipped mate, with the shipped lines
 * answering for the engine.
 */
import { VARIANTS, makeFen, parseFen } from '@youzai/rules';
import type { Puzzle } from './puzzle.ts';
import { MAX_SOLVED_MATE_IN, MateSolver } from './solve.ts';
import { verifyPuzzle } from './verify.ts';

export type DropReason =
  /** A mate in more than MAX_SOLVED_MATE_IN: no exhaustive proof (see the README). */
  | 'mate-too-long'
  /** Our rules give a faster forced win than the line's mateIn. */
  | 'faster-win'
  /** The line's solver move does not force the win in the moves left. */
  | 'not-forced'
  /** The line's reply gives up sooner than another reply would. */
  | 'reply-not-longest'
  /** An accepted line does not replay as a winning line with the referee. */
  | 'line'
  /** A material puzzle in which our rules force a win (it is a mate puzzle in disguise). */
  | 'forced-win'
  /** A material puzzle whose line the engine no longer judges winning and unique enough. */
  | 'material-engine';

/** Picks the defender's reply among `candidates` (sorted, at least two) in `fen`; `prefix` is the line so far. */
export type ChooseReply = (fen: string, candidates: readonly string[], prefix: readonly string[]) => string | Promise<string>;

export const firstReply: ChooseReply = (_fen, candidates) => candidates[0]!;

export type CheckResult =
  | { readonly ok: true; readonly alternatives: readonly (readonly string[])[]; readonly nodes: number }
  | { readonly ok: false; readonly why: DropReason; readonly message: string };

class Drop extends Error {
  constructor(
    readonly why: DropReason,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Checks a mate puzzle of at most MAX_SOLVED_MATE_IN solver moves: the
 * accepted lines other than `solution` (`alternatives`), or why it must go.
 */
export async function checkMatePuzzle(p: Puzzle, choose: ChooseReply = firstReply): Promise<CheckResult> {
  const n = p.mateIn ?? 0;
  if (p.kind !== 'mate' || n < 1) return { ok: false, why: 'line', message: 'not a mate puzzle' };
  if (n > MAX_SOLVED_MATE_IN) return { ok: false, why: 'mate-too-long', message: `a mate in ${n}` };
  const pos = parseFen(VARIANTS[p.variant], p.fen);
  if (!pos.ok) return { ok: false, why: 'line', message: pos.error.message };
  const s = new MateSolver(pos.value);
  try {
    for (let k = 1; k < n; k++) if (s.winsWithin(k)) throw new Drop('faster-win', `our rules force a win in ${k}, the puzzle says ${n}`);
    const lines: string[][] = [];
    await walk(s, n, [], p.solution, lines, choose);
    const alternatives = lines.filter((l) => l.join(' ') !== p.solution.join(' '));
    for (const line of alternatives) {
      const v = verifyPuzzle({ ...p, solution: line });
      if (!v.ok) throw new Drop('line', `${line.join(' ')}: ${v.error.message}`);
    }
    return { ok: true, alternatives, nodes: s.stats.nodes };
  } catch (e) {
    if (e instanceof Drop) return { ok: false, why: e.why, message: e.message };
    throw e;
  }
}

/** From a solver node with `k` moves left: every accepted line through it. `main` is the puzzle's line while the walk follows it. */
async function walk(s: MateSolver, k: number, prefix: string[], main: readonly string[] | null, out: string[][], choose: ChooseReply): Promise<void> {
  const i = prefix.length;
  const mainMove = main?.[i];
  const wins = s.winningMoves(k);
  if (mainMove !== undefined && !wins.includes(mainMove)) {
    throw new Drop('not-forced', `ply ${i} ${mainMove} does not force a win in ${k}; ${wins.length ? wins.join(' ') : 'nothing'} does`);
  }
  if (k === 1) {
    out.push([...prefix, mainMove ?? finalMove(s, wins)]);
    return;
  }
  for (const m of wins) {
    const onMain = m === mainMove;
    s.play(m);
    const longest = s.longestReplies(k);
    let r: string;
    if (onMain) {
      r = main![i + 1]!;
      if (!longest.includes(r)) {
        s.takeBack();
        throw new Drop('reply-not-longest', `ply ${i + 1} ${r} is not among the longest defences (${longest.join(' ')})`);
      }
    } else {
      r = longest.length === 1 ? longest[0]! : await choose(makeFen(s.position), longest, [...prefix, m]);
      if (!longest.includes(r)) throw new Error(`the reply chooser picked ${r}, not one of ${longest.join(' ')}`);
    }
    s.play(r);
    await walk(s, k - 1, [...prefix, m, r], onMain ? main : null, out, choose);
    s.takeBack();
    s.takeBack();
  }
}

/** The move that ends an alternative line: a checkmate where there is one (first in text order), else the first win. */
function finalMove(s: MateSolver, wins: readonly string[]): string {
  for (const m of wins) {
    s.play(m);
    const check = s.position.inCheck();
    s.takeBack();
    if (check) return m;
  }
  return wins[0]!;
}

/** A ChooseReply that answers from a puzzle's accepted lines (the data test: the shipped replies stand in for the engine). */
export function replyFromLines(p: Pick<Puzzle, 'solution' | 'alternatives'>): ChooseReply {
  const lines = [p.solution, ...(p.alternatives ?? [])];
  return (_fen, candidates, prefix) => {
    for (const l of lines) {
      if (prefix.every((m, j) => l[j] === m) && l[prefix.length] !== undefined && candidates.includes(l[prefix.length]!)) return l[prefix.length]!;
    }
    return candidates[0]!;
  };
}
