/**
 * Tournaments: the lists (upcoming, running, finished; tournament-lists.ts,
 * also the home page's card) with a form to create one (`/tournaments`),
 * and a tournament's own page (`/tournament/<id>`): the countdown, joining and leaving, the
 * player's current game one click away (an arena's next game opens by
 * itself), the standings updating live, the top games, the cross table of a
 * round-robin, the rules written out, the chat and the final podium.
 */
import type { ServerMessage } from '@youzai/protocol';
import { isVariantKey, startHandCount, VARIANT_KEYS, VARIANTS } from '@youzai/rules';
import type { AppContext, Page } from '../app/context.ts';
import { h, fill } from '../app/h.ts';
import { ChatView } from '../game/chat-view.ts';
import { t, type MessageKey } from '../i18n/index.ts';
import { api } from '../net/api.ts';
import { halfByeOffer, noteTexts, trfUrl } from './tournament-actions.ts';
import { errorText, shareBox, variantLabel } from './widgets.ts';
import './pages.css';

import { crossTableEl, gameRow, pagerOf, podiumPlaces, roundsEl, standingsTable, type TournamentView } from './tournament-tables.ts';
import { KIND_KEY, STATUS_KEY, termsLine, tournamentLists } from './tournament-lists.ts';

/** "1:02:03" or "4:05": what is left before `at`. */
export function countdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return hh > 0 ? `${hh}:${two(mm)}:${two(ss)}` : `${mm}:${two(ss)}`;
}

function createForm(app: AppContext, room: string | undefined): HTMLElement {
  const input = (attrs: Record<string, string | number | boolean>) => h('input', attrs) as HTMLInputElement;
  const name = input({ type: 'text', name: 'name', maxlength: 80, required: true, value: t('tour.default-name'), 'data-testid': 'tour-name' });
  const kind = h(
    'select',
    { name: 'kind', 'data-testid': 'tour-kind' },
    (['arena', 'swiss', 'roundRobin'] as const).map((k) => h('option', { value: k }, t(KIND_KEY[k]))),
  ) as HTMLSelectElement;
  const variant = h(
    'select',
    { name: 'variant', 'data-testid': 'tour-variant' },
    VARIANT_KEYS.map((v) => h('option', { value: v }, variantLabel(v))),
  ) as HTMLSelectElement;
  const minutes = input({ type: 'number', name: 'minutes', min: 1, max: 180, value: 3 });
  const increment = input({ type: 'number', name: 'increment', min: 0, max: 60, value: 2 });
  const startIn = input({ type: 'number', name: 'start-in', min: 0, max: 10_080, step: 'any', value: 5, 'data-testid': 'tour-start-in' });
  const duration = input({ type: 'number', name: 'duration', min: 5, max: 720, value: 30 });
  const rounds = input({ type: 'number', name: 'rounds', min: 1, max: 20, value: 5 });
  const halfByes = input({ type: 'number', name: 'half-byes', min: 0, max: 19, value: 1, 'data-testid': 'tour-half-byes' });
  const roundGap = input({ type: 'number', name: 'round-gap', min: 0, max: 3600, value: 30, 'data-testid': 'tour-round-gap' });
  const rated = input({ type: 'checkbox', name: 'rated' });
  const minRated = input({ type: 'number', name: 'min-rated-games', min: 0, max: 500, value: 0 });
  const priv = input({ type: 'checkbox', name: 'private' });
  const club = input({ type: 'checkbox', name: 'club' });
  const berserk = input({ type: 'checkbox', name: 'berserk', checked: true, 'data-testid': 'tour-berserk' });
  const error = h('p.error', { role: 'alert', hidden: true, 'data-testid': 'tour-create-error' });
  const submit = h('button.primary', { type: 'submit', 'data-testid': 'tour-create' }, t('tour.create')) as HTMLButtonElement;
  const field = (key: MessageKey, el: HTMLElement) => h('label', null, h('span', null, t(key)), el);
  const check = (key: MessageKey, el: HTMLElement) => h('label.check', null, el, h('span', null, t(key)));
  const durationField = field('tour.form.duration', duration);
  const roundsField = field('tour.form.rounds', rounds);
  const halfByesField = field('tour.form.half-byes', halfByes);
  const berserkField = check('tour.form.berserk', berserk);
  const roundGapField = field('tour.form.round-gap', roundGap);
  const minRatedField = field('tour.form.min-rated', minRated);
  const kindNote = h('p.muted', { 'data-testid': 'tour-kind-note' });
  const showKind = () => {
    durationField.hidden = kind.value !== 'arena';
    roundsField.hidden = kind.value !== 'swiss';
    halfByesField.hidden = kind.value !== 'swiss';
    berserkField.hidden = kind.value !== 'arena';
    roundGapField.hidden = kind.value === 'arena';
    minRatedField.hidden = !rated.checked;
    kindNote.textContent = t(kind.value === 'arena' ? 'tour.form.note.arena' : kind.value === 'swiss' ? 'tour.form.note.swiss' : 'tour.form.note.rr');
  };
  kind.addEventListener('change', showKind);
  rated.addEventListener('change', showKind);
  showKind();
  const form = h(
    'form.tour-create',
    { 'data-testid': 'tour-create-form', novalidate: true },
    field('tour.form.name', name),
    field('tour.form.kind', kind),
    kindNote,
    field('tour.form.variant', variant),
    field('tour.form.minutes', minutes),
    field('tour.form.increment', increment),
    field('tour.form.start-in', startIn),
    durationField,
    roundsField,
    halfByesField,
    berserkField,
    roundGapField,
    check('form.rated', rated),
    minRatedField,
    room ? null : check('tour.form.private', priv),
    room ? null : check('tour.form.club', club),
    error,
    h('div.row', null, submit),
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    error.hidden = true;
    submit.disabled = true;
    const r = await api<{ id: string; inviteToken: string | null }>('POST', '/api/tournaments', {
      name: name.value.trim(),
      kind: kind.value,
      variant: variant.value,
      clock: { kind: 'fischer', minutes: Number(minutes.value), increment: Number(increment.value) },
      rated: rated.checked,
      startsAt: Math.round(app.socket.serverNow() + Number(startIn.value) * 60_000),
      ...(kind.value === 'arena' ? { minutes: Number(duration.value), berserk: berserk.checked } : {}),
      ...(kind.value === 'swiss' ? { rounds: Number(rounds.value), halfByes: Number(halfByes.value) } : {}),
      ...(kind.value !== 'arena' ? { roundGapSeconds: Number(roundGap.value) } : {}),
      ...(rated.checked ? { minRatedGames: Number(minRated.value) } : {}),
      ...(room ? { room } : {}),
      private: priv.checked,
      club: club.checked,
    });
    submit.disabled = false;
    if (!r.ok) {
      // A guest is asked to sign up (the generic auth.required text speaks of a lost session).
      error.textContent = r.code === 'auth.required' ? t('tour.create.account') : errorText(r);
      error.hidden = false;
      return;
    }
    app.navigate(`/tournament/${r.id}${r.inviteToken ? `?invite=${r.inviteToken}` : ''}`);
  });
  return form;
}

export function tournamentsPage(app: AppContext): Page {
  const room = new URLSearchParams(location.search).get('room') ?? undefined;
  const lists = tournamentLists(room);
  void lists.load();
  return {
    el: h(
      'div.page.tournaments-page',
      null,
      h('h1', null, t('tour.title')),
      h('section.card', null, lists.el),
      // Guests see the form too, with a word that an account is needed (the server says so again if they try).
      h('section.card', null, h('h2', null, t('tour.create')), app.me?.guest ? h('p.muted', null, t('tour.create.account')) : null, createForm(app, room)),
    ),
    title: t('tour.title'),
  };
}

function rulesText(v: TournamentView): HTMLElement {
  const s = v.tournament;
  const items: string[] = [];
  if (s.kind === 'arena') {
    items.push(
      t('tour.rules.arena.pairing'),
      t('tour.rules.arena.points'),
      t('tour.rules.arena.streak'),
      t('tour.rules.arena.draw'),
      s.terms.berserk ? t('tour.rules.arena.berserk') : t('tour.rules.arena.no-berserk'),
      t('tour.rules.arena.pause'),
    );
    // A placement game's moves (the draw and berserk thresholds) count from its first move after placing.
    if (isVariantKey(s.variant) && startHandCount(VARIANTS[s.variant]) > 0) items.push(t('tour.rules.arena.placement'));
  } else if (s.kind === 'swiss') {
    items.push(
      t('tour.rules.swiss.pairing', { n: s.rounds }),
      t('tour.rules.swiss.points'),
      t('tour.rules.swiss.bye'),
      s.terms.lateJoinUntilRound > 1 ? t('tour.rules.swiss.late', { n: s.terms.lateJoinUntilRound }) : t('tour.rules.swiss.no-late'),
      ...((s.terms.halfByes ?? 0) > 0 ? [t('tour.rules.swiss.half-byes', { n: s.terms.halfByes ?? 0 })] : []),
      t('tour.rules.swiss.relax'),
      t('tour.rules.swiss.ties'),
    );
  } else {
    items.push(t('tour.rules.rr.pairing'), t('tour.rules.rr.points'), t('tour.rules.rr.join'), t('tour.rules.rr.ties'));
  }
  items.push(t('tour.rules.away', { minutes: Math.round(s.terms.withdrawAfterMs / 60_000) }));
  if (s.rated) items.push(t('tour.rules.rated', { n: s.terms.minRatedGames }));
  else items.push(t('tour.rules.casual'));
  return h(
    'section.card.tour-rules',
    { 'data-testid': 'tour-rules' },
    h('h2', null, t('tour.rules')),
    h(
      'ul',
      null,
      items.map((i) => h('li', null, i)),
    ),
  );
}

export function tournamentPage(app: AppContext, params: Record<string, string>): Page {
  const id = params.id!;
  // A private tournament's link token (letters and digits; anything else is no token).
  const invite = /^[A-Za-z0-9]{1,64}$/.exec(new URLSearchParams(location.search).get('invite') ?? '')?.[0] ?? null;
  let view: TournamentView | null = null;
  /** The page of the standings shown (50 rows a page; the reader's own rows come with any page). */
  let standingsPage = 1;
  let destroyed = false;
  let lastLoad = 0;
  let pending: ReturnType<typeof setTimeout> | null = null;

  const titleEl = h('h1', { 'data-testid': 'tour-title' }, t('tour.title'));
  const termsEl = h('p.muted', { 'data-testid': 'tour-terms' });
  const clockEl = h('p.tour-clock', { 'data-testid': 'tour-countdown', 'aria-live': 'off' });
  const actionsEl = h('div.row.tour-actions');
  const meEl = h('p', { 'data-testid': 'tour-me' });
  const notesEl = h('div.tour-notes', { 'data-testid': 'tour-notes', role: 'status' });
  const trfEl = h('p.muted');
  const podiumEl = h('section.card.podium', { 'data-testid': 'tour-podium', hidden: true });
  const standingsEl = h('div', null, h('p.muted', null, t('common.loading')));
  const crossEl = h('div');
  const roundsBox = h('div');
  const gamesEl = h('div', { 'data-testid': 'tour-games' });
  const rulesEl = h('div');
  const shareEl = h('div');
  const errorEl = h('p.error', { role: 'alert', hidden: true, 'data-testid': 'tour-error' });
  const chat = new ChatView(t('chat.title'), (text) => app.socket.request({ t: 'tour-chat', tournament: id, text, ...(invite ? { invite } : {}) }));

  function button(
    key: MessageKey,
    testid: string,
    run: () => Promise<{ ok: boolean; code?: string; message?: string }>,
    primary = false,
    params?: Record<string, number>,
  ): HTMLElement {
    const b = h(`button${primary ? '.primary' : ''}`, { type: 'button', 'data-testid': testid }, t(key, params)) as HTMLButtonElement;
    b.addEventListener('click', async () => {
      b.disabled = true;
      errorEl.hidden = true;
      const r = await run();
      b.disabled = false;
      if (!r.ok) {
        errorEl.textContent = errorText(r);
        errorEl.hidden = false;
      }
      await load();
    });
    return b;
  }

  function renderClock(): void {
    if (!view) return;
    const s = view.tournament;
    const now = app.socket.serverNow();
    if (s.status === 'upcoming') clockEl.textContent = t('tour.starts-in', { time: countdown(s.startsAt - now) });
    else if (s.status === 'running' && s.kind === 'arena' && s.endsAt) clockEl.textContent = t('tour.ends-in', { time: countdown(s.endsAt - now) });
    else if (s.status === 'running') clockEl.textContent = t('tour.round', { n: s.round, of: s.rounds });
    else clockEl.textContent = t(STATUS_KEY[s.status]);
  }

  function render(): void {
    if (!view) return;
    const v = view;
    const s = v.tournament;
    titleEl.textContent = s.name;
    termsEl.textContent = `${termsLine(s)} · ${t(STATUS_KEY[s.status])} · ${t('tour.players', { n: s.players ?? 0 })}`;
    renderClock();
    const over = s.status === 'finished' || s.status === 'cancelled';
    const me = v.me;
    const acts: HTMLElement[] = [];
    // Too late for a newcomer: a round-robin once started, a Swiss once its last round open to late players is paired.
    const closed = s.status === 'running' && (s.kind === 'roundRobin' || (s.kind === 'swiss' && s.round >= s.terms.lateJoinUntilRound));
    if (!over && ((!me?.entered && !closed) || (me?.entered && !me.active))) {
      acts.push(button('tour.join', 'tour-join', () => api('POST', `/api/tournaments/${id}/join`, invite ? { invite } : {}), true));
    }
    if (!over && me?.entered && me.active) {
      acts.push(button(s.kind === 'arena' ? 'tour.pause' : 'tour.withdraw', 'tour-withdraw', () => api('POST', `/api/tournaments/${id}/withdraw`, {})));
    }
    // A Swiss player may ask to sit out the next round for ½ point (not the last round, up to the tournament's number).
    const bye = halfByeOffer(v);
    if (bye) {
      acts.push(button('tour.half-bye', 'tour-half-bye', () => api('POST', `/api/tournaments/${id}/bye`, { round: bye.round }), false, { n: bye.round }));
    }
    if (!over && !me?.entered && closed) acts.push(h('span.muted', { 'data-testid': 'tour-closed' }, t('tour.closed')));
    else if (!over && s.kind === 'swiss' && s.status === 'running' && !me?.entered) {
      acts.push(h('span.muted', null, t('tour.late-until', { n: s.terms.lateJoinUntilRound })));
    }
    fill(actionsEl, acts);
    fill(
      meEl,
      me?.playing
        ? h('a.button.primary', { href: `/game/${me.playing}`, 'data-testid': 'tour-my-game' }, t('tour.my-game'))
        : me?.entered && me.active && s.status === 'running'
          ? t('tour.waiting')
          : null,
      me?.rank ? h('span.muted', null, ` ${t('tour.my-rank', { n: me.rank })}`) : null,
      me?.halfByes.length ? h('span.muted', { 'data-testid': 'tour-my-byes' }, ` ${t('tour.half-bye.asked', { rounds: me.halfByes.join(', ') })}`) : null,
    );
    // What the director did beyond the rules' plain course (a rule relaxed, an early end), and why.
    fill(
      notesEl,
      noteTexts(v).map((n) => h('p.notice', { 'data-testid': 'tour-note' }, t(n.key, n.params))),
    );
    const trf = trfUrl(v, invite);
    fill(trfEl, trf ? h('a', { href: trf, download: '', 'data-testid': 'tour-trf' }, t('tour.trf')) : null);
    podiumEl.hidden = v.podium.length === 0;
    fill(
      podiumEl,
      h('h2', null, t('tour.podium')),
      h(
        'ol.podium-list',
        null,
        // Each item numbered with its place: tied players share one.
        podiumPlaces(v.podium).map((p) => h(`li.place-${p.place}`, { value: String(p.place) }, h('span.medal', null, p.medal), ` ${p.name} · ${p.points}`)),
      ),
    );
    const pager = pagerOf(v.standingsPage);
    const turn = (to: number | null, key: MessageKey, testid: string) =>
      h('button', { type: 'button', 'data-testid': testid, disabled: to === null, onclick: () => to !== null && void turnTo(to) }, t(key));
    fill(
      standingsEl,
      v.standings.length ? standingsTable(v, app.me?.id ?? null) : h('p.muted', null, t('tour.no-players')),
      pager.shown
        ? h(
            'div.row.tour-pager',
            { 'data-testid': 'tour-pager' },
            turn(pager.prev, 'tour.page-prev', 'tour-page-prev'),
            h('span.muted', null, t('tour.page', { n: v.standingsPage.page, of: v.standingsPage.pages })),
            turn(pager.next, 'tour.page-next', 'tour-page-next'),
          )
        : null,
    );
    fill(crossEl, crossTableEl(v));
    fill(roundsBox, roundsEl(v));
    fill(
      gamesEl,
      h('h2', null, t('tour.top-games')),
      v.playing.length ? h('ul.list', null, v.playing.slice(0, 6).map(gameRow)) : h('p.muted', null, t('tour.no-games')),
      v.recent.length ? [h('h3', null, t('tour.recent')), h('ul.list', null, v.recent.map(gameRow))] : null,
    );
    fill(rulesEl, rulesText(v));
    fill(shareEl, v.inviteToken ? shareBox(app, `${location.origin}/tournament/${id}?invite=${v.inviteToken}`, t('tour.share'), 'tour-share') : null);
  }

  async function load(): Promise<void> {
    lastLoad = Date.now();
    const q = new URLSearchParams();
    if (invite) q.set('invite', invite);
    if (standingsPage > 1) q.set('page', String(standingsPage));
    const r = await api<TournamentView>('GET', `/api/tournaments/${id}${q.size ? `?${q}` : ''}`);
    if (destroyed) return;
    if (!r.ok) {
      errorEl.textContent = errorText(r);
      errorEl.hidden = false;
      fill(standingsEl);
      return;
    }
    view = r;
    render();
  }

  async function turnTo(page: number): Promise<void> {
    standingsPage = page;
    await load();
  }

  /** At most one read a second, however many changes are announced. */
  function changed(): void {
    if (pending) return;
    const wait = Math.max(0, 1000 - (Date.now() - lastLoad));
    pending = setTimeout(() => {
      pending = null;
      void load();
    }, wait);
  }

  const off = app.socket.on((msg: ServerMessage) => {
    switch (msg.t) {
      case 'tournament':
        if (msg.tournament === id) changed();
        break;
      case 'chat':
        if ('room' in msg && msg.room === `tour-${id}`) chat.add(msg);
        break;
      case 'chat-log':
        if ('room' in msg && msg.room === `tour-${id}`) chat.replace(msg.lines);
        break;
      case 'paired':
        if (msg.via === 'tournament') app.navigate(`/game/${msg.game}`);
        break;
    }
  });
  app.socket.watchTournament(id, true, invite);
  const tick = setInterval(renderClock, 1000);
  // A safety net for a missed announcement (a reconnect in between).
  const slow = setInterval(() => void load(), 15_000);
  void load();

  return {
    el: h(
      'div.page.tournament-page',
      { 'data-testid': 'tournament-page' },
      h('div.tour-head', null, titleEl, termsEl, clockEl, actionsEl, meEl, notesEl, errorEl, shareEl, trfEl),
      podiumEl,
      h(
        'div.tour-body',
        null,
        h('section.card.tour-standings', null, h('h2', null, t('tour.standings')), standingsEl),
        h('div.tour-side', null, h('section.card', null, gamesEl), chat.el),
      ),
      crossEl,
      roundsBox,
      rulesEl,
    ),
    title: t('tour.title'),
    destroy() {
      destroyed = true;
      off();
      app.socket.watchTournament(id, false);
      clearInterval(tick);
      clearInterval(slow);
      if (pending) clearTimeout(pending);
    },
  };
}
