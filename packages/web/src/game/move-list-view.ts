/**
 * The move list: two plies per row, each clickable; navigation buttons; notation switch where there is a choice.
 * For the keyboard the list is one Tab stop (the move shown, else the last): the page's arrow keys walk the moves and
 * the focus follows, so Tab goes from the list to what follows it rather than through every move.
 */
import { h, fill } from '../app/h.ts';
import { notationName } from '../app/names.ts';
import { VARIANTS } from '@youzai/rules';
import { chosenNotation } from '../app/notation-choice.ts';
import { changeSettings, onSettings, settings } from '../app/settings.ts';
import { t } from '../i18n/index.ts';
import { rowsToDraw, type Cursor, type ListShown, type MoveHistory } from './move-history.ts';

export class MoveListView {
  readonly el = h('section.moves', { 'aria-label': t('game.movesTitle') });
  private readonly list = h('ol.move-list', { 'data-testid': 'move-list' });
  private readonly nav = h('div.move-nav');
  private readonly notationSel = h('select.notation', { 'aria-label': t('game.notation') });
  notationId: string;
  /** What the list shows now; null: nothing drawn yet. */
  private shown: ListShown | null = null;
  private active: HTMLElement | null = null;
  /** Marks judged moves (a computer analysis): the ply's glyph and class, or null. */
  private marks: ((ply: number) => { readonly glyph: string; readonly kind: string; readonly title: string } | null) | null = null;

  constructor(
    private history: () => MoveHistory,
    private readonly cursor: Cursor,
    private readonly changed: () => void,
  ) {
    // The notation is one of the visitor's settings, per game (app/settings.ts): the list follows a change made anywhere.
    const notations = history().notations();
    const variant = history().variant;
    const chosen = () => chosenNotation(VARIANTS[variant]).id;
    this.notationId = chosen();
    if (notations.length > 1) {
      for (const n of notations) this.notationSel.append(h('option', { value: n.id, selected: n.id === this.notationId }, notationName(n.id)));
      this.notationSel.addEventListener('change', () => {
        changeSettings({ notation: { ...settings().notation, [variant]: (this.notationSel as HTMLSelectElement).value } });
      });
    }
    const off = onSettings(() => {
      if (!this.el.isConnected && this.shown !== null) return off();
      const id = chosen();
      if (id === this.notationId) return;
      this.notationId = id;
      (this.notationSel as HTMLSelectElement).value = id;
      this.render();
    });
    const btn = (label: string, icon: string, go: () => void, testid: string) => {
      const b = h('button', { type: 'button', title: label, 'aria-label': label, 'data-testid': testid }, icon);
      b.addEventListener('click', () => {
        go();
        this.changed();
      });
      return b;
    };
    fill(
      this.nav,
      btn(t('game.nav.first'), '«', () => cursor.first(), 'nav-first'),
      btn(t('game.nav.prev'), '‹', () => cursor.prev(), 'nav-prev'),
      btn(t('game.nav.next'), '›', () => cursor.next(), 'nav-next'),
      btn(t('game.nav.last'), '»', () => cursor.last(), 'nav-last'),
    );
    this.el.append(
      h('div.moves-head', null, h('h3', null, t('game.movesTitle')), notations.length > 1 ? h('label', null, t('game.notation'), ' ', this.notationSel) : null),
      this.list,
      this.nav,
    );
    this.list.addEventListener('click', (e) => {
      const ply = (e.target as HTMLElement).closest<HTMLElement>('[data-ply]')?.dataset.ply;
      if (ply === undefined) return;
      cursor.go(Number(ply));
      this.changed();
    });
  }

  setHistory(history: () => MoveHistory): void {
    this.history = history;
  }

  /** Marks judged moves (a computer analysis) with a glyph and a class; the list is drawn afresh. */
  setMarks(marks: ((ply: number) => { readonly glyph: string; readonly kind: string; readonly title: string } | null) | null): void {
    this.marks = marks;
    this.shown = null;
    this.render();
  }

  render(): void {
    const hadFocus = this.list.contains(document.activeElement);
    const hist = this.history();
    const texts = hist.printed(this.notationId);
    const now: ListShown = { history: hist, notation: this.notationId, takebacks: hist.takebacks, plies: texts.length };
    const { from, to } = rowsToDraw(this.shown, now);
    const ply = this.cursor.ply;
    if (texts.length === 0) fill(this.list, h('li.empty', null, t('game.noMoves')));
    else {
      // Rows from `from` on are drawn again (the last one may have had its second ply blank); the rest stay.
      if (from === 0) fill(this.list);
      else {
        this.list.querySelector('li.viewing')?.remove();
        while (this.list.children.length > from) this.list.lastElementChild!.remove();
      }
      const cell = (p: number) => {
        if (p > texts.length) return h('span.ply.blank');
        const mark = this.marks?.(p) ?? null;
        return h(
          'button.ply',
          { type: 'button', 'data-ply': p, tabindex: -1, ...(mark ? { class: `judged ${mark.kind}` } : {}) },
          // The notation writes a pass as the machine reads it ("pass"); the list says it in the reader's language.
          hist.isPass(p) ? t('game.pass.move') : texts[p - 1]!,
          mark ? h('span.glyph', { title: mark.title, 'data-testid': 'judgement-glyph' }, mark.glyph) : null,
        );
      };
      for (let row = from; row < to; row++) this.list.append(h('li', null, h('span.num', null, `${row + 1}.`), cell(2 * row + 1), cell(2 * row + 2)));
    }
    this.shown = now;
    this.list.querySelector('li.viewing')?.remove();
    this.active?.classList.remove('active');
    this.active?.removeAttribute('aria-current');
    const active = ply > 0 ? this.list.querySelector<HTMLElement>(`[data-ply="${ply}"]`) : null;
    this.active = active;
    if (active) {
      active.classList.add('active');
      active.setAttribute('aria-current', 'step');
      // Scroll the list itself, never the page (a move arriving must not move the board on a phone).
      this.list.scrollTop = Math.max(0, active.offsetTop - this.list.offsetTop - this.list.clientHeight / 2);
    }
    if (!this.cursor.live && texts.length > 0) this.list.append(h('li.viewing', null, t('game.nav.viewing', { ply, total: texts.length })));
    for (const b of this.list.querySelectorAll<HTMLElement>('button.ply[tabindex="0"]')) b.tabIndex = -1;
    const plies = this.list.querySelectorAll<HTMLElement>('button.ply');
    const stop = active ?? plies[plies.length - 1] ?? null;
    if (stop) stop.tabIndex = 0;
    if (hadFocus && stop) stop.focus({ preventScroll: true });
  }
}
