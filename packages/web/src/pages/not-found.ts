import type { AppContext, Page } from '../app/context.ts';
import { h } from '../app/h.ts';
import { t } from '../i18n/index.ts';

export function notFoundPage(_app: AppContext): Page {
  return { el: h('div.page', null, h('h1', null, '404'), h('p', null, t('common.notFound')), h('a', { href: '/' }, t('common.back'))), title: '404' };
}
