/**
 * Puts a game's art stylesheet (art.ts) into the page, once per game, with
 * the URLs Vite gives the SVG files (kept as files: cached once, not inlined).
 * The pieces are the set the visitor chose for the game (settings); a change
 * rewrites the sheets, and only the chosen set's pictures are fetched.
 */
import type { VariantModule } from '@youzai/rules';
import { forGame, onSettings, settings } from '../app/settings.ts';
import { artCss } from './art.ts';

const URLS: Record<string, string> = import.meta.glob(['../assets/boards/*.svg', '../assets/pieces/*/*/*.svg'], {
  eager: true,
  query: '?url',
  import: 'default',
});

const sheets = new Map<VariantModule, HTMLStyleElement>();

const css = (v: VariantModule): string => artCss(v, forGame(settings().pieces, v.key) ?? '', (file) => URLS[`../assets/${file}`]);

export function ensureArt(v: VariantModule): void {
  if (sheets.has(v) || typeof document === 'undefined') return;
  const style = document.createElement('style');
  style.dataset.art = v.key;
  style.textContent = css(v);
  document.head.append(style);
  if (sheets.size === 0)
    onSettings(() => {
      for (const [game, sheet] of sheets) sheet.textContent = css(game);
    });
  sheets.set(v, style);
}
