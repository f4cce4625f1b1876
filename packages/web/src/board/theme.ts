/**
 * Board colours and piece styles, chosen per visitor (kept in localStorage)
 * and shown on every board: a class on the document's root element
 * (`board-<name>`, `pieces-<name>`) that board.css reads. No per-game table:
 * every theme recolours the game's own art (assets/boards, assets/pieces).
 */
import { h } from '../app/h.ts';
import { localStore } from '../app/storage.ts';
import { t, tMaybe } from '../i18n/index.ts';

export const BOARD_THEMES = ['wood', 'jade', 'slate'] as const;
export const PIECE_STYLES = ['classic', 'contrast', 'soft'] as const;
export type BoardTheme = (typeof BOARD_THEMES)[number];
export type PieceStyle = (typeof PIECE_STYLES)[number];

const BOARD_KEY = 'yz-board-theme';
const PIECES_KEY = 'yz-piece-style';

function read<T extends string>(key: string, options: readonly T[]): T {
  const v = localStore()?.getItem(key);
  return options.includes(v as T) ? (v as T) : options[0]!;
}

export const boardTheme = (): BoardTheme => read(BOARD_KEY, BOARD_THEMES);
export const pieceStyle = (): PieceStyle => read(PIECES_KEY, PIECE_STYLES);

/** Puts the visitor's choices on the root element (called once at start and after each change). */
export function applyTheme(): void {
  const root = document.documentElement;
  for (const b of BOARD_THEMES) root.classList.toggle(`board-${b}`, b === boardTheme());
  for (const p of PIECE_STYLES) root.classList.toggle(`pieces-${p}`, p === pieceStyle());
}

function store(key: string, value: string): void {
  try {
    localStore()?.setItem(key, value);
  } catch {
    // Refused storage: the choice lasts this page only.
  }
}

/** The two choosers, for a board page's controls. */
export function themeControls(): HTMLElement {
  const select = (name: string, label: string, options: readonly string[], now: string, prefix: string, key: string) => {
    const s = h(
      'select',
      { name, 'data-testid': name },
      ...options.map((o) => h('option', { value: o, selected: o === now }, tMaybe(`${prefix}.${o}`, o))),
    ) as HTMLSelectElement;
    s.addEventListener('change', () => {
      store(key, s.value);
      applyTheme();
    });
    return h('label.theme-choice', null, label, ' ', s);
  };
  return h(
    'span.theme-controls',
    null,
    select('board-theme', t('board.theme'), BOARD_THEMES, boardTheme(), 'board.theme', BOARD_KEY),
    select('piece-style', t('board.pieces'), PIECE_STYLES, pieceStyle(), 'board.pieces', PIECES_KEY),
  );
}
