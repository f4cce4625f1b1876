/** Placeholder until this page is written. */
import type { AppContext, Page } from '../app/context.ts';
import { h } from '../app/h.ts';
export function livePage(_app: AppContext, ..._rest: unknown[]): Page { return { el: h('div.page', null, 'live'), title: 'live' }; }
export function tvPage(_app: AppContext, ..._rest: unknown[]): Page { return { el: h('div.page', null, 'live'), title: 'live' }; }
