/**
 * The rematch part of a finished game's end panel: renders the model of
 * rematch.ts and forwards its buttons. Both players' pages hear the rematch
 * on the game's socket topic; only that live acceptance moves them.
 */
import type { Side } from '@youzai/rules';
import { h, fill } from '../app/h.ts';
import { t, tMaybe } from '../i18n/index.ts';
import { api } from '../net/api.ts';
import { REMATCH_START, rematchReceived, rematchShown, type RematchInfo, type RematchModel, type RematchOrigin } from './rematch.ts';

export class RematchView {
  readonly el = h('div.rematch', { 'data-testid': 'rematch' });
  private model: RematchModel = REMATCH_START;

  constructor(
    private readonly gameId: string,
    /** Goes to the new game (a player, at the live moment the rematch is accepted). */
    private readonly go: (next: string) => void,
  ) {}

  /** The game is finished and this visitor's seat: loads a rematch made before the page opened. */
  set(finished: boolean, you: Side | null): void {
    const first = finished && !this.model.finished;
    this.model = { ...this.model, finished, you };
    if (first)
      void api<{ rematch: RematchInfo | null }>('GET', `/api/games/${this.gameId}/rematch`).then(
        (r) => r.ok && r.rematch && !this.model.info && this.receive(r.rematch, 'stored'),
      );
    this.render();
  }

  /** The game is a tournament's: the panel leads back to it instead of offering a rematch. */
  setTournament(tournament: { readonly id: string; readonly name: string }): void {
    this.model = { ...this.model, tournament: { id: tournament.id, name: tournament.name } };
    this.render();
  }

  /** A rematch frame heard on the game's topic while the page is open. */
  onFrame(info: RematchInfo): void {
    this.receive(info, 'live');
  }

  private receive(info: RematchInfo, origin: RematchOrigin): void {
    const r = rematchReceived(this.model, info, origin);
    this.model = r.model;
    if (r.go !== null) {
      this.go(r.go);
      return;
    }
    this.render();
  }

  private async send(op: 'offer' | 'accept' | 'decline'): Promise<void> {
    this.model = { ...this.model, busy: true, error: '' };
    this.render();
    const r = await api<RematchInfo>('POST', `/api/games/${this.gameId}/rematch`, { op });
    this.model = { ...this.model, busy: false };
    if (r.ok) this.receive({ state: r.state, by: r.by, next: r.next }, 'live');
    else {
      this.model = { ...this.model, error: tMaybe(`err.${r.code}`, r.message) };
      this.render();
    }
  }

  render(): void {
    const parts: (HTMLElement | string)[] = [];
    const button = (label: string, testid: string, op: 'offer' | 'accept' | 'decline', primary = false) => {
      const b = h(`button${primary ? '.primary' : ''}`, { type: 'button', 'data-testid': testid, disabled: this.model.busy }, label);
      b.addEventListener('click', () => void this.send(op));
      return b;
    };
    const s = rematchShown(this.model);
    switch (s.kind) {
      case 'offer':
        parts.push(button(t('rematch.offer'), 'rematch-offer', 'offer', true));
        if (s.declined) parts.push(h('span.note', null, t(s.declined === 'byThem' ? 'rematch.declinedByThem' : 'rematch.declinedByYou')));
        break;
      case 'waiting':
        parts.push(h('span.note', { 'data-testid': 'rematch-waiting' }, t('rematch.offered')));
        break;
      case 'incoming':
        parts.push(
          h('span.note', { 'data-testid': 'rematch-incoming' }, t('rematch.incoming')),
          button(t('rematch.accept'), 'rematch-accept', 'accept', true),
          button(t('rematch.decline'), 'rematch-decline', 'decline'),
        );
        break;
      case 'link':
        parts.push(h('a.button', { href: `/game/${s.next}`, 'data-testid': 'rematch-link' }, t(s.player ? 'rematch.link' : 'rematch.watch')));
        break;
      case 'tournament':
        parts.push(h('a.button.primary', { href: `/tournament/${s.id}`, 'data-testid': 'end-tournament' }, `${t('tour.back')}: ${s.name}`));
        break;
      case 'none':
        break;
    }
    if (this.model.error) parts.push(h('span.error', { role: 'alert' }, this.model.error));
    fill(this.el, ...parts);
  }
}
