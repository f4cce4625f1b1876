/**
 * Xiangqi moves in Chinese, as xqbase.com's PGN writes them under
 * `[Format "Chinese"]` and Chinese books print them: piece, file, direction,
 * number, e.g. 炮二平五 (WXF C2=5), 马８进７ (H8+7). Red's numbers are
 * Chinese numerals, Black's digits (full-width or not); 进 advance, 退
 * retreat, 平 traverse; tandem pieces 前 (front), 后 (rear), 中 (middle of
 * three soldiers): 前车进一. Red's names 车马相仕帅炮兵, Black's 车马象士将炮卒;
 * traditional forms (車馬帥將砲) are read too.
 *
 * The same descriptions as WXF (notation.ts): a move is printed by turning
 * its WXF text into Chinese, and read by turning Chinese into WXF. The rare
 * WXF forms Chinese books write otherwise (four or five soldiers on a file,
 * tandem soldiers on two files) are printed in WXF, which is read too.
 */
import { fileOf } from '../../board.ts';
import { moveFrom, type Move } from '../../move.ts';
import { pickOne, readable, syntaxError, type Notation, type NotationError } from '../../notation.ts';
import type { Position } from '../../position.ts';
import type { Result } from '../../result.ts';
import { xiangqiWxf } from './notation.ts';

const EXAMPLE = '炮二平五, 马８进７, 前车进一';
const RED_NAMES: Readonly<Record<string, string>> = { R: '车', H: '马', E: '相', A: '仕', K: '帅', C: '炮', P: '兵' };
const BLACK_NAMES: Readonly<Record<string, string>> = { R: '车', H: '马', E: '象', A: '士', K: '将', C: '炮', P: '卒' };
const READ_NAMES: Readonly<Record<string, string>> = {
  车: 'R',
  車: 'R',
  俥: 'R',
  马: 'H',
  馬: 'H',
  傌: 'H',
  相: 'E',
  象: 'E',
  仕: 'A',
  士: 'A',
  帅: 'K',
  帥: 'K',
  将: 'K',
  將: 'K',
  炮: 'C',
  砲: 'C',
  包: 'C',
  兵: 'P',
  卒: 'P',
};
const NUMERALS = '一二三四五六七八九';
const WIDE = '１２３４５６７８９';
const SIGNS: Readonly<Record<string, string>> = { '+': '进', '-': '退', '=': '平' };
const READ_SIGNS: Readonly<Record<string, string>> = { 进: '+', 進: '+', 退: '-', 平: '=' };

const numeral = (red: boolean, d: string): string => (red ? NUMERALS : WIDE)[Number(d) - 1]!;
/** A number in any of the three scripts, as an ASCII digit; '' otherwise. */
function digit(c: string): string {
  if (/^[1-9]$/.test(c)) return c;
  const i = NUMERALS.indexOf(c) >= 0 ? NUMERALS.indexOf(c) : WIDE.indexOf(c);
  return i >= 0 ? String(i + 1) : '';
}

function make(pos: Position, m: Move): string {
  const wxf = xiangqiWxf.make(pos, m);
  const r = /^([KAEHRCP])([1-9+-])([-+=])([1-9])$/.exec(wxf);
  if (!r) return wxf;
  const red = pos.turn === 0;
  const name = (red ? RED_NAMES : BLACK_NAMES)[r[1]!]!;
  const head = r[2] === '+' ? `前${name}` : r[2] === '-' ? `后${name}` : `${name}${numeral(red, r[2]!)}`;
  return `${head}${SIGNS[r[3]!]}${numeral(red, r[4]!)}`;
}

function parse(pos: Position, input: string): Result<Move, NotationError> {
  if (!readable(input)) return syntaxError(input, EXAMPLE);
  const text = input.trim().replace(/\s+/g, '');
  // No Chinese in it: WXF (what make prints for the rare forms).
  if (!/[\u3400-\u9fff]/.test(text)) return xiangqiWxf.parse(pos, text);
  const chars = [...text.replace(/[!?+#]+$/, '')];
  if (chars.length !== 4) return syntaxError(input, EXAMPLE);
  const [a, b, c, d] = chars as [string, string, string, string];
  const sign = READ_SIGNS[c];
  const num = digit(d);
  if (!sign || !num) return syntaxError(input, EXAMPLE);
  const place = a === '前' ? '+' : a === '后' || a === '後' ? '-' : a === '中' ? 'middle' : null;
  const letter = READ_NAMES[place ? b : a];
  const file = place ? '' : digit(b);
  if (!letter || (!place && !file)) return syntaxError(input, EXAMPLE);
  if (place === 'middle') {
    // The middle one of three soldiers on a file: WXF names it by its file.
    const found: Move[] = [];
    for (let f = 1; f <= 9; f++) {
      const r = xiangqiWxf.parse(pos, `${letter}${f}${sign}${num}`);
      if (r.ok && onFileWithTwoMore(pos, r.value) && !found.includes(r.value)) found.push(r.value);
    }
    return pickOne(found, input.trim());
  }
  return xiangqiWxf.parse(pos, `${letter}${place ?? file}${sign}${num}`);
}

/** Whether the moving piece shares its file with at least two more of its kind. */
function onFileWithTwoMore(pos: Position, m: Move): boolean {
  const from = moveFrom(m);
  const piece = pos.board[from];
  let n = 0;
  for (let sq = 0; sq < pos.board.length; sq++) if (pos.board[sq] === piece && fileOf(sq) === fileOf(from)) n++;
  return n >= 3;
}

export const xiangqiChinese: Notation = {
  id: 'xiangqi-chinese',
  name: { en: 'Chinese', vi: 'Ký hiệu Trung Quốc' },
  coordinates: 'own-right',
  example: EXAMPLE,
  make,
  parse,
};
