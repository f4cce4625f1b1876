/**
 * Wires the edges together: HTTP routes, the WebSocket endpoint, sessions,
 * the game service, storage and bus. Everything is injected, so tests run the
 * real thing against memory storage and fake time.
 */
import { GameAnalyses, type AnalysesOptions, type EvaluatePosition } from './analysis/analyses.ts';
import { LivePositions, MemoryLivePositions, RedisLivePositions } from './analysis/live-positions.ts';
import { AnalysisBoards, type BoardSearch, type BoardStep } from './analysis/board.ts';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ConductRules } from '@youzai/game';
import { SESSION_SWEEP_MS, Sessions } from './auth/sessions.ts';
import type { Bus } from './bus/bus.ts';
import type { Analyse, Deps } from './http/deps.ts';
import { ROUTES as GAME_ROUTES } from './http/routes.ts';
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
import { ApiTokens } from './auth/tokens.ts';
import { Notifier } from './social/notifier.ts';
import { GameNotices } from './social/game-notices.ts';
import { RoomChallengeNotices } from './social/room-notices.ts';
import { PlayerActivity, followingOf } from './social/activity.ts';
import { LOOPBACK_PROXIES, parseTrustedProxies, type TrustedProxies } from './limits/address.ts';
import { Limits } from './limits/limits.ts';
import type { LimitOverrides, OpenKind, OpenRule } from './limits/rules.ts';
import { serveHttp } from './http/serve.ts';
import { originPolicy, type OriginPolicy } from './http/origin.ts';
import { Chat, type ChatRules } from './chat/chat.ts';
import { RedisPace } from './chat/pace.ts';
import { StorageWatch } from './store/failure.ts';
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
import type { Store } from './store/types.ts';
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

/** Without an engine, the computer seat plays its first legal move (the ComputerPlayer's fallback). */
const firstLegalMove: ChooseMove = async () => '';

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
  const base = watchEdges(given);
  const { opts, metrics, log, club } = base;
  const { sessions, stopSweep } = await openSessions(base);
  const gamesPart = startGames(base);
  const { games, clubGames } = gamesPart;
  const people = startPeople(base);
  const { presence, notifier } = people;
  const { lobby, rooms, stopPresence } = await openLobbyAndRooms(base, gamesPart, people);
  const tournaments = startTournaments(base, gamesPart, people);
  const { director } = tournaments;
  const health = healthOf(base);
  const puzzles = puzzleService(base);
  const limits = quotas(base);
  followPlayers(base, games, people);
  const analysis = startAnalysis(base, gamesPart);
  const { analyses, livePositions, boards } = analysis;
  const bot = startBotApi(base, games);
  const deps = routeDeps(base, { ...gamesPart, ...people, ...tournaments, ...analysis, ...bot, lobby, rooms, sessions, puzzles, limits, health });
  const { origins, proxies } = gates(opts);
  const board = new OpsBoard({ node: base.node, metrics, recent: metrics.recent, link: club?.link ?? null, clock: opts.clock, timers: opts.timers });
  board.start();
  const http = serveHttp({
    routes: [...ROUTES, ...metricsRoutes(metrics, opts.metricsToken, board), ...(opts.testClock ? testClockRoutes(opts.testClock) : [])],
    deps,
    sessions,
    tokens: bot.tokens,
    moderation: people.moderation,
    origins,
    proxies,
    publicUrl: opts.publicUrl,
    httpRate: opts.httpRate ?? 50,
    secureCookies: opts.secureCookies ?? false,
    webDir: opts.webDir ?? null,
    metrics,
    log,
  });
  const { server } = http;
  const sockets = attachClubSockets(base, server, { ...gamesPart, ...people, sessions, limits, lobby, rooms, boards, origins, proxies });
  watchGauges(base, gamesPart, { sockets, lobby });

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
      if (http.draining) return;
      http.refuseRequests();
      // Streams end: their programs reconnect to another node (gameFull again).
      for (const s of [...bot.botStreams]) s.end();
      server.removeAllListeners('upgrade');
      server.on('upgrade', (_req: IncomingMessage, socket: Duplex) => socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n'));
    },
    async close() {
      stopSweep();
      for (const s of [...bot.botStreams]) s.end();
      board.close();
      stopPresence?.();
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

/** What every assembly step reads: the options (their store watched and timed), the node's name, metrics and log. */
interface Base {
  readonly opts: AppOptions;
  /** The store as given: its group commits and its thread's CPU are read from it, not from the wrappers. */
  readonly rawStore: Store;
  /** The store every part uses: watched for failures and timed. */
  readonly store: Store;
  readonly storage: StorageWatch;
  readonly node: string;
  readonly metrics: Metrics;
  readonly log: Logger;
  readonly club: Club | null;
}

function watchEdges(given: AppOptions): Base {
  const node = given.node ?? 'local';
  const metrics = given.metrics ?? new Metrics({ node });
  // Every store call is watched: a storage failure is answered 503 with its code and /health reports it.
  const storage = new StorageWatch(() => given.clock.now());
  // Every write is timed too (youzai_store_write_seconds).
  const opts: AppOptions = { ...given, store: timedStore(storage.wrap(given.store), metrics) };
  return { opts, rawStore: given.store, store: opts.store, storage, node, metrics, log: given.log ?? silentLogger(), club: given.club ?? null };
}

/** The sessions, and the hourly deletion of expired ones (by every node: deleting twice is harmless); stopSweep ends it. */
async function openSessions({ opts, store, log }: Base): Promise<{ sessions: Sessions; stopSweep: () => void }> {
  const sessions = await Sessions.open(store, () => opts.clock.now());
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
  const stopSweep = () => {
    sweeping?.();
    sweeping = null;
  };
  return { sessions, stopSweep };
}

/** This node's game service and computer player; with several nodes, its part in deciding and relaying the club's games. */
function startGames({ opts, store, metrics, club }: Base) {
  const computer = new ComputerPlayer(opts.engine ?? firstLegalMove, { clock: opts.clock, timers: opts.timers });
  const ratings = new Ratings({ store: store, bus: opts.bus, clock: opts.clock });
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
  // The routes reach any game of the club (forwarded to the node that decides it), timed.
  const router: GamesPort = timedGames(clubGames ?? games, metrics, 'http');
  return { games, clubGames, router, ratings };
}
type GamesPart = ReturnType<typeof startGames>;

/** Who is online (club-wide with several nodes), the chat, notifications and moderation. */
function startPeople({ opts, store, log, club }: Base) {
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
  const onlineAnywhere = clubPresence ? (id: string) => clubPresence.isOnline(id) : (id: string) => Promise.resolve(presence.isOnline(id));
  return { presence, clubPresence, onlineAnywhere, chat, notifier, moderation };
}
type People = ReturnType<typeof startPeople>;

/** The lobby and the rooms (their state in Redis with several nodes); stopPresence ends the club presence's refresh. */
async function openLobbyAndRooms({ opts, club }: Base, { games, ratings }: GamesPart, { presence, clubPresence, chat, notifier }: People) {
  const time = { clock: opts.clock, timers: opts.timers };
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
  const stopPresence = club && clubPresence ? await keepClubPresence(opts, club, clubPresence, rooms) : null;
  return { lobby, rooms, stopPresence };
}

/** The leader purges what a dead node held; each node re-reads who is alive every second (the returned stop ends that). */
async function keepClubPresence({ clock, timers }: AppOptions, club: Club, clubPresence: ClubPresence, rooms: Rooms): Promise<() => void> {
  club.chores.push(async (dead) => {
    await clubPresence.forget(dead);
    await rooms.purge(dead);
  });
  club.nodes.onExpired(() => void clubPresence.refresh(true).catch(() => undefined));
  await clubPresence.refresh(true);
  return every(clock, timers, 1000, () => void clubPresence.refresh().catch(() => undefined));
}

/** The tournaments' shared views and their director: one club-wide (the leader's); every node records the results of the games it decides. */
function startTournaments({ opts, store, club }: Base, { games, router }: GamesPart, { presence, clubPresence, notifier }: People) {
  const tournamentViews = new TournamentViews({ store, now: () => opts.clock.now(), bus: opts.bus });
  // A change made here drops this node's shared view at once, and is announced on every node.
  const tournamentChanged = (id: string) => {
    tournamentViews.invalidate(id);
    opts.bus.publish(tournamentTopic(id), changedFrame(id));
  };
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
  return { tournamentViews, tournamentChanged, director };
}

/** /health: the club's link and the database, and storage failures a probe cannot see. */
function healthOf({ opts, storage, club }: Base): () => Promise<Health> {
  return async () => {
    const h = await checkHealth(club?.link ?? null, opts.store);
    const s = storage.state();
    // A database that was out of reach and answers the probe now is back: only failures a read cannot see (full, read-only, busy) linger.
    const lingers = s.degraded && s.code !== 'server.storage-unavailable' && s.code !== 'server.storage-timeout';
    return h.ok && lingers ? { ok: false, code: 'server.storage-degraded', reason: `storage degraded: ${s.code} (${s.detail})` } : h;
  };
}

/** The puzzles offered (the shipped ones unless given), with each solver's rating. */
function puzzleService({ opts, store }: Base): PuzzleService {
  return new PuzzleService({
    bank: opts.puzzles ?? loadShippedPuzzles(),
    store: store,
    clock: opts.clock,
    ...(opts.random ? { random: opts.random } : {}),
  });
}

/** The quotas: they hold club-wide, in Redis with several nodes. */
function quotas({ opts, club }: Base): Limits {
  return new Limits({
    redis: club ? { client: club.link.client, prefix: club.link.prefix } : null,
    ...(opts.limits === 'off' ? { off: true } : opts.limits ? { rules: opts.limits } : {}),
    ...(opts.openLimits ? { open: opts.openLimits } : {}),
    now: () => opts.clock.now(),
  });
}

/** Game notifications, and the live "my games" and following lists: game changes and presence, told on the bus (social/activity.ts). */
function followPlayers({ opts }: Base, games: GameService, { presence, notifier, onlineAnywhere }: People): void {
  games.onChange(new GameNotices(notifier).onChange);
  const activity = new PlayerActivity({ bus: opts.bus, online: onlineAnywhere });
  games.onChange(activity.onChange);
  presence.listen({ arrived: (id) => void activity.presence(id, true), left: (id) => void activity.presence(id, false) });
}

/** Finished games' analyses, the positions of games in progress (which the engine refuses) and the analysis board. */
function startAnalysis({ opts, store, node, log, club }: Base, { games, router }: GamesPart) {
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
  return { analyses, livePositions, boards };
}

/** The Bot API: tokens, its events (published from the deciding node on the player's topic), its open streams. */
function startBotApi({ opts, store }: Base, games: GameService) {
  const tokens = new ApiTokens(store, () => opts.clock.now());
  const botStreams = new Set<NdjsonStream>();
  const botEvents = new BotEvents({
    store,
    bus: opts.bus,
    publicUrl: opts.publicUrl,
    view: async (id) => (await games.view(id))?.view ?? null,
  });
  games.onChange(botEvents.onChange);
  return { tokens, botStreams };
}

/** What the HTTP routes read. */
function routeDeps(
  { opts, store, rawStore, node, log }: Base,
  parts: GamesPart &
    People &
    ReturnType<typeof startTournaments> &
    ReturnType<typeof startAnalysis> &
    ReturnType<typeof startBotApi> & {
      readonly lobby: LobbyPort;
      readonly rooms: Rooms;
      readonly sessions: Sessions;
      readonly puzzles: PuzzleService;
      readonly limits: Limits;
      readonly health: () => Promise<Health>;
    },
): Deps {
  const { games, clubGames, router, chat, notifier, clubPresence, analyses, director } = parts;
  // Fair-play reports: a player's last rated games through the same analyses (background priority), for admins.
  const fairPlay = new FairPlay({ store, analyses, clock: opts.clock, newId: () => randomId(12) });
  return {
    livePositions: parts.livePositions,
    moderation: parts.moderation,
    fairPlay,
    bot: { tokens: parts.tokens, chat, bus: opts.bus, timers: opts.timers, streams: parts.botStreams },
    limits: parts.limits,
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
    sessions: parts.sessions,
    games: router,
    localGames: games,
    commitWindow: (reset) => commitWindow(rawStore, reset),
    statsControl: opts.statsControl ?? false,
    directorTrace: () => director.trace(),
    storeThreadCpuNs: () => storeThreadCpuNs(rawStore),
    ownerOf: async (id) => (clubGames ? clubGames.ownerOf(id) : games.holds(id) ? node : null),
    ...(clubGames ? { forwardTimes: clubGames.forwardTimes } : {}),
    publicUrl: opts.publicUrl,
    lobby: parts.lobby,
    rooms: parts.rooms,
    presence: parts.presence,
    puzzles: parts.puzzles,
    node,
    health: parts.health,
    ...(clubPresence ? { onlineAnywhere: (id: string) => clubPresence.isOnline(id) } : {}),
    tournaments: {
      store: store,
      changed: parts.tournamentChanged,
      look: () => director.look(),
      now: () => opts.clock.now(),
      views: parts.tournamentViews,
      ...(opts.tournamentMinRatedGames !== undefined ? { minRatedGames: opts.tournamentMinRatedGames } : {}),
    },
    ...(opts.analyse ? { analyse: opts.analyse } : {}),
  };
}

/** Which origins may change things or open sockets, and which proxies' X-Forwarded-For is believed. */
function gates(opts: AppOptions): { origins: OriginPolicy; proxies: TrustedProxies | null } {
  // Config has checked TRUSTED_PROXIES; a bad list here is a caller's bug.
  const trusted = opts.trustedProxies ? parseTrustedProxies(opts.trustedProxies) : opts.trustProxy ? parseTrustedProxies(LOOPBACK_PROXIES) : null;
  if (trusted && !trusted.ok) throw new Error(trusted.error.message);
  return { origins: originPolicy(opts.publicUrl, opts.origins ?? []), proxies: trusted?.value ?? null };
}

/** The WebSocket endpoint on the HTTP server, with the club's socket features; a session's end closes its sockets on every node. */
function attachClubSockets(
  { opts, store, metrics, log }: Base,
  server: Server,
  parts: GamesPart &
    People & {
      readonly sessions: Sessions;
      readonly limits: Limits;
      readonly lobby: LobbyPort;
      readonly rooms: Rooms;
      readonly boards: AnalysisBoards;
      readonly origins: OriginPolicy;
      readonly proxies: TrustedProxies | null;
    },
): SocketHub {
  const { games, clubGames, presence, chat, notifier, onlineAnywhere, sessions, limits, lobby, rooms, boards, origins, proxies } = parts;
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
  return sockets;
}

/** The node's gauges, read when /metrics is scraped. */
function watchGauges({ rawStore, metrics, club }: Base, { games, clubGames }: GamesPart, { sockets, lobby }: { sockets: SocketHub; lobby: LobbyPort }): void {
  metrics.watch({
    liveGames: () => games.liveGames(Number.POSITIVE_INFINITY),
    loadedGames: () => games.loaded,
    sockets: () => sockets.count(),
    lobby: () => lobby.snapshot(),
    commits: () => commitStats(rawStore),
    ...(club && clubGames
      ? {
          cluster: async () => ({
            leases: clubGames.mine.size,
            adopted: clubGames.adopted,
            staleWrites: games.staleWritesRefused,
            redisUp: club.link.up(),
            leader: club.leader.isLeader,
            nodesAlive: club.link.up() ? (await club.nodes.alive().catch(() => [])).length : 0,
          }),
        }
      : {}),
  });
}
