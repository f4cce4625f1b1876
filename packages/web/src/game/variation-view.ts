/**
 * The analysis board's variations tree on the page: the main line inline,
 * each variation in parentheses where it branches (nested ones indented),
 * moves numbered as PGN numbers them, the move shown highlighted. A click on
 * a move goes there.
 *
 * For the keyboard the tree is one Tab stop (the move shown, else the first):
 * the page's arrow keys walk it (analysis.ts), and the focus follows the move
 * shown. It is a labelled group of buttons, not an ARIA tree (whose items
 * would have to be treeitems nested in groups).
 */
import type { TreeNode, VariationTree } from '@youzai/game/analysis';
import { h, fill } from '../app/h.ts';
import { t } from '../i18n/index.ts';

export interface VariationViewOptions {
  /** The root position's side to move and move number. */
  readonly turn: () => 0 | 1;
  readonly fullmove: () => number;
  /** A node's move in the chosen notation. */
  readonly text: (node: TreeNode) => string;
  readonly pick: (id: number) => void;
}

export class VariationView {
  readonly el = h('div.variations', { 'data-testid': 'variations', role: 'group', 'aria-label': t('board.tree') });

  constructor(private readonly o: VariationViewOptions) {
    this.el.addEventListener('click', (e) => {
      const id = (e.target as HTMLElement).closest<HTMLElement>('[data-node]')?.dataset.node;
      if (id !== undefined) this.o.pick(Number(id));
    });
  }

  render(tree: VariationTree, current: number): void {
    const base = (this.o.fullmove() - 1) * 2 + this.o.turn();
    const move = (n: TreeNode, numbered: boolean): HTMLElement[] => {
      const abs = base + n.ply - 1;
      const num = abs % 2 === 0 ? `${abs / 2 + 1}.` : numbered ? `${(abs + 1) / 2}…` : null;
      const b = h(
        'button.node',
        {
          type: 'button',
          'data-node': n.id,
          'data-testid': 'tree-move',
          class: n.id === current ? 'current' : '',
          'aria-current': n.id === current ? 'step' : null,
          tabindex: -1,
        },
        this.o.text(n),
      );
      return num ? [h('span.num', null, num), b] : [b];
    };
    const line = (from: TreeNode, numbered: boolean, depth: number): HTMLElement[] => {
      const out: HTMLElement[] = [];
      let first = numbered;
      for (let n = from; n.children.length > 0; ) {
        const [main, ...alts] = n.children as [TreeNode, ...TreeNode[]];
        out.push(...move(main, first));
        first = false;
        for (const alt of alts) {
          out.push(h(`span.variation${depth > 0 ? '.nested' : ''}`, { 'data-testid': 'variation' }, ...move(alt, true), ...line(alt, false, depth + 1)));
          first = true;
        }
        n = main;
      }
      return out;
    };
    const moves = line(tree.root, true, 0);
    const hadFocus = this.el.contains(document.activeElement);
    fill(this.el, ...(moves.length ? moves : [h('p.muted', null, t('board.noMoves'))]));
    // One Tab stop: the move shown (else the first); the focus stays on the move shown as the arrows walk.
    const cur = this.el.querySelector<HTMLElement>('.current');
    const stop = cur ?? this.el.querySelector<HTMLElement>('button.node');
    if (stop) stop.tabIndex = 0;
    if (hadFocus) stop?.focus({ preventScroll: true });
    // Scroll the tree itself, never the page.
    if (cur) this.el.scrollTop = Math.max(0, cur.offsetTop - this.el.offsetTop - this.el.clientHeight / 2);
  }
}
