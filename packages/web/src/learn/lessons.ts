/**
 * The Learn course as data, and its judge. Pure: no DOM, no storage.
 *
 * An exercise is a position and a goal. Every move is the rules library's
 * (legal moves, checks, the end of the game): nothing here knows how a piece
 * moves, so a lesson can only ask for what the house rules allow, and the
 * unit test proves each exercise solvable by searching the same judge. An
 * exercise that starts after moves already played (`before`) is judged by
 * the game's referee too (@youzai/game: Xiangqi's check and chase limits),
 * as a real game is.
 */
import { startReferee, type Referee } from '@youzai/game';
import {
  GameRecord,
  KIND_DROP,
  KIND_PASS,
  KIND_PROMOTE,
  makeFen,
  moveKind,
  moveTo,
  parseFen,
  parseUci,
  legalUcis,
  squareName,
  VARIANTS,
  KING,
  type Color,
  type Position,
  type VariantKey,
  makePiece,
} from '@youzai/rules';

/** A text in both languages of the club. */
export interface Text {
  readonly vi: string;
  readonly en: string;
}

/**
 * What the player must do:
 * - `stars`: land on every starred square (a move's or a placement's destination);
 * - `capture`: take every enemy piece but the king;
 * - `check`: leave the enemy king in check;
 * - `mate`: checkmate, as the rules library ends a game;
 * - `pass`: pass (a game whose descriptor has the pass);
 * - `promote`: promote a piece, onto `square` when given;
 * - `place`: put every piece in hand on the board, on the starred squares when given.
 */
export type Goal =
  | { readonly kind: 'stars'; readonly squares: readonly string[] }
  | { readonly kind: 'capture' }
  | { readonly kind: 'check' }
  | { readonly kind: 'mate' }
  | { readonly kind: 'pass' }
  | { readonly kind: 'promote'; readonly square?: string }
  | { readonly kind: 'place'; readonly squares?: readonly string[] };

export interface Exercise {
  /** The start, in the game's FEN; the side to move is the learner. */
  readonly fen: string;
  readonly goal: Goal;
  /** The learner's moves allowed. */
  readonly maxMoves: number;
  /**
   * What the other side does between the learner's moves: `still` (nothing:
   * the learner moves again, as after a pass), or `reply` (its first legal
   * move in the library's sorted order: Sittuyin placement, where the sides
   * alternate).
   */
  readonly opponent: 'still' | 'reply';
  /**
   * Moves already played from `fen` (both sides, in order) when the learner
   * starts: the game's referee hears them, so a move the house rules forbid
   * after them (an eleventh check in a row...) fails the exercise.
   */
  readonly before?: readonly string[];
  // (The referee cannot let a side stand still: an exercise with `before` takes one move, or has the other side reply.)
  readonly prompt: Text;
}

export interface Lesson {
  /** Unique within a game; part of the page's path. */
  readonly id: string;
  /** A piece lesson names its role by FEN letter: its title is the piece's name from the texts. */
  readonly role?: string;
  readonly title?: Text;
  readonly intro: Text;
  readonly exercises: readonly Exercise[];
}

export interface Course {
  readonly variant: VariantKey;
  readonly lessons: readonly Lesson[];
}

/**
 * Writes a FEN from a list of pieces such as `Ke1 kf10 Ra1` (upper case the
 * first mover), for the game's board size, so lessons read as placements.
 */
export function setupFen(variant: VariantKey, pieces: string, turn: 'w' | 'b' = 'w', hand?: string): string {
  const geo = VARIANTS[variant].geometry;
  const grid: string[][] = Array.from({ length: geo.ranks }, () => Array<string>(geo.files).fill(''));
  for (const item of pieces.trim().split(/\s+/)) {
    const m = /^([A-Za-z])([a-p])(\d{1,2})$/.exec(item);
    if (!m) throw new Error(`bad piece ${item}`);
    const file = m[2]!.charCodeAt(0) - 97;
    const rank = Number(m[3]) - 1;
    if (file >= geo.files || rank < 0 || rank >= geo.ranks) throw new Error(`off the board: ${item}`);
    grid[rank]![file] = m[1]!;
  }
  const rows: string[] = [];
  for (let r = geo.ranks - 1; r >= 0; r--) {
    let row = '';
    let empty = 0;
    for (const c of grid[r]!) {
      if (c === '') {
        empty++;
        continue;
      }
      if (empty) row += String(empty);
      empty = 0;
      row += c;
    }
    if (empty) row += String(empty);
    rows.push(row);
  }
  const board = rows.join('/') + (hand !== undefined ? `[${hand}]` : '');
  return `${board} ${turn} - - 0 1`;
}

export type Status = 'playing' | 'solved' | 'failed';
/** Why an attempt failed, for the page's message. */
export type FailReason = 'moves' | 'check-given' | 'game-over' | 'violation';

export interface Attempt {
  readonly variant: VariantKey;
  readonly exercise: Exercise;
  readonly pos: Position;
  readonly learner: Color;
  /** Every move played, the other side's replies included. */
  readonly moves: readonly string[];
  /** The learner's moves so far. */
  readonly played: number;
  /** Starred squares still to reach. */
  readonly stars: readonly string[];
  readonly status: Status;
  readonly fail: FailReason | null;
  /** The game's referee, for an exercise that starts after moves (`before`); null otherwise. Never mutated: cloned to play. */
  readonly referee: Referee | null;
  /** The last move before the learner's first (the board marks it). */
  readonly lastBefore: string | null;
}

function goalStars(g: Goal): readonly string[] {
  if (g.kind === 'stars') return g.squares;
  if (g.kind === 'place') return g.squares ?? [];
  // The promotion lesson asks to step "onto the star": its square is drawn.
  if (g.kind === 'promote') return g.square ? [g.square] : [];
  return [];
}

export function startAttempt(variant: VariantKey, exercise: Exercise): Attempt {
  const r = parseFen(VARIANTS[variant], exercise.fen);
  if (!r.ok) throw new Error(`lesson FEN refused: ${r.error.message}`); // a bug in the lesson data
  const pos = r.value;
  let referee: Referee | null = null;
  const before = exercise.before ?? [];
  if (before.length) {
    const started = startReferee(variant, exercise.fen);
    if (!started.ok) throw new Error(`lesson FEN refused: ${started.error.message}`);
    referee = started.value;
    for (const uci of before) {
      const m = parseUci(pos, uci);
      if (!m.ok || !referee.play(uci).ok) throw new Error(`lesson move refused: ${uci}`); // a bug in the lesson data
      pos.play(m.value);
    }
    if (referee.verdict) throw new Error('the game ended in the moves before the exercise'); // a bug in the lesson data
  }
  const lastBefore = before[before.length - 1] ?? null;
  return {
    variant,
    exercise,
    pos,
    learner: pos.turn,
    moves: [],
    played: 0,
    stars: goalStars(exercise.goal),
    status: 'playing',
    fail: null,
    referee,
    lastBefore,
  };
}

/** Enemy pieces on the board other than the king. */
function enemyMen(pos: Position, learner: Color): number {
  let n = 0;
  for (let r = 2; r < VARIANTS[pos.variant.key as VariantKey].roles.length; r++) n += pos.count[makePiece(learner ^ 1, r)]!;
  return n;
}

/**
 * Plays the learner's move `uci`; null when the rules refuse it (or the
 * attempt is over). The attempt is a value: the old one is unchanged.
 */
export function playLearner(a: Attempt, uci: string): Attempt | null {
  if (a.status !== 'playing' || a.pos.turn !== a.learner) return null;
  const pos = a.pos.clone();
  const parsed = parseUci(pos, uci);
  if (!parsed.ok) return null;
  const m = parsed.value;
  const kind = moveKind(m);
  const dest = kind === KIND_PASS ? null : squareName(moveTo(m));
  // The referee's word first: a move that loses by the rules (a run past its limit) fails, whatever it reaches.
  let referee = a.referee;
  if (referee) {
    if (referee.wouldViolate(uci)) {
      pos.play(m);
      return { ...a, pos, moves: [...a.moves, uci], played: a.played + 1, status: 'failed', fail: 'violation' };
    }
    referee = referee.clone();
    referee.play(uci);
  }
  pos.play(m);
  const moves = [...a.moves, uci];
  const stars = dest ? a.stars.filter((s) => s !== dest) : a.stars;
  const g = a.exercise.goal;
  const over = new GameRecord(pos).outcome;
  const checkmated = over?.reason === 'checkmate' && over.winner === a.learner;
  let solved = false;
  if (g.kind === 'stars') solved = stars.length === 0;
  else if (g.kind === 'capture') solved = enemyMen(pos, a.learner) === 0;
  else if (g.kind === 'check') solved = pos.inCheck();
  else if (g.kind === 'mate') solved = checkmated;
  else if (g.kind === 'pass') solved = kind === KIND_PASS;
  else if (g.kind === 'promote') solved = kind === KIND_PROMOTE && (g.square === undefined || g.square === dest);
  else if (g.kind === 'place') solved = kind === KIND_DROP && pos.handCount(a.learner) === 0 && stars.length === 0;
  const played = a.played + 1;
  const base = { ...a, pos, moves, stars, played, referee };
  if (solved) return { ...base, status: 'solved', fail: null };
  if (played >= a.exercise.maxMoves) return { ...base, status: 'failed', fail: 'moves' };
  if (a.exercise.opponent === 'still') {
    // The other side never moves here, so a draw by material (a lone elephant cannot mate) ends nothing.
    // The other side stands still; a check would leave it to answer, which this exercise does not play.
    if (pos.inCheck()) return { ...base, status: 'failed', fail: 'check-given' };
    pos.setTurn(a.learner);
    return base;
  }
  const reply = legalUcis(pos)[0];
  if (over || reply === undefined) return { ...base, status: 'failed', fail: 'game-over' };
  const rm = parseUci(pos, reply);
  if (!rm.ok) throw new Error('the library refused its own move'); // cannot happen
  pos.play(rm.value);
  referee?.play(reply);
  if (new GameRecord(pos).outcome) return { ...base, moves: [...moves, reply], status: 'failed', fail: 'game-over' };
  return { ...base, moves: [...moves, reply] };
}

/** The learner's legal moves now (the board shows the same, from the same library). */
export function learnerMoves(a: Attempt): string[] {
  return a.status === 'playing' ? legalUcis(a.pos) : [];
}

/**
 * A shortest solution: the learner's moves, or null when none exists within
 * the move limit. Breadth-first over the judge itself, positions seen once
 * (with the stars still to reach).
 */
export function solve(variant: VariantKey, exercise: Exercise, budget = 200_000): string[] | null {
  let frontier: Attempt[] = [startAttempt(variant, exercise)];
  const seen = new Set<string>();
  let visited = 0;
  for (let depth = 0; depth < exercise.maxMoves && frontier.length > 0; depth++) {
    const next: Attempt[] = [];
    for (const a of frontier) {
      for (const uci of learnerMoves(a)) {
        if (++visited > budget) return null;
        const b = playLearner(a, uci);
        if (!b) continue;
        if (b.status === 'solved') return [...b.moves];
        if (b.status === 'failed') continue;
        const key = `${makeFen(b.pos)}|${b.stars.join(',')}`;
        if (seen.has(key)) continue;
        seen.add(key);
        next.push(b);
      }
    }
    frontier = next;
  }
  return null;
}

/** Whether the exercise's position keeps both kings (every lesson is a game position the rules accept). */
export function hasKings(variant: VariantKey, exercise: Exercise): boolean {
  const r = parseFen(VARIANTS[variant], exercise.fen);
  return r.ok && r.value.count[KING]! + r.value.hand[KING]! === 1 && r.value.count[makePiece(1, KING)]! + r.value.hand[makePiece(1, KING)]! === 1;
}
