/**
 * The analysis board's import panel (view): a record pasted or opened from a
 * file, read by the model (import-model.ts); what it read goes to the board,
 * the error names the line and the move, and the game can be saved under a
 * short link (POST /api/import?save=1) that opens it again (`/i/{id}`).
 */
import type { ImportedWire } from '@youzai/game/analysis';
import type { VariantKey } from '@youzai/rules';
import { fill, h } from '../app/h.ts';
import { t, tMaybe } from '../i18n/index.ts';
import { api } from '../net/api.ts';
import {
  decodeRecord,
  emptyImport,
  fileFailed,
  importPath,
  importPgnPath,
  lineOf,
  loadable,
  readText,
  savable,
  saved,
  saveFailed,
  startSaving,
  type ImportState,
} from './import-model.ts';

export interface ImportPanelOptions {
  /** The board's game: the guess when a record does not say which game it is. */
  readonly variant: VariantKey;
  /** Shows what was read on the board (the legal part, when a move is wrong). */
  readonly load: (game: ImportedWire) => void;
  /** Opened at once (a page reached to import). */
  readonly open?: boolean;
}

export function importPanel(o: ImportPanelOptions): HTMLElement {
  let state: ImportState = emptyImport();
  const text = h('textarea.import-text', { rows: 8, spellcheck: false, 'data-testid': 'import-text', 'aria-label': t('import.text') }) as HTMLTextAreaElement;
  const file = h('input', {
    type: 'file',
    accept: '.pgn,.gib,.txt,text/plain',
    'data-testid': 'import-file',
    'aria-label': t('import.file'),
  }) as HTMLInputElement;
  const readBtn = h('button', { type: 'button', 'data-testid': 'import-read' }, t('import.read')) as HTMLButtonElement;
  const saveBtn = h('button', { type: 'button', 'data-testid': 'import-save' }, t('import.save')) as HTMLButtonElement;
  const status = h('div.import-status', { 'aria-live': 'polite', 'data-testid': 'import-status' });

  function read(value: string, fileName: string | null): void {
    state = readText(state, value, o.variant, fileName);
    if (state.game && loadable(state)) o.load(state.game);
    render();
  }

  readBtn.addEventListener('click', () => read(text.value, null));
  file.addEventListener('change', async () => {
    const f = file.files?.[0];
    if (!f) return;
    try {
      const value = decodeRecord(new Uint8Array(await f.arrayBuffer()));
      text.value = value;
      read(value, f.name);
    } catch {
      state = fileFailed(state, t('import.file-failed'));
      render();
    }
  });
  saveBtn.addEventListener('click', async () => {
    if (!savable(state)) return;
    state = startSaving(state);
    render();
    const r = await api<{ id: string }>('POST', '/api/import?save=1', { text: state.text, variant: o.variant });
    // A record with a wrong move is saved too (its legal part): the answer is then an error that carries the id.
    const id = r.ok ? r.id : (r as { id?: unknown }).id;
    state = typeof id === 'string' ? saved(state, id) : saveFailed(state, r.ok ? '' : tMaybe(`err.${r.code}`, r.message));
    render();
  });

  function render(): void {
    const e = state.error;
    const parts: (HTMLElement | null)[] = [];
    if (state.game && state.moves > 0) parts.push(h('p', { 'data-testid': 'import-moves' }, t('import.read-moves', { n: state.moves })));
    if (e) {
      const message = tMaybe(`err.${e.code}`, e.message);
      parts.push(
        h(
          'p.error',
          { 'data-testid': 'import-error', 'data-line': e.line },
          e.move ? t('import.error', { line: e.line, move: e.move, message }) : t('import.error-line', { line: e.line, message }),
        ),
        lineOf(state.text, e.line) ? h('pre.import-line', null, lineOf(state.text, e.line)) : null,
        state.moves > 0 ? h('p.muted', null, t('import.legal-part')) : null,
      );
    }
    if (state.problem) parts.push(h('p.error', { 'data-testid': 'import-problem' }, state.problem));
    if (state.savedId) {
      const url = `${location.origin}${importPath(state.savedId)}`;
      parts.push(
        h('p', null, t('import.saved'), h('a', { href: importPath(state.savedId), 'data-testid': 'import-link' }, url)),
        h('p', null, h('a', { href: importPgnPath(state.savedId), download: '', 'data-testid': 'import-download' }, t('import.download'))),
      );
    }
    if (state.game && state.game.tags.length > 0) {
      parts.push(
        h(
          'details.import-tags',
          null,
          h('summary', null, t('import.tags')),
          h('dl', null, ...state.game.tags.slice(0, 40).flatMap(([k, v]) => [h('dt', null, k), h('dd', null, v)])),
        ),
      );
    }
    fill(status, ...parts.filter((p): p is HTMLElement => p !== null));
    saveBtn.disabled = !savable(state);
    saveBtn.textContent = state.saving ? t('import.saving') : t('import.save');
  }

  render();
  return h(
    'details.import-panel',
    { 'data-testid': 'import-panel', open: o.open ?? false },
    h('summary', null, t('import.title')),
    h('p.muted', null, t('import.help')),
    text,
    h('div.controls', null, readBtn, h('label.file', null, t('import.file'), ' ', file), saveBtn),
    status,
  );
}
