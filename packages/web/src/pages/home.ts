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
import { computerBody, DEFAULT_INPUT, DEFAULT_LEVEL, inviteBody, LEVELS, seekRequest, termsError, type TermsInput } from './game-terms.ts';
import { dailyPuzzleCard } from './daily-puzzle.ts';
import { tournamentsCard } from './tournament-lists.ts';
import {
  chooseMode,
  httpSnapshot,
  initialHomeState,
  lobbyMessage,
  MODES,
  poolFetchStarted,
  poolJoined,
  poolLeft,
  poolsByVariant,
  pairingFollowed,
  poolsFetched,
  socketState,
  type HomeState,
  type Mode,
} from './home-model.ts';
import { TermsFields } from './terms-form.ts';
import { errorText, every, fetchLiveGames, liveGameList, playerEl, ratingEl, readerSide } from './widgets.ts';
import './pages.css';
import { followingPanel, myGamesPanel } from '../social/panels.ts';

const MODE_LABEL: Record<Mode, MessageKey> = { seek: 'home.create.seek', friend: 'home.create.friend', computer: 'home.create.computer' };
const SUBMIT_LABEL: Record<Mode, MessageKey> = { seek: 'form.submit.seek', friend: 'form.submit.friend', computer: 'form.submit.computer' };
const LIVE_ON_HOME = 5;

// Kept across re-renders of the page (a language switch rebuilds it): the form as left, and the pool we wait in.
let lastMode: Mode = 'seek';
let lastInput: TermsInput = DEFAULT_INPUT;
let lastLevel = DEFAULT_LEVEL;
let myPool: string | null = null;

function poolName(p: Pick<PoolInfo, 'variant' | 'clock'>): string {
  return `${variantName(p.variant)} ${clockSpecName(p.clock)}`;
}

export function homePage(app: AppContext): Page {
  let s: HomeState = initialHomeState(lastMode, myPool);
  /** The state each part was last drawn from. */
  let shown: HomeState | null = null;
  let poolTimer: ReturnType<typeof setTimeout> | null = null;
  let destroyed = false;
  const daily = dailyPuzzleCard();
  const tournaments = tournamentsCard();
  const myGames = myGamesPanel(app);
  const following = followingPanel(app);

  const countersEl = h('p.counters', { 'data-testid': 'counters', 'aria-live': 'polite' });
  const seeksEl = h('div.seeks-holder');
  const poolsEl = h('div.pools', { 'data-testid': 'pools' });
  const waitingEl = h('div.waiting', { 'data-testid': 'pool-waiting', 'aria-live': 'polite', hidden: true });
  const liveEl = h('div', null, h('p.muted', null, t('common.loading')));
  const poolRated = h('input', { type: 'checkbox', name: 'pool-rated', checked: true, 'data-testid': 'pool-rated' }) as HTMLInputElement;
  const poolRatedLabel = h('label.check', null, poolRated, h('span', null, t('form.rated')));

  const canRate = () => app.me !== null && !app.me.guest;

  // --- counters, seeks, pools ---

  function renderCounters(): void {
    const { counters } = s;
    fill(countersEl, counters ? `${t('home.online', { n: counters.online })} · ${t('home.seeking', { n: counters.seeking })}` : '\u00a0');
  }

  function renderSeeks(): void {
    const list = s.seeks.list();
    if (list.length === 0) fill(seeksEl, h('p.muted', { 'data-testid': 'seeks-empty' }, t('home.seeks.empty')));
    else fill(seeksEl, seekTable(list, app.me?.id ?? null, seekClicked));
  }

  async function seekClicked(seek: Seek, mine: boolean, button: HTMLElement): Promise<void> {
    button.setAttribute('disabled', '');
    const r = await app.socket.request({ t: mine ? 'seek-cancel' : 'seek-accept', seek: seek.id });
    if (!r.ok) {
      app.toast(errorText(r));
      button.removeAttribute('disabled');
    }
  }

  function renderPools(): void {
    const { pools, myPool } = s;
    fill(
      poolsEl,
      pools.length === 0 ? h('p.muted', null, t('common.loading')) : null,
      poolGroups(pools, myPool, (p, on) => void (on ? leavePool() : joinPool(p.id))),
    );
    const waiting = pools.find((p) => p.id === myPool);
    waitingEl.hidden = myPool === null;
    if (myPool !== null) {
      const leave = h('button', { type: 'button', 'data-testid': 'pool-leave' }, t('home.quick.leave'));
      leave.addEventListener('click', () => void leavePool());
      fill(
        waitingEl,
        h('span.spinner', { 'aria-hidden': 'true' }),
        h('span', null, t('home.quick.waiting', { pool: waiting ? poolName(waiting) : myPool })),
        leave,
      );
    } else fill(waitingEl);
    poolRatedLabel.hidden = !canRate();
  }

  async function joinPool(pool: string): Promise<void> {
    const r = await app.socket.request({ t: 'pool-join', pool: pool as PoolId, ...(canRate() ? { rated: poolRated.checked } : {}) });
    if (!r.ok) app.toast(errorText(r));
    update(r.ok ? poolJoined(s, pool) : s, true);
  }

  async function leavePool(): Promise<void> {
    const r = await app.socket.request({ t: 'pool-leave' });
    if (!r.ok && r.code !== 'pool.not-in') app.toast(errorText(r));
    update(poolLeft(s), true);
  }

  /**
   * Takes the model's next state and draws the parts whose state changed (the pools also when `pools`
   * asks: who may rate changes with the socket's welcome); carries out the pool fetch and the pairing it asks for.
   */
  function update(next: HomeState, pools = false): void {
    s = next;
    myPool = s.myPool;
    lastMode = s.mode;
    if (s.poolFetch && !s.poolFetch.started && !poolTimer) {
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
    if (s.seeks !== shown?.seeks) renderSeeks();
    if (s.counters !== shown?.counters) renderCounters();
    if (pools || s.pools !== shown?.pools || s.myPool !== shown?.myPool) renderPools();
    if (s.mode !== shown?.mode) renderMode();
    shown = s;
    const game = s.paired;
    if (game) {
      s = pairingFollowed(s);
      app.navigate(`/game/${game}`);
    }
  }

  // --- create a game ---

  // Days per move are offered for seeks and invitations (not against the computer, which answers at once).
  const terms = new TermsFields(lastInput, true);
  terms.setCanRate(canRate());
  const level = h(
    'select',
    { name: 'level' },
    LEVELS.map((n) => h('option', { value: n }, t('form.level.option', { n }))),
  ) as HTMLSelectElement;
  level.value = String(lastLevel);
  const levelLabel = h('label.level', null, h('span', null, t('form.level')), level);
  const formError = h('p.error', { role: 'alert', 'data-testid': 'create-error', hidden: true });
  const submit = h('button.primary', { type: 'submit', 'data-testid': 'create-submit' }) as HTMLButtonElement;
  const form = h('form.create-form', { 'data-testid': 'create-form', novalidate: true }, terms.el, levelLabel, formError, h('div.row', null, submit));
  const modeButtons = MODES.map((m) => {
    const b = h('button', { type: 'button', 'data-testid': `mode-${m}`, 'data-mode': m }, t(MODE_LABEL[m]));
    b.addEventListener('click', () => update(chooseMode(s, m)));
    return b;
  });

  function renderMode(): void {
    for (const b of modeButtons) {
      const on = b.dataset.mode === s.mode;
      b.classList.toggle('active', on);
      b.setAttribute('aria-pressed', String(on));
    }
    terms.setRatedOffered(s.mode !== 'computer');
    terms.setCorrespondenceOffered(s.mode !== 'computer');
    levelLabel.hidden = s.mode !== 'computer';
    submit.textContent = t(SUBMIT_LABEL[s.mode]);
    formError.hidden = true;
  }

  function showError(text: string): void {
    formError.textContent = text;
    formError.hidden = false;
  }

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    formError.hidden = true;
    lastInput = terms.values();
    lastLevel = Number(level.value) || DEFAULT_LEVEL;
    const r = terms.read();
    if (!r.ok) {
      showError(termsError(r));
      return;
    }
    submit.disabled = true;
    const mode = s.mode;
    try {
      if (mode === 'seek') {
        const a = await app.socket.request(seekRequest(r.value));
        if (!a.ok) showError(errorText(a));
        else app.toast(t('home.seek.posted'));
        return;
      }
      const body = mode === 'friend' ? inviteBody(r.value) : computerBody(r.value, lastLevel);
      const res = await api<{ id: string; url: string; invite: string | null }>('POST', '/api/games', body);
      if (!res.ok) {
        showError(errorText(res));
        return;
      }
      if (res.invite) {
        try {
          sessionStorage.setItem(`yz-invite-${res.id}`, res.invite);
        } catch {
          // Storage refused (private mode): the game page then has no share box, the link still works.
        }
      }
      app.navigate(`/game/${res.id}`);
    } finally {
      submit.disabled = false;
    }
  });

  // --- live games ---

  const stopLive = every(
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

  // --- the ways to play, first on a phone (issue 33, item 8.1: "Chơi với máy" was ~1,200 px down) ---
  const quickCard = h('section.card.quick', { 'aria-labelledby': 'quick-h' }, h('h2#quick-h', null, t('home.quick')), waitingEl, poolsEl, poolRatedLabel);
  const createCard = h(
    'section.card.create',
    { 'aria-labelledby': 'create-h' },
    h('h2#create-h', null, t('home.create')),
    h('div.tabs.modes', { role: 'group' }, modeButtons),
    form,
  );
  const playAction = (testid: string, label: MessageKey, go: () => void) => {
    const b = h('button', { type: 'button', 'data-testid': testid }, t(label));
    b.addEventListener('click', go);
    return b;
  };
  const openMode = (m: Mode) => () => {
    update(chooseMode(s, m));
    createCard.scrollIntoView({ block: 'start' });
    modeButtons.find((b) => b.dataset.mode === m)?.focus({ preventScroll: true });
  };
  const playActions = h(
    'nav.play-actions',
    { 'aria-label': t('home.play'), 'data-testid': 'play-actions' },
    playAction('play-quick', 'home.quick', () => {
      quickCard.scrollIntoView({ block: 'start' });
      poolsEl.querySelector<HTMLButtonElement>('button.pool')?.focus({ preventScroll: true });
    }),
    playAction('play-computer', 'home.create.computer', openMode('computer')),
    playAction('play-friend', 'home.create.friend', openMode('friend')),
  );

  // --- layout ---

  const el = h(
    'div.page.home-page',
    { 'data-testid': 'home' },
    h('div.home-head', null, h('h1', null, t('app.tagline')), countersEl),
    h(
      'div.home-grid',
      null,
      h('div.home-main', null, playActions, quickCard, createCard),
      h(
        'div.home-side',
        null,
        myGames.el,
        following.el,
        h('section.card.seeks', { 'aria-labelledby': 'seeks-h' }, h('h2#seeks-h', null, t('home.seeks')), seeksEl),
        tournaments.el,
        h('section.card.live', { 'aria-labelledby': 'live-h' }, h('h2#live-h', null, t('home.live')), liveEl),
        h(
          'section.card.puzzle-day',
          { 'aria-labelledby': 'puzzle-h' },
          h('h2#puzzle-h', null, t('home.puzzleOfDay')),
          h('p', null, t('home.puzzle.text')),
          daily.el,
          h('a.button', { href: '/puzzles', 'data-testid': 'puzzle-link' }, t('home.puzzle.go')),
        ),
        h(
          'section.card.learn-card',
          { 'aria-labelledby': 'learn-h' },
          h('h2#learn-h', null, t('learn.title')),
          h('p', null, t('home.learn.text')),
          h('a.button', { href: '/learn', 'data-testid': 'learn-link' }, t('nav.learn')),
        ),
      ),
    ),
  );

  const off = app.socket.on((msg: ServerMessage) => {
    if (msg.t === 'welcome') {
      // We now know who we are: own seeks, rated boxes.
      terms.setCanRate(canRate());
      renderSeeks();
      renderPools();
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
      daily.destroy();
      tournaments.destroy();
      myGames.destroy();
      following.destroy();
      off();
      offState();
      stopLive();
      if (poolTimer) clearTimeout(poolTimer);
      app.socket.watchLobby(false);
      // Leaving the lobby withdraws what waits here (a pairing would find nobody watching);
      // a re-render of this same page (language switch) keeps it.
      if (location.pathname !== '/') {
        if (myPool !== null) void app.socket.request({ t: 'pool-leave' });
        myPool = null;
        if (app.me) for (const id of s.seeks.ownedBy(app.me.id)) void app.socket.request({ t: 'seek-cancel', seek: id });
      }
    },
  };
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
