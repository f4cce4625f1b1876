/**
 * Janggi in its own notation, as the Korea Janggi Association writes it
 * (current, third revision) and as Korean game records (Kakao's .gib files)
 * do: the origin point, the piece's name, the destination point, e.g.
 * `08마87` (a horse from 08 to 87).
 *
 * A point is two digits, its rank then its file, both as seen from Cho's
 * side: ranks 1..9 then 0 from the top (Han's back rank, 1) down to Cho's
 * back rank (0); files 1..9 from the left. Cho's palace centre is 95, Han's
 * is 25. The numbers belong to the points, not to the player: flipping the
 * board turns them round with it (`coordinates: 'rank-first'`).
 *
 * Names are printed in Hangul, the script Korean players and the
 * association's own texts use today: 차 chariot, 포 cannon, 마 horse,
 * 상 elephant, 사 guard, 장 general, 졸 Cho's soldier and 병 Han's. Older
 * records and .gib files write Hanja (車 包 馬 象 士 將 卒 兵): those are read
 * too, as are 궁/왕 for the general and the letters of the algebraic
 * notation. A pass is 한수쉼 ("resting one move"). Checks are not marked, as
 * in Korean records; a trailing 장군 (check) or 멍군 (its answer), `+`, `#`
 * or `!?` is ignored when reading. Reading is lenient: spaces and dashes may
 * separate the parts, the name may be left out (the origin says which piece
 * moves), and either soldier name fits either side's soldier. Game records
 * may mark the side before the name (`79楚卒78`) and name the piece taken
 * after the destination (`74상42병`): both are read, the latter checked.
 */
import { EMPTY, fileOf, pieceColor, rankOf, square, type Square, ROLE_MASK } from '../../board.ts';
import { KIND_NORMAL, KIND_PASS, moveFrom, moveKind, moveTo, type Move } from '../../move.ts';
import { fallbackText, legalMoveList, normalizeDashes, pickOne, readable, syntaxError, type Notation, type NotationError } from '../../notation.ts';
import type { Position } from '../../position.ts';
import type { Result } from '../../result.ts';

/** Printed names, index = role id as in ./index.ts (1 general .. 7 soldier); the soldier's is per side. */
const NAMES = ['', '장', '사', '상', '마', '차', '포'] as const;
const SOLDIER_NAMES = ['졸', '병'] as const;
const SOLDIER = 7;

/** Every name read, to its role: Hangul, Hanja (with the variants other sets print) and the algebraic letters. */
const READ_NAMES: Readonly<Record<string, number>> = {
  장: 1,
  궁: 1,
  왕: 1,
  將: 1,
  帥: 1,
  宮: 1,
  楚: 1,
  漢: 1,
  K: 1,
  사: 2,
  士: 2,
  仕: 2,
  A: 2,
  상: 3,
  象: 3,
  相: 3,
  E: 3,
  B: 3,
  마: 4,
  馬: 4,
  H: 4,
  N: 4,
  차: 5,
  車: 5,
  俥: 5,
  R: 5,
  포: 6,
  包: 6,
  砲: 6,
  炮: 6,
  C: 6,
  졸: 7,
  병: 7,
  卒: 7,
  兵: 7,
  P: 7,
  S: 7,
};

const PASS = '한수쉼';
const PASS_WORDS = [PASS, '쉼', 'pass', '--'];
const EXAMPLE = '08마87, 79졸78, 한수쉼';
/**
 * Rank, file, optional side mark (.gib files: `79楚卒78`), optional name,
 * rank, file, optional name of the piece taken (.gib files: `74상42병`);
 * whatever separated them is gone.
 */
const MOVE_RE = /^(\d)([1-9])(?:[楚漢초한](?=\D))?(\D?)(\d)([1-9])(?:[楚漢초한](?=\D))?(\D?)$/;
/** Marks after a move that a position already says: check words, check signs, annotations. */
const TRAILING_RE = /(?:장군|멍군|[+#!?])+$/;

/** The two digits of a point: its rank counted 1..9, 0 from the far edge, then its file from the left. */
export function koreanPoint(pos: Position, sq: Square): string {
  return `${(pos.variant.geometry.ranks - rankOf(sq)) % 10}${fileOf(sq) + 1}`;
}

/** The square written `rank`, `file` (digits); -1 off the board. */
function pointSquare(pos: Position, rank: string, file: string): Square {
  const geo = pos.variant.geometry;
  const r = Number(rank) === 0 ? geo.ranks - 10 : geo.ranks - Number(rank);
  const f = Number(file) - 1;
  if (r < 0 || f >= geo.files) return -1;
  const sq = square(f, r);
  return geo.onBoard[sq] ? sq : -1;
}

function make(pos: Position, m: Move): string {
  if (!legalMoveList(pos).includes(m)) return fallbackText(pos, m);
  if (moveKind(m) === KIND_PASS) return PASS;
  const from = moveFrom(m);
  const piece = pos.board[from]!;
  const role = piece & ROLE_MASK;
  const name = role === SOLDIER ? SOLDIER_NAMES[pieceColor(piece)] : NAMES[role];
  return `${koreanPoint(pos, from)}${name}${koreanPoint(pos, moveTo(m))}`;
}

function parse(pos: Position, input: string): Result<Move, NotationError> {
  if (!readable(input)) return syntaxError(input, EXAMPLE);
  const text = normalizeDashes(input.trim()).replace(/\s+/g, '');
  const legal = legalMoveList(pos);
  if (PASS_WORDS.some((w) => w.toLowerCase() === text.toLowerCase())) {
    return pickOne(
      legal.filter((m) => moveKind(m) === KIND_PASS),
      text,
    );
  }
  const m = MOVE_RE.exec(text.replace(TRAILING_RE, '').replace(/[-.]/g, ''));
  if (!m) return syntaxError(input, EXAMPLE);
  const from = pointSquare(pos, m[1]!, m[2]!);
  const to = pointSquare(pos, m[4]!, m[5]!);
  const name = m[3]!;
  const role = name === '' ? 0 : (READ_NAMES[name.toUpperCase()] ?? -1);
  // A piece named as taken must stand on the destination.
  const taken = m[6] ? (READ_NAMES[m[6].toUpperCase()] ?? -1) : 0;
  if (from < 0 || to < 0 || role < 0 || taken < 0) return syntaxError(input, EXAMPLE);
  return pickOne(
    legal.filter(
      (x) =>
        moveKind(x) === KIND_NORMAL &&
        moveFrom(x) === from &&
        moveTo(x) === to &&
        (role === 0 || (pos.board[from]! & ROLE_MASK) === role) &&
        (taken === 0 || (pos.board[to] !== EMPTY && (pos.board[to]! & ROLE_MASK) === taken)),
    ),
    text,
  );
}

export const janggiKorean: Notation = {
  id: 'janggi-korean',
  name: { en: 'Korean', vi: 'Ký hiệu Hàn Quốc' },
  coordinates: 'rank-first',
  example: EXAMPLE,
  make,
  parse,
};
