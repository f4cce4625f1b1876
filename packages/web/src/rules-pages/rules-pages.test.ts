import { describe, it, expect } from 'vitest';
import {
  JANGGI_HOUSE_RULES,
  SITTUYIN_HOUSE_RULES,
  VARIANTS,
  XIANGQI_HOUSE_RULES,
  legalUcis,
  parseFen,
  parseUci,
  type Position,
  type VariantKey,
} from '@youzai/rules';
import { DEFAULT_CONDUCT } from '@youzai/game';
import { POOLS } from '@youzai/protocol';
import { roleKey } from '../i18n/game-keys.ts';
import { vi as viCatalog } from '../i18n/vi.ts';
import { RULES_PAGES } from './index.ts';
import type { RulesDoc, RulesSection } from './types.ts';

// Every game of the registry has its page (RULES_PAGES is a Record<VariantKey, …>).
const GAMES = Object.keys(RULES_PAGES) as VariantKey[];

/** Vietnamese role names by FEN letter, as the club names them everywhere (the i18n's `role.<game>.<letter>`): the pages must use them. */
const VI_ROLE = Object.fromEntries(
  Object.values(VARIANTS).map((v) => [
    v.key,
    Object.fromEntries(v.roles.flatMap((r) => (r ? [[r.letter, (viCatalog as Record<string, string>)[roleKey(v.key, r.letter)]!]] : []))),
  ]),
) as Record<VariantKey, Record<string, string>>;

function section(doc: RulesDoc, id: string): RulesSection {
  const s = doc.sections.find((x) => x.id === id);
  if (!s) throw new Error(`no section ${id} in "${doc.title}"`);
  return s;
}

const textOf = (s: RulesSection): string => [s.heading, ...s.paragraphs, ...(s.list ?? [])].join('\n');

function item(s: RulesSection, i: number): string {
  const t = s.list?.[i];
  if (t === undefined) throw new Error(`section ${s.id} has no list item ${i}`);
  return t;
}

function itemMatching(s: RulesSection, re: RegExp): string {
  const found = (s.list ?? []).filter((t) => re.test(t));
  if (found.length !== 1) throw new Error(`section ${s.id}: ${found.length} list items match ${re}`);
  return found[0]!;
}

/** `n` as a whole number in `text` (so 60 does not match inside 600). */
const hasNumber = (text: string, n: number): boolean => new RegExp(`(?<![0-9])${n}(?![0-9])`).test(text);

/** Whether `text` names square `sq` (a1 must not match inside a10). */
const hasSquare = (text: string, sq: string): boolean => new RegExp(`(?<![a-z])${sq}(?![0-9])`).test(text);

function allStrings(doc: RulesDoc): string[] {
  return [doc.title, doc.intro, ...doc.sections.flatMap((s) => [s.id, s.heading, ...s.paragraphs, ...(s.list ?? [])])];
}

/** Pieces of a FEN board part by square name: 'e1' → 'K'. */
function fenSquares(fen: string): Map<string, string> {
  const ranks = fen.split(/[ []/)[0]!.split('/');
  const out = new Map<string, string>();
  ranks.forEach((row, i) => {
    const rank = ranks.length - i;
    let file = 0;
    for (const t of row.match(/\d+|[a-zA-Z]/g) ?? []) {
      if (/\d/.test(t)) file += Number(t);
      else out.set(`${String.fromCharCode(97 + file++)}${rank}`, t);
    }
  });
  return out;
}

/** Squares of an "a3–d3" range on one rank. */
function expandRange(range: string): string[] {
  const m = /^([a-z])(\d+)–([a-z])(\d+)$/.exec(range);
  if (!m || m[2] !== m[4]) throw new Error(`not a range on one rank: ${range}`);
  const out: string[] = [];
  for (let f = m[1]!.charCodeAt(0); f <= m[3]!.charCodeAt(0); f++) out.push(`${String.fromCharCode(f)}${m[2]}`);
  return out;
}

function position(key: VariantKey, fen: string): Position {
  const r = parseFen(VARIANTS[key], fen);
  if (!r.ok) throw new Error(`${fen}: ${r.error.message}`);
  return r.value;
}

const legal = (key: VariantKey, fen: string): string[] => legalUcis(position(key, fen));

/** An 8×8 Sittuyin FEN, placement over, from pieces by square. */
function sittuyinFen(pieces: Record<string, string>, turn: 'w' | 'b'): string {
  const rows: string[] = [];
  for (let rank = 8; rank >= 1; rank--) {
    let row = '';
    let empty = 0;
    for (let f = 0; f < 8; f++) {
      const p = pieces[`${String.fromCharCode(97 + f)}${rank}`];
      if (p === undefined) empty++;
      else {
        if (empty) row += String(empty);
        empty = 0;
        row += p;
      }
    }
    rows.push(empty ? row + String(empty) : row);
  }
  return `${rows.join('/')}[] ${turn} - - 0 1`;
}

const chebyshev = (a: string, b: string): number => Math.max(Math.abs(a.charCodeAt(0) - b.charCodeAt(0)), Math.abs(Number(a.slice(1)) - Number(b.slice(1))));

describe('rules pages: shape', () => {
  it('covers the three games', () => {
    expect(GAMES.sort()).toEqual(Object.keys(VARIANTS).sort());
  });

  describe.each(GAMES)('%s', (game) => {
    const { vi, en } = RULES_PAGES[game];

    it('has the same sections, in the same order, in Vietnamese and English', () => {
      expect(vi.sections.length).toBeGreaterThan(0);
      expect(en.sections.map((s) => s.id)).toEqual(vi.sections.map((s) => s.id));
      expect(new Set(vi.sections.map((s) => s.id)).size).toBe(vi.sections.length);
    });

    it('mirrors each section: as many paragraphs, as many list items', () => {
      vi.sections.forEach((s, i) => {
        const e = en.sections[i]!;
        expect(e.paragraphs.length, `paragraphs of ${s.id}`).toBe(s.paragraphs.length);
        expect(e.list?.length, `list of ${s.id}`).toBe(s.list?.length);
        expect(s.paragraphs.length, `paragraphs of ${s.id}`).toBeGreaterThan(0);
        if (s.list) expect(s.list.length, `list of ${s.id}`).toBeGreaterThan(0);
      });
    });

    it('has no empty string and no markup (plain text only)', () => {
      for (const doc of [vi, en]) {
        for (const t of allStrings(doc)) {
          expect(t.trim(), JSON.stringify(t)).not.toBe('');
          expect(t, t).not.toMatch(/[<>`]|\*\*|^#/);
        }
      }
    });

    it('writes the Vietnamese in Vietnamese', () => {
      // Every Vietnamese paragraph carries Vietnamese letters; an untranslated copy would not.
      for (const s of vi.sections) for (const p of s.paragraphs) expect(p, p).toMatch(/[ăâđêôơưàáảãạèéẻẽẹìíỉĩịòóỏõọùúủũụỳýỷỹỵ]/i);
    });

    it('quotes the first-move deadline and the disconnection grace', () => {
      for (const doc of [vi, en]) {
        const t = textOf(section(doc, 'conduct'));
        expect(hasNumber(t, DEFAULT_CONDUCT.firstMoveMs / 1000)).toBe(true);
        expect(hasNumber(t, DEFAULT_CONDUCT.disconnectGraceMs / 1000)).toBe(true);
      }
    });

    it('offers byo-yomi exactly where a byo-yomi pool exists, and its examples are real pools', () => {
      const pools = POOLS.filter((p) => p.variant === game);
      const byo = pools.find((p) => p.clock.kind === 'byoyomi');
      for (const doc of [vi, en]) {
        const t = textOf(section(doc, 'clock'));
        expect(/byo-yomi/i.test(t)).toBe(byo !== undefined);
        const fischer = /(\d+)\+(\d+)/.exec(t);
        expect(fischer).not.toBeNull();
        expect(pools.some((p) => p.clock.kind === 'fischer' && p.clock.minutes === Number(fischer![1]) && p.clock.increment === Number(fischer![2]))).toBe(
          true,
        );
      }
      if (byo && byo.clock.kind === 'byoyomi') {
        const { minutes, periods, seconds } = byo.clock;
        expect(textOf(section(vi, 'clock'))).toContain(`${minutes} phút + ${periods}×${seconds} giây`);
        expect(textOf(section(en, 'clock'))).toContain(`${minutes} minutes + ${periods}×${seconds} seconds`);
      }
    });

    it('names, for a flag or an abandonment, the material the variant counts as able to win', () => {
      const v = VARIANTS[game];
      const attackers = v.roles.filter((r) => r?.attacking).map((r) => r!);
      for (const id of ['clock', 'conduct']) {
        const tvi = textOf(section(vi, id));
        const ten = textOf(section(en, id));
        if (v.end.insufficient === 'no-attackers') {
          for (const r of attackers) {
            expect(ten, r.name).toContain(r.name);
            expect(tvi, r.name).toContain(VI_ROLE[game][r.letter]);
          }
        } else {
          expect(ten).toMatch(/only the king/);
          expect(tvi).toMatch(/chỉ còn Vua/);
        }
      }
    });

    it("lists the moves in role order under the library's role names", () => {
      const roles = VARIANTS[game].roles.filter((r) => r !== undefined);
      const moves = { vi: section(vi, 'moves'), en: section(en, 'moves') };
      expect(moves.en.list?.length).toBe(roles.length);
      roles.forEach((r, i) => {
        expect(item(moves.en, i).toLowerCase().startsWith(r.name)).toBe(true);
        expect(item(moves.vi, i).startsWith(VI_ROLE[game][r.letter]!)).toBe(true);
      });
    });
  });
});

describe('rules pages: the starting positions match the library', () => {
  describe.each(['xiangqi', 'janggi'] as const)('%s', (game) => {
    it('names every piece of the start FEN on its square, in both languages', () => {
      const v = VARIANTS[game];
      const board = fenSquares(v.startFen);
      const { vi, en } = RULES_PAGES[game];
      const setup = { vi: section(vi, 'board'), en: section(en, 'board') };
      expect(setup.en.list?.length).toBe(v.roles.length - 1);
      for (const r of v.roles.filter((x) => x !== undefined)) {
        const squares = [...board].filter(([, p]) => p.toLowerCase() === r!.letter).map(([sq]) => sq);
        expect(squares.length).toBe(2 * r!.max);
        const viItem = itemMatching(setup.vi, new RegExp(`^${VI_ROLE[game][r!.letter]}:`));
        const enItem = itemMatching(setup.en, new RegExp(`^${r!.name}`, 'i'));
        for (const sq of squares) {
          expect(hasSquare(viItem, sq), `${sq} in ${viItem}`).toBe(true);
          expect(hasSquare(enItem, sq), `${sq} in ${enItem}`).toBe(true);
        }
        // No square beyond the FEN's.
        expect(viItem.match(/(?<![a-z])[a-i](?:10|[1-9])(?![0-9])/g)?.sort()).toEqual(squares.sort());
      }
    });
  });

  it('sittuyin: the pawns and the pieces in hand', () => {
    const v = VARIANTS.sittuyin;
    const board = fenSquares(v.startFen);
    const { vi, en } = RULES_PAGES.sittuyin;
    for (const doc of [vi, en]) {
      const t = textOf(section(doc, 'board'));
      const ranges = t.match(/[a-h][1-8]–[a-h][1-8]/g) ?? [];
      const diagonals = ['a1–h8', 'a8–h1'];
      const pawnRanges = ranges.filter((r) => !diagonals.includes(r));
      expect(ranges).toEqual(expect.arrayContaining(diagonals));
      const fromText = pawnRanges.flatMap(expandRange).sort();
      expect(fromText).toEqual([...board.keys()].sort());
      expect([...board.values()].every((p) => p.toLowerCase() === 'p')).toBe(true);
      // Red's ranges come first in the text.
      expect(
        pawnRanges
          .slice(0, 2)
          .flatMap(expandRange)
          .every((sq) => board.get(sq) === 'P'),
      ).toBe(true);
    }
    const hand = /\[([A-Za-z]*)\]/.exec(v.startFen)![1]!;
    const perSide = hand.length / 2;
    expect(textOf(section(vi, 'board'))).toContain(`${perSide} quân còn lại`);
    expect(textOf(section(en, 'board'))).toContain(`other ${perSide} pieces`);
    expect(textOf(section(vi, 'placement'))).toContain(`${hand.length} quân`);
    expect(textOf(section(en, 'placement'))).toContain(`${hand.length} pieces`);
  });
});

describe('rules pages: xiangqi facts', () => {
  const R = XIANGQI_HOUSE_RULES;
  const { vi, en } = RULES_PAGES.xiangqi;

  it('quotes the run limits 1 / 2 / 3+ pieces, and the example breaks at limit + 1', () => {
    const [one, two, three] = R.runLimits;
    const limits = { vi: itemMatching(section(vi, 'perpetual'), /^Giới hạn/), en: itemMatching(section(en, 'perpetual'), /^Limits/) };
    expect(limits.vi).toMatch(new RegExp(`1 quân.*tối đa ${one} nước.*2 quân tối đa ${two} nước.*3 quân trở lên tối đa ${three} nước`));
    expect(limits.en).toMatch(
      new RegExp(`1 piece may hold at most ${one} moves, by 2 pieces at most ${two} moves, by 3 or more pieces at most ${three} moves`),
    );
    const ex = { vi: itemMatching(section(vi, 'perpetual'), /^Ví dụ/), en: itemMatching(section(en, 'perpetual'), /^Example/) };
    expect(ex.vi).toContain(`${one} nước đầu`);
    expect(ex.vi).toContain(`thứ ${one + 1}`);
    expect(ex.en).toContain(`first ${one} moves`);
    expect(ex.en).toContain(`${one + 1}th`);
  });

  it('quotes the three draw counters in moves and plies, in order', () => {
    const counters = [R.naturalLimitPlies, R.progressPlies, R.lengthLimitPlies];
    for (const [doc, ply] of [
      [vi, 'nửa nước'],
      [en, 'plies'],
    ] as const) {
      const s = section(doc, 'draw-rules');
      expect(s.list?.length).toBe(counters.length);
      counters.forEach((plies, i) => {
        expect(item(s, i)).toContain(`${plies / 2} ${doc === vi ? 'nước' : 'moves'} (${plies} ${ply})`);
      });
    }
    // Repetition falls back on the progress rule.
    expect(hasNumber(textOf(section(vi, 'repetition')), R.progressPlies / 2)).toBe(true);
    expect(hasNumber(textOf(section(en, 'repetition')), R.progressPlies / 2)).toBe(true);
  });

  it('quotes the claimable draw', () => {
    expect(textOf(section(vi, 'draw-claim'))).toContain(`${R.claimPlies / 2} nước (tổng cộng ${R.claimPlies} nửa nước)`);
    expect(textOf(section(en, 'draw-claim'))).toContain(`${R.claimPlies / 2} moves (${R.claimPlies} plies in all)`);
    expect(textOf(section(vi, 'game-end'))).toContain(`luật ${R.claimPlies / 2} nước`);
    expect(textOf(section(en, 'game-end'))).toContain(`${R.claimPlies / 2}-move rule`);
  });

  it('says what the library does when the side to move has no legal move', () => {
    const vItem = itemMatching(section(vi, 'game-end'), /^Hết nước đi/);
    const eItem = itemMatching(section(en, 'game-end'), /^No legal move/);
    expect(VARIANTS.xiangqi.end.stalemate).toBe(R.stalemateLoses ? 'loss' : 'draw');
    expect(vItem).toMatch(R.stalemateLoses ? /thì thua/ : /thì hòa/);
    expect(eItem).toMatch(R.stalemateLoses ? /loses/ : /is drawn/);
  });

  it('draws on bare material exactly as the library counts attacking pieces', () => {
    expect(VARIANTS.xiangqi.end.deadMaterial).toBe('no-attackers');
    const en1 = itemMatching(section(en, 'game-end'), /^No attacking pieces/);
    const vi1 = itemMatching(section(vi, 'game-end'), /^Hết quân tấn công/);
    for (const r of VARIANTS.xiangqi.roles.slice(1)) {
      expect(en1.includes(r!.name), r!.name).toBe(r!.attacking);
      expect(vi1.includes(VI_ROLE.xiangqi[r!.letter]!), r!.name).toBe(r!.attacking);
    }
  });

  it('forbids facing generals, as the page says', () => {
    expect(R.flyingGeneral).toBe(true);
    expect(textOf(section(vi, 'legality'))).toMatch(/Chống tướng/);
    // Red general d1, Black general e10: d1e1 would face the generals on an open file.
    const moves = legal('xiangqi', '4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1');
    expect(moves).toContain('d1d2');
    expect(moves).not.toContain('d1e1');
  });
});

describe('rules pages: janggi facts', () => {
  const R = JANGGI_HOUSE_RULES;
  const { vi, en } = RULES_PAGES.janggi;
  const start = VARIANTS.janggi.startFen;

  it('writes moves in the Korean notation as the library prints them, and names its points as the board labels them', () => {
    const pos = position('janggi', start);
    const korean = VARIANTS.janggi.notations[0]!;
    expect(korean.id).toBe('janggi-korean');
    const horse = parseUci(pos, 'h1g3');
    if (!horse.ok) throw new Error('h1g3');
    expect(korean.make(pos, horse.value)).toBe('08마87');
    const pass = parseUci(pos, 'e2e2');
    if (!pass.ok) throw new Error('e2e2');
    expect(korean.make(pos, pass.value)).toBe('한수쉼');
    for (const doc of [vi, en]) {
      const t = textOf(section(doc, 'notation'));
      for (const quoted of ['08마87', '한수쉼', '95', '25', '(e2)', '(e9)', 'Hg3']) expect(t).toContain(quoted);
      for (const typed of ['08馬87', '0887']) {
        expect(t).toContain(typed);
        const r = korean.parse(pos, typed);
        expect(r.ok && r.value).toBe(horse.value);
      }
    }
  });

  it('quotes the no-capture limit, passes counted', () => {
    const vItem = itemMatching(section(vi, 'game-end'), /không có nước ăn quân/);
    const eItem = itemMatching(section(en, 'game-end'), /without a capture/);
    expect(vItem).toContain(`${R.noCapturePlies} nửa nước (${R.noCapturePlies / 2} nước mỗi bên)`);
    expect(eItem).toContain(`${R.noCapturePlies} plies (${R.noCapturePlies / 2} moves by each side)`);
    expect(textOf(section(vi, 'pass'))).toContain(`${R.noCapturePlies} nửa nước`);
    expect(textOf(section(en, 'pass'))).toContain(`${R.noCapturePlies}-ply`);
  });

  it('site cannon: slides without a screen, captures over one non-cannon screen, never a cannon', () => {
    expect(R.cannonMovesWithoutScreen).toBe(true);
    expect(item(section(vi, 'cannon'), 0)).toMatch(/^Khi không ăn quân, Pháo đi như Xe/);
    expect(item(section(en, 'cannon'), 0)).toMatch(/^When not capturing, the cannon moves like a chariot/);
    // From the start, the cannon on b3 may slide to the empty c3 with nothing to jump.
    expect(legalUcis(position('janggi', start))).toContain('b3c3');
    // Cho cannon a1, screen on a3, target on a5.
    const capture = (screen: string, target: string) => legal('janggi', `5k3/9/9/9/9/${target}8/9/${screen}8/9/C2K5 w - - 0 1`);
    expect(capture('N', 'r')).toContain('a1a5');
    expect(capture('C', 'r')).not.toContain('a1a5');
    expect(capture('N', 'c')).not.toContain('a1a5');
  });

  it('soldiers do not step along palace diagonals', () => {
    expect(R.soldierPalaceDiagonals).toBe(false);
    expect(item(section(vi, 'moves'), 6)).toContain('không được đi chéo trong cung');
    expect(item(section(en, 'moves'), 6)).toContain('never steps diagonally inside a palace');
    const moves = legal('janggi', '5k3/9/3P5/9/9/9/9/9/4K4/9 w - - 0 1');
    expect(moves).toContain('d8d9');
    expect(moves).not.toContain('d8e9');
  });

  it('a side not in check may pass (written e2e2), a side in check may not', () => {
    expect(VARIANTS.janggi.pass).toBe(true);
    expect(textOf(section(vi, 'pass'))).toContain('e2e2');
    expect(textOf(section(en, 'pass'))).toContain('e2e2');
    expect(legalUcis(position('janggi', start))).toContain('e2e2');
    const inCheck = position('janggi', '5k3/9/9/9/9/4r4/9/9/4K4/9 w - - 0 1');
    expect(inCheck.inCheck()).toBe(true);
    expect(legalUcis(inCheck)).not.toContain('e2e2');
  });

  it('generals may face each other', () => {
    expect(textOf(section(vi, 'legality'))).toMatch(/hai Tướng được đối mặt/);
    expect(legal('janggi', '4k4/9/9/9/9/9/9/9/3K5/9 w - - 0 1')).toContain('d2e2');
  });

  it('no stalemate, no repetition draw, no bare-material draw', () => {
    const end = VARIANTS.janggi.end;
    expect(end.repetitions).toBeNull();
    expect(end.deadMaterial).toBe('none');
    expect(itemMatching(section(en, 'game-end'), /^The club does not count points/)).toMatch(/Repetition.*does not draw the game by itself/);
    expect(itemMatching(section(vi, 'game-end'), /^Câu lạc bộ không tính điểm quân/)).toMatch(/Lặp lại thế cờ.*không tự động làm ván hòa/);
    expect(itemMatching(section(en, 'game-end'), /^No stalemate/)).toMatch(/can always pass/);
  });
});

describe('rules pages: sittuyin facts', () => {
  const R = SITTUYIN_HOUSE_RULES;
  const { vi, en } = RULES_PAGES.sittuyin;

  it('placement: own first three ranks, rooks on the back rank, letters as the library writes them', () => {
    const pos = position('sittuyin', VARIANTS.sittuyin.startFen);
    const red = legalUcis(pos);
    expect(red).toContain('K@d2');
    expect(red.every((m) => /^[A-Z]@[a-h][1-3]$/.test(m))).toBe(true);
    expect(red.filter((m) => m.startsWith('R@')).every((m) => m.endsWith('1'))).toBe(true);
    expect(red.some((m) => m.startsWith('R@'))).toBe(true);
    const drop = parseUci(pos, 'K@d2');
    if (!drop.ok) throw new Error(drop.error.message);
    pos.play(drop.value);
    const black = legalUcis(pos);
    expect(black.every((m) => /^[A-Z]@[a-h][6-8]$/.test(m))).toBe(true);
    expect(black.filter((m) => m.startsWith('R@')).every((m) => m.endsWith('8'))).toBe(true);
    expect(item(section(vi, 'placement'), 0)).toContain('Đỏ ở hàng 1–3, Đen ở hàng 6–8');
    expect(item(section(en, 'placement'), 0)).toContain('Red on ranks 1–3, Black on ranks 6–8');
    expect(item(section(vi, 'placement'), 1)).toContain('Đỏ ở hàng 1, Đen ở hàng 8');
    expect(item(section(en, 'placement'), 1)).toContain('Red on rank 1, Black on rank 8');
    const letters = new Set(red.map((m) => m[0]!.toLowerCase()));
    const vItem = item(section(vi, 'placement'), 4);
    const eItem = item(section(en, 'placement'), 4);
    for (const r of VARIANTS.sittuyin.roles) {
      if (!r || !letters.has(r.letter)) continue;
      expect(vItem).toContain(`${r.letter.toUpperCase()} là ${VI_ROLE.sittuyin[r.letter]}`);
      expect(eItem).toContain(`${r.letter.toUpperCase()} ${r.name}`);
    }
    expect(letters.size).toBe(5);
  });

  /** Squares where a pawn of `color` may promote in place, with a second pawn on the board and no general. */
  function promotionSquares(color: 'w' | 'b'): string[] {
    const pawn = color === 'w' ? 'P' : 'p';
    const own = color === 'w' ? { king: 'e1', spare: ['a3', 'b3'] } : { king: 'd8', spare: ['h6', 'g6'] };
    const found: string[] = [];
    for (let f = 0; f < 8; f++) {
      for (let rank = 1; rank <= 8; rank++) {
        const sq = `${String.fromCharCode(97 + f)}${rank}`;
        const spare = own.spare.find((s) => s !== sq)!;
        if (sq === own.king) continue;
        const enemy = ['h5', 'a5', 'h4', 'a4', 'd5'].find((k) => chebyshev(k, sq) >= 2 && chebyshev(k, spare) >= 2 && chebyshev(k, own.king) >= 2);
        if (enemy === undefined) throw new Error(`no square for the enemy king with a pawn on ${sq}`);
        const pieces: Record<string, string> = { [own.king]: color === 'w' ? 'K' : 'k', [spare]: pawn, [sq]: pawn, [enemy]: color === 'w' ? 'k' : 'K' };
        const r = parseFen(VARIANTS.sittuyin, sittuyinFen(pieces, color));
        if (!r.ok) continue; // a pawn cannot stand there
        if (legalUcis(r.value).includes(`${sq}${sq}f`)) found.push(sq);
      }
    }
    return found.sort();
  }

  it('lists exactly the promotion squares the library allows, for each side', () => {
    const squares = (t: string) => (t.match(/(?<![a-z])[a-h][1-8](?![0-9])/g) ?? []).sort();
    for (const doc of [vi, en]) {
      const s = section(doc, 'promotion');
      expect(squares(item(s, 0))).toEqual(promotionSquares('w'));
      expect(squares(item(s, 1))).toEqual(promotionSquares('b'));
    }
  });

  it('promotion: in place or a diagonal step, no capture, no attack, only without a general; one pawn anywhere', () => {
    const base = { e1: 'K', h5: 'k', a3: 'P', d5: 'P' };
    const moves = legal('sittuyin', sittuyinFen(base, 'w'));
    // The record example of the page: d5d5f and d5e6f.
    expect(textOf(section(vi, 'promotion'))).toMatch(/d5d5f.*d5e6f/);
    expect(textOf(section(en, 'promotion'))).toMatch(/d5d5f.*d5e6f/);
    expect(moves).toEqual(expect.arrayContaining(['d5d5f', 'd5e6f', 'd5c6f', 'd5c4f', 'd5e4f']));
    // With a general on the board, no promotion.
    expect(legal('sittuyin', sittuyinFen({ ...base, b1: 'F' }, 'w')).some((m) => m.endsWith('f'))).toBe(false);
    // A promotion never captures: e6 holds an enemy rook, so the step to e6 is only a pawn capture.
    const cap = legal('sittuyin', sittuyinFen({ ...base, e6: 'r' }, 'w'));
    expect(cap).toContain('d5e6');
    expect(cap).not.toContain('d5e6f');
    // The new general may not attack an enemy piece: a rook on c6 forbids promoting in place on d5.
    expect(legal('sittuyin', sittuyinFen({ ...base, c6: 'r' }, 'w'))).not.toContain('d5d5f');
    // One pawn left: it promotes from a square off the diagonals; with two pawns it cannot.
    expect(legal('sittuyin', sittuyinFen({ e1: 'K', h5: 'k', c4: 'P' }, 'w'))).toContain('c4c4f');
    expect(legal('sittuyin', sittuyinFen({ e1: 'K', h5: 'k', c4: 'P', a3: 'P' }, 'w'))).not.toContain('c4c4f');
    expect(itemMatching(section(vi, 'promotion'), /chỉ còn đúng một Tốt/)).toContain('bất kỳ ô nào');
    expect(itemMatching(section(en, 'promotion'), /exactly one pawn/)).toContain('any square');
  });

  it('quotes the draws: stalemate, bare kings, the quiet limit, repetition', () => {
    const end = VARIANTS.sittuyin.end;
    expect(end.stalemate).toBe('draw');
    expect(end.deadMaterial).toBe('kings-only');
    expect(end.quietLimit?.plies).toBe(R.progressPlies);
    expect(end.quietLimit?.pawnMoveIsProgress).toBe(true);
    expect(end.repetitions).toBe(R.repetitions);
    const v = section(vi, 'game-end');
    const e = section(en, 'game-end');
    expect(item(v, 2)).toContain(`${R.progressPlies} nửa nước (${R.progressPlies / 2} nước mỗi bên)`);
    expect(item(e, 2)).toContain(`${R.progressPlies} plies (${R.progressPlies / 2} moves by each side)`);
    expect(item(v, 2)).toContain('nước đi Tốt');
    expect(item(e, 2)).toContain('pawn move');
    expect(item(v, 3)).toContain(`${R.repetitions} lần`);
    expect(item(e, 3)).toContain(`${R.repetitions} times`);
    expect(item(v, 0)).toMatch(/^Hết nước đi/);
    expect(item(e, 0)).toMatch(/^Stalemate/);
    expect(item(v, 1)).toMatch(/hai Vua/);
    expect(item(e, 1)).toMatch(/two kings/);
  });
});
