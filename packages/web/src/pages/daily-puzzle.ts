/** The puzzle of the day on the home page: a small board of today's Xiangqi puzzle, linking to the trainer. */
import { DEFAULT_VARIANT, parseFen, VARIANTS } from '@youzai/rules';
import { h, fill } from '../app/h.ts';
import { Board, orientationOf } from '../board/board.ts';
import { sideName } from '../app/names.ts';
import { t } from '../i18n/index.ts';
import { dailyPuzzle } from '../net/puzzles-api.ts';

export function dailyPuzzleCard(): { el: HTMLElement; destroy(): void } {
  const holder = h('a.daily-board', { href: '/puzzles', 'aria-label': t('home.puzzle.go'), 'data-testid': 'daily-puzzle' });
  const caption = h('p.muted');
  const el = h('div.daily', null, holder, caption);
  let board: Board | null = null;
  let gone = false;
  void dailyPuzzle(DEFAULT_VARIANT).then((r) => {
    if (gone || !r.ok) return;
    const pos = parseFen(VARIANTS[r.puzzle.variant], r.puzzle.fen);
    if (!pos.ok) return;
    holder.setAttribute('href', `/puzzle/${r.puzzle.id}`);
    const boardEl = h('div.board-holder');
    fill(holder, boardEl);
    board = new Board(boardEl, { variant: r.puzzle.variant, orientation: orientationOf(r.puzzle.turn), onMove: () => undefined });
    board.set({ pos: pos.value, movable: null });
    const kind = r.puzzle.kind === 'mate' ? t('puzzle.kind.mate', { n: r.puzzle.mateIn ?? '?' }) : t('puzzle.kind.material');
    caption.textContent = `${kind} · ${t('puzzle.yourMove', { side: sideName(r.puzzle.variant, r.puzzle.turn) })}`;
  });
  return {
    el,
    destroy() {
      gone = true;
      board?.destroy();
    },
  };
}
