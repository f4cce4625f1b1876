/**
 * Board colours and piece sets, chosen in the settings panel
 * (settings-panel.ts) and kept with the visitor's settings (app/settings.ts).
 * The board colour is a class on the root element (`board-<name>`) that
 * board.css reads: every theme recolours the game's own board drawing. The
 * piece sets are the game's own (its descriptor's `board.pieceSets`, drawn
 * by art-sheet.ts).
 */
import type { VariantModule } from '@youzai/rules';
import { forGame, onSettings, settings } from '../app/settings.ts';
import { tMaybe } from '../i18n/index.ts';
import { pieceSetOf } from './art.ts';

export const BOARD_THEMES = ['wood', 'jade', 'slate'] as const;
export type BoardTheme = (typeof BOARD_THEMES)[number];

export const boardTheme = (): BoardTheme => {
  const b = settings().board;
  return (BOARD_THEMES as readonly string[]).includes(b) ? (b as BoardTheme) : BOARD_THEMES[0];
};

/** The piece set shown for a game: the visitor's choice when the game offers it, else the game's first. */
export const pieceSet = (v: VariantModule): string => pieceSetOf(v, forGame(settings().pieces, v.key));

/** A piece set's name (`pieceset.<set>`, shared by the games that offer it). */
export const pieceSetName = (set: string): string => tMaybe(`pieceset.${set}`, set);

let watching = false;

/** Puts the visitor's board colour on the root element, now and after each change. */
export function applyTheme(): void {
  const root = document.documentElement;
  for (const b of BOARD_THEMES) root.classList.toggle(`board-${b}`, b === boardTheme());
  if (!watching) {
    watching = true;
    onSettings(() => applyTheme());
  }
}
