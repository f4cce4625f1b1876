/** The move list: two plies per row, each clickable; navigation buttons; notation switch where there is a choice. */
import { h, fill } from '../app/h.ts';
import { notationName } from '../app/names.ts';
import { t } from '../i18n/index.ts';
import type { Cursor, MoveHistory } from './move-history.ts';

export class MoveListView {
  readonly el = h('section.moves', { 'aria-label': t('game.movesTitle') });
  private readonly list = h('ol.move-list', { 'data-testid': 'move-list' });
  private readonly nav = h('div.move-nav');
  private readonly notationSel = h('select.notation', { 'aria-label': t('game.notation') });
  notationId: string;

  constructor(
    private history: () => MoveHistory,
    private readonly cursor: Cursor,
    private readonly changed: () => void,
    storage: Storage | null,
  ) {
    const notations = history().notations();
    const saved = storage?.getItem(`yz-notation-${history().variant}`);
    this.notationId = notations.find((n) => n.id === saved)?.id ?? (notations.find((n) => n.id.endsWith('vietnamese')) ?? notations[0]!).id;
    if (notations.length > 1) {
      for (const n of notations) this.notationSel.append(h('option', { value: n.id, selected: n.id === this.notationId }, notationName(n.id)));
      this.notationSel.addEventListener('change', () => {
        this.notationId = (this.notationSel as HTMLSelectElement).value;
        storage?.setItem(`yz-notation-${history().variant}`, this.notationId);
        this.render();
      });
    }
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

  render(): void {
    const hist = this.history();
    const texts = hist.printed(this.notationId);
    const shown = this.cursor.ply;
    if (texts.length === 0) {
      fill(this.list, h('li.empty', null, t('game.noMoves')));
      return;
    }
    const rows: HTMLElement[] = [];
    for (let i = 0; i < texts.length; i += 2) {
      const cell = (ply: number) =>
        ply <= texts.length
          ? h(
              'button.ply',
              { type: 'button', 'data-ply': ply, 'aria-current': ply === shown ? 'step' : null, class: ply === shown ? 'active' : '' },
              texts[ply - 1]!,
            )
          : h('span.ply.blank');
      rows.push(h('li', null, h('span.num', null, `${i / 2 + 1}.`), cell(i + 1), cell(i + 2)));
    }
    fill(this.list, ...rows);
    // Scroll the list itself, never the page (a move arriving must not move the board on a phone).
    const active = this.list.querySelector<HTMLElement>('.active');
    if (active) this.list.scrollTop = Math.max(0, active.offsetTop - this.list.offsetTop - this.list.clientHeight / 2);
    if (!this.cursor.live) this.list.append(h('li.viewing', null, t('game.nav.viewing', { ply: shown, total: texts.length })));
  }
}
