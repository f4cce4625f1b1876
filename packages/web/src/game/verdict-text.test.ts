import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { VERDICT_CODES, startReferee, verdict, type RunFact, type Verdict } from '@youzai/game';
import { wireVerdict, type Verdict as WireVerdict } from '@youzai/protocol';
import { CATALOGS } from '../i18n/catalogs.ts';
import { LANGS, loadLang, setLang } from '../i18n/index.ts';
import { MoveHistory } from './move-history.ts';
import { verdictText, violationWarning } from './verdict-text.ts';

const RED = 0;
const BLACK = 1;
const check = (side: 0 | 1, length: number, pieces: number, limit: number): RunFact => ({ kind: 'check', side, length, pieces, limit, target: null });
const chase = (side: 0 | 1, length: number, role: string, owner: 0 | 1, square: string): RunFact => ({
  kind: 'chase',
  side,
  length,
  pieces: 1,
  limit: 6,
  target: { role, owner, square },
});

/** The sentence in both languages. */
function both(v: Verdict, variant: 'xiangqi' | 'janggi' | 'sittuyin' = 'xiangqi'): { vi: string; en: string } {
  // As the client hears it: sides by name.
  return bothWire(wireVerdict(v), variant);
}

function bothWire(v: WireVerdict, variant: 'xiangqi' | 'janggi' | 'sittuyin' = 'xiangqi'): { vi: string; en: string } {
  setLang('vi');
  const vi = verdictText(variant, v);
  setLang('en');
  const en = verdictText(variant, v);
  return { vi, en };
}

// English is fetched when chosen (i18n loadLang): loaded once before these tests switch to it.
beforeAll(() => loadLang('en'));
afterEach(() => setLang('vi'));

describe('verdict sentences', () => {
  it('has a sentence for every verdict code in both languages', () => {
    for (const lang of LANGS) for (const code of VERDICT_CODES) expect(Object.keys(CATALOGS[lang]), `${lang} ${code}`).toContain(`verdict.${code}`);
  });

  it('names sides and counts as the game names them', () => {
    expect(both(verdict(RED, 'checkmate', 'checkmate', { side: BLACK, other: RED }))).toEqual({
      vi: 'Đen bị chiếu hết: Đỏ thắng',
      en: 'Black is checkmated: Red wins',
    });
    expect(both(verdict(RED, 'resignation', 'resignation', { side: BLACK }), 'janggi')).toEqual({ vi: 'Han xin thua', en: 'Han resigned' });
    expect(both(verdict(null, 'repetition', 'repetition-quiet', { times: 3 }))).toEqual({
      vi: 'Thế cờ lặp lại lần thứ 3, không có nước chiếu hay đuổi bắt từ lần đầu: hòa',
      en: 'The position occurred for the 3rd time with no check or chase since its first occurrence: draw',
    });
    expect(both(verdict(null, 'natural-limit', 'claimed', { moves: 60, plies: 120 }))).toEqual({
      vi: '60 nước (120 nửa nước) không ăn quân, xin hòa được chấp nhận: hòa',
      en: '60 moves (120 plies) without a capture, draw claimed: draw',
    });
    expect(both(verdict(null, 'length-limit', 'length-limit', { moves: 300, plies: 600 }))).toEqual({
      vi: 'Ván cờ đạt 300 nước (600 nửa nước): hòa',
      en: 'The game reached 300 moves (600 plies): draw',
    });
    expect(both(verdict(null, 'timeout', 'timeout-draw', { side: RED, other: BLACK })).en).toBe(
      'Red ran out of time, but the opponent cannot possibly checkmate: draw',
    );
  });

  it('says the runs of a run-limit verdict, with the chased piece', () => {
    expect(both(verdict(BLACK, 'perpetual-check', 'perpetual', { side: RED }, [check(RED, 13, 2, 12)]))).toEqual({
      vi: 'Đỏ chiếu liên tục 13 nước bằng 2 quân (giới hạn 12): Đỏ thua',
      en: 'Red checked 13 times in a row with 2 pieces (limit 12): Red loses',
    });
    expect(both(verdict(BLACK, 'perpetual-chase', 'perpetual', { side: RED }, [chase(RED, 7, 'n', BLACK, 'b8')]))).toEqual({
      vi: 'Đỏ đuổi bắt liên tục Mã của Đen (b8) 7 nước bằng 1 quân (giới hạn 6): Đỏ thua',
      en: "Red chased Black's Horse (b8) 7 times in a row with 1 piece (limit 6): Red loses",
    });
    expect(both(verdict(BLACK, 'mutual-violation', 'mutual-checker-loses', { side: RED }, [check(RED, 7, 1, 6), chase(BLACK, 6, 'n', RED, 'f10')]))).toEqual({
      vi: 'Cả hai bên cùng vi phạm: Đỏ chiếu liên tục 7 nước bằng 1 quân (giới hạn 6); Đen đuổi bắt liên tục Mã của Đỏ (f10) 6 nước bằng 1 quân (giới hạn 6): bên chiếu (Đỏ) thua',
      en: "Both sides violate: Red checked 7 times in a row with 1 piece (limit 6); Black chased Red's Horse (f10) 6 times in a row with 1 piece (limit 6): the checking side (Red) loses",
    });
  });

  it('names the move of a violation warning in the chosen notation, not as a10-style coordinates (issue 33, item 8.6)', () => {
    // Red's chariot on a9 checks the general from a10: the move a check run at its limit would break the rule with.
    const history = MoveHistory.from('xiangqi', '4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1')!;
    const v = wireVerdict(verdict(BLACK, 'perpetual-check', 'perpetual', { side: RED }, [check(RED, 13, 1, 12)]));
    setLang('vi');
    expect(violationWarning(history, 'a9a10', 'xiangqi-vietnamese', v)).toBe(
      'Nước X9.1 sẽ khiến bạn bị xử: Đỏ chiếu liên tục 13 nước bằng 1 quân (giới hạn 12): Đỏ thua',
    );
    setLang('en');
    expect(violationWarning(history, 'a9a10', 'xiangqi-wxf', v)).toMatch(/^The move R9\+1 /);
  });

  it('puts what happened before a too-short game is aborted', () => {
    const inner = verdict(RED, 'resignation', 'resignation', { side: BLACK });
    expect(both(verdict(null, 'too-short', 'too-short', { ...inner.params, was: inner.code })).en).toBe(
      'Black resigned. The game ended before each side made two moves: aborted, not rated',
    );
  });

  it('shows a verdict stored before codes in its own words, and an unknown code by its reason', () => {
    const legacy: WireVerdict = { result: '0-1', winner: 'second', reason: 'resignation', code: 'legacy', params: { vi: 'Đỏ xin thua', en: 'Red resigned' } };
    expect(bothWire(legacy)).toEqual({ vi: 'Đỏ xin thua', en: 'Red resigned' });
    expect(bothWire({ ...legacy, code: 'from-a-newer-server', params: {} })).toEqual({ vi: 'đầu hàng', en: 'resignation' });
  });

  it("words the local referee's verdict (a Xiangqi mate played in the browser)", () => {
    const r = startReferee('xiangqi', '4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1');
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.play('b1b10').ok).toBe(true);
    setLang('en');
    expect(verdictText('xiangqi', wireVerdict(r.value.verdict!))).toBe('Black is checkmated: Red wins');
  });
});
