/**
 * The move the computer plays when the engine gives none it may play (no
 * answer, a move outside our legal list, or an error): it must always move.
 *
 * It is chosen by our own rules, not the engine's, since a disagreement
 * between the two is the usual reason the engine had no answer (e.g. FS's
 * Janggi cannon may jump a cannon, so FS can think a general is in check when
 * it is not). A two-ply look with a rough material count: mate when it can,
 * never walk into a mate in one, win material, lose none; a Janggi pass only
 * when nothing else is legal; ties broken by a hash of the position, so the
 * same position gives the same move.
 */
import { EMPTY, OFF, VARIANTS, makePiece, makeUci, parseFen, parseUci, pieceColor, pieceRole, type Color, type Position, type VariantKey } from '@youzai/rules';

/** Beyond any material count (role values are in hundredths of a soldier). */
const MATE = 1_000_000;
const PASS = /^([a-p](?:10|[1-9]))\1$/;

export interface FallbackInput {
  readonly variant: VariantKey;
  readonly fen: string;
  /** Moves already played from `fen` (our notation); `legal` is for the position after them. */
  readonly moves?: readonly string[];
  readonly legal: readonly string[];
}

export function fallbackMove(input: FallbackInput): string {
  const { legal } = input;
  if (legal.length === 0) throw new RangeError('fallbackMove: no legal move (the game is over)');
  const nonPass = legal.filter((m) => !PASS.test(m));
  const candidates = nonPass.length > 0 ? nonPass : legal;
  const seed = fnv1a(`${input.fen} ${(input.moves ?? []).join(' ')}`);
  const pos = positionOf(input);
  const best = pos ? bestByMaterial(pos, candidates) : candidates;
  return best[seed % best.length]!;
}

function positionOf(input: FallbackInput): Position | null {
  const parsed = parseFen(VARIANTS[input.variant], input.fen);
  if (!parsed.ok) return null;
  const pos = parsed.value;
  for (const uci of input.moves ?? []) {
    const m = parseUci(pos, uci);
    if (!m.ok) return null;
    pos.play(m.value);
  }
  return pos;
}

/** The candidates with the best two-ply score (all of them if none can be read). */
function bestByMaterial(pos: Position, candidates: readonly string[]): string[] {
  // The rough piece values of the game's descriptor (the general/king counts 0: it is never captured).
  const values = pos.variant.roles.map((r) => r?.value ?? 0);
  const us = pos.turn;
  const buf = new Int32Array(512);
  const n = pos.legalMoves(buf);
  const ours = new Map<string, number>();
  for (let i = 0; i < n; i++) ours.set(makeUci(pos, buf[i]!), buf[i]!);
  let bestScore = -Infinity;
  let best: string[] = [];
  const replies = new Int32Array(512);
  for (const uci of candidates) {
    const m = ours.get(uci);
    if (m === undefined) continue;
    pos.make(m);
    const score = worstReply(pos, us, values, replies);
    pos.unmake();
    if (score > bestScore) {
      bestScore = score;
      best = [uci];
    } else if (score === bestScore) best.push(uci);
  }
  return best.length > 0 ? best : [...candidates];
}

/** The score for `us` after the opponent's best reply (the opponent is to move). */
function worstReply(pos: Position, us: Color, values: readonly number[], buf: Int32Array): number {
  const n = pos.legalMoves(buf);
  if (n === 0) {
    if (pos.inCheck()) return MATE;
    return pos.variant.end.stalemate === 'loss' ? MATE : 0;
  }
  let worst = Infinity;
  for (let i = 0; i < n; i++) {
    pos.make(buf[i]!);
    // Mated by the reply? (Only looked at when in check: cheap otherwise.)
    const score = pos.inCheck() && !pos.hasLegalMove() ? -MATE : material(pos, us, values);
    pos.unmake();
    if (score < worst) worst = score;
    if (worst === -MATE) break;
  }
  return worst;
}

/** Board and hand material of `us` minus the opponent's. */
function material(pos: Position, us: Color, values: readonly number[]): number {
  let sum = 0;
  for (const sq of pos.variant.geometry.squares) {
    const p = pos.board[sq]!;
    if (p === EMPTY || p === OFF) continue;
    const v = values[pieceRole(p)] ?? 0;
    sum += pieceColor(p) === us ? v : -v;
  }
  if (pos.variant.hasHand) {
    for (let role = 1; role < values.length; role++) {
      const v = values[role] ?? 0;
      sum += v * (pos.hand[makePiece(us, role)]! - pos.hand[makePiece((us ^ 1) as Color, role)]!);
    }
  }
  return sum;
}

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
