/**
 * A verdict's sentence in the reader's language. The server (and the local
 * referee) name only the verdict's code and its facts; the words are the
 * `verdict.*` keys of the catalogues. Sides arrive by name and pieces as
 * FEN letters: both are named here, in the game's own words.
 */
import type { RunFact, Verdict } from '@youzai/protocol';
import { isSide, type VariantKey } from '@youzai/rules';
import { roleName, sideName } from '../app/names.ts';
import { lang, t, tMaybe } from '../i18n/index.ts';
import type { MoveHistory } from './move-history.ts';

type Params = Record<string, string | number>;

/** Params that hold a side ('first', 'second'), to be named as the game names its sides. */
const SIDE_PARAMS = ['side', 'other'] as const;

/** The warning before a move that would break a rule: the move in the reader's chosen notation, then why. */
export function violationWarning(history: MoveHistory, uci: string, notationId: string, v: Verdict): string {
  return t('game.violation.body', { move: history.printNext(uci, notationId), why: verdictText(history.variant, v) });
}

export function verdictText(variant: VariantKey, v: Verdict): string {
  const p: Params = { ...v.params };
  for (const k of SIDE_PARAMS) {
    const s = p[k];
    if (isSide(s)) p[k] = sideName(variant, s);
  }
  if (typeof v.params.times === 'number') p.nth = nth(v.params.times);
  if (v.runs?.[0]) p.run = runText(variant, v.runs[0]);
  if (v.runs?.[1]) p.run2 = runText(variant, v.runs[1]);
  switch (v.code) {
    case 'legacy':
      p.text = String(v.params[lang()] ?? v.params.en ?? v.reason);
      break;
    case 'too-short':
      p.text = typeof v.params.was === 'string' && v.params.was !== 'too-short' ? verdictText(variant, { ...v, code: v.params.was }) : '';
      break;
    case 'reason':
      p.reason = tMaybe(`reason.${v.reason}`, v.reason);
      break;
  }
  return tMaybe(`verdict.${v.code}`, tMaybe(`reason.${v.reason}`, v.reason), p);
}

function runText(variant: VariantKey, r: RunFact): string {
  const pieces = t(r.pieces === 1 ? 'verdict.pieces.one' : 'verdict.pieces.many', { n: r.pieces });
  const p: Params = { side: sideName(variant, r.side), length: r.length, limit: r.limit, pieces };
  if (r.kind === 'check') return t('verdict.run.check', p);
  if (!r.target) return t('verdict.run.chase', p);
  const target = t('verdict.target', { role: roleName(variant, r.target.role), owner: sideName(variant, r.target.owner), square: r.target.square });
  return t('verdict.run.chase-target', { ...p, target });
}

const nth = (n: number): string => tMaybe(`verdict.nth.${n}`, t('verdict.nth', { n }));
