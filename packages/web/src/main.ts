/** The browser client's entry: the shell (header, banner), the socket, and the router. */
import './style.css';
import type { Identity } from '@youzai/protocol';
import { closeDialogs } from './app/dialog.ts';
import { h, fill } from './app/h.ts';
import { match, type Match } from './app/router.ts';
import type { AppContext, Page } from './app/context.ts';
import { Sound } from './app/sound.ts';
import { localStore } from './app/storage.ts';
import { lang, loadLang, setLang, t, tMaybe, type Lang } from './i18n/index.ts';
import { api, setBeforeWrite } from './net/api.ts';
import { Socket } from './net/socket.ts';
import { PAGES, type PageFactory } from './pages/index.ts';
import { loadFailedPage } from './pages/load-failed.ts';
import { PageLoads } from './app/page-loads.ts';
import { Bell } from './social/bell.ts';
import { searchBox } from './social/search.ts';
import { applyTheme } from './board/theme.ts';
import { settingsButton } from './board/settings-panel.ts';
import { inOrder, syncSettings } from './app/settings.ts';
import type { LearnResponse, Settings, SettingsResponse } from '@youzai/protocol';
import { forgetProgress, syncProgress } from './learn/progress.ts';
import logoUrl from './assets/logo.svg?url';

const storage = localStore();
const saved = storage?.getItem('yz-lang');
const chosen: Lang = saved === 'en' || saved === 'vi' ? saved : 'vi';
// A language other than Vietnamese (which comes with the shell) is fetched before anything is drawn; unreachable, the page shows in Vietnamese.
await loadLang(chosen).then(
  () => setLang(chosen),
  () => setLang('vi'),
);
applyTheme();

const root = document.getElementById('app')!;
const header = h('header.top');
const banner = h('div.banner', { role: 'status', 'aria-live': 'polite', hidden: true });
const toastEl = h('div.toast', { role: 'status', 'aria-live': 'polite', hidden: true });
const main = h('main#main');
const footer = h('footer.foot');
// The first thing a keyboard reaches: past the header to the page.
const skip = h('a.skip-link', { href: '#main' }, t('nav.skip'));
skip.addEventListener('click', (e) => {
  e.preventDefault();
  main.focus();
});
main.tabIndex = -1;
root.replaceChildren(skip, header, banner, toastEl, main, footer);

const socket = new Socket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`);
let page: Page | null = null;
let toastTimer: ReturnType<typeof setTimeout> | null = null;

const app: AppContext = {
  socket,
  me: null,
  sound: new Sound(),
  navigate(path, replace = false) {
    if (replace) history.replaceState(null, '', path);
    else history.pushState(null, '', path);
    void route();
  },
  refresh() {
    renderHeader();
    renderFooter();
    void route();
  },
  toast(text) {
    toastEl.textContent = text;
    toastEl.hidden = false;
    if (toastTimer) clearTimeout(toastTimer);
    toastTimer = setTimeout(() => (toastEl.hidden = true), 4000);
  },
  async refreshMe() {
    const r = await api<{ user: Identity | null }>('GET', '/api/me');
    if (r.ok) app.me = r.user;
    renderHeader();
    await followAccount();
  },
};

const bell = new Bell(app);

function link(path: string, text: string, attrs: Record<string, string> = {}): HTMLAnchorElement {
  return h('a', { href: path, ...attrs }, text);
}

/** One search box for the page's life: drawing the header again keeps what is typed in it, and its focus. */
const search = searchBox(app);

function renderHeader(): void {
  const me = app.me;
  search.relabel();
  // The control with the focus keeps it: the search box (one element for the page's life) is moved into the new header,
  // the others (a keyboard user's sound or settings button) are drawn anew and their new selves take it.
  const focused = header.contains(document.activeElement) ? (document.activeElement as HTMLElement) : null;
  const held = focused && controlKey(focused);
  bell.refresh();
  const langBtn = h('button.lang', { type: 'button', title: t('nav.language.title'), 'data-testid': 'lang-switch' }, t('nav.language'));
  const next: Lang = lang() === 'vi' ? 'en' : 'vi';
  // The other language's texts are fetched when the button is pointed at or focused, so the click switches at once.
  const fetchNext = () => loadLang(next);
  langBtn.addEventListener('pointerover', () => void fetchNext().catch(() => {}));
  langBtn.addEventListener('focus', () => void fetchNext().catch(() => {}));
  langBtn.addEventListener('click', async () => {
    try {
      await fetchNext();
    } catch {
      app.toast(t('err.page.load'));
      return;
    }
    setLang(next);
    storage?.setItem('yz-lang', next);
    app.refresh();
  });
  // Says the state (on or off); the title says what a click does.
  const soundBtn = h(
    'button.sound',
    {
      type: 'button',
      'aria-pressed': String(!app.sound.muted),
      'data-testid': 'sound-switch',
      title: app.sound.muted ? t('nav.sound.turnOn') : t('nav.sound.turnOff'),
    },
    `♪ ${app.sound.muted ? t('nav.sound.off') : t('nav.sound.on')}`,
  );
  soundBtn.addEventListener('click', () => {
    app.sound.setMuted(!app.sound.muted);
    renderHeader();
  });
  const user = me
    ? me.guest
      ? [h('span.me', { title: t('common.guest') }, me.name), link('/login', t('nav.login')), link('/register', t('nav.register'))]
      : [link(`/@/${me.name}`, me.name, { class: 'me' }), logoutButton()]
    : [link('/login', t('nav.login')), link('/register', t('nav.register'))];
  const nav = h(
    'nav.menu',
    { 'aria-label': t('nav.menu') },
    link('/', t('nav.home')),
    link('/puzzles', t('nav.puzzles')),
    link('/live', t('nav.live')),
    link('/tv', t('nav.tv')),
    link('/leaderboard', t('nav.leaderboard')),
    link('/tournaments', t('nav.tournaments')),
    link('/rooms', t('nav.rooms')),
    link('/solo', t('nav.solo')),
    link('/rules', t('nav.rules')),
    link('/learn', t('nav.learn'), { 'data-testid': 'nav-learn' }),
  );
  // Phones: the menu and the tools fold into a drawer under a menu button; desktops show them in line (the drawer is display: contents).
  const open = header.classList.contains('open');
  const menuBtn = h(
    'button.menu-button',
    { type: 'button', 'aria-expanded': String(open), 'aria-controls': 'header-drawer', 'aria-label': t('nav.menu.open'), 'data-testid': 'menu-button' },
    h('span.menu-icon', { 'aria-hidden': 'true' }),
  );
  menuBtn.addEventListener('click', () => setDrawer(!header.classList.contains('open')));
  fill(
    header,
    h('a.logo', { href: '/' }, h('img.logo-mark', { src: logoUrl, alt: '', width: 28, height: 28 }), t('app.name')),
    h('div#header-drawer.drawer', null, nav, h('div.tools', null, search.el, ...user, soundBtn, settingsButton(), langBtn)),
    me ? bell.el : null,
    menuBtn,
  );
  (focused?.isConnected ? focused : held ? header.querySelector<HTMLElement>(held) : null)?.focus();
}

/** A selector that finds a header control again once the header is drawn anew: its test id, or a link's address. */
function controlKey(el: HTMLElement): string | null {
  if (el.dataset.testid) return `[data-testid="${CSS.escape(el.dataset.testid)}"]`;
  const href = el.getAttribute('href');
  return href !== null ? `a[href="${CSS.escape(href)}"]` : null;
}

/** Opens or closes the phone header's drawer. */
function setDrawer(open: boolean): void {
  header.classList.toggle('open', open);
  header.querySelector('.menu-button')?.setAttribute('aria-expanded', String(open));
}

document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && header.classList.contains('open')) setDrawer(false);
});

/**
 * Settings follow the account: at login (or when a page opens with one) the
 * account's stored settings replace this browser's, and each change is sent
 * to it; a guest's stay in this browser only. The Learn course's progress
 * too, merged rather than replaced (lessons finished as a guest count).
 */
let followed: string | null = null;
async function followAccount(): Promise<void> {
  const account = app.me && !app.me.guest ? app.me.id : null;
  if (account === followed) return;
  followed = account;
  await syncSettings(
    account
      ? {
          load: async () => {
            const r = await api<SettingsResponse>('GET', '/api/settings');
            return r.ok ? r.settings : undefined;
          },
          // One save in flight at a time, the latest after it: an older copy never lands after a newer one.
          save: inOrder((settings: Settings) => api('PUT', '/api/settings', settings)),
        }
      : null,
  );
  await syncProgress(
    account
      ? {
          merge: async (progress) => {
            const r = await api<LearnResponse>('POST', '/api/learn', { progress });
            return r.ok ? r.progress : null;
          },
        }
      : null,
  );
}

function logoutButton(): HTMLElement {
  const b = h('button.linkish', { type: 'button' }, t('nav.logout'));
  b.addEventListener('click', async () => {
    await api('POST', '/api/logout');
    // The account's Learn progress is not left here for the next person to log in on this browser.
    forgetProgress();
    location.href = '/';
  });
  return b;
}

function renderFooter(): void {
  fill(footer, h('small', null, t('footer.licence')));
}

function hideToast(): void {
  toastEl.hidden = true;
  if (toastTimer) clearTimeout(toastTimer);
  toastTimer = null;
}
// A tap dismisses a toast.
toastEl.addEventListener('click', hideToast);

/** Each page's code is fetched when first opened (or pointed at); the page left stays live until the next one is ready. */
const pages = new PageLoads<Match['name'], PageFactory>(PAGES, loadFailedPage);

async function route(): Promise<void> {
  const m: Match = match(location.pathname);
  closeDialogs();
  // A message about the page left ("seek posted") does not follow into the next one (the game).
  hideToast();
  setDrawer(false);
  const make = await pages.open(m.name);
  // Another page was asked for while this one loaded: that one is shown.
  if (!make) return;
  page?.destroy?.();
  page = make(app, m.params);
  document.title = `${page.title} · ${t('app.name')}`;
  main.replaceChildren(page.el);
  window.scrollTo(0, 0);
}

/** A link pointed at, touched or reached by the keyboard: its page's code is fetched before the click. */
function preloadLink(e: Event): void {
  const a = (e.target as Element | null)?.closest?.('a');
  if (!a?.href) return;
  const url = new URL(a.href, location.href);
  if (url.origin === location.origin && !url.pathname.startsWith('/api/')) pages.preload(match(url.pathname).name);
}
for (const type of ['pointerover', 'touchstart', 'focusin']) document.addEventListener(type, preloadLink, { passive: true });

// Links inside the app navigate without reloading.
document.addEventListener('click', (e) => {
  const a = (e.target as Element | null)?.closest?.('a');
  if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || a.target || a.hasAttribute('download')) return;
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin || url.pathname.startsWith('/api/')) return;
  e.preventDefault();
  app.navigate(url.pathname + url.search);
});
window.addEventListener('popstate', () => void route());

socket.onState((s) => {
  banner.hidden = s === 'open';
  banner.textContent = s === 'open' ? '' : t(s === 'connecting' ? 'banner.connecting' : 'banner.reconnecting');
  banner.dataset.state = s;
  // The banner moves the page down or up: a board measures its squares again (chessground keeps its bounds until a resize).
  window.dispatchEvent(new Event('resize'));
});
socket.on((msg) => {
  if (msg.t === 'welcome') {
    app.me = msg.user;
    renderHeader();
    void followAccount();
  }
  // A tournament game opens by itself (an arena's next game), unless a page that handles pairings is showing.
  if (msg.t === 'paired' && msg.via === 'tournament' && !/^\/($|rooms\/|tournament\/)/.test(location.pathname)) app.navigate(`/game/${msg.game}`);
});

/**
 * A visitor who only looks has no session; the first action (a seek, a game, a
 * chat line...) makes one (a guest), and the socket opens again with it.
 */
let making: Promise<boolean> | null = null;
function ensureSession(): Promise<boolean> {
  if (app.me) return Promise.resolve(true);
  making ??= (async () => {
    const r = await api<{ user: Identity }>('POST', '/api/session');
    if (!r.ok) {
      app.toast(tMaybe(`err.${r.code}`, r.message));
      return false;
    }
    app.me = r.user;
    renderHeader();
    await socket.reconnect();
    return true;
  })().finally(() => (making = null));
  return making;
}
setBeforeWrite(ensureSession);
socket.onAuthRequired = ensureSession;

renderHeader();
renderFooter();
// The socket opens with whatever session there is (none for a first visit: reading needs none).
void app.refreshMe().then(() => socket.connect());
void route().then(() => {
  // Most pages lead to a game (a seek taken, a challenge accepted, a tournament pairing): its page is fetched while the browser is idle.
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => pages.preload('game'));
  else setTimeout(() => pages.preload('game'), 1000);
});
