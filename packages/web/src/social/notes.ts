/** A notification's sentence in the reader's language, from its kind and data. Pure but for the catalogue. */
import type { NotificationView } from '@youzai/protocol';
import { isVariantKey } from '@youzai/rules';
import { variantName } from '../app/names.ts';
import { lang, t, type MessageKey } from '../i18n/index.ts';

/** "Xiangqi · 5+3 · rated" from a notification's terms. */
export function termsText(n: NotificationView): string {
  const d = n.data;
  const parts = [
    d.variant && isVariantKey(d.variant) ? variantName(d.variant) : null,
    d.clock ? clockText(d.clock) : null,
    d.rated === undefined ? null : t(d.rated ? 'common.rated' : 'common.casual'),
  ];
  return parts.filter(Boolean).join(' · ');
}

/** The server's short clock ("5+3", "10+3×30s", "3d") with days in words. */
export function clockText(c: string): string {
  const m = /^(\d+(?:\.\d+)?)d$/.exec(c);
  return m ? t('clock.correspondence', { days: m[1]! }) : c;
}

export function noteText(n: NotificationView): string {
  const d = n.data;
  const name = d.from?.name ?? '?';
  if (d.text) return lang() === 'vi' ? d.text.vi : d.text.en;
  switch (n.kind) {
    case 'challenge':
      return t(`note.challenge.${d.state ?? 'open'}` as MessageKey, { name, terms: termsText(n) });
    case 'challenge-answer':
      return t(`note.answer.${d.state ?? 'declined'}` as MessageKey, { name });
    default:
      return t(`note.${n.kind}` as MessageKey, { name });
  }
}

/** Where the notification leads. */
export function noteLink(n: NotificationView): string | null {
  if (typeof n.data.url === 'string' && n.data.url.startsWith('/')) return n.data.url;
  return n.data.game ? `/game/${n.data.game}` : null;
}
