/**
 * The rematch part of a finished game's end panel: offer, the other
 * player's offer to accept or decline, and the move to the new game once
 * accepted (both players' pages hear it on the game's socket topic).
 */
import type { Side } from '@youzai/rules';
import { h, fill } from '../app/h.ts';
import { t, tMaybe } from '../i18n/index.ts';
import { api } from '../net/api.ts';

export type RematchState = 'offered' | 'accepted' | 'declined';
export interface RematchInfo {
  readonly state: RematchState;
  readonly by: Side;
  readonly next: string;
}

export class RematchView {
  readonly el = h('div.rematch', { 'data-testid': 'rematch' });
  private info: RematchInfo | null = null;
  private you: Side | null = null;
  private finished = false;
  private error = '';
  private busy = false;

  constructor(
    private readonly gameId: string,
    /** Goes to the new game (a player, once the rematch is accepted). */
    private readonly go: (next: string) => void,
  ) {}

  /** The game is finished and this visitor's seat: loads a rematch made before the page opened. */
  set(finished: boolean, you: Side | null): void {
    const first = finished && !this.finished;
    this.finished = finished;
    this.you = you;
    if (first) void api<{ rematch: RematchInfo | null }>('GET', `/api/games/${this.gameId}/rematch`).then((r) => r.ok && r.rematch && this.onFrame(r.rematch));
    this.render();
  }

  onFrame(info: RematchInfo): void {
    this.info = info;
    if (info.state === 'accepted' && this.you !== null) {
      this.go(info.next);
      return;
    }
    this.render();
  }

  private async send(op: 'offer' | 'accept' | 'decline'): Promise<void> {
    this.busy = true;
    this.error = '';
    this.render();
    const r = await api<RematchInfo>('POST', `/api/games/${this.gameId}/rematch`, { op });
    this.busy = false;
    if (r.ok) this.onFrame({ state: r.state, by: r.by, next: r.next });
    else {
      this.error = tMaybe(`err.${r.code}`, r.message);
      this.render();
    }
  }

  render(): void {
    const parts: (HTMLElement | string)[] = [];
    const i = this.info;
    const button = (label: string, testid: string, op: 'offer' | 'accept' | 'decline', primary = false) => {
      const b = h(`button${primary ? '.primary' : ''}`, { type: 'button', 'data-testid': testid, disabled: this.busy }, label);
      b.addEventListener('click', () => void this.send(op));
      return b;
    };
    if (this.finished && this.you !== null) {
      if (!i || i.state === 'declined') {
        parts.push(button(t('rematch.offer'), 'rematch-offer', 'offer', true));
        if (i?.state === 'declined') parts.push(h('span.note', null, t(i.by === this.you ? 'rematch.declinedByThem' : 'rematch.declinedByYou')));
      } else if (i.state === 'offered' && i.by === this.you) parts.push(h('span.note', { 'data-testid': 'rematch-waiting' }, t('rematch.offered')));
      else if (i.state === 'offered') {
        parts.push(
          h('span.note', { 'data-testid': 'rematch-incoming' }, t('rematch.incoming')),
          button(t('rematch.accept'), 'rematch-accept', 'accept', true),
          button(t('rematch.decline'), 'rematch-decline', 'decline'),
        );
      }
    } else if (this.finished && i?.state === 'accepted') parts.push(h('a.button', { href: `/game/${i.next}` }, t('rematch.watch')));
    if (this.error) parts.push(h('span.error', { role: 'alert' }, this.error));
    fill(this.el, ...parts);
  }
}
