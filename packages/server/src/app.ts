/**
 * Wires the edges together: HTTP routes, the WebSocket endpoint, sessions,
 * the game service, storage and bus. Everything is injected, so tests run the
 * real thing against memory storage and fake time. createApp is the outline;
 * its steps are in assembly/.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ConductRules } from '@youzai/game';
import type { AnalysesOptions, EvaluatePosition, GameAnalyses } from './analysis/analyses.ts';
import type { AnalysisBoards, BoardSearch, BoardStep } from './analysis/board.ts';
import type { LivePositions } from './analysis/live-positions.ts';
import { puzzleService, startAnalysis } from './assembly/analysis.ts';
import { gates, healthOf, openSessions, quotas, watchEdges } from './assembly/edges.ts';
import { startBotApi, startGames } from './assembly/games.ts';
import { followPlayers, openLobbyAndRooms, startPeople } from './assembly/people.ts';
import { ROUTES, routeDeps } from './assembly/routes.ts';
import { attachClubSockets, watchGauges } from './assembly/sockets.ts';
import { startTournaments } from './assembly/tournaments.ts';
import type { Sessions } from './auth/sessions.ts';
import type { Bus } from './bus/bus.ts';
import type { ChatRules } from './chat/chat.ts';
import type { Club } from './cluster/club.ts';
import type { ClubGames } from './cluster/games.ts';
import type { Analyse } from './http/deps.ts';
import { serveHttp } from './http/serve.ts';
import { testClockRoutes, type MovableTime } from './http/test-clock-routes.ts';
import type { Limits } from './limits/limits.ts';
import type { LimitOverrides, OpenKind, OpenRule } from './limits/rules.ts';
import type { LobbyPort, LobbyRules } from './lobby/lobby.ts';
import type { Presence } from './lobby/presence.ts';
import type { Logger } from './observe/log.ts';
import type { Metrics } from './observe/metrics.ts';
import { OpsBoard } from './observe/ops.ts';
import { metricsRoutes } from './observe/routes.ts';
import type { PuzzleBank } from './puzzles/bank.ts';
import type { RoomRules, Rooms } from './rooms/rooms.ts';
import type { ChooseMove } from './service/computer.ts';
import type { GameService } from './service/game-service.ts';
import type { Clock, Timers } from './service/time.ts';
import type { Notifier } from './social/notifier.ts';
import type { Store } from './store/types.ts';
import type { TournamentDirector } from './tournaments/director.ts';
import type { ScheduledTournament } from './tournaments/schedule.ts';
import type { SocketHub } from './ws/socket.ts';

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
