/** Placeholder until this page is written. */
import type { AppContext, Page } from '../app/context.ts';
import { h } from '../app/h.ts';
export function soloPage(_app: AppContext, ..._rest: unknown[]): Page { return { el: h('div.page', null, 'solo'), title: 'solo' }; }
