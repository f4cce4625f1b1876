/**
 * The board as text, for screen readers (as lichess's blind mode reads a
 * chess board): each side's pieces by square, grouped by piece in the
 * game's order (the general first), the pieces in hand, whose move it is;
 * and the last move in the chosen notation. Pure: the board component
 * writes these lines into its hidden text view and its live region.
 *
 * Points are named as the chosen notation names them (its coordinate
 * style, coords.ts): algebraic `e2`; rank-first (Janggi's Korean notation)
 * two digits, rank then file, `95`; own-right (WXF and Vietnamese Xiangqi
 * notation, which number the files from each side's own right) the file
 * and the rank counted from the piece owner's own side, as that side's
 * moves count them.
 */
import { KIND_PASS, makeFen, moveKind, parseUci, type Notation, type Position, type VariantKey, type VariantModule } from '@youzai/rules';
import { roleName, sideName } from '../app/names.ts';
import { t } from '../i18n/index.ts';
import { coordStyle } from './coords.ts';

/** One side's pieces on the board and in hand, as text. */
export interface SideText {
  readonly side: 0 | 1;
  /** "Red: General e1; Advisors d1, f1; …" */
  readonly text: string;
}

export interface PositionText {
  /** One line per side, the first side first. */
  readonly sides: readonly SideText[];
  /** "Red to move." */
  readonly turn: string;
}

/** The name of a point (file and rank from 0, the first side's left and own edge) in a coordinate style, for a piece of `owner`. */
export function pointName(v: VariantModule, notation: Notation | undefined, file: number, rank: number, owner: 0 | 1): string {
  const { files, ranks } = v.geometry;
  switch (coordStyle(v, notation)) {
    case 'rank-first':
      return `${(ranks - rank) % 10}${file + 1}`;
    case 'own-right':
      return owner === 0 ? t('boardText.point', { file: files - file, rank: rank + 1 }) : t('boardText.point', { file: file + 1, rank: ranks - rank });
    default:
      return `${String.fromCharCode(97 + file)}${rank + 1}`;
  }
}

interface Placed {
  readonly letter: string;
  readonly side: 0 | 1;
  readonly file: number;
  readonly rank: number;
}

/** The pieces of a FEN's board part (ranks from the top, upper case the first side) and its hand (`[…]`). */
export function readBoardFen(fen: string, ranks: number): { placed: Placed[]; hand: { letter: string; side: 0 | 1 }[] } {
  const boardPart = fen.split(' ')[0] ?? '';
  const handAt = boardPart.indexOf('[');
  const rows = (handAt < 0 ? boardPart : boardPart.slice(0, handAt)).split('/');
  const placed: Placed[] = [];
  rows.forEach((row, i) => {
    const rank = ranks - 1 - i;
    let file = 0;
    for (const m of row.matchAll(/(\d+)|([A-Za-z])/g)) {
      if (m[1]) file += Number(m[1]);
      else {
        const c = m[2]!;
        placed.push({ letter: c.toLowerCase(), side: c === c.toUpperCase() ? 0 : 1, file, rank });
        file++;
      }
    }
  });
  const handText = handAt < 0 ? '' : boardPart.slice(handAt + 1, boardPart.indexOf(']', handAt));
  const hand = [...handText].filter((c) => /[A-Za-z]/.test(c)).map((c) => ({ letter: c.toLowerCase(), side: (c === c.toUpperCase() ? 0 : 1) as 0 | 1 }));
  return { placed, hand };
}

/** The game's piece letters in its own order (the general first). */
const roleOrder = (v: VariantModule): string[] => v.roles.flatMap((r) => (r ? [r.letter] : []));

/** The position as text: each side's pieces by square, in `notation`'s points, and whose move it is. */
export function describePosition(pos: Position, notation: Notation | undefined): PositionText {
  const v = pos.variant;
  const key = v.key as VariantKey;
  const { placed, hand } = readBoardFen(makeFen(pos), v.geometry.ranks);
  const order = roleOrder(v);
  const rank = (letter: string) => {
    const i = order.indexOf(letter);
    return i < 0 ? order.length : i;
  };
  const sides = ([0, 1] as const).map((side): SideText => {
    const mine = placed.filter((p) => p.side === side);
    const letters = [...new Set(mine.map((p) => p.letter))].sort((a, b) => rank(a) - rank(b));
    const groups = letters.map((letter) => {
      const points = mine
        .filter((p) => p.letter === letter)
        // Along the ranks from the owner's side, then the files from the first side's left: a stable, readable order.
        .sort((a, b) => (side === 0 ? a.rank - b.rank : b.rank - a.rank) || a.file - b.file)
        .map((p) => pointName(v, notation, p.file, p.rank, side));
      return `${roleName(key, letter)} ${points.join(', ')}`;
    });
    const inHand = hand.filter((p) => p.side === side);
    const handLetters = [...new Set(inHand.map((p) => p.letter))].sort((a, b) => rank(a) - rank(b));
    const handText = handLetters.map((letter) => {
      const n = inHand.filter((p) => p.letter === letter).length;
      return n > 1 ? `${roleName(key, letter)} ×${n}` : roleName(key, letter);
    });
    const parts = [groups.length ? groups.join('; ') : t('boardText.none')];
    if (handText.length) parts.push(t('boardText.hand', { pieces: handText.join(', ') }));
    return { side, text: `${sideName(key, side)}: ${parts.join('. ')}.` };
  });
  return { sides, turn: t('boardText.turn', { side: sideName(key, pos.turn as 0 | 1) }) };
}

/**
 * The last move in `notation`, read from the position before it (`before`)
 * when the move is legal there; else (the board jumped) in coordinates.
 * Spoken with its side: "Red: C2=5".
 */
export function moveText(before: Position | null, uci: string, notation: Notation | undefined): string {
  if (before) {
    const m = parseUci(before, uci);
    if (m.ok) {
      const key = before.variant.key as VariantKey;
      const side = sideName(key, before.turn as 0 | 1);
      // A pass in the reader's words, as the move list says it.
      const text = moveKind(m.value) === KIND_PASS ? t('game.pass.move') : notation ? notation.make(before, m.value) : uci;
      return t('boardText.moved', { side, move: text });
    }
  }
  return t('boardText.movedPlain', { move: uci });
}

/** Points marked on the board (a lesson's stars, its targets), named as the pieces' points are, seen from `owner`'s side; null when none. */
export function marksText(v: VariantModule, notation: Notation | undefined, keys: readonly string[], owner: 0 | 1): string | null {
  if (!keys.length) return null;
  const points = keys.map((k) => pointName(v, notation, k.charCodeAt(0) - 97, Number(k.slice(1)) - 1, owner));
  return t('boardText.marks', { points: points.join(', ') });
}
