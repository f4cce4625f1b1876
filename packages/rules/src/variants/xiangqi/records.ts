/**
 * Xiangqi records from elsewhere: xqbase.com's PGN (`[Game "Chinese Chess"]`,
 * movetext in WXF, ICCS coordinates or Chinese under `[Format ...]`), which XQ Studio,
 * ElephantEye and the WXF databases write too. Its standard tags (Red, Black,
 * Result, FEN) need no translation.
 */
import type { RecordConventions } from '../../variant.ts';
import { xiangqiChinese } from './chinese.ts';
import { xiangqiIccs } from './iccs.ts';
import { xiangqiWxf } from './notation.ts';

export const XIANGQI_RECORDS: RecordConventions = {
  notations: [
    { format: 'WXF', notation: xiangqiWxf },
    { format: 'ICCS', notation: xiangqiIccs },
    { format: 'CHINESE', notation: xiangqiChinese },
  ],
  recognise: (tags) => /chinese chess|xiangqi/i.test(tags.get('Game') ?? '') || /^(?:WXF|ICCS|Chinese)$/i.test(tags.get('Format') ?? ''),
};
