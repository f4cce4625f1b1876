/** Rules pages: one per game, in the chosen language, drawn from the club's RULES.md and seed pages. */
import { DEFAULT_VARIANT, VARIANT_KEYS, type VariantKey } from '@youzai/rules';
import type { AppContext, Page } from '../app/context.ts';
import { h } from '../app/h.ts';
import { variantName } from '../app/names.ts';
import { lang, t } from '../i18n/index.ts';
import type { RulesDoc } from '../rules-pages/index.ts';

export function rulesPage(_app: AppContext, params: Record<string, string>): Page {
  const variant = (params.variant ?? DEFAULT_VARIANT) as VariantKey;
  const el = h('div.page', { 'data-testid': 'rules-page' }, h('p', null, t('common.loading')));
  const tabs = h(
    'nav.tabs',
    { 'aria-label': t('rules.choose') },
    ...VARIANT_KEYS.map((v) =>
      h('a', { href: `/rules/${v}`, class: v === variant ? 'active' : '', 'aria-current': v === variant ? 'page' : null }, variantName(v)),
    ),
  );

  function contents(doc: RulesDoc): HTMLElement {
    const toc = h('ol.toc', null, ...doc.sections.map((s) => h('li', null, h('a', { href: `#${s.id}` }, s.heading))));
    toc.addEventListener('click', (e) => {
      const a = (e.target as Element).closest('a');
      if (!a) return;
      e.preventDefault();
      document.getElementById(a.getAttribute('href')!.slice(1))?.scrollIntoView({ behavior: 'smooth' });
    });
    return toc;
  }

  function render(doc: RulesDoc): void {
    el.replaceChildren(
      h(
        'article.rules-doc',
        null,
        h('h1', null, t('rules.title')),
        tabs,
        h('h2', null, doc.title),
        h('p.intro', null, doc.intro),
        // A newcomer finds the course before the long text, not after it.
        h('p.learn-callout', null, h('a.button', { href: `/learn/${variant}`, 'data-testid': 'rules-learn-link' }, t('learn.fromRules'))),
        contents(doc),
        ...doc.sections.map((s) =>
          h(
            'section',
            { id: s.id },
            h('h3', null, s.heading),
            ...s.paragraphs.map((p) => h('p', null, p)),
            s.list ? h('ul', null, ...s.list.map((i) => h('li', null, i))) : null,
          ),
        ),
        h('p', null, h('a', { href: `/solo/${variant}` }, t('nav.solo'))),
        h('p', null, h('a', { href: `/learn/${variant}` }, t('learn.fromRules'))),
      ),
    );
  }

  // The texts are long: loaded only when a rules page is opened, not with the game page.
  void import('../rules-pages/index.ts').then((m) => render(m.RULES_PAGES[variant][lang()]));
  return { el, title: `${t('rules.title')} · ${variantName(variant)}` };
}
