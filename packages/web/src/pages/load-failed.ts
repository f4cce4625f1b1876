/** Shown when a page's code could not be fetched (offline, or the club was updated since this tab opened): a reload brings the current one. */
import type { Page } from '../app/context.ts';
import { h } from '../app/h.ts';
import { t } from '../i18n/index.ts';

export function loadFailedPage(): Page {
  const reload = h('button', { type: 'button', 'data-testid': 'page-reload' }, t('common.reload'));
  reload.addEventListener('click', () => location.reload());
  return {
    el: h('div.page', { 'data-testid': 'page-load-failed' }, h('h1', null, t('common.error', { message: t('err.page.load') })), h('p', null, reload)),
    title: t('err.page.load'),
  };
}
