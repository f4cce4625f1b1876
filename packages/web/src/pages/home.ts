/**
 * Home and lobby: live counters, the open seeks, quick pairing per pool,
 * creating a game (a seek, a friend's invitation, the computer), a few live
 * games and the puzzle of the day. Seeks and counters come from the socket
 * (`lobby` snapshot, then `seeks` and `counters`); pool counts from the
 * snapshot and GET /api/lobby. The lobby's state and its updates are
 * home-model.ts; this file renders it and forwards events.
 */
import type { LobbyCounters, PoolId, PoolInfo, Seek, ServerMessage } from '@youzai/protocol';
import type { AppContext, Page } from '../app/context.ts';
import { h, fill } from '../app/h.ts';
import { clockSpecName, variantName } from '../app/names.ts';
import { t, type MessageKey } from '../i18n/index.ts';
import { api } from '../net/api.ts';
import { computerBody, DEFAULT_INPUT, DEFAULT_LEVEL, inviteBody, LEVELS, seekRequest, termsError, type GameTerms, type TermsInput } from './game-terms.ts';
import { dailyPuzzleCard } from './daily-puzzle.ts';
import { tournamentsCard } from './tournament-lists.ts';
import {
  chooseMode,
  formSubmitted,
  httpSnapshot,
  initialHomeState,
  lobbyLeft,
  lobbyMessage,
  MODES,
  poolFetchStarted,
  poolJoined,
  poolLeft,
  poolsByVariant,
  pairingFollowed,
  poolsFetched,
  reopened,
  socketState,
  type HomeState,
  type Mode,
} from './home-model.ts';
import type { SeekBook } from './seek-book.ts';
import { TermsFields } from './terms-form.ts';
import { errorText, every, fetchLiveGames, liveGameList, playerEl, ratingEl, readerSide } from './widgets.ts';
import './pages.css';
import { followingPanel, myGamesPanel } from '../social/panels.ts';

const MODE_LABEL: Record<Mode, MessageKey> = { seek: 'home.create.seek', friend: 'home.create.friend', computer: 'home.create.computer' };
const SUBMIT_LABEL: Record<Mode, MessageKey> = { seek: 'form.submit.seek', friend: 'form.submit.friend', computer: 'form.submit.computer' };
const LIVE_ON_HOME = 5;

// Kept across re-renders of the page (a language switch rebuilds it): the lobby as left, for its form and the pool we wait in.
let kept: HomeState | null = null;

function poolName(p: Pick<PoolInfo, 'variant' | 'clock'>): string {
  return `${variantName(p.variant)} ${clockSpecName(p.clock)}`;
}

export function homePage(app: AppContext): Page {
  let s: HomeState = kept ? reopened(kept) : initialHomeState(DEFAULT_INPUT, DEFAULT_LEVEL);
  /** The state each part was last drawn from. */
  let shown: HomeState | null = null;
  let poolTimer: ReturnType<typeof setTimeout> | null = null;
  let destroyed = false;
  const daily = dailyPuzzleCard();
  const tournaments = tournamentsCard();
  const myGames = myGamesPanel(app);
  const following = followingPanel(app);
  const live = liveGamesCard();

  const countersEl = h('p.counters', { 'data-testid': 'counters', 'aria-live': 'polite' });
  const canRate = () => app.me !== null && !app.me.guest;
  const seeks = seeksCard(app);
  const quick = quickCard(app, canRate, {
    joined: (pool) => update(pool === null ? s : poolJoined(s, pool), true),
    left: () => update(poolLeft(s), true),
  });
  const create = createCard(app, s, canRate(), {
    mode: () => s.mode,
    choose: (m) => update(chooseMode(s, m)),
    submitted: (input, level) => update(formSubmitted(s, input, level)),
  });

  // --- counters, seeks, pools ---

  function renderCounters(): void {
    const { counters } = s;
    fill(countersEl, counters ? `${t('home.online', { n: counters.online })} · ${t('home.seeking', { n: counters.seeking })}` : '\u00a0');
  }

  /** Fetches the pool counts when the model asks, at the time it gives. */
  function fetchPoolsWhenDue(): void {
    if (!s.poolFetch || s.poolFetch.started || poolTimer) return;
    poolTimer = setTimeout(
      async () => {
        update(poolFetchStarted(s, Date.now()));
        const r = await api<{ pools: PoolInfo[] }>('GET', '/api/lobby');
        poolTimer = null;
        if (!destroyed) update(poolsFetched(s, r.ok ? r.pools : null));
      },
      Math.max(0, s.poolFetch.at - Date.now()),
    );
  }

  /**
   * Takes the model's next state and draws the parts whose state changed (the pools also when `pools`
   * asks: who may rate changes with the socket's welcome); carries out the pool fetch and the pairing it asks for.
   */
  function update(next: HomeState, pools = false): void {
    s = next;
    kept = s;
    fetchPoolsWhenDue();
    if (s.seeks !== shown?.seeks) seeks.render(s.seeks);
    if (s.counters !== shown?.counters) renderCounters();
    if (pools || s.pools !== shown?.pools || s.myPool !== shown?.myPool) quick.render(s);
    if (s.mode !== shown?.mode) create.showMode(s.mode);
    shown = s;
    const game = s.paired;
    if (game) {
      s = pairingFollowed(s);
      app.navigate(`/game/${game}`);
    }
  }

  // --- the ways to play, first on a phone (issue 33, item 8.1: "Chơi với máy" was ~1,200 px down) ---
  const actions = playActions({
    quick: () => quick.reveal(),
    mode: (m) => {
      update(chooseMode(s, m));
      create.reveal(m);
    },
  });
  const el = h(
    'div.page.home-page',
    { 'data-testid': 'home' },
    h('div.home-head', null, h('h1', null, t('app.tagline')), countersEl),
    h(
      'div.home-grid',
      null,
      h('div.home-main', null, actions, quick.el, create.el),
      h('div.home-side', null, myGames.el, following.el, seeks.el, tournaments.el, live.el, puzzleOfDayCard(daily.el), learnCard()),
    ),
  );

  const off = app.socket.on((msg: ServerMessage) => {
    if (msg.t === 'welcome') {
      // We now know who we are: own seeks, rated boxes.
      create.setCanRate(canRate());
      seeks.render(s.seeks);
      quick.render(s);
    } else update(lobbyMessage(s, msg, Date.now()));
  });
  const offState = app.socket.onState((state) => update(socketState(s, state)));
  update(s);
  app.socket.watchLobby(true);
  // Shown before the socket is up; the socket's snapshot replaces it.
  void api<{ seeks: Seek[]; counters: LobbyCounters; pools: PoolInfo[] }>('GET', '/api/lobby').then((r) => {
    if (!destroyed && r.ok) update(httpSnapshot(s, r));
  });

  return {
    el,
    title: t('nav.home'),
    destroy() {
      destroyed = true;
      for (const part of [daily, tournaments, myGames, following, live]) part.destroy();
      off();
      offState();
      if (poolTimer) clearTimeout(poolTimer);
      app.socket.watchLobby(false);
      // A re-render of this same page (language switch) keeps what waits here.
      if (location.pathname !== '/') {
        const left = lobbyLeft(s, app.me?.id ?? null);
        if (left.pool) void app.socket.request({ t: 'pool-leave' });
        for (const id of left.seeks) void app.socket.request({ t: 'seek-cancel', seek: id });
        kept = left.state;
      }
    },
  };
}

/** The open seeks: one's own to cancel, the others' to accept. */
function seeksCard(app: AppContext): { readonly el: HTMLElement; render(seeks: SeekBook): void } {
  const holder = h('div.seeks-holder');
  const clicked = async (seek: Seek, mine: boolean, button: HTMLElement): Promise<void> => {
    button.setAttribute('disabled', '');
    const r = await app.socket.request({ t: mine ? 'seek-cancel' : 'seek-accept', seek: seek.id });
    if (!r.ok) {
      app.toast(errorText(r));
      button.removeAttribute('disabled');
    }
  };
  return {
    el: h('section.card.seeks', { 'aria-labelledby': 'seeks-h' }, h('h2#seeks-h', null, t('home.seeks')), holder),
    render(seeks) {
      const list = seeks.list();
      if (list.length === 0) fill(holder, h('p.muted', { 'data-testid': 'seeks-empty' }, t('home.seeks.empty')));
      else fill(holder, seekTable(list, app.me?.id ?? null, clicked));
    },
  };
}

/**
 * Quick pairing: a button per pool, grouped by game, the pool we wait in and a way out, and whether
 * to play rated (for players with an account). `joined` (null: refused, the pools are drawn again) and `left`
 * take what the server answered.
 */
function quickCard(
  app: AppContext,
  canRate: () => boolean,
  on: { joined(pool: string | null): void; left(): void },
): { readonly el: HTMLElement; render(s: HomeState): void; reveal(): void } {
  const poolsEl = h('div.pools', { 'data-testid': 'pools' });
  const waitingEl = h('div.waiting', { 'data-testid': 'pool-waiting', 'aria-live': 'polite', hidden: true });
  const rated = h('input', { type: 'checkbox', name: 'pool-rated', checked: true, 'data-testid': 'pool-rated' }) as HTMLInputElement;
  const ratedLabel = h('label.check', null, rated, h('span', null, t('form.rated')));
  const el = h('section.card.quick', { 'aria-labelledby': 'quick-h' }, h('h2#quick-h', null, t('home.quick')), waitingEl, poolsEl, ratedLabel);

  const join = async (pool: string): Promise<void> => {
    const r = await app.socket.request({ t: 'pool-join', pool: pool as PoolId, ...(canRate() ? { rated: rated.checked } : {}) });
    if (!r.ok) app.toast(errorText(r));
    on.joined(r.ok ? pool : null);
  };
  const leave = async (): Promise<void> => {
    const r = await app.socket.request({ t: 'pool-leave' });
    if (!r.ok && r.code !== 'pool.not-in') app.toast(errorText(r));
    on.left();
  };
  return {
    el,
    render({ pools, myPool }) {
      fill(
        poolsEl,
        pools.length === 0 ? h('p.muted', null, t('common.loading')) : null,
        poolGroups(pools, myPool, (p, waiting) => void (waiting ? leave() : join(p.id))),
      );
      waitingEl.hidden = myPool === null;
      fill(waitingEl, myPool === null ? null : waitingLine(pools, myPool, () => void leave()));
      ratedLabel.hidden = !canRate();
    },
    reveal() {
      el.scrollIntoView({ block: 'start' });
      poolsEl.querySelector<HTMLButtonElement>('button.pool')?.focus({ preventScroll: true });
    },
  };
}

interface CreateCard {
  readonly el: HTMLElement;
  /** Marks the mode's button and offers what the mode takes: rated and days for a seek or an invitation, a level for the computer. */
  showMode(mode: Mode): void;
  setCanRate(can: boolean): void;
  /** Scrolls to the card and focuses the mode's button (the play actions' way in). */
  reveal(mode: Mode): void;
}

/** The card that creates a game: a seek, a friend's invitation or the computer, with the form as `start` left it. */
function createCard(
  app: AppContext,
  start: HomeState,
  canRate: boolean,
  on: { mode(): Mode; choose(mode: Mode): void; submitted(input: TermsInput, level: number): void },
): CreateCard {
  // Days per move are offered for seeks and invitations (not against the computer, which answers at once).
  const terms = new TermsFields(start.input, true);
  terms.setCanRate(canRate);
  const level = h(
    'select',
    { name: 'level' },
    LEVELS.map((n) => h('option', { value: n }, t('form.level.option', { n }))),
  ) as HTMLSelectElement;
  level.value = String(start.level);
  const levelLabel = h('label.level', null, h('span', null, t('form.level')), level);
  const formError = h('p.error', { role: 'alert', 'data-testid': 'create-error', hidden: true });
  const submit = h('button.primary', { type: 'submit', 'data-testid': 'create-submit' }) as HTMLButtonElement;
  const form = h('form.create-form', { 'data-testid': 'create-form', novalidate: true }, terms.el, levelLabel, formError, h('div.row', null, submit));
  const modeButtons = MODES.map((m) => {
    const b = h('button', { type: 'button', 'data-testid': `mode-${m}`, 'data-mode': m }, t(MODE_LABEL[m]));
    b.addEventListener('click', () => on.choose(m));
    return b;
  });
  const showError = (text: string) => {
    formError.textContent = text;
    formError.hidden = false;
  };

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    formError.hidden = true;
    const chosenLevel = Number(level.value) || DEFAULT_LEVEL;
    on.submitted(terms.values(), chosenLevel);
    const r = terms.read();
    if (!r.ok) return showError(termsError(r));
    submit.disabled = true;
    try {
      const error = await createGame(app, on.mode(), r.value, chosenLevel);
      if (error !== null) showError(error);
    } finally {
      submit.disabled = false;
    }
  });

  const el = h(
    'section.card.create',
    { 'aria-labelledby': 'create-h' },
    h('h2#create-h', null, t('home.create')),
    h('div.tabs.modes', { role: 'group' }, modeButtons),
    form,
  );
  return {
    el,
    showMode(mode) {
      for (const b of modeButtons) {
        const on = b.dataset.mode === mode;
        b.classList.toggle('active', on);
        b.setAttribute('aria-pressed', String(on));
      }
      terms.setRatedOffered(mode !== 'computer');
      terms.setCorrespondenceOffered(mode !== 'computer');
      levelLabel.hidden = mode !== 'computer';
      submit.textContent = t(SUBMIT_LABEL[mode]);
      formError.hidden = true;
    },
    setCanRate: (can) => terms.setCanRate(can),
    reveal(mode) {
      el.scrollIntoView({ block: 'start' });
      modeButtons.find((b) => b.dataset.mode === mode)?.focus({ preventScroll: true });
    },
  };
}

/** Creates what the form asks for: a seek (posted; the lobby shows it), or a game with a friend or the computer (opened). The error's text, or null. */
async function createGame(app: AppContext, mode: Mode, terms: GameTerms, level: number): Promise<string | null> {
  if (mode === 'seek') {
    const a = await app.socket.request(seekRequest(terms));
    if (!a.ok) return errorText(a);
    app.toast(t('home.seek.posted'));
    return null;
  }
  const body = mode === 'friend' ? inviteBody(terms) : computerBody(terms, level);
  const res = await api<{ id: string; url: string; invite: string | null }>('POST', '/api/games', body);
  if (!res.ok) return errorText(res);
  if (res.invite) {
    try {
      sessionStorage.setItem(`yz-invite-${res.id}`, res.invite);
    } catch {
      // Storage refused (private mode): the game page then has no share box, the link still works.
    }
  }
  app.navigate(`/game/${res.id}`);
  return null;
}

/** The quick way to each kind of game: the pools, the computer, a friend. */
function playActions(go: { quick(): void; mode(mode: Mode): void }): HTMLElement {
  const action = (testid: string, label: MessageKey, run: () => void) => {
    const b = h('button', { type: 'button', 'data-testid': testid }, t(label));
    b.addEventListener('click', run);
    return b;
  };
  return h(
    'nav.play-actions',
    { 'aria-label': t('home.play'), 'data-testid': 'play-actions' },
    action('play-quick', 'home.quick', go.quick),
    action('play-computer', 'home.create.computer', () => go.mode('computer')),
    action('play-friend', 'home.create.friend', () => go.mode('friend')),
  );
}

/** The pool we wait in, with a button to leave it. */
function waitingLine(pools: readonly PoolInfo[], myPool: string, leave: () => void): HTMLElement[] {
  const waiting = pools.find((p) => p.id === myPool);
  const button = h('button', { type: 'button', 'data-testid': 'pool-leave' }, t('home.quick.leave'));
  button.addEventListener('click', leave);
  return [h('span.spinner', { 'aria-hidden': 'true' }), h('span', null, t('home.quick.waiting', { pool: waiting ? poolName(waiting) : myPool })), button];
}

/** A few live games, read again every 15 s while the page is visible. */
function liveGamesCard(): { el: HTMLElement; destroy(): void } {
  const liveEl = h('div', null, h('p.muted', null, t('common.loading')));
  let destroyed = false;
  const stop = every(
    15_000,
    () =>
      void fetchLiveGames().then((games) => {
        if (destroyed) return;
        if (!games) return fill(liveEl, h('p.error', null, t('err.net.offline')));
        fill(
          liveEl,
          liveGameList(games.slice(0, LIVE_ON_HOME), 'home-live'),
          games.length > 0 ? h('p', null, h('a', { href: '/live' }, t('home.live.all'))) : null,
        );
      }),
  );
  return {
    el: h('section.card.live', { 'aria-labelledby': 'live-h' }, h('h2#live-h', null, t('home.live')), liveEl),
    destroy() {
      destroyed = true;
      stop();
    },
  };
}

function puzzleOfDayCard(board: HTMLElement): HTMLElement {
  return h(
    'section.card.puzzle-day',
    { 'aria-labelledby': 'puzzle-h' },
    h('h2#puzzle-h', null, t('home.puzzleOfDay')),
    h('p', null, t('home.puzzle.text')),
    board,
    h('a.button', { href: '/puzzles', 'data-testid': 'puzzle-link' }, t('home.puzzle.go')),
  );
}

function learnCard(): HTMLElement {
  return h(
    'section.card.learn-card',
    { 'aria-labelledby': 'learn-h' },
    h('h2#learn-h', null, t('learn.title')),
    h('p', null, t('home.learn.text')),
    h('a.button', { href: '/learn', 'data-testid': 'learn-link' }, t('nav.learn')),
  );
}

/** The open seeks as a table; `clicked` takes a row's button (cancel one's own, accept another's). */
function seekTable(list: readonly Seek[], meId: string | null, clicked: (seek: Seek, mine: boolean, button: HTMLElement) => void): HTMLElement {
  const row = (seek: Seek): HTMLElement => {
    const mine = meId !== null && seek.user.id === meId;
    const button = mine
      ? h('button', { type: 'button', 'data-testid': 'seek-cancel' }, t('home.seeks.yours'))
      : h('button.primary', { type: 'button', 'data-testid': 'seek-accept' }, t('home.seeks.accept'));
    button.addEventListener('click', () => clicked(seek, mine, button));
    const side = readerSide(seek, mine);
    return h(
      'tr',
      { 'data-seek': seek.id, class: mine ? 'mine' : '' },
      h('td.who', { 'data-label': t('home.seeks.player') }, playerEl(seek.user)),
      h('td.num', { 'data-label': t('home.seeks.rating') }, ratingEl(seek.rating)),
      h('td', { 'data-label': t('home.seeks.game') }, variantName(seek.variant)),
      h('td', { 'data-label': t('home.seeks.time') }, clockSpecName(seek.clock)),
      h(
        'td',
        { 'data-label': t('home.seeks.mode') },
        t(seek.rated ? 'common.rated' : 'common.casual'),
        side ? h('span.muted.seek-side', null, ` · ${side}`) : null,
      ),
      h('td.act', null, button),
    );
  };
  return h(
    'table.seek-table',
    { 'data-testid': 'seeks' },
    h(
      'thead',
      null,
      h(
        'tr',
        null,
        ...(['home.seeks.player', 'home.seeks.rating', 'home.seeks.game', 'home.seeks.time', 'home.seeks.mode'] as const).map((k) =>
          h('th', { scope: 'col' }, t(k)),
        ),
        h('th', null),
      ),
    ),
    h('tbody', null, list.map(row)),
  );
}

/** The pools' buttons by game; the one we wait in is pressed, and `clicked` says whether it was. */
function poolGroups(pools: readonly PoolInfo[], myPool: string | null, clicked: (p: PoolInfo, on: boolean) => void): HTMLElement[] {
  return poolsByVariant(pools).map(([variant, list]) =>
    h(
      'div.pool-group',
      null,
      h('h3', null, variantName(list[0]!.variant)),
      h(
        'div.pool-buttons',
        null,
        list.map((p) => {
          const on = myPool === p.id;
          const b = h(
            `button.pool${on ? '.primary' : ''}`,
            { type: 'button', 'data-testid': `pool-${p.id}`, 'data-variant': variant, 'aria-pressed': String(on), title: poolName(p) },
            h('strong', null, clockSpecName(p.clock)),
            h('small', null, t('home.quick.count', { n: p.waiting })),
          );
          b.addEventListener('click', () => clicked(p, on));
          return b;
        }),
      ),
    ),
  );
}
