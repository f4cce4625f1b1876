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
  let room: RoomView | null = null;
  let closed = false;

  const titleEl = h('h1', null, t('rooms.title'));
  const statusEl = h('p.error', { role: 'alert', hidden: true, 'data-testid': 'room-status' });
  const membersHead = h('h2', null, t('rooms.members', { n: 0 }));
  const membersEl = h('ul.list.members', { 'data-testid': 'room-members' });
  const challengesEl = h('div', { 'data-testid': 'room-challenges' });
  const gamesEl = h('div', { 'data-testid': 'room-games' });
  const chat = new ChatView(t('chat.title'), (text) => app.socket.request({ t: 'room-chat', room: id, text }));

  // --- the challenge form ---
  const terms = new TermsFields(lastTerms);
  const to = h('select', { name: 'to', 'data-testid': 'challenge-to' }) as HTMLSelectElement;
  const formError = h('p.error', { role: 'alert', hidden: true, 'data-testid': 'challenge-error' });
  const submit = h('button.primary', { type: 'submit', 'data-testid': 'challenge-submit' }, t('rooms.challenge')) as HTMLButtonElement;
  const form = h(
    'form.challenge-form',
    { 'data-testid': 'challenge-form', novalidate: true },
    h('label.to', null, h('span', null, t('rooms.challenge.to')), to),
    terms.el,
    formError,
    h('div.row', null, submit),
  );
  const canRate = () => app.me !== null && !app.me.guest;
  terms.setCanRate(canRate());

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    formError.hidden = true;
    lastTerms = terms.values();
    const r = terms.read();
    if (!r.ok) {
      formError.textContent = termsError(r);
      formError.hidden = false;
      return;
    }
    submit.disabled = true;
    const a = await app.socket.request(challengeRequest(id, to.value || null, r.value));
    submit.disabled = false;
    if (!a.ok) {
      formError.textContent = errorText(a);
      formError.hidden = false;
    }
  });

  const isMe = (p: PlayerTag | null) => p !== null && app.me !== null && p.id === app.me.id;

  function renderMembers(): void {
    const members = room?.members ?? [];
    membersHead.textContent = t('rooms.members', { n: members.length });
    fill(
      membersEl,
      members.map((m) => {
        const li = h('li', { 'data-user': m.id }, playerEl(m), isMe(m) ? h('span.muted', null, `(${t('rooms.you')})`) : null);
        if (!isMe(m) && !closed) {
          const b = h('button', { type: 'button', 'data-testid': 'challenge-member' }, t('rooms.challenge'));
          b.addEventListener('click', () => {
            to.value = m.id;
            form.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
            to.focus();
          });
          li.append(b);
        }
        return li;
      }),
    );
    // The "to" choices follow the members; keep the one picked while it is still here.
    const keep = to.value;
    to.replaceChildren(
      h('option', { value: '' }, t('rooms.challenge.anyone')),
      ...members.filter((m) => !isMe(m)).map((m) => h('option', { value: m.id }, m.name)),
    );
    to.value = members.some((m) => m.id === keep && !isMe(m)) ? keep : '';
  }

  function act(label: string, testid: string, primary: boolean, send: () => Promise<{ ok: boolean; code?: string; message?: string }>): HTMLElement {
    const b = h(`button${primary ? '.primary' : ''}`, { type: 'button', 'data-testid': testid }, label);
    b.addEventListener('click', async () => {
      b.setAttribute('disabled', '');
      const r = await send();
      if (!r.ok) {
        app.toast(errorText(r));
        b.removeAttribute('disabled');
      }
    });
    return b;
  }

  function challengeRow(c: RoomChallenge): HTMLElement {
    const mine = isMe(c.from);
    const forMe = c.to === null || isMe(c.to);
    const side = readerSide(c, mine);
    const buttons: HTMLElement[] = [];
    if (!closed) {
      if (mine) buttons.push(act(t('rooms.withdraw'), 'challenge-withdraw', false, () => app.socket.request({ t: 'room-decline', room: id, challenge: c.id })));
      else if (forMe) {
        buttons.push(act(t('rooms.accept'), 'challenge-accept', true, () => app.socket.request({ t: 'room-accept', room: id, challenge: c.id })));
        if (c.to !== null)
          buttons.push(act(t('rooms.decline'), 'challenge-decline', false, () => app.socket.request({ t: 'room-decline', room: id, challenge: c.id })));
      }
    }
    return h(
      'li',
      { 'data-challenge': c.id, class: forMe && !mine ? 'for-me' : '' },
      h('span.who', null, playerEl(c.from), ' → ', c.to ? playerEl(c.to) : h('em', null, t('rooms.challenge.anyone'))),
      h('span.muted', null, [variantName(c.variant), clockSpecName(c.clock), t(c.rated ? 'common.rated' : 'common.casual'), side].filter(Boolean).join(' · ')),
      buttons.length ? h('span.acts', null, buttons) : null,
    );
  }

  function renderChallenges(): void {
    const list = room?.challenges ?? [];
    fill(challengesEl, list.length ? h('ul.list', null, list.map(challengeRow)) : h('p.muted', null, t('rooms.challenges.none')));
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

  function renderGames(): void {
    const list = room?.games ?? [];
    fill(gamesEl, list.length ? h('ul.list.live-list', null, list.map(gameRow)) : h('p.muted', null, t('rooms.games.none')));
  }

  function renderAll(): void {
    titleEl.textContent = room?.name || t('rooms.title');
    renderMembers();
    renderChallenges();
    renderGames();
    submit.disabled = closed;
  }

  function close(text: string): void {
    closed = true;
    statusEl.textContent = text;
    statusEl.hidden = false;
    renderAll();
  }

  const off = app.socket.on((msg: ServerMessage) => {
    switch (msg.t) {
      case 'room':
        if (msg.room.id !== id) return;
        room = msg.room;
        renderAll();
        break;
      case 'room-members':
        if (msg.room !== id || !room) return;
        room = { ...room, members: msg.members };
        renderMembers();
        renderChallenges();
        break;
      case 'room-games':
        if (msg.room !== id || !room) return;
        room = { ...room, games: msg.games };
        renderGames();
        break;
      case 'room-challenges':
        if (msg.room !== id || !room) return;
        room = { ...room, challenges: msg.challenges };
        renderChallenges();
        break;
      case 'room-closed':
        if (msg.room === id) close(t('rooms.closed'));
        break;
      case 'chat':
        if ('room' in msg && msg.room === id) chat.add(msg);
        break;
      case 'chat-log':
        if ('room' in msg && msg.room === id) chat.replace(msg.lines);
        break;
      case 'paired':
        app.navigate(`/game/${msg.game}`);
        break;
      case 'error':
        // A refused room-join has no request id to match: the codes say it is about a room.
        if (msg.id === undefined && (msg.code === 'room.not-found' || msg.code === 'room.full')) close(errorText(msg));
        break;
      case 'welcome':
        terms.setCanRate(canRate());
        renderAll();
        break;
    }
  });

  void api<{ room: RoomView }>('GET', `/api/rooms/${id}`).then((r) => {
    if (!r.ok) {
      if (r.code === 'room.not-found') close(t('rooms.closed'));
      return;
    }
    // The socket's snapshot is newer when it came first.
    if (!room) {
      room = r.room;
      renderAll();
    }
  });
  app.socket.joinRoom(id);

  renderAll();
  // The room's own tournaments, and the way to make one.
  const tournaments = tournamentLists(id);
  void tournaments.load();
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
        h('section.card', null, h('h2', null, t('rooms.challenges')), challengesEl, h('h3', null, t('rooms.challenge.new')), form),
      ),
      h('div', null, h('section.card', null, h('h2', null, t('rooms.games')), gamesEl), chat.el),
    ),
    h(
      'section.card.room-tournaments',
      { 'data-testid': 'room-tournaments' },
      h('h2', null, t('tour.title')),
      tournaments.el,
      h('a.button', { href: `/tournaments?room=${id}` }, t('tour.create')),
    ),
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
