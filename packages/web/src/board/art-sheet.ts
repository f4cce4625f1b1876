/**
 * Puts a game's art stylesheet (art.ts) into the page, once per game, with
 * the URLs Vite gives the SVG files (kept as files: cached once, not inlined).
 */
import type { VariantModule } from '@youzai/rules';
import { artCss } from './art.ts';

const URLS: Record<string, string> = import.meta.glob(['../assets/boards/*.svg', '../assets/pieces/*/*.svg'], {
  eager: true,
  query: '?url',
  import: 'default',
});

const added = new Set<string>();

export function ensureArt(v: VariantModule): void {
  if (added.has(v.key) || typeof document === 'undefined') return;
  const style = document.createElement('style');
  style.dataset.art = v.key;
  style.textContent = artCss(v, (file) => URLS[`../assets/${file}`]);
  document.head.append(style);
  added.add(v.key);
}
