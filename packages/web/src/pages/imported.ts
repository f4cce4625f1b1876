/**
 * A saved import's short link, `/i/{id}`: the game read back from the server
 * (GET /api/import/{id}) on the analysis board of its own game, with its
 * tags and comments, and its PGN to download again.
 */
import type { ImportedWire } from '@youzai/game/analysis';
import type { AppContext, Page } from '../app/context.ts';
import { fill, h } from '../app/h.ts';
import { t, tMaybe } from '../i18n/index.ts';
import { api } from '../net/api.ts';

export function importedPage(app: AppContext, params: Record<string, string>): Page {
  const el = h('div.imported', { 'data-testid': 'imported-page' }, h('p.muted', null, t('import.loading')));
  let inner: Page | null = null;
  let gone = false;
  void (async () => {
    const r = await api<{ game: ImportedWire }>('GET', `/api/import/${encodeURIComponent(params.id ?? '')}`);
    if (gone) return;
    if (!r.ok) {
      fill(el, h('p.error', { 'data-testid': 'import-not-found' }, tMaybe(`err.${r.code}`, r.message)));
      return;
    }
    const { analysisPage } = await import('./analysis.ts');
    if (gone) return;
    inner = analysisPage(app, { variant: r.game.variant }, { imported: r.game, importId: params.id! });
    fill(el, inner.el);
    document.title = inner.title;
  })();
  return {
    el,
    title: t('import.title'),
    destroy() {
      gone = true;
      inner?.destroy?.();
    },
  };
}
