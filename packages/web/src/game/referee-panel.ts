/** The referee panel, drawn from the referee state alone: both sides' check/chase runs with their limits and the three draw counters (Xiangqi), or the quiet counter toward an automatic draw (other games). */
import type { RefereeState, RunView } from '@youzai/protocol';
import type { VariantKey } from '@youzai/rules';
import { h, fill } from '../app/h.ts';
import { roleName, sideName } from '../app/names.ts';
import { t } from '../i18n/index.ts';

function runText(variant: VariantKey, run: RunView | null): string {
  if (!run) return t('xq.run.none');
  if (run.kind === 'check') return t('xq.run.check', { length: run.length, limit: run.limit, pieces: run.pieces });
  const role = run.target ? roleName(variant, run.target.role) : '';
  return t('xq.run.chase', { role, square: run.target?.square ?? '', length: run.length, limit: run.limit, pieces: run.pieces });
}

/**
 * Whether the panel has something to say: a check or chase run under way,
 * a draw counter past half its limit (the game's length from four fifths),
 * a draw that may be claimed, or the quiet counter past half. Until then it
 * stays folded: a row of zeros from the first move is noise.
 */
export function refereeMatters(state: RefereeState): boolean {
  const past = (v: { plies: number; limit: number }, share: number) => v.limit > 0 && v.plies >= v.limit * share;
  if (state.runs?.some((r) => r !== null)) return true;
  const c = state.counters;
  if (c && (past(c.natural, 0.5) || past(c.progress, 0.5) || past(c.claim, 0.5) || c.claim.claimable || past(c.length, 0.8))) return true;
  return state.quiet !== null && past(state.quiet, 0.5);
}

/** Opened by hand while nothing mattered: stays open for the rest of the page's life. */
let openedByHand = false;

export function refereePanel(variant: VariantKey, state: RefereeState, warning: string | null): HTMLElement {
  const el = h('section.referee', { 'data-testid': 'referee-panel' });
  const parts: HTMLElement[] = [];
  if (state.runs) {
    parts.push(
      h('h3', null, t('xq.runs')),
      h(
        'dl.runs',
        null,
        ...([0, 1] as const).flatMap((c) => {
          const run = state.runs![c];
          const near = run !== null && run.length >= run.limit - 2;
          return [h('dt', null, sideName(variant, c)), h(`dd${near ? '.near' : ''}`, null, runText(variant, run))];
        }),
      ),
    );
  }
  if (state.counters) {
    const c = state.counters;
    const row = (label: string, v: { plies: number; limit: number }) => [
      h('dt', null, label),
      h('dd', null, t('xq.counter.value', { plies: v.plies, limit: v.limit })),
    ];
    parts.push(
      h('h3', null, t('xq.counters')),
      h(
        'dl.counters',
        null,
        ...row(t('xq.counter.natural'), c.natural),
        ...row(t('xq.counter.progress'), c.progress),
        ...row(t('xq.counter.length'), c.length),
        ...row(t('xq.counter.claim'), c.claim),
      ),
    );
  }
  if (state.quiet) parts.push(h('p.quiet', null, t('quiet.counter', { plies: state.quiet.plies, limit: state.quiet.limit })));
  const matters = refereeMatters(state);
  const fold = h(
    'details.referee-fold',
    { open: matters || openedByHand, 'data-testid': 'referee-fold' },
    h('summary', null, matters ? t('referee.fold.near') : t('referee.fold.calm')),
    ...parts,
  ) as HTMLDetailsElement;
  fold.addEventListener('toggle', () => {
    if (!matters) openedByHand = fold.open;
  });
  fill(el, fold, warning ? h('p.warning', { role: 'alert' }, warning) : null);
  return el;
}
