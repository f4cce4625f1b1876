/**
 * A finished game's computer analysis on its page: the button that asks for
 * it, a progress bar while it runs (socket `analysis` frames), then the
 * evaluation graph (click: go to that ply), each side's accuracy and counts,
 * and for the ply shown its evaluation, the engine's line and, for a judged
 * move, the better move (an arrow on the board and its line in the chosen
 * notation). The move list marks the judged moves through `judgementAt`.
 */
import { makeFen, type VariantKey } from '@youzai/rules';
import type { AnalysedPly, GameAnalysisView, JudgementWire } from '@youzai/protocol';
import { h, fill } from '../app/h.ts';
import { sideName } from '../app/names.ts';
import { readUci, toKey } from '../board/keys.ts';
import { t, tMaybe } from '../i18n/index.ts';
import { api } from '../net/api.ts';
import { evalGraph } from './eval-graph.ts';
import './analysis.css';
import { MoveHistory } from './move-history.ts';

export const JUDGEMENT_GLYPH: Record<JudgementWire, string> = { inaccuracy: '?!', mistake: '?', blunder: '??' };

/** An evaluation as people read it, from the first side's view: +1.25, −0.40, #3, #−2. */
export function formatEval(e: AnalysedPly['eval']): string {
  if ('mate' in e) return e.mate === 0 ? '#' : `#${e.mate}`;
  const pawns = e.cp / 100;
  return `${pawns > 0 ? '+' : ''}${pawns.toFixed(2)}`;
}

/** Moves from a position printed in a notation, as far as our rules accept them (an engine line may end in a move they refuse). */
export function printLine(history: MoveHistory, fromPly: number, moves: readonly string[], notationId: string): string[] {
  const line = MoveHistory.from(history.variant, makeFen(history.positionAt(fromPly)));
  if (!line) return [];
  for (const m of moves) if (!line.push(m)) break;
  return [...line.printed(notationId)];
}

export interface AnalysisPanelOptions {
  readonly gameId: string;
  readonly variant: VariantKey;
  readonly history: () => MoveHistory;
  readonly notationId: () => string;
  /** Go to a ply (a click on the graph) and redraw. */
  readonly pick: (ply: number) => void;
  /** The analysis changed (loaded, progressed): redraw the board and the move list. */
  readonly changed: () => void;
}

export class AnalysisPanel {
  readonly el = h('section.analysis', { 'data-testid': 'analysis', hidden: true });
  private view: GameAnalysisView | null = null;
  private finished = false;
  private asked = false;
  private error = '';
  private shown = 0;

  constructor(private readonly o: AnalysisPanelOptions) {}

  /** The game is over (finished: analysable); the first call loads any analysis there is. */
  setFinished(finished: boolean): void {
    if (finished === this.finished) return;
    this.finished = finished;
    this.el.hidden = !finished;
    if (finished) void this.load();
    this.render(this.shown);
  }

  /** A socket `analysis` frame for this game. */
  onProgress(state: GameAnalysisView['state'], progress: number): void {
    if (state === 'done' || state === 'failed') void this.load();
    else {
      this.view = { state, progress };
      this.render(this.shown);
    }
  }

  /** For the end panel: a button that asks for the analysis (or shows the one there) and brings the panel into view; null once asked. */
  endButton(): HTMLElement | null {
    if (!this.finished || this.asked || (this.view && this.view.state !== 'failed')) return null;
    const b = h('button', { type: 'button', 'data-testid': 'analysis-end' }, t('analysis.request'));
    b.addEventListener('click', () => {
      this.el.scrollIntoView({ block: 'nearest' });
      void this.request();
    });
    return b;
  }

  judgementAt(ply: number): JudgementWire | null {
    return this.done()?.[ply]?.judgement ?? null;
  }

  /** The better move, as an arrow, where the move that led to `ply` was judged. */
  arrowsAt(ply: number): { orig: string; dest: string; brush: string }[] {
    const plies = this.done();
    const better = plies?.[ply]?.judgement ? plies[ply - 1]?.best : undefined;
    const p = better ? readUci(better) : null;
    return p?.kind === 'move' ? [{ orig: toKey(p.from), dest: toKey(p.to), brush: 'blue' }] : [];
  }

  private done(): readonly AnalysedPly[] | null {
    return this.view?.state === 'done' ? (this.view.plies ?? null) : null;
  }

  private async load(): Promise<void> {
    const r = await api<GameAnalysisView>('GET', `/api/games/${this.o.gameId}/analysis`);
    // `none`: not asked for yet, so the panel offers the button.
    if (r.ok) this.view = r.state === 'none' ? null : r;
    else this.error = tMaybe(`err.${r.code}`, r.message);
    this.render(this.shown);
    this.o.changed();
  }

  private async request(): Promise<void> {
    this.asked = true;
    this.error = '';
    this.render(this.shown);
    const r = await api<{ state: GameAnalysisView['state']; progress: number }>('POST', `/api/games/${this.o.gameId}/analysis`);
    if (!r.ok) {
      this.asked = false;
      this.error = tMaybe(`err.${r.code}`, r.message);
    } else if (r.state === 'done') return this.load();
    else if (!this.view || this.view.state === 'failed') this.view = { state: r.state, progress: r.progress };
    this.render(this.shown);
    this.o.changed();
  }

  render(ply: number): void {
    this.shown = ply;
    if (!this.finished) return;
    const v = this.view;
    const parts: (HTMLElement | SVGElement | null)[] = [h('h3', null, t('analysis.title'))];
    if (!v || v.state === 'failed') {
      const ask = h('button.primary', { type: 'button', 'data-testid': 'analysis-request', disabled: this.asked }, t('analysis.request'));
      ask.addEventListener('click', () => void this.request());
      parts.push(h('p', null, t('analysis.about')), ask);
      if (v?.state === 'failed') parts.push(h('p.error', null, t('analysis.failed')));
    } else if (v.state !== 'done') {
      const pct = Math.round(v.progress * 100);
      parts.push(
        h('p', null, t(v.state === 'queued' ? 'analysis.queued' : 'analysis.running', { pct })),
        h('progress', { max: 100, value: pct, 'data-testid': 'analysis-progress', 'aria-label': t('analysis.progress') }),
      );
    } else parts.push(...this.result(v, ply));
    if (this.error) parts.push(h('p.error', { role: 'alert' }, this.error));
    fill(this.el, ...(parts.filter(Boolean) as HTMLElement[]));
  }

  private result(v: GameAnalysisView, ply: number): (HTMLElement | SVGElement)[] {
    const plies = v.plies ?? [];
    const history = this.o.history();
    const turnAt = (p: number) => history.positionAt(p).turn as 0 | 1;
    const graph = evalGraph(plies, turnAt, {
      current: ply,
      label: t('analysis.graph'),
      markTitle: (p) => `${p.ply}. ${t(`analysis.${p.judgement!}`)}`,
      onPick: (p) => this.o.pick(p),
    });
    const sides = ([0, 1] as const).map((c) => {
      const n = v.counts?.[c];
      const acc = v.accuracy?.[c];
      return h(
        'tr',
        { 'data-testid': `analysis-side-${c}` },
        h('th', null, sideName(this.o.variant, c)),
        h('td', null, acc === null || acc === undefined ? '–' : `${acc}%`),
        h('td.inaccuracy', null, String(n?.inaccuracy ?? 0)),
        h('td.mistake', null, String(n?.mistake ?? 0)),
        h('td.blunder', null, String(n?.blunder ?? 0)),
      );
    });
    const table = h(
      'table.analysis-sides',
      null,
      h(
        'tr',
        null,
        h('th'),
        h('th', null, t('analysis.accuracy')),
        h('th', null, t('analysis.inaccuracies')),
        h('th', null, t('analysis.mistakes')),
        h('th', null, t('analysis.blunders')),
      ),
      ...sides,
    );
    const here = plies[ply];
    const notation = this.o.notationId();
    const detail: HTMLElement[] = [];
    if (here) {
      detail.push(h('p.eval', { 'data-testid': 'analysis-eval' }, t('analysis.eval', { eval: formatEval(here.eval), depth: here.depth ?? '–' })));
      const prev = plies[ply - 1];
      if (here.judgement && prev?.best) {
        const better = printLine(history, ply - 1, prev.line ?? [prev.best], notation);
        detail.push(
          h(
            `p.judgement.${here.judgement}`,
            { 'data-testid': 'analysis-judgement' },
            `${JUDGEMENT_GLYPH[here.judgement]} ${t(`analysis.${here.judgement}`)}. `,
            t('analysis.better', { move: better[0] ?? prev.best }),
            better.length > 1 ? h('span.line', null, ` (${better.join(' ')})`) : null,
          ),
        );
      }
      if (here.line && here.line.length > 0) {
        const line = printLine(history, ply, here.line, notation);
        if (line.length) detail.push(h('p.line', null, t('analysis.bestLine', { line: line.join(' ') })));
      }
    }
    const fen = makeFen(history.positionAt(ply));
    detail.push(
      h('p', null, h('a', { href: `/solo/${this.o.variant}?fen=${encodeURIComponent(fen)}`, 'data-testid': 'analysis-open-board' }, t('analysis.openBoard'))),
    );
    return [graph, table, ...detail];
  }
}
