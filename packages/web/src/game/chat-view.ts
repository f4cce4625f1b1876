/** Game or room chat. Lines are text nodes only: the server's strings never become markup. */
import type { ChatLine } from '@youzai/protocol';
import { h } from '../app/h.ts';
import { t, tMaybe } from '../i18n/index.ts';

export class ChatView {
  readonly el: HTMLElement;
  private readonly lines = h('ol.chat-lines', { 'aria-live': 'polite', 'data-testid': 'chat-lines' });
  private readonly input = h('input', {
    type: 'text',
    maxlength: 300,
    placeholder: t('chat.placeholder'),
    'aria-label': t('chat.placeholder'),
  }) as HTMLInputElement;

  constructor(title: string, send: (text: string) => Promise<{ ok: boolean; code?: string; message?: string }>) {
    const form = h('form.chat-form', null, this.input, h('button', { type: 'submit' }, t('common.send')));
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      const text = this.input.value.trim();
      if (!text) return;
      const r = await send(text);
      if (r.ok) this.input.value = '';
      else this.system(tMaybe(`err.${r.code}`, r.message ?? String(r.code)));
    });
    this.el = h('section.chat', null, h('h3', null, title), this.lines, form);
  }

  add(line: ChatLine): void {
    this.lines.append(h('li', null, h('strong', null, line.user.name), ' ', line.text));
    while (this.lines.children.length > 100) this.lines.firstElementChild?.remove();
    this.lines.scrollTop = this.lines.scrollHeight;
  }

  replace(lines: readonly ChatLine[]): void {
    this.lines.replaceChildren();
    for (const l of lines) this.add(l);
  }

  system(text: string): void {
    this.lines.append(h('li.system', null, text));
  }
}
