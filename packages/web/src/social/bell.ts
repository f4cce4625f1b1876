/**
 * The bell in the header: unread count, the list of notifications (stored,
 * so what came while away is there), live over the socket on every page.
 * A challenge is answered from here (accept, or decline with a reason); the
 * answer to one's own challenge shows at once, and an accepted one opens
 * the game. Each kind can be turned off.
 */
import { DECLINE_REASONS, NOTIFICATION_KINDS, type DeclineReason, type NotificationKind, type NotificationView } from '@youzai/protocol';
import type { AppContext } from '../app/context.ts';
import { choose } from '../app/dialog.ts';
import { fill, h } from '../app/h.ts';
import { t, tMaybe, type MessageKey } from '../i18n/index.ts';
import { api } from '../net/api.ts';
import { LiveReads } from './live-reads.ts';
import { noteLink, noteText } from './notes.ts';
import './social.css';

/** A bell drawn in SVG (no emoji font needed). */
function bellIcon(): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('width', '20');
  svg.setAttribute('height', '20');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', 'M12 2a6 6 0 0 0-6 6v4.5L4 16v1h16v-1l-2-3.5V8a6 6 0 0 0-6-6zm-2.5 16a2.5 2.5 0 0 0 5 0z');
  path.setAttribute('fill', 'currentColor');
  svg.append(path);
  return svg;
}

export class Bell {
  readonly el: HTMLElement;
  private readonly button: HTMLButtonElement;
  private readonly count: HTMLElement;
  private readonly panel: HTMLElement;
  private notes: NotificationView[] = [];
  private unread = 0;
  private loaded = false;
  /** A read of the list that a live update overtook is made again (live-reads.ts). */
  private readonly reads = new LiveReads();

  constructor(private readonly app: AppContext) {
    this.count = h('span.bell-count', { 'data-testid': 'bell-count', hidden: true });
    this.button = h(
      'button.bell',
      { type: 'button', 'aria-haspopup': 'true', 'aria-expanded': 'false', 'data-testid': 'bell', title: t('bell.title') },
      bellIcon(),
      h('span.visually-hidden', null, t('bell.title')),
      this.count,
    ) as HTMLButtonElement;
    this.panel = h('div.bell-panel', { 'data-testid': 'bell-panel', hidden: true, role: 'dialog', 'aria-label': t('bell.title') });
    this.el = h('div.bell-holder', null, this.button, this.panel);
    this.button.addEventListener('click', () => this.toggle());
    document.addEventListener('click', (e) => {
      if (!this.panel.hidden && !this.el.contains(e.target as Node)) this.close();
    });
    // Escape closes it, as it closes the menus and dialogs; the focus, if it was in the bell, goes back to its button.
    document.addEventListener('keydown', (e) => {
      if (e.key !== 'Escape' || this.panel.hidden) return;
      const inside = this.el.contains(document.activeElement);
      this.close();
      if (inside) this.button.focus();
    });
    app.socket.on((m) => {
      if (m.t === 'welcome') void this.load();
      if (m.t === 'notification') {
        this.reads.updated();
        this.arrived(m.notification, m.unread);
      }
      if (m.t === 'notifications-read') {
        this.reads.updated();
        const at = Date.now();
        this.notes = this.notes.map((n) => (m.ids === null || m.ids.includes(n.id) ? { ...n, readAt: n.readAt ?? at } : n));
        this.setUnread(m.unread);
      }
    });
  }

  /** Re-renders in the current language (the header is rebuilt on a language switch). */
  refresh(): void {
    this.button.title = t('bell.title');
    this.setUnread(this.unread);
    if (!this.panel.hidden) this.renderPanel();
  }

  private async load(): Promise<void> {
    const token = this.reads.begin();
    const r = await api<{ notifications: NotificationView[]; unread: number }>('GET', '/api/notifications?limit=30');
    if (!r.ok) return;
    // A notification (or a read elsewhere) came while this was on its way: this answer may predate it.
    if (!this.reads.fresh(token)) return this.load();
    this.notes = r.notifications;
    this.loaded = true;
    this.setUnread(r.unread);
    if (!this.panel.hidden) this.renderPanel();
  }

  private arrived(n: NotificationView, unread: number): void {
    this.notes = [n, ...this.notes.filter((x) => x.id !== n.id)].slice(0, 50);
    this.setUnread(unread);
    if (!this.panel.hidden) this.renderPanel();
    if (n.readAt !== null) return;
    this.app.toast(noteText(n));
    this.app.sound.play('check');
    // The answer to my challenge: accepted leads straight to the game.
    if (n.kind === 'challenge-answer' && n.data.state === 'accepted' && n.data.game && location.pathname !== `/game/${n.data.game}`) {
      this.app.navigate(`/game/${n.data.game}`);
    }
  }

  private setUnread(n: number): void {
    this.unread = n;
    this.count.hidden = n === 0;
    this.count.textContent = n > 99 ? '99+' : String(n);
    this.button.setAttribute('aria-label', n ? t('bell.unread', { n }) : t('bell.title'));
  }

  private toggle(): void {
    if (this.panel.hidden) {
      this.panel.hidden = false;
      this.button.setAttribute('aria-expanded', 'true');
      if (!this.loaded) void this.load();
      this.renderPanel();
    } else this.close();
  }

  private close(): void {
    this.panel.hidden = true;
    this.button.setAttribute('aria-expanded', 'false');
  }

  private renderPanel(): void {
    const markAll = h('button.linkish', { type: 'button', 'data-testid': 'bell-read-all' }, t('bell.markAll'));
    markAll.addEventListener('click', () => void api('POST', '/api/notifications/read', {}));
    const settings = h('button.linkish', { type: 'button', 'data-testid': 'bell-settings' }, t('bell.settings'));
    settings.addEventListener('click', () => void this.settings());
    fill(
      this.panel,
      h('div.bell-head', null, h('strong', null, t('bell.title')), markAll, settings),
      this.notes.length
        ? h(
            'ul.bell-list',
            null,
            this.notes.map((n) => this.item(n)),
          )
        : h('p.muted', null, t('bell.empty')),
    );
  }

  private item(n: NotificationView): HTMLElement {
    const link = noteLink(n);
    const text = link ? h('a', { href: link }, noteText(n)) : h('span', null, noteText(n));
    text.addEventListener('click', () => {
      if (n.readAt === null) void api('POST', '/api/notifications/read', { ids: [n.id] });
      this.close();
    });
    const actions: HTMLElement[] = [];
    if (n.kind === 'challenge' && (n.data.state ?? 'open') === 'open' && n.data.game && (n.data.expiresAt ?? Infinity) > Date.now()) {
      const game = n.data.game;
      const accept = h('button.primary', { type: 'button', 'data-testid': 'challenge-accept' }, t('note.accept'));
      accept.addEventListener('click', async () => {
        const r = await api('POST', `/api/games/${game}/join`, {});
        void api('POST', '/api/notifications/read', { ids: [n.id] });
        this.close();
        if (r.ok) this.app.navigate(`/game/${game}`);
        else this.app.toast(tMaybe(`err.${r.code}`, r.message));
      });
      const decline = h('button', { type: 'button', 'data-testid': 'challenge-decline' }, t('note.decline'));
      decline.addEventListener('click', async () => {
        const reason = await choose<DeclineReason>(
          t('decline.title'),
          '',
          DECLINE_REASONS.map((r, i) => ({ label: t(`decline.${r}` as MessageKey), value: r, primary: i === 0 })),
        );
        if (!reason) return;
        const r = await api('POST', `/api/games/${game}/decline`, { reason });
        if (!r.ok) this.app.toast(tMaybe(`err.${r.code}`, r.message));
      });
      actions.push(accept, decline);
    } else if (n.kind === 'challenge' && (n.data.state ?? 'open') === 'open' && link) {
      // A room's challenge is answered in the room; once it is gone (its state changes, on every page) the button goes.
      const open = h('button.primary', { type: 'button', 'data-testid': 'challenge-open' }, t('note.open'));
      open.addEventListener('click', () => {
        if (n.readAt === null) void api('POST', '/api/notifications/read', { ids: [n.id] });
        this.close();
        this.app.navigate(link);
      });
      actions.push(open);
    }
    return h(
      `li.bell-item${n.readAt === null ? '.unread' : ''}`,
      { 'data-kind': n.kind, 'data-id': n.id },
      text,
      h('small.muted', null, new Date(n.createdAt).toLocaleString()),
      actions.length ? h('div.bell-actions', null, ...actions) : null,
    );
  }

  private async settings(): Promise<void> {
    const r = await api<{ off: NotificationKind[]; alwaysOn: NotificationKind[] }>('GET', '/api/notifications/settings');
    if (!r.ok) return;
    const off = new Set(r.off);
    fill(
      this.panel,
      h('div.bell-head', null, h('strong', null, t('bell.settings'))),
      h(
        'ul.bell-settings',
        null,
        NOTIFICATION_KINDS.map((k) => {
          const box = h('input', { type: 'checkbox', name: k, checked: !off.has(k), disabled: r.alwaysOn.includes(k) }) as HTMLInputElement;
          box.addEventListener('change', () => void api('POST', '/api/notifications/settings', { kind: k, off: !box.checked }));
          return h('li', null, h('label.check', null, box, h('span', null, t(`notekind.${k}` as MessageKey))));
        }),
      ),
    );
  }
}
