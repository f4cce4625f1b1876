/**
 * Wires the edges together: HTTP routes, the WebSocket endpoint, sessions,
 * the game service, storage and bus. Everything is injected, so tests run the
 * real thing against memory storage and fake time.
 */
import { GameAnalyses, type AnalysesOptions, type EvaluatePosition } from './analysis/analyses.ts';
import { LivePositions, MemoryLivePositions, RedisLivePositions } from './analysis/live-positions.ts';
import { AnalysisBoards, type BoardSearch, type BoardStep } from './analysis/board.ts';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ConductRules } from '@youzai/game';
import { ACCOUNT_SESSION_TTL_MS, COOKIE, SESSION_SWEEP_MS, Sessions, sessionTtl } from './auth/sessions.ts';
import type { Bus } from './bus/bus.ts';
import { ROUTES as GAME_ROUTES, type Analyse, type Ctx, type Deps } from './http/routes.ts';
import { ANALYSIS_ROUTES } from './http/analysis-routes.ts';
import { IMPORT_ROUTES } from './http/import-routes.ts';
import { REMATCH_ROUTES } from './http/rematch-routes.ts';
import { Rematches } from './rematch/rematches.ts';
import { PUZZLE_ROUTES } from './http/puzzle-routes.ts';
import { SOCIAL_ROUTES } from './http/social-routes.ts';
import { SETTINGS_ROUTES } from './http/settings-routes.ts';
import { LEARN_ROUTES } from './http/learn-routes.ts';
import { testClockRoutes, type MovableTime } from './http/test-clock-routes.ts';
import { SOCIAL_API_ROUTES } from './social/routes.ts';
import { BOT_ROUTES } from './bot/routes.ts';
import { BotEvents } from './bot/events.ts';
import type { NdjsonStream } from './bot/ndjson.ts';
import { ApiTokens, bearerOf } from './auth/tokens.ts';
import { Notifier } from './social/notifier.ts';
import { GameNotices } from './social/game-notices.ts';
import { RoomChallengeNotices } from './social/room-notices.ts';
import { PlayerActivity, followingOf } from './social/activity.ts';
import { HttpError, parseCookies, sendError } from './http/util.ts';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { securityHeaders } from './http/headers.ts';
import { clientAddress, LOOPBACK_PROXIES, parseTrustedProxies } from './limits/address.ts';
import { LimitError, Limits } from './limits/limits.ts';
import type { LimitOverrides, OpenKind, OpenRule } from './limits/rules.ts';
import { isPagePath, WebFiles } from './http/static.ts';
import { checkOrigin, originPolicy } from './http/origin.ts';
import { Chat, type ChatRules } from './chat/chat.ts';
import { RedisPace } from './chat/pace.ts';
import { StorageWatch, storageFailure } from './store/failure.ts';
import { FairPlay } from './moderation/fair-play.ts';
import { randomId } from './service/ids.ts';
import { Moderation } from './moderation/moderation.ts';
import { MODERATION_ROUTES } from './moderation/routes.ts';
import { checkHealth, type Club, type Health } from './cluster/club.ts';
import { RedisChatHistory } from './cluster/chat-history.ts';
import { RedisLobbyState } from './cluster/lobby-state.ts';
import { ClubPresence } from './cluster/presence.ts';
import { RedisRoomsState } from './cluster/rooms-state.ts';
import { Lobby, type LobbyPort, type LobbyRules } from './lobby/lobby.ts';
import { Presence } from './lobby/presence.ts';
import { Ratings } from './players/ratings.ts';
import { loadShippedPuzzles, type PuzzleBank } from './puzzles/bank.ts';
import { PuzzleService } from './puzzles/service.ts';
import { Rooms, type RoomRules } from './rooms/rooms.ts';
import { ComputerPlayer, type ChooseMove } from './service/computer.ts';
import { GameService } from './service/game-service.ts';
import type { GamesPort } from './service/games-port.ts';
import { ClubGames } from './cluster/games.ts';
import { every, type Clock, type Timers } from './service/time.ts';
import type { Store, TokenRow, UserRow } from './store/types.ts';
import { tournamentTopic, userTopic } from './bus/topics.ts';
import { TOURNAMENT_ROUTES, mayViewTournament } from './tournaments/routes.ts';
import { changedFrame } from './tournaments/socket.ts';
import { TournamentDirector } from './tournaments/director.ts';
import { TournamentViews } from './tournaments/view-cache.ts';
import type { ScheduledTournament } from './tournaments/schedule.ts';
import { attachSockets, type SocketHub } from './ws/socket.ts';
import { clubSocketFeatures } from './ws/features.ts';
import { commitStats, commitWindow, storeThreadCpuNs, timedGames, timedStore } from './observe/instrument.ts';
import { silentLogger, type Logger } from './observe/log.ts';
import { Metrics } from './observe/metrics.ts';
import { OpsBoard } from './observe/ops.ts';
import { metricsRoutes } from './observe/routes.ts';
import { observeRequests, type RequestNotes } from './observe/requests.ts';

/** Without an engine, the computer seat plays its first legal move (the ComputerPlayer's fallback). */
const firstLegalMove: ChooseMove = async () => '';

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Every HTTP route of the app (the fuzzer walks them all). */
export const ROUTES = [
  ...GAME_ROUTES,
  ...SOCIAL_ROUTES,
  ...SETTINGS_ROUTES,
  ...LEARN_ROUTES,
  ...SOCIAL_API_ROUTES,
  ...PUZZLE_ROUTES,
  ...TOURNAMENT_ROUTES,
  ...ANALYSIS_ROUTES,
  ...IMPORT_ROUTES,
  ...REMATCH_ROUTES,
  ...MODERATION_ROUTES,
  ...BOT_ROUTES,
];

/** Stands in for the visitor on public reads, which need no identity. */
const ANONYMOUS: UserRow = { id: '', username: null, passwordHash: null, createdAt: 0 };

export interface AppOptions {
  readonly store: Store;
  readonly bus: Bus;
  readonly clock: Clock;
  readonly timers: Timers;
  readonly conduct?: ConductRules;
  /** Base URL printed in links (invitations, PGN Site tag). */
  readonly publicUrl: string;
  /** Other public origins of the club (ORIGINS), beside PUBLIC_URL's: state-changing requests and sockets from elsewhere get 403. */
  readonly origins?: readonly string[];
  /** Requests per second per address before 429 (burst is twice this); counted by each node. */
  readonly httpRate?: number;
  /** Socket frames per second and burst (default 20 and 40), refused frames before a close (30); the fuzzer raises them to reach the decoders. */
  readonly socketRate?: { readonly perSecond: number; readonly burst: number; readonly strikes?: number };
  /** The quotas (limits/rules.ts): rules replaced kind by kind (tests), or 'off' (LIMITS=off: benchmarks). */
  readonly limits?: LimitOverrides | 'off';
  /** STATS_CONTROL=1 (benchmarks): /api/stats honours ?reset and ?gc. */
  readonly statsControl?: boolean;
  /** TEST_CLOCK=1 (tests only): `clock` and `timers` are this time, which POST /api/test/clock moves forward; absent, that route does not exist. */
  readonly testClock?: MovableTime;
  /** Open-at-once caps per address (limits/rules.ts OPEN_RULES) replaced kind by kind (tests). */
  readonly openLimits?: { readonly [K in OpenKind]?: OpenRule };
  /** Behind a proxy (TRUST_PROXY): the client's address is the last one in X-Forwarded-For, when the peer is a trusted proxy. */
  readonly trustProxy?: boolean;
  /** TOURNAMENT_MIN_RATED_GAMES: counted rated games an account needs to create a listed tournament (default 5; 0: none). */
  readonly tournamentMinRatedGames?: number;
  /** The proxies whose X-Forwarded-For is believed (TRUSTED_PROXIES); with trustProxy alone, loopback only. */
  readonly trustedProxies?: readonly string[];
  readonly secureCookies?: boolean;
  /** The computer opponent's move choice (the engine pool); without it a simple stand-in plays. */
  readonly engine?: ChooseMove;
  /** Hint and evaluation for the solo board. */
  readonly analyse?: Analyse;
  /** The engine for finished games' analyses (background priority); without it they are refused. */
  readonly evaluate?: EvaluatePosition;
  /** The analysis board's engine (the pool's background queue, cancellable); without it board-start is refused. */
  readonly boardSearch?: BoardSearch;
  /** The analysis board: sessions this node runs at once (default 8; main.ts: 8 per engine worker) and the deepening steps (tests shorten them). */
  readonly boards?: { readonly maxSessions?: number; readonly steps?: readonly BoardStep[] };
  /** Finished games' analyses: limits and timings (tests shorten them). */
  readonly analyses?: Partial<Pick<AnalysesOptions, 'perUser' | 'concurrent' | 'staleMs' | 'sweepMs'>>;
  /** Lobby, room and chat parameters (tests shorten them). */
  readonly lobby?: Partial<LobbyRules>;
  readonly rooms?: Partial<RoomRules>;
  readonly chat?: Partial<ChatRules>;
  /** The puzzles offered; the shipped data files (packages/puzzles/data) when absent. */
  readonly puzzles?: PuzzleBank;
  /** Picks among the puzzles nearest a solver's rating (tests fix it). */
  readonly random?: () => number;
  /** The built web client (packages/web/dist); pages say how to build it when absent. */
  readonly webDir?: string;
  /** This node's id, as /health and game owners name it (default "local"). */
  readonly node?: string;
  /** One node of several (REDIS_URL): the lobby, rooms, presence and chat history are the club's, in Redis. */
  readonly club?: Club;
  /** The club's scheduled tournaments (TOURNAMENTS_FILE), created ahead by the director. */
  readonly tournamentSchedule?: readonly ScheduledTournament[];
  /** false: no tournament director runs here (tests that drive it by hand). */
  readonly directTournaments?: boolean;
  /** The node's metrics (main.ts: with the process's own); a private registry when absent. */
  readonly metrics?: Metrics;
  /** METRICS_TOKEN: /metrics on this port answers only this bearer token, and is not found without one. */
  readonly metricsToken?: string;
  /** Structured logs (main.ts: JSON lines on stdout); nothing is logged when absent. */
  readonly log?: Logger;
}

export interface App {
  readonly server: Server;
  readonly games: GameService;
  /** Finished games' analyses. */
  readonly analyses: GameAnalyses;
  /** The analysis board's running evaluations on this node. */
  readonly boards: AnalysisBoards;
  /** The current positions of the club's games in progress, which the engine refuses. */
  readonly livePositions: LivePositions;
  readonly sessions: Sessions;
  readonly sockets: SocketHub;
  readonly lobby: LobbyPort;
  readonly rooms: Rooms;
  readonly presence: Presence;
  readonly limits: Limits;
  /** Several nodes: this node's part in deciding and relaying the club's games. */
  readonly clubGames: ClubGames | null;
  readonly director: TournamentDirector;
  /** Sends a player a notification, stored and pushed live on any node (see /work/team/handoff/social.md). */
  readonly notifier: Notifier;
  readonly metrics: Metrics;
  readonly log: Logger;
  /** SIGTERM's first step: new requests and sockets are refused (503), those under way go on. */
  drain(): void;
  close(): Promise<void>;
}

export async function createApp(given: AppOptions): Promise<App> {
  const node = given.node ?? 'local';
  const metrics = given.metrics ?? new Metrics({ node });
  const log = given.log ?? silentLogger();
  // Every store call is watched: a storage failure is answered 503 with its code and /health reports it.
  const storage = new StorageWatch(() => given.clock.now());
  // Every write is timed too (youzai_store_write_seconds).
  const opts: AppOptions = { ...given, store: timedStore(storage.wrap(given.store), metrics) };
  const store = opts.store;
  const sessions = await Sessions.open(store, () => opts.clock.now());
  // Expired sessions are deleted every hour, by every node (deleting twice is harmless).
  let sweeping: (() => void) | null = null;
  const armSweep = () => {
    sweeping = opts.timers.at(opts.clock.now() + SESSION_SWEEP_MS, () => {
      void sessions
        .sweep()
        .catch((e: unknown) => log.warn({ err: e }, 'expired sessions not deleted'))
        .finally(() => sweeping && armSweep());
    });
  };
  armSweep();
  const computer = new ComputerPlayer(opts.engine ?? firstLegalMove, { clock: opts.clock, timers: opts.timers });
  const ratings = new Ratings({ store: store, bus: opts.bus, clock: opts.clock });
  const club = opts.club ?? null;
  let clubGames: ClubGames | null = null;
  const games = new GameService({
    store: store,
    bus: opts.bus,
    clock: opts.clock,
    timers: opts.timers,
    onEngineTurn: computer.onEngineTurn,
    ratings,
    isBot: (userId) => store.isBot(userId),
    ...(opts.conduct ? { conduct: opts.conduct } : {}),
    ...(club
      ? {
          mayOwn: (id: string) => clubGames?.mayOwn(id) ?? false,
          mayDecide: (id: string) => clubGames?.mayDecide(id) ?? false,
          fenceOnLoad: true,
          onLost: (id: string) => clubGames?.lost(id),
          quiet: (member: string) => clubGames?.quiet(member) ?? false,
        }
      : {}),
  });
  computer.attach(timedGames(games, metrics, 'computer'));
  if (club) {
    clubGames = new ClubGames({
      link: club.link,
      bus: opts.bus,
      nodes: club.nodes,
      store: store,
      local: games,
      isLeader: () => club.leader.isLeader,
      clock: opts.clock,
      timers: opts.timers,
    });
  }
  const router: GamesPort = timedGames(clubGames ?? games, metrics, 'http');
  const time = { clock: opts.clock, timers: opts.timers };
  const presence = new Presence();
  const clubPresence = club ? new ClubPresence(club.link, club.nodes, presence) : null;
  const chat = new Chat({
    store: store,
    bus: opts.bus,
    clock: opts.clock,
    ...(opts.chat ? { rules: opts.chat } : {}),
    ...(club ? { history: new RedisChatHistory(club.link), pace: new RedisPace(club.link.client, club.link.prefix) } : {}),
  });
  const notifier = new Notifier({ store: store, bus: opts.bus, clock: opts.clock });
  const moderation = new Moderation({
    store,
    bus: opts.bus,
    clock: opts.clock,
    silence: (id, until) => chat.silence(id, until),
    tell: (id, text) => void notifier.send(id, { kind: 'moderation', data: { text } }),
  });
  presence.listen({
    arrived: (id) => void chat.arrived(id).catch((e: unknown) => log.error({ err: e, user: id }, 'mutes not loaded')),
    left: (id) => chat.left(id),
  });
  const ratingOf = (u: string, v: string) => ratings.ratingOf(u, v);
  const lobbyRules = opts.lobby ? { rules: opts.lobby } : {};
  const roomNotices = new RoomChallengeNotices(notifier);
  const roomRules = { ...(opts.rooms ? { rules: opts.rooms } : {}), challengeEnded: roomNotices.ended };
  const lobby: LobbyPort = new Lobby({
    bus: opts.bus,
    ...time,
    games,
    presence,
    ratingOf,
    ...lobbyRules,
    ...(club && clubPresence ? { state: new RedisLobbyState(club.link), online: clubPresence, leader: club.leader } : {}),
  });
  const rooms = new Rooms({
    bus: opts.bus,
    ...time,
    games,
    chat,
    lobby,
    ...roomRules,
    ...(club ? { state: new RedisRoomsState(club.link, opts.clock), member: () => club.nodes.member } : {}),
  });
  let presenceTimer: (() => void) | null = null;
  if (club && clubPresence) {
    // The leader purges what a dead node held; each node re-reads who is alive every second.
    club.chores.push(async (dead) => {
      await clubPresence.forget(dead);
      await rooms.purge(dead);
    });
    club.nodes.onExpired(() => void clubPresence.refresh(true).catch(() => undefined));
    await clubPresence.refresh(true);
    presenceTimer = every(opts.clock, opts.timers, 1000, () => void clubPresence.refresh().catch(() => undefined));
  }
  const tournamentViews = new TournamentViews({ store, now: () => opts.clock.now(), bus: opts.bus });
  // A change made here drops this node's shared view at once, and is announced on every node.
  const tournamentChanged = (id: string) => {
    tournamentViews.invalidate(id);
    opts.bus.publish(tournamentTopic(id), changedFrame(id));
  };
  // One director club-wide (the leader's); every node records the results of the games it decides.
  const director = new TournamentDirector({
    store: store,
    games: router,
    clock: opts.clock,
    timers: opts.timers,
    bus: opts.bus,
    online: clubPresence ? (ids) => clubPresence.onlineAmong(ids) : (ids) => new Set(ids.filter((id) => presence.isOnline(id))),
    changed: tournamentChanged,
    ...(opts.tournamentSchedule ? { schedule: opts.tournamentSchedule } : {}),
    notify: (userId, m) => opts.bus.publish(userTopic(userId), JSON.stringify(m)),
    // A tournament starting rings its players' bells (stored: one who is away finds it).
    started: (t, players) => {
      const notice = {
        kind: 'tournament' as const,
        id: `tournament:${t.id}`,
        data: { url: `/tournament/${t.id}`, text: { vi: `Giải «${t.name}» bắt đầu`, en: `The tournament “${t.name}” is starting` } },
      };
      for (const id of players) void notifier.send(id, notice);
    },
    ...(club ? { isDirector: () => club.leader.isLeader } : {}),
  });
  games.onEnd((row) => void director.gameEnded(row));
  if (opts.directTournaments !== false) director.start();
  const health = async (): Promise<Health> => {
    const h = await checkHealth(club?.link ?? null, opts.store);
    const s = storage.state();
    // A database that was out of reach and answers the probe now is back: only failures a read cannot see (full, read-only, busy) linger.
    const lingers = s.degraded && s.code !== 'server.storage-unavailable' && s.code !== 'server.storage-timeout';
    return h.ok && lingers ? { ok: false, code: 'server.storage-degraded', reason: `storage degraded: ${s.code} (${s.detail})` } : h;
  };
  const puzzles = new PuzzleService({
    bank: opts.puzzles ?? loadShippedPuzzles(),
    store: store,
    clock: opts.clock,
    ...(opts.random ? { random: opts.random } : {}),
  });
  // Quotas hold club-wide: in Redis with several nodes.
  const limits = new Limits({
    redis: club ? { client: club.link.client, prefix: club.link.prefix } : null,
    ...(opts.limits === 'off' ? { off: true } : opts.limits ? { rules: opts.limits } : {}),
    ...(opts.openLimits ? { open: opts.openLimits } : {}),
    now: () => opts.clock.now(),
  });
  games.onChange(new GameNotices(notifier).onChange);
  // Live "my games" and following lists: game changes and presence, told on the bus (social/activity.ts).
  const onlineAnywhere = clubPresence ? (id: string) => clubPresence.isOnline(id) : (id: string) => Promise.resolve(presence.isOnline(id));
  const activity = new PlayerActivity({ bus: opts.bus, online: onlineAnywhere });
  games.onChange(activity.onChange);
  presence.listen({ arrived: (id) => void activity.presence(id, true), left: (id) => void activity.presence(id, false) });
  const analyses = new GameAnalyses({
    store: store,
    bus: opts.bus,
    clock: opts.clock,
    timers: opts.timers,
    node,
    initialFen: async (id) => (await router.view(id))?.view.initialFen ?? null,
    ...(opts.evaluate ? { evaluate: opts.evaluate } : {}),
    ...opts.analyses,
  });
  // The current positions of the club's games in progress (the deciding node writes its games'; Redis with several nodes).
  const livePositions = new LivePositions(club ? new RedisLivePositions(club.link) : new MemoryLivePositions());
  games.onChange((c) => void livePositions.onChange(c).catch((e: unknown) => log.warn({ err: e, game: c.row.id }, 'live position not recorded')));
  const boards = new AnalysisBoards({
    ...(opts.boardSearch ? { search: opts.boardSearch } : {}),
    live: (variant, fen) => livePositions.refuses(variant, fen),
    maxSessions: opts.boards?.maxSessions ?? 8,
    ...(opts.boards?.steps ? { steps: opts.boards.steps } : {}),
  });
  // The Bot API: tokens, its events (published from the deciding node on the player's topic), its open streams.
  const tokens = new ApiTokens(store, () => opts.clock.now());
  const botStreams = new Set<NdjsonStream>();
  const botEvents = new BotEvents({
    store,
    bus: opts.bus,
    publicUrl: opts.publicUrl,
    view: async (id) => (await games.view(id))?.view ?? null,
  });
  games.onChange(botEvents.onChange);
  // Fair-play reports: a player's last rated games through the same analyses (background priority), for admins.
  const fairPlay = new FairPlay({ store, analyses, clock: opts.clock, newId: () => randomId(12) });
  const deps: Deps = {
    livePositions,
    moderation,
    fairPlay,
    bot: { tokens, chat, bus: opts.bus, timers: opts.timers, streams: botStreams },
    limits,
    analyses,
    imports: store,
    rematches: new Rematches({
      games: router,
      meta: store,
      bus: opts.bus,
      notifier,
      isTournamentGame: async (gameId) => (await store.tournamentGame(gameId)) !== null,
    }),
    store,
    notifier,
    clock: opts.clock,
    onBlock: (userId, targetId, on) => {
      void chat.mute(userId, targetId, on).catch((e: unknown) => log.error({ err: e, user: userId }, 'block: chat not muted'));
      // The store ended both follows; live sockets (on any node) stop hearing each other too.
      if (on) {
        opts.bus.publish(userTopic(userId), { unfollow: targetId });
        opts.bus.publish(userTopic(targetId), { unfollow: userId });
      }
    },
    sessions,
    games: router,
    localGames: games,
    commitWindow: (reset) => commitWindow(given.store, reset),
    statsControl: opts.statsControl ?? false,
    directorTrace: () => director.trace(),
    storeThreadCpuNs: () => storeThreadCpuNs(given.store),
    ownerOf: async (id) => (clubGames ? clubGames.ownerOf(id) : games.holds(id) ? node : null),
    ...(clubGames ? { forwardTimes: clubGames.forwardTimes } : {}),
    publicUrl: opts.publicUrl,
    lobby,
    rooms,
    presence,
    puzzles,
    node,
    health,
    ...(clubPresence ? { onlineAnywhere: (id: string) => clubPresence.isOnline(id) } : {}),
    tournaments: {
      store: store,
      changed: tournamentChanged,
      look: () => director.look(),
      now: () => opts.clock.now(),
      views: tournamentViews,
      ...(opts.tournamentMinRatedGames !== undefined ? { minRatedGames: opts.tournamentMinRatedGames } : {}),
    },
    ...(opts.analyse ? { analyse: opts.analyse } : {}),
  };
  // Each node guards its own CPU: requests are counted per node, in memory (entries expire; no table is ever cleared whole).
  const rate = opts.httpRate ?? 50;
  // Config has checked TRUSTED_PROXIES; a bad list here is a caller's bug.
  const trusted = opts.trustedProxies ? parseTrustedProxies(opts.trustedProxies) : opts.trustProxy ? parseTrustedProxies(LOOPBACK_PROXIES) : null;
  if (trusted && !trusted.ok) throw new Error(trusted.error.message);
  const proxies = trusted?.value ?? null;
  const requests = new RateLimiterMemory({ keyPrefix: 'requests', points: rate * 2, duration: 2 });
  const headers = securityHeaders(opts.publicUrl);

  /** The session cookie, kept by the browser as long as the session lives since its last use (a guest's or an account's). */
  const cookieHeader = (value: string | null, ttlMs: number = ACCOUNT_SESSION_TTL_MS): string =>
    value === null
      ? `${COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${opts.secureCookies ? '; Secure' : ''}`
      : `${COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${Math.floor(ttlMs / 1000)}${opts.secureCookies ? '; Secure' : ''}`;

  const web = new WebFiles(opts.webDir ?? null);
  const origins = originPolicy(opts.publicUrl, opts.origins ?? []);

  const board = new OpsBoard({ node, metrics, recent: metrics.recent, link: club?.link ?? null, clock: opts.clock, timers: opts.timers });
  board.start();
  const routes = [...ROUTES, ...metricsRoutes(metrics, opts.metricsToken, board), ...(opts.testClock ? testClockRoutes(opts.testClock) : [])];
  const observe = observeRequests(metrics, log);

  let draining = false;

  async function handle(req: IncomingMessage, res: ServerResponse, notes: RequestNotes): Promise<void> {
    if (draining) {
      res.setHeader('connection', 'close');
      return sendError(res, 503, 'server.stopping', 'This server is stopping: try again in a moment');
    }
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    // Static files first: cached in memory, no identity and no rate limit (one page load fetches dozens).
    if ((req.method === 'GET' || req.method === 'HEAD') && req.url?.startsWith('/assets/')) {
      if (web.serveAsset(req, res, (req.url.split('?')[0] ?? '').replace(/\/{2,}/g, '/'))) return;
    }
    const addr = clientAddress(req, proxies);
    const allowed = await requests.consume(addr).then(
      () => true,
      () => false,
    );
    if (!allowed) return sendError(res, 429, 'rate-limited', 'Too many requests: slow down');

    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      return sendError(res, 400, 'http.bad-url', 'Malformed URL');
    }
    const route = routes.find((r) => r.method === req.method && r.path.test(url.pathname)) ?? null;
    const page = !route && (req.method === 'GET' || req.method === 'HEAD') && isPagePath(url.pathname) && !routes.some((r) => r.path.test(url.pathname));
    if (!page && !route) {
      const known = routes.some((r) => r.path.test(url.pathname));
      return sendError(res, known ? 405 : 404, known ? 'http.method' : 'http.not-found', known ? 'Method not allowed' : 'Not found');
    }
    // A personal API token instead of a session (the Bot API): only on the routes that name a scope it holds.
    const bearer = route?.scope ? bearerOf(req.headers.authorization) : null;
    if (route && !route.scope && !route.anonymous && bearerOf(req.headers.authorization) !== null)
      return sendError(res, 401, 'auth.token-route', 'This route takes a session, not an API token (see docs/API.md, Bot API)');
    let token: { user: UserRow; token: TokenRow } | null = null;
    if (bearer !== null) {
      token = await tokens.resolve(bearer);
      if (!token) return sendError(res, 401, 'auth.token-invalid', 'This API token is unknown or revoked');
      const scope = route!.scope!;
      if (scope !== 'any' && !token.token.scopes.some((s) => scope.includes(s)))
        return sendError(res, 403, 'auth.token-scope', `This API token lacks the scope this needs: ${scope.join(' or ')}`);
      const refused = await moderation.loginRefusal(token.user.id);
      if (refused) return sendError(res, 403, refused.code, refused.message);
    }
    if (!SAFE_METHODS.has(req.method ?? '')) {
      const o = checkOrigin(req, origins);
      if (!o.ok) return sendError(res, 403, o.error.code, o.error.message);
      // A form can post these without the browser asking first; the API takes JSON only (and forms from a token's holder).
      const type = req.headers['content-type'];
      const form = token !== null && type !== undefined && /^application\/x-www-form-urlencoded\s*(;|$)/i.test(type);
      if (type !== undefined && !form && !/^application\/json\s*(;|$)/i.test(type))
        return sendError(res, 415, 'body.content-type', 'Send the body as application/json');
    }
    // A page is the same shell for everyone: no identity needed (and nothing to write, so storage trouble does not stop it).
    if (page) {
      web.servePage(req, res, {});
      return;
    }
    // Identity: a valid session; a reader without one stays anonymous, and one who acts becomes a new guest.
    const cookie = token ? undefined : parseCookies(req.headers.cookie).get(COOKIE);
    const found = route!.anonymous || token ? null : await sessions.resolveSession(cookie);
    // A session whose expiry moved on (at most daily): the browser keeps the cookie as long again.
    if (found?.renewed && cookie) res.setHeader('set-cookie', cookieHeader(cookie, sessionTtl(found.user)));
    let user: UserRow | null = token ? token.user : route!.anonymous ? ANONYMOUS : (found?.user ?? null);
    if (!user && SAFE_METHODS.has(req.method ?? '')) user = ANONYMOUS;
    if (!user) {
      await limits.enforce('guest', { addr });
      user = await sessions.newGuest();
      res.setHeader('set-cookie', cookieHeader(await sessions.start(user), sessionTtl(user)));
    }
    if (user.id) notes.user = user.id;
    const ctx: Ctx = {
      req,
      res,
      user,
      addr,
      url,
      cookie,
      params: url.pathname.match(route!.path)!.slice(1),
      setSession: (v) => res.setHeader('set-cookie', cookieHeader(v)),
      ...(token ? { token: token.token } : {}),
    };
    await route!.handler(ctx, deps);
  }

  const server = createServer((req, res) => {
    const notes: RequestNotes = {};
    observe(req, res, notes);
    handle(req, res, notes).catch((e: unknown) => {
      const failure = storageFailure(e);
      if (failure) return res.headersSent ? void res.end() : sendError(res, 503, failure.code, failure.message);
      if (e instanceof LimitError && !res.headersSent) res.setHeader('retry-after', String(e.retryAfterS));
      if (e instanceof HttpError) {
        // A body too large is left unread: the connection cannot carry another request.
        if (e.status === 413 && !res.headersSent) res.setHeader('connection', 'close');
        return sendError(res, e.status, e.code, e.message);
      }
      log.error({ err: e, method: req.method, user: notes.user }, 'request failed');
      if (!res.headersSent) sendError(res, 500, 'server.error', 'Something went wrong on our side');
      else res.end();
    });
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  // A session ended (logout, login, registration) closes its sockets on every node.
  sessions.onEnd((userId, session) => opts.bus.publish(userTopic(userId), { sessionEnded: session }));
  const sockets = attachSockets(
    server,
    {
      ...(opts.socketRate ? { frameRate: opts.socketRate } : {}),
      origins,
      limits,
      trustedProxies: proxies,
      sessions,
      clock: opts.clock,
      timers: opts.timers,
      bus: opts.bus,
      presence,
      chat,
      log,
      metrics,
      moveCost: games.moveCost,
    },
    clubSocketFeatures({
      games: timedGames(clubGames ?? games, metrics, 'ws'),
      limits,
      bus: opts.bus,
      chat,
      clock: opts.clock,
      timers: opts.timers,
      log,
      moveCost: games.moveCost,
      boards,
      lobby,
      rooms,
      notifier,
      following: (userId, heard) => followingOf({ store, online: onlineAnywhere }, userId, heard),
      blocks: async (userId, otherId) => (await store.relation(userId, otherId)).blocks,
      isBot: (userId) => store.isBot(userId),
      tournamentAccess: async (id, userId, invite) => {
        const row = await store.tournament(id);
        return row !== null && (await mayViewTournament(store, row, userId, invite));
      },
    }),
  );
  lobby.throttle(() => sockets.lobbyBacklog() > 0);
  metrics.watch({
    liveGames: () => games.liveGames(Number.POSITIVE_INFINITY),
    loadedGames: () => games.loaded,
    sockets: () => sockets.count(),
    lobby: () => lobby.snapshot(),
    commits: () => commitStats(given.store),
    ...(club && clubGames
      ? {
          cluster: async () => ({
            leases: clubGames!.mine.size,
            adopted: clubGames!.adopted,
            staleWrites: games.staleWritesRefused,
            redisUp: club.link.up(),
            leader: club.leader.isLeader,
            nodesAlive: club.link.up() ? (await club.nodes.alive().catch(() => [])).length : 0,
          }),
        }
      : {}),
  });

  return {
    server,
    games,
    analyses,
    boards,
    livePositions,
    sessions,
    sockets,
    lobby,
    rooms,
    presence,
    limits,
    clubGames,
    director,
    notifier,
    metrics,
    log,
    drain() {
      if (draining) return;
      draining = true;
      // Streams end: their programs reconnect to another node (gameFull again).
      for (const s of [...botStreams]) s.end();
      server.removeAllListeners('upgrade');
      server.on('upgrade', (_req: IncomingMessage, socket: Duplex) => socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n'));
    },
    async close() {
      sweeping?.();
      sweeping = null;
      for (const s of [...botStreams]) s.end();
      board.close();
      presenceTimer?.();
      await director.stop();
      clubGames?.close();
      analyses.close();
      boards.close();
      sockets.close();
      lobby.close();
      rooms.close();
      await games.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections?.();
    },
  };
}
