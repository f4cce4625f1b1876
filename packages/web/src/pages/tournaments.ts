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
import { noteTexts, offers, trfUrl, type Offer } from './tournament-actions.ts';
import { errorText, shareBox, variantLabel } from './widgets.ts';
import './pages.css';

import { crossTableEl, gameRow, pagerOf, podiumPlaces, roundsEl, standingsTable, type TournamentView } from './tournament-tables.ts';
import { KIND_KEY, STATUS_KEY, termsLine, tournamentLists } from './tournament-lists.ts';
import {
  clockLine,
  initialTournamentState,
  pageTurned,
  readDelay,
  readStarted,
  tournamentFrame,
  viewPath,
  viewRead,
  type ClockLine,
} from './tournament-model.ts';

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
  let s = initialTournamentState(params.id!, location.search);
  const { id, invite } = s;
  let destroyed = false;
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

  function showError(r: Answer): void {
    errorEl.textContent = errorText(r);
    errorEl.hidden = false;
  }

  /** An action's button: what it asks is sent, a refusal said, and the view read again. */
  function press(b: HTMLButtonElement, run: () => Promise<Answer>): void {
    b.addEventListener('click', async () => {
      b.disabled = true;
      errorEl.hidden = true;
      const r = await run();
      b.disabled = false;
      if (!r.ok) showError(r);
      await load();
    });
  }

  function renderClock(): void {
    if (s.view) clockEl.textContent = clockText(clockLine(s.view, app.socket.serverNow()));
  }

  function render(v: TournamentView): void {
    const tour = v.tournament;
    titleEl.textContent = tour.name;
    termsEl.textContent = `${termsLine(tour)} · ${t(STATUS_KEY[tour.status])} · ${t('tour.players', { n: tour.players ?? 0 })}`;
    renderClock();
    fill(
      actionsEl,
      offers(v).map((o) => offerEl(o, id, invite, press)),
    );
    fill(meEl, ...myLine(v));
    // What the director did beyond the rules' plain course (a rule relaxed, an early end), and why.
    fill(
      notesEl,
      noteTexts(v).map((n) => h('p.notice', { 'data-testid': 'tour-note' }, t(n.key, n.params))),
    );
    const trf = trfUrl(v, invite);
    fill(trfEl, trf ? h('a', { href: trf, download: '', 'data-testid': 'tour-trf' }, t('tour.trf')) : null);
    podiumEl.hidden = v.podium.length === 0;
    fill(podiumEl, ...podiumParts(v));
    fill(standingsEl, ...standingsParts(v, app.me?.id ?? null, (page) => void turnTo(page)));
    fill(crossEl, crossTableEl(v));
    fill(roundsBox, roundsEl(v));
    fill(gamesEl, ...gamesParts(v));
    fill(rulesEl, rulesText(v));
    fill(shareEl, v.inviteToken ? shareBox(app, `${location.origin}/tournament/${id}?invite=${v.inviteToken}`, t('tour.share'), 'tour-share') : null);
  }

  async function load(): Promise<void> {
    s = readStarted(s, Date.now());
    const r = await api<TournamentView>('GET', viewPath(s));
    if (destroyed) return;
    if (!r.ok) {
      showError(r);
      fill(standingsEl);
      return;
    }
    s = viewRead(s, r);
    render(r);
  }

  async function turnTo(page: number): Promise<void> {
    s = pageTurned(s, page);
    await load();
  }

  /** At most one read a second, however many changes are announced. */
  function changed(): void {
    if (pending) return;
    pending = setTimeout(
      () => {
        pending = null;
        void load();
      },
      readDelay(s, Date.now()),
    );
  }

  const off = app.socket.on((msg: ServerMessage) => {
    const frame = tournamentFrame(msg, id);
    if (frame?.kind === 'changed') changed();
    else if (frame?.kind === 'chat') chat.add(frame.line);
    else if (frame?.kind === 'chat-log') chat.replace(frame.lines);
    else if (frame?.kind === 'paired') app.navigate(`/game/${frame.game}`);
  });
  app.socket.watchTournament(id, true, invite);
  const tick = setInterval(renderClock, 1000);
  // A safety net for a missed announcement (a reconnect in between).
  const slow = setInterval(() => void load(), 15_000);
  void load();

  return {
    el: tournamentLayout({
      head: [titleEl, termsEl, clockEl, actionsEl, meEl, notesEl, errorEl, shareEl, trfEl],
      podium: podiumEl,
      standings: standingsEl,
      side: [h('section.card', null, gamesEl), chat.el],
      below: [crossEl, roundsBox, rulesEl],
    }),
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

/** The head, the podium, the standings beside the games and the chat, then the tables and rules below. */
function tournamentLayout(parts: {
  readonly head: readonly HTMLElement[];
  readonly podium: HTMLElement;
  readonly standings: HTMLElement;
  readonly side: readonly HTMLElement[];
  readonly below: readonly HTMLElement[];
}): HTMLElement {
  return h(
    'div.page.tournament-page',
    { 'data-testid': 'tournament-page' },
    h('div.tour-head', null, ...parts.head),
    parts.podium,
    h(
      'div.tour-body',
      null,
      h('section.card.tour-standings', null, h('h2', null, t('tour.standings')), parts.standings),
      h('div.tour-side', null, ...parts.side),
    ),
    ...parts.below,
  );
}

function clockText(c: ClockLine): string {
  switch (c.kind) {
    case 'starts-in':
      return t('tour.starts-in', { time: c.time });
    case 'ends-in':
      return t('tour.ends-in', { time: c.time });
    case 'round':
      return t('tour.round', { n: c.n, of: c.of });
    case 'status':
      return t(STATUS_KEY[c.status]);
  }
}

type Answer = { ok: boolean; code?: string; message?: string };

/** An offer as the actions row shows it: words, or a button whose click `press` wires to the request it sends. */
function offerEl(o: Offer, id: string, invite: string | null, press: (b: HTMLButtonElement, run: () => Promise<Answer>) => void): HTMLElement {
  const button = (key: MessageKey, testid: string, primary: boolean, run: () => Promise<Answer>, params?: Record<string, number>) => {
    const b = h(`button${primary ? '.primary' : ''}`, { type: 'button', 'data-testid': testid }, t(key, params)) as HTMLButtonElement;
    press(b, run);
    return b;
  };
  switch (o.kind) {
    case 'join':
      return button('tour.join', 'tour-join', true, () => api('POST', `/api/tournaments/${id}/join`, invite ? { invite } : {}));
    case 'withdraw':
      return button(o.pause ? 'tour.pause' : 'tour.withdraw', 'tour-withdraw', false, () => api('POST', `/api/tournaments/${id}/withdraw`, {}));
    case 'half-bye':
      // A Swiss player may ask to sit out the next round for ½ point (not the last round, up to the tournament's number).
      return button('tour.half-bye', 'tour-half-bye', false, () => api('POST', `/api/tournaments/${id}/bye`, { round: o.round }), { n: o.round });
    case 'closed':
      return h('span.muted', { 'data-testid': 'tour-closed' }, t('tour.closed'));
    case 'late-until':
      return h('span.muted', null, t('tour.late-until', { n: o.round }));
  }
}

/** The reader's own line: their game one click away (or that they wait for one), their rank, the byes they asked for. */
function myLine(v: TournamentView): (HTMLElement | string | null)[] {
  const me = v.me;
  return [
    me?.playing
      ? h('a.button.primary', { href: `/game/${me.playing}`, 'data-testid': 'tour-my-game' }, t('tour.my-game'))
      : me?.entered && me.active && v.tournament.status === 'running'
        ? t('tour.waiting')
        : null,
    me?.rank ? h('span.muted', null, ` ${t('tour.my-rank', { n: me.rank })}`) : null,
    me?.halfByes.length ? h('span.muted', { 'data-testid': 'tour-my-byes' }, ` ${t('tour.half-bye.asked', { rounds: me.halfByes.join(', ') })}`) : null,
  ];
}

function podiumParts(v: TournamentView): HTMLElement[] {
  return [
    h('h2', null, t('tour.podium')),
    h(
      'ol.podium-list',
      null,
      // Each item numbered with its place: tied players share one.
      podiumPlaces(v.podium).map((p) => h(`li.place-${p.place}`, { value: String(p.place) }, h('span.medal', null, p.medal), ` ${p.name} · ${p.points}`)),
    ),
  ];
}

/** The standings' table, and its pager when they take more than a page (`turnTo` the page asked for). */
function standingsParts(v: TournamentView, meId: string | null, turnTo: (page: number) => void): (HTMLElement | null)[] {
  const pager = pagerOf(v.standingsPage);
  const turn = (to: number | null, key: MessageKey, testid: string) =>
    h('button', { type: 'button', 'data-testid': testid, disabled: to === null, onclick: () => to !== null && turnTo(to) }, t(key));
  return [
    v.standings.length ? standingsTable(v, meId) : h('p.muted', null, t('tour.no-players')),
    pager.shown
      ? h(
          'div.row.tour-pager',
          { 'data-testid': 'tour-pager' },
          turn(pager.prev, 'tour.page-prev', 'tour-page-prev'),
          h('span.muted', null, t('tour.page', { n: v.standingsPage.page, of: v.standingsPage.pages })),
          turn(pager.next, 'tour.page-next', 'tour-page-next'),
        )
      : null,
  ];
}

/** The top games being played, and the recent ones. */
function gamesParts(v: TournamentView): (HTMLElement | HTMLElement[] | null)[] {
  return [
    h('h2', null, t('tour.top-games')),
    v.playing.length ? h('ul.list', null, v.playing.slice(0, 6).map(gameRow)) : h('p.muted', null, t('tour.no-games')),
    v.recent.length ? [h('h3', null, t('tour.recent')), h('ul.list', null, v.recent.map(gameRow))] : null,
  ];
}
