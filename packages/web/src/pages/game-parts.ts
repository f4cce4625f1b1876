/**
 * The game page's parts drawn from the game's view alone: a seat's line, the
 * status words, each side's clock, the end panel and its rating change, the
 * invitation to share, and the words of a notice, a control and a toast.
 */
import type { GameView } from '@youzai/protocol';
import { h } from '../app/h.ts';
import { seatName, sideName } from '../app/names.ts';
import { clockFace, formatClock } from '../game/clock-display.ts';
import type { LiveGame } from '../game/live-game.ts';
import { formatTimeLeft } from '../game/time-left.ts';
import { verdictText } from '../game/verdict-text.ts';
import { t, tMaybe } from '../i18n/index.ts';
import { hasProfile } from './profile-data.ts';
import { ratingsNote, type ActionControl, type Notice, type RatingsFrame, type Toast } from './game-model.ts';
function noticeText(n: Notice): string {
  switch (n.kind) {
    case 'none':
      return '';
    case 'not-your-turn':
      return t('err.game.not-your-turn');
    case 'held':
      return t('game.offline.held');
    case 'stale':
      return t('game.offline.stale');
    case 'pending':
      return t('game.pending');
    case 'error':
      return tMaybe(`err.${n.code}`, n.message);
    case 'typed-invalid':
      return t('game.typed.invalid', { text: n.text, message: tMaybe(`err.${n.code}`, n.message) });
  }
}

export function controlLabel(c: ActionControl): string {
  switch (c.kind) {
    case 'abort':
      return t('game.abort');
    case 'berserk':
      return t('game.berserk');
    case 'draw-accept':
      return t('game.draw.accept');
    case 'draw-decline':
      return t('game.draw.decline');
    case 'draw-offer':
      return t('game.draw.offer');
    case 'draw-claim':
      return t('game.draw.claim', { plies: c.plies });
    case 'claim-victory':
      return t('game.claimVictory');
  }
}

export function toastText(toast: Toast, variant: GameView['variant']): string {
  if (toast.kind === 'your-turn') return t('game.yourTurn');
  const side = sideName(variant, toast.side);
  const key = {
    berserk: 'game.berserk.toast',
    'draw-declined': 'game.draw.declined',
    'takeback-declined': 'game.takeback.declined',
    takeback: 'game.takeback.done',
  } as const;
  return t(key[toast.kind], { side });
}

/** The rating change, one line a player, then why none moved or one was held. */
function ratingLines(r: RatingsFrame, v: GameView): string[] {
  const lines = r.players.map((p, i) =>
    t('game.ratingChange', {
      name: seatName(v.seats[i]),
      before: Math.round(p.before.rating),
      after: Math.round(p.after.rating),
      diff: `${p.diff >= 0 ? '+' : ''}${Math.round(p.diff)}`,
    }),
  );
  const note = ratingsNote(r);
  if (note) lines.push(t(note === 'newcomers' ? 'game.newcomersUncounted' : note === 'pair-limit' ? 'game.pairLimit' : 'game.ratingHeld'));
  return lines;
}

export function seatLine(v: GameView, c: 0 | 1): HTMLElement {
  const seat = v.seats[c];
  const gone = v.disconnectedSince[c] !== null && v.status === 'active';
  // Guests have no profile page to link to.
  const nameEl =
    seat && seat.kind === 'human' && hasProfile(seat.name, seat.userId)
      ? h('a', { href: `/@/${encodeURIComponent(seat.name)}` }, seat.name)
      : h('span', null, seatName(seat));
  return h(
    'div.seat',
    null,
    h(`span.side-dot.c${c}`, { 'aria-hidden': 'true' }),
    h('span.side-name', null, sideName(v.variant, c)),
    ' ',
    seat ? nameEl : h('em', null, t('game.waiting')),
    gone
      ? h(
          'span.gone',
          {
            role: 'img',
            title: t('game.disconnected', { side: sideName(v.variant, c) }),
            'aria-label': t('game.disconnected', { side: sideName(v.variant, c) }),
          },
          ' ⚠',
        )
      : null,
    v.berserk[c] ? h('span.berserk', { 'data-testid': `berserk-${c}`, title: t('game.berserk.done') }, ' ⚡') : null,
    h(`span.clock.c${c}`, { 'data-testid': `clock-${c}`, role: 'timer' }),
  );
}

/** The status line: the page's word, or whose turn it is (with check and the first move's time left). */
export function statusText(live: LiveGame, notice: Notice, online: boolean, now: number): string {
  const v = live.view;
  let text = noticeText(notice);
  if (!text) {
    if (v.status === 'waiting') text = t('game.waiting');
    else if (live.over)
      text = ''; // the end panel says it
    else if (live.isPlayer && !online) text = t('game.offline');
    else if (live.isPlayer) text = live.myTurn ? t('game.yourTurn') : t('game.theirTurn');
    else text = `${t('game.spectators')} · ${t('game.turnOf', { side: sideName(v.variant, v.turn) })}`;
    if (v.status === 'active' && v.check) text += ` · ${t('game.check')}`;
    if (v.firstMoveDeadline && v.status === 'active') {
      text += ` · ${t('game.firstMove', { time: formatTimeLeft(v.firstMoveDeadline - now) })}`;
    }
  }
  return text;
}

/** The end panel's headline. */
function headline(v: GameView): string {
  const verdict = v.verdict;
  if (v.status === 'aborted') return t('game.result.aborted');
  return verdict?.winner === null || !verdict ? t('game.result.draw') : t('game.result.win', { side: sideName(v.variant, verdict.winner) });
}

/** Each side's clock as it reads at `now` (server time), on every clock element of the page. */
export function drawClocks(root: HTMLElement, v: GameView, now: number): void {
  for (const c of [0, 1] as const) {
    const face = clockFace(v.clock, c, v.status === 'active' ? now : v.clock.at);
    for (const node of root.querySelectorAll<HTMLElement>(`.clock.c${c}`)) {
      const text = formatClock(face.shownMs, t('clock.dayUnit')) + (face.periods !== null ? ` (${face.periods})` : '');
      if (node.textContent !== text) node.textContent = text;
      node.classList.toggle('running', face.running && v.status === 'active');
      node.classList.toggle('low', face.low);
      node.classList.toggle('byoyomi', face.inByoyomi);
    }
  }
}

/** The invitation link to share while the game waits for its second player, with a copy button. */
export function inviteShare(invite: string, copied: () => void): HTMLElement[] {
  const input = h('input', { type: 'text', readonly: true, value: invite, 'data-testid': 'invite-url', 'aria-label': t('invite.share') }) as HTMLInputElement;
  const copy = h('button', { type: 'button' }, t('common.copy'));
  copy.addEventListener('click', () => {
    void navigator.clipboard?.writeText(invite).then(copied);
    input.select();
  });
  return [h('p', null, t('invite.share')), h('div.row', null, input, copy)];
}

/** The end panel: result, why, the rating change, then `actions` (rematch, analysis) and the ways out. */
export function endPanelContent(v: GameView, ratings: RatingsFrame | null, id: string, actions: readonly (HTMLElement | null)[]): (HTMLElement | null)[] {
  const verdict = v.verdict;
  return [
    h('h3', null, t('game.over')),
    h('p.result', { 'data-testid': 'result' }, `${verdict?.result ?? ''} · ${headline(v)}`),
    verdict ? h('p.explanation', { 'data-testid': 'explanation' }, verdictText(v.variant, verdict)) : null,
    ...(ratings ? ratingLines(ratings, v) : []).map((l) => h('p.rating-change', null, l)),
    h(
      'div.row',
      null,
      ...actions,
      h('a.button', { href: '/' }, t('game.rematchHome')),
      h('a.button', { href: `/api/games/${id}.pgn`, download: `${id}.pgn` }, t('game.export')),
    ),
  ];
}
