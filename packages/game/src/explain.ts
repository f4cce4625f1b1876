import type { Color, VariantModule } from '@youzai/rules';
import type { Bilingual } from './verdict.ts';

/** Role names per variant, by role id, for explanations. */
const ROLE_NAMES: Record<string, { vi: readonly string[]; en: readonly string[] }> = {
  xiangqi: {
    vi: ['', 'Tướng', 'Sĩ', 'Tượng', 'Mã', 'Xe', 'Pháo', 'Tốt'],
    en: ['', 'general', 'advisor', 'elephant', 'horse', 'chariot', 'cannon', 'soldier'],
  },
};

export function roleName(v: VariantModule, role: number): Bilingual {
  const t = ROLE_NAMES[v.key];
  const en = t?.en[role] ?? v.roles[role]?.name ?? '?';
  return { vi: t?.vi[role] ?? en, en };
}

export const side = (v: VariantModule, c: Color): Bilingual => ({ vi: v.sideNames.vi[c], en: v.sideNames.en[c] });

export function checkmateText(v: VariantModule, loser: Color): Bilingual {
  const l = side(v, loser),
    w = side(v, (loser ^ 1) as Color);
  return { vi: `${l.vi} bị chiếu hết: ${w.vi} thắng`, en: `${l.en} is checkmated: ${w.en} wins` };
}

export function stalemateText(v: VariantModule, stuck: Color, loses: boolean): Bilingual {
  const s = side(v, stuck),
    o = side(v, (stuck ^ 1) as Color);
  return loses
    ? { vi: `${s.vi} hết nước đi (bị vây): ${o.vi} thắng`, en: `${s.en} has no legal move (stalemate loses here): ${o.en} wins` }
    : { vi: `${s.vi} hết nước đi nhưng không bị chiếu: hòa`, en: `${s.en} has no legal move and is not in check (stalemate): draw` };
}

export const bareMaterialText = (kingsOnly: boolean): Bilingual =>
  kingsOnly
    ? { vi: 'Chỉ còn hai vua: hòa', en: 'Only the two kings are left: draw' }
    : {
        vi: 'Cả hai bên không còn quân tấn công (Xe, Mã, Pháo, Tốt): hòa',
        en: 'Neither side has an attacking piece left (chariot, horse, cannon, soldier): draw',
      };

export const repetitionText = (times: number, quiet: boolean): Bilingual =>
  quiet
    ? {
        vi: `Thế cờ lặp lại lần thứ ${times}, không có nước chiếu hay đuổi bắt từ lần đầu: hòa`,
        en: `The position occurred for the ${ordinal(times)} time with no check or chase since its first occurrence: draw`,
      }
    : { vi: `Thế cờ lặp lại lần thứ ${times}: hòa`, en: `The position occurred for the ${ordinal(times)} time: draw` };

const ordinal = (n: number): string => (n === 1 ? '1st' : n === 2 ? '2nd' : n === 3 ? '3rd' : `${n}th`);

export const quietText = (plies: number, what: Bilingual): Bilingual => ({
  vi: `${plies / 2} nước (${plies} nửa nước) ${what.vi}: hòa`,
  en: `${plies / 2} moves (${plies} plies) ${what.en}: draw`,
});
