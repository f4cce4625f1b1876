/**
 * Xiangqi move notation as players write it: WXF (World Xiangqi Federation)
 * and the Vietnamese convention. Both are relative to the side that moves:
 *
 * - Files are numbered 1–9 from the mover's own right: for Red, file a is 9
 *   and i is 1; for Black, a is 1 and i is 9.
 * - A move is: piece, where it stands (usually its file), direction, then a
 *   number. Chariot, cannon, soldier and general moving along their file give
 *   the number of ranks moved; moving sideways, and always for the diagonal
 *   movers (horse, elephant, advisor), the number is the destination file.
 *
 * WXF (the AXF system adopted by WXF in 1997, www.wxf.org "Official piece
 * names and notation"): letters K A E H R C P; `+` advance, `-` retreat, `=`
 * traverse (WXF prints `.`; `=` is the common variant and what
 * Fairy-Stockfish prints). `C2=5`, `H8+7`, `R1+1`, `P7+1`.
 * Tandem pieces (two of a kind on one file) replace the file digit by `+`
 * (front) or `-` (rear): `R+=3`, `C--1`. Soldiers, following WXF:
 * - 3 on a file: `P+`, the middle one by its file (`P3`), `P-`;
 * - 4 on a file: `++`, `P+`, `P-`, `--`; 5: `++`, `P+`, `P3`, `P-`, `--`;
 * - tandem soldiers on two files: the letter gives way to the file digit,
 *   `3+`, `33` (middle of three), `3-`, `7+`, `7-`.
 * Advisors and elephants on one file keep their file digit (`A6+5`): the
 * direction alone tells them apart, as in Chinese records.
 * Read leniently: lower case, `B`/`N`/`G`/`S` for elephant/horse/general/
 * soldier, `.` for traverse, a leading tandem sign (`+R=3`), `C25`, and a
 * file digit where a sign is due when only one piece can make the move.
 *
 * Vietnamese (biên bản): letters Tg (tướng) S (sĩ) T (tượng) X (xe) P (pháo)
 * M (mã) B (binh/tốt); `.` tiến, `/` thoái, `-` bình: `P2-5`, `M8.7`,
 * `X1.1`, `B3.1`. Tandem pieces: `t` (trước, front) and `s` (sau, rear) in
 * place of the file, `g` (giữa) for the middle of three soldiers: `Xt.1`,
 * `Xs-4`, `Bg-6`. Beyond what Vietnamese books cover, this module writes
 * tandem soldiers on two files with their file and position, `B3t-4`,
 * `B3g-4`, `B7s-6`, and 4–5 soldiers on one file by their order from the
 * front, `1B-4` … `5B-4` (as Chinese 一兵…五兵). Read leniently: any case,
 * `C` for soldier, `V` for elephant, dashes of any width, and the other forms
 * above where they name one move.
 */
import { fileOf, rankOf, square, COLOR_SHIFT, ROLE_MASK } from '../../board.ts';
import { KIND_NORMAL, moveFrom, moveKind, moveTo, type Move } from '../../move.ts';
import type { Position } from '../../position.ts';
import type { Result } from '../../result.ts';
import { fallbackText, legalMoveList, normalizeDashes, pickOne, readable, syntaxError, type Notation, type NotationError } from '../../notation.ts';

// Role ids as in ./index.ts; literal here so that
// index.ts may import this module without an import cycle at load time.
const ADVISOR = 2,
  ELEPHANT = 3,
  HORSE = 4,
  SOLDIER = 7;

type Direction = 'advance' | 'retreat' | 'traverse';

/** What both notations say about a move, before choosing letters and signs. */
interface Described {
  readonly role: number;
  /** Own-side number of the origin file. */
  readonly file: number;
  /** Same-role pieces of the mover on the origin file, and this one's place from the front (0). */
  readonly count: number;
  readonly order: number;
  /** Files holding two or more of the mover's soldiers (soldiers only). */
  readonly tandemFiles: number;
  readonly dir: Direction;
  readonly num: number;
}

/** The mover's own number of a file index (0 = a). */
const fileNumber = (color: number, f: number): number => (color === 0 ? 9 - f : f + 1);

function describe(pos: Position, m: Move): Described {
  const b = pos.board;
  const from = moveFrom(m);
  const to = moveTo(m);
  const piece = b[from]!;
  const color = piece >> COLOR_SHIFT;
  const role = piece & ROLE_MASK;
  const f = fileOf(from);
  // Ranks of this file holding the same piece, front (towards the enemy) first.
  const ranks: number[] = [];
  for (let r = 0; r < 10; r++) if (b[square(f, r)] === piece) ranks.push(r);
  if (color === 0) ranks.reverse();
  let tandemFiles = 0;
  if (role === SOLDIER) {
    for (let ff = 0; ff < 9; ff++) {
      let n = 0;
      for (let r = 0; r < 10; r++) if (b[square(ff, r)] === piece) n++;
      if (n >= 2) tandemFiles++;
    }
  }
  const rel = (sq: number): number => (color === 0 ? rankOf(sq) : 9 - rankOf(sq));
  const dir: Direction = rankOf(from) === rankOf(to) ? 'traverse' : rel(to) > rel(from) ? 'advance' : 'retreat';
  const diagonal = role === HORSE || role === ELEPHANT || role === ADVISOR;
  const num = dir === 'traverse' || diagonal ? fileNumber(color, fileOf(to)) : Math.abs(rankOf(to) - rankOf(from));
  return {
    role,
    file: fileNumber(color, f),
    count: ranks.length,
    order: ranks.indexOf(rankOf(from)),
    tandemFiles,
    dir,
    num,
  };
}

/** Advisors and elephants are never told apart by front and rear: direction does it. */
const keepsFile = (d: Described): boolean => d.count === 1 || d.role === ADVISOR || d.role === ELEPHANT;

/**
 * The notation-specific parts: the canonical origin designator, the other
 * designators accepted on input for the same piece, the direction signs, and
 * how typed text is brought to canonical characters (null: not this notation).
 */
interface Dialect {
  readonly id: string;
  readonly name: { readonly en: string; readonly vi: string };
  readonly example: string;
  readonly signs: Readonly<Record<Direction, string>>;
  designator(d: Described): string;
  alternatives(d: Described): string[];
  normalize(text: string): string | null;
}

function xiangqiNotation(dialect: Dialect): Notation {
  const textOf = (d: Described, designator: string): string => designator + dialect.signs[d.dir] + String(d.num);

  function make(pos: Position, m: Move): string {
    if (moveKind(m) !== KIND_NORMAL || !legalMoveList(pos).includes(m)) return fallbackText(pos, m);
    const d = describe(pos, m);
    return textOf(d, dialect.designator(d));
  }

  function parse(pos: Position, input: string): Result<Move, NotationError> {
    if (!readable(input)) return syntaxError(input, dialect.example);
    const text = dialect.normalize(normalizeDashes(input.trim()).replace(/\s+/g, ''));
    if (text === null) return syntaxError(input, dialect.example);
    const exact: Move[] = [];
    const lenient: Move[] = [];
    for (const m of legalMoveList(pos)) {
      const d = describe(pos, m);
      if (textOf(d, dialect.designator(d)) === text) exact.push(m);
      else if (dialect.alternatives(d).some((a) => textOf(d, a) === text)) lenient.push(m);
    }
    // A canonical reading always wins, so printing and reading stay inverse.
    return pickOne(exact.length > 0 ? exact : lenient, input.trim());
  }

  return { id: dialect.id, name: dialect.name, example: dialect.example, make, parse };
}

const WXF_LETTERS = ['', 'K', 'A', 'E', 'H', 'R', 'C', 'P'];

export const xiangqiWxf: Notation = xiangqiNotation({
  id: 'xiangqi-wxf',
  name: { en: 'WXF', vi: 'Ký hiệu WXF (quốc tế)' },
  example: 'C2=5, H8+7, R+=3',
  signs: { advance: '+', retreat: '-', traverse: '=' },
  designator(d) {
    const L = WXF_LETTERS[d.role]!;
    const F = String(d.file);
    if (keepsFile(d)) return L + F;
    const front = d.order === 0;
    const rear = d.order === d.count - 1;
    if (d.role === SOLDIER && d.tandemFiles >= 2) return F + (front ? '+' : rear ? '-' : F);
    if (d.count <= 3) return L + (front ? '+' : rear ? '-' : F);
    // Four or five soldiers on one file.
    if (front) return '++';
    if (rear) return '--';
    return L + (d.order === 1 ? '+' : d.order === d.count - 2 ? '-' : F);
  },
  // The file digit for any piece; for pairs and trios also the plain front/rear sign (tandem advisors, elephants, and soldiers on two files).
  alternatives(d) {
    const L = WXF_LETTERS[d.role]!;
    const out = [L + String(d.file)];
    if (d.count >= 2 && d.count <= 3) out.push(L + (d.order === 0 ? '+' : d.order === d.count - 1 ? '-' : String(d.file)));
    return out;
  },
  normalize(raw) {
    let s = raw
      .toUpperCase()
      .replace(/[BNGS]/g, (c) => ({ B: 'E', N: 'H', G: 'K', S: 'P' })[c]!)
      .replace(/\./g, '=');
    if (/^[A-Z][1-9][1-9]$/.test(s)) s = `${s.slice(0, 2)}=${s[2]}`; // "C25": traverse written without a sign
    if (/^[+-][A-Z]/.test(s)) s = s[1]! + s[0]! + s.slice(2); // "+R=3" → "R+=3"
    return /^(?:[KAEHRCP][1-9+-]|[1-9][1-9+-]|\+\+|--)[-+=][1-9]$/.test(s) ? s : null;
  },
});

const VI_LETTERS = ['', 'Tg', 'S', 'T', 'M', 'X', 'P', 'B'];
const VI_INPUT: Readonly<Record<string, string>> = { tg: 'Tg', s: 'S', t: 'T', v: 'T', m: 'M', x: 'X', p: 'P', b: 'B', c: 'B' };
const VI_RE = /^([1-5]?)(tg|[stvmxpbc])([1-9]?)([tgs]?)([./-])([1-9])$/i;
const place = (d: Described): string => (d.order === 0 ? 't' : d.order === d.count - 1 ? 's' : 'g');

export const xiangqiVietnamese: Notation = xiangqiNotation({
  id: 'xiangqi-vietnamese',
  name: { en: 'Vietnamese', vi: 'Ký hiệu Việt Nam' },
  example: 'P2-5, M8.7, Xt.1',
  signs: { advance: '.', retreat: '/', traverse: '-' },
  designator(d) {
    const L = VI_LETTERS[d.role]!;
    if (keepsFile(d)) return L + String(d.file);
    if (d.role === SOLDIER && d.tandemFiles >= 2) return L + String(d.file) + place(d);
    if (d.count <= 3) return L + place(d);
    return String(d.order + 1) + L;
  },
  alternatives(d) {
    const L = VI_LETTERS[d.role]!;
    const out = [L + String(d.file)];
    if (d.count >= 2) {
      out.push(L + place(d), L + String(d.file) + place(d));
      if (d.role === SOLDIER) out.push(String(d.order + 1) + L);
    }
    return out;
  },
  normalize(raw) {
    const m = VI_RE.exec(raw);
    if (!m) return null;
    const letter = VI_INPUT[m[2]!.toLowerCase()]!;
    return m[1]! + letter + m[3]! + m[4]!.toLowerCase() + m[5]! + m[6]!;
  },
});

/** Both notations, WXF first. */
export const XIANGQI_NOTATIONS: readonly Notation[] = [xiangqiWxf, xiangqiVietnamese];
