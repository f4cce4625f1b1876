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
  if (warning) parts.push(h('p.warning', { role: 'alert' }, warning));
  fill(el, ...parts);
  return el;
}
