/**
 * Rooms: create one (`/rooms`), and a room itself (`/rooms/<id>`): members
 * present, chat, challenges among members, the room's live games, its link.
 * Joining is over the socket; leaving the page leaves the room.
 */
import type { PlayerTag, RoomChallenge, RoomGame, RoomSummary, RoomView, ServerMessage } from '@youzai/protocol';
import type { AppContext, Page } from '../app/context.ts';
import { h, fill } from '../app/h.ts';
import { clockSpecName, variantName } from '../app/names.ts';
import { ChatView } from '../game/chat-view.ts';
import { t } from '../i18n/index.ts';
import { api } from '../net/api.ts';
import { challengeRequest, termsError, type TermsInput } from './game-terms.ts';
import { TermsFields } from './terms-form.ts';
import { errorText, playerEl, readerSide, shareBox, variantLabel } from './widgets.ts';
import { tournamentLists } from './tournament-lists.ts';
import {
  canChallenge,
  challengeFor,
  challengeTargets,
  initialRoomState,
  keptTarget,
  roomClosed,
  roomMessage,
  roomRead,
  type ChallengeAction,
  type RoomPageState,
} from './rooms-model.ts';
import './pages.css';

const ROOM_NAME_MAX = 60;

export function roomsPage(app: AppContext): Page {
  const name = h('input', { type: 'text', name: 'name', maxlength: ROOM_NAME_MAX, autocomplete: 'off' }) as HTMLInputElement;
  const error = h('p.error', { role: 'alert', hidden: true });
  const submit = h('button.primary', { type: 'submit', 'data-testid': 'room-create' }, t('rooms.create')) as HTMLButtonElement;
  const form = h(
    'form.room-create',
    { 'data-testid': 'room-create-form' },
    h('label', null, h('span', null, t('rooms.name')), name),
    error,
    h('div.row', null, submit),
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    error.hidden = true;
    submit.disabled = true;
    const text = name.value.trim();
    const r = await api<{ id: string }>('POST', '/api/rooms', text ? { name: text } : {});
    submit.disabled = false;
    if (!r.ok) {
      error.textContent = errorText(r);
      error.hidden = false;
      return;
    }
    app.navigate(`/rooms/${r.id}`);
  });
  // The open rooms (issue 33, item 8.2: the page had no list).
  const list = h('ul.list.open-rooms', { 'data-testid': 'open-rooms', 'aria-busy': 'true' });
  void api<{ rooms: RoomSummary[] }>('GET', '/api/rooms').then((r) => {
    list.removeAttribute('aria-busy');
    const rooms = r.ok ? r.rooms : [];
    fill(
      list,
      rooms.length
        ? rooms.map((room) =>
            h(
              'li',
              { 'data-room': room.id },
              h('a', { href: `/rooms/${room.id}` }, room.name),
              ' ',
              h('span.muted', null, `${room.owner.name} · ${t('rooms.open.row', { members: room.members, games: room.games })}`),
            ),
          )
        : h('li.muted', null, r.ok ? t('rooms.open.none') : errorText(r)),
    );
  });
  return {
    el: h(
      'div.page.rooms-page',
      null,
      h('h1', null, t('rooms.title')),
      h('section.card', null, h('p', null, t('rooms.intro')), form),
      h('section.card', null, h('h2', null, t('rooms.open')), list),
    ),
    title: t('rooms.title'),
  };
}

// The challenge form as left, across re-renders (a language switch rebuilds the page).
let lastTerms: TermsInput | undefined;

export function roomPage(app: AppContext, params: Record<string, string>): Page {
  const id = params.id!;
  /** The page's state (rooms-model.ts). */
  let s: RoomPageState = initialRoomState();
  const me = () => app.me?.id ?? null;

  const titleEl = h('h1', null, t('rooms.title'));
  const statusEl = h('p.error', { role: 'alert', hidden: true, 'data-testid': 'room-status' });
  const membersHead = h('h2', null, t('rooms.members', { n: 0 }));
  const membersEl = h('ul.list.members', { 'data-testid': 'room-members' });
  const challengesEl = h('div', { 'data-testid': 'room-challenges' });
  const gamesEl = h('div', { 'data-testid': 'room-games' });
  const chat = new ChatView(t('chat.title'), (text) => app.socket.request({ t: 'room-chat', room: id, text }));
  const form = new ChallengeForm(app, id);

  function renderMembers(): void {
    const members = s.room?.members ?? [];
    membersHead.textContent = t('rooms.members', { n: members.length });
    fill(
      membersEl,
      members.map((m) => memberRow(m, m.id === me(), canChallenge(m, me(), s.closed !== null) ? () => form.pick(m.id) : null)),
    );
    form.setTargets(members, me());
  }

  function renderChallenges(): void {
    const list = s.room?.challenges ?? [];
    const send = (c: RoomChallenge, action: ChallengeAction) =>
      app.socket.request({ t: action === 'accept' ? 'room-accept' : 'room-decline', room: id, challenge: c.id });
    const rows = list.map((c) =>
      challengeRow(
        c,
        challengeFor(c, me(), s.closed !== null),
        (action) => send(c, action),
        (text) => app.toast(text),
      ),
    );
    fill(challengesEl, list.length ? h('ul.list', null, rows) : h('p.muted', null, t('rooms.challenges.none')));
  }

  function renderGames(): void {
    const list = s.room?.games ?? [];
    fill(gamesEl, list.length ? h('ul.list.live-list', null, list.map(gameRow)) : h('p.muted', null, t('rooms.games.none')));
  }

  function renderAll(): void {
    titleEl.textContent = s.room?.name || t('rooms.title');
    renderMembers();
    renderChallenges();
    renderGames();
    form.setClosed(s.closed !== null);
  }

  /** The parts whose state changed are drawn again (a member's row offers a challenge, so members redraw the challenges too). */
  function update(next: RoomPageState): void {
    const before = s;
    s = next;
    if (s.closed !== before.closed) {
      statusEl.textContent = s.closed?.kind === 'refused' ? errorText(s.closed) : t('rooms.closed');
      statusEl.hidden = false;
      renderAll();
      return;
    }
    const now = s.room;
    const was = before.room;
    if (now === was || now === null) return;
    if (was === null || now.name !== was.name) {
      renderAll();
      return;
    }
    if (now.members !== was.members) renderMembers();
    if (now.members !== was.members || now.challenges !== was.challenges) renderChallenges();
    if (now.games !== was.games) renderGames();
  }

  const off = app.socket.on((msg: ServerMessage) => {
    switch (msg.t) {
      case 'chat':
        if ('room' in msg && msg.room === id) chat.add(msg);
        break;
      case 'chat-log':
        if ('room' in msg && msg.room === id) chat.replace(msg.lines);
        break;
      case 'paired':
        app.navigate(`/game/${msg.game}`);
        break;
      case 'welcome':
        form.setCanRate(app);
        renderAll();
        break;
      default:
        update(roomMessage(s, msg, id));
    }
  });

  void api<{ room: RoomView }>('GET', `/api/rooms/${id}`).then((r) => {
    if (r.ok) update(roomRead(s, r.room));
    else if (r.code === 'room.not-found') update(roomClosed(s, { kind: 'closed' }));
  });
  app.socket.joinRoom(id);

  renderAll();
  const el = h(
    'div.page.room-page',
    { 'data-testid': 'room' },
    titleEl,
    statusEl,
    h('section.card.room-share', null, h('h2', null, t('rooms.share')), shareBox(app, `${location.origin}/rooms/${id}`, t('rooms.share'), 'room-url')),
    h(
      'div.room-grid',
      null,
      h(
        'div',
        null,
        h('section.card', null, membersHead, membersEl),
        h('section.card', null, h('h2', null, t('rooms.challenges')), challengesEl, h('h3', null, t('rooms.challenge.new')), form.el),
      ),
      h('div', null, h('section.card', null, h('h2', null, t('rooms.games')), gamesEl), chat.el),
    ),
    roomTournaments(id),
  );
  return {
    el,
    title: t('rooms.title'),
    destroy() {
      off();
      app.socket.leaveRoom(id);
    },
  };
}

/** The form that challenges a member (or anyone) of room `room`: the terms, whom to challenge, the server's refusal. */
class ChallengeForm {
  readonly el: HTMLElement;
  private readonly terms = new TermsFields(lastTerms);
  private readonly to = h('select', { name: 'to', 'data-testid': 'challenge-to' }) as HTMLSelectElement;
  private readonly error = h('p.error', { role: 'alert', hidden: true, 'data-testid': 'challenge-error' });
  private readonly submit = h('button.primary', { type: 'submit', 'data-testid': 'challenge-submit' }, t('rooms.challenge')) as HTMLButtonElement;

  constructor(app: AppContext, room: string) {
    this.el = h(
      'form.challenge-form',
      { 'data-testid': 'challenge-form', novalidate: true },
      h('label.to', null, h('span', null, t('rooms.challenge.to')), this.to),
      this.terms.el,
      this.error,
      h('div.row', null, this.submit),
    );
    this.setCanRate(app);
    this.el.addEventListener('submit', async (e) => {
      e.preventDefault();
      this.error.hidden = true;
      lastTerms = this.terms.values();
      const r = this.terms.read();
      if (!r.ok) return this.refused(termsError(r));
      this.submit.disabled = true;
      const a = await app.socket.request(challengeRequest(room, this.to.value || null, r.value));
      this.submit.disabled = false;
      if (!a.ok) this.refused(errorText(a));
    });
  }

  /** A rated game is for accounts (a guest's is casual). */
  setCanRate(app: AppContext): void {
    this.terms.setCanRate(app.me !== null && !app.me.guest);
  }

  setClosed(closed: boolean): void {
    this.submit.disabled = closed;
  }

  /** The choices follow the members; the one picked stays while it is still here. */
  setTargets(members: readonly PlayerTag[], me: string | null): void {
    const keep = this.to.value;
    this.to.replaceChildren(
      h('option', { value: '' }, t('rooms.challenge.anyone')),
      ...challengeTargets(members, me).map((m) => h('option', { value: m.id }, m.name)),
    );
    this.to.value = keptTarget(members, keep, me);
  }

  /** A member's challenge button: that member named, the form in view. */
  pick(member: string): void {
    this.to.value = member;
    this.el.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
    this.to.focus();
  }

  private refused(text: string): void {
    this.error.textContent = text;
    this.error.hidden = false;
  }
}

/** The room's own tournaments, and the way to make one. */
function roomTournaments(room: string): HTMLElement {
  const tournaments = tournamentLists(room);
  void tournaments.load();
  return h(
    'section.card.room-tournaments',
    { 'data-testid': 'room-tournaments' },
    h('h2', null, t('tour.title')),
    tournaments.el,
    h('a.button', { href: `/tournaments?room=${room}` }, t('tour.create')),
  );
}

function memberRow(m: PlayerTag, isMe: boolean, challenge: (() => void) | null): HTMLElement {
  const li = h('li', { 'data-user': m.id }, playerEl(m), isMe ? h('span.muted', null, `(${t('rooms.you')})`) : null);
  if (challenge) {
    const b = h('button', { type: 'button', 'data-testid': 'challenge-member' }, t('rooms.challenge'));
    b.addEventListener('click', challenge);
    li.append(b);
  }
  return li;
}

const ACTION_LABEL = { withdraw: 'rooms.withdraw', accept: 'rooms.accept', decline: 'rooms.decline' } as const;

/** One challenge, with the buttons its reader has; a refused answer is a toast and the button works again. */
function challengeRow(
  c: RoomChallenge,
  seen: ReturnType<typeof challengeFor>,
  send: (action: ChallengeAction) => Promise<{ ok: boolean; code?: string; message?: string }>,
  toast: (text: string) => void,
): HTMLElement {
  const buttons = seen.actions.map((action) => {
    const b = h(`button${action === 'accept' ? '.primary' : ''}`, { type: 'button', 'data-testid': `challenge-${action}` }, t(ACTION_LABEL[action]));
    b.addEventListener('click', async () => {
      b.setAttribute('disabled', '');
      const r = await send(action);
      if (!r.ok) {
        toast(errorText(r));
        b.removeAttribute('disabled');
      }
    });
    return b;
  });
  return h(
    'li',
    { 'data-challenge': c.id, class: seen.forMe && !seen.mine ? 'for-me' : '' },
    h('span.who', null, playerEl(c.from), ' → ', c.to ? playerEl(c.to) : h('em', null, t('rooms.challenge.anyone'))),
    h(
      'span.muted',
      null,
      [variantName(c.variant), clockSpecName(c.clock), t(c.rated ? 'common.rated' : 'common.casual'), readerSide(c, seen.mine)].filter(Boolean).join(' · '),
    ),
    buttons.length ? h('span.acts', null, buttons) : null,
  );
}

function gameRow(g: RoomGame): HTMLElement {
  return h(
    'li',
    { 'data-game': g.id },
    h('a.button.watch', { href: `/game/${g.id}` }, t('live.watch')),
    h('span', null, `${g.players[0]} ${t('common.vs')} ${g.players[1]}`),
    h('span.muted', null, variantLabel(g.variant)),
  );
}
