/**
 * Janggi records from elsewhere: the Korean gibo (.gib) files that Kakao
 * Janggi and older programs write, tags in Korean:
 * `[대회명 "..."]` event, `[초대국자 "..."]` / `[한대국자 "..."]` Cho's and
 * Han's players, `[대국결과 "초 완승"]` the result (its first syllable names
 * the winner: 초/楚 Cho, 한/漢 Han; 무 a draw), and `[초차림 "상마상마"]` /
 * `[한차림 "마상상마"]` (older files: 초포진 / 한포진) each side's setup of
 * its horses (마) and elephants (상) on the back rank, both read along the
 * board from Cho's left (files b, c, g, h), as the Korea Janggi Association's
 * records and Kakao's write them: a real game's `18마37` for Han under
 * `[한차림 "상마상마"]` moves the horse on h10. Moves are in the Korean
 * notation (korean.ts), Hangul or Hanja names, sometimes with the side's
 * mark before the name (`79楚卒78`).
 */
import { err, ok } from '../../result.ts';
import type { RecordConventions } from '../../variant.ts';

const GIB_TAGS = ['대회명', '초대국자', '한대국자', '대국결과', '초차림', '한차림', '초포진', '한포진', '총수'];
const SETUP_RE = /^[마상馬象]{4}$/;

/** The four back-rank letters (files b, c, g, h from Cho's left) of a setup. */
function backRank(setup: string, owner: 0 | 1): string[] | null {
  const s = setup.replace(/\s+/g, '');
  if (!SETUP_RE.test(s)) return null;
  const letters = [...s].map((c) => (c === '마' || c === '馬' ? 'n' : 'b'));
  return owner === 0 ? letters.map((l) => l.toUpperCase()) : letters;
}

export const JANGGI_RECORDS: RecordConventions = {
  notations: [],
  recognise: (tags) => GIB_TAGS.some((t) => tags.has(t)),
  readTags(tags) {
    const cho = tags.get('초차림') ?? tags.get('초포진');
    const han = tags.get('한차림') ?? tags.get('한포진');
    let fen: string | undefined;
    if (cho !== undefined || han !== undefined) {
      const c = backRank(cho ?? '마상상마', 0);
      const h = backRank(han ?? '마상상마', 1);
      if (!c || !h) return err('record.setup', `A setup is four horses (마) and elephants (상), two of each, e.g. 마상상마: ${cho ?? ''} ${han ?? ''}`.trim());
      if (c.filter((x) => x === 'N').length !== 2 || h.filter((x) => x === 'n').length !== 2) {
        return err('record.setup', `A setup has two horses and two elephants: ${cho ?? ''} ${han ?? ''}`.trim());
      }
      fen = `r${h[0]}${h[1]}a1a${h[2]}${h[3]}r/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/R${c[0]}${c[1]}A1A${c[2]}${c[3]}R w - - 0 1`;
    }
    const winner = (tags.get('대국결과') ?? '').trim().charAt(0);
    const result = '초楚'.includes(winner) && winner ? '1-0' : '한漢'.includes(winner) && winner ? '0-1' : winner === '무' ? '1/2-1/2' : undefined;
    return ok({
      ...(fen ? { fen } : {}),
      ...(result ? { result } : {}),
      ...(tags.get('초대국자') ? { first: tags.get('초대국자')! } : {}),
      ...(tags.get('한대국자') ? { second: tags.get('한대국자')! } : {}),
    });
  },
};
