/** Placeholder until this page is written. */
import type { AppContext, Page } from '../app/context.ts';
import { h } from '../app/h.ts';
export function puzzlesPage(_app: AppContext, ..._rest: unknown[]): Page { return { el: h('div.page', null, 'puzzles'), title: 'puzzles' }; }
