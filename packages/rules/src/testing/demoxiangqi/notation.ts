import { algebraicNotation, type Notation } from '../../notation.ts';

export const demoxiangqiAlgebraic: Notation = algebraicNotation({
  id: 'demoxiangqi-algebraic',
  name: { en: 'Algebraic', vi: 'Ký hiệu tọa độ' },
  // Index = role id as in ./index.ts: 1 general, 4 horse, 5 chariot, 6 cannon, 7 soldier (2 and 3 unused).
  letters: ['', 'K', '', '', 'H', 'R', 'C', 'P'],
  synonyms: { N: 4, G: 1 },
  example: 'Hc3, Cxd7+, Rd1d3',
});
