/** The puzzle of the day on the home page: a small board of today's Xiangqi puzzle, linking to the trainer. */
import { DEFAULT_VARIANT, parseFen, VARIANTS } from '@youzai/rules';
import { h, fill } from '../app/h.ts';
import { Board, orientationOf } from '../board/board.ts';
import { sideName } from '../app/names.ts';
import { t } from '../i18n/index.ts';
import { dailyPuzzle } from '../net/puzzles-api.ts';

export function dailyPuzzleCard(): { el: HTMLElement; destroy(): void } {
  // The link's name is its text (hidden, read by screen readers), not an aria-label over the board's visible coordinates:
  // the board is a picture here (decorative), and the caption below says the puzzle.
  const name = h('span.yz-board-text', null, t('home.puzzle.go'));
  const holder = h('a.daily-board', { href: '/puzzles', 'data-testid': 'daily-puzzle' }, name);
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
    fill(holder, name, boardEl);
    board = new Board(boardEl, { variant: r.puzzle.variant, orientation: orientationOf(r.puzzle.turn), onMove: () => undefined, decorative: true });
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
