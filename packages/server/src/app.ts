/**
 * Wires the edges together: HTTP routes, the WebSocket endpoint, sessions,
 * the game service, storage and bus. Everything is injected, so tests run the
 * real thing against memory storage and fake time. createApp is the outline;
 * its steps are in assembly/.
 */
import type { IncomingMessage, Server } from 'node:http';
import { MAX_FRAME_BYTES } from '@youzai/protocol';
import type { AppOptions } from './assembly/options.ts';

import type { Duplex } from 'node:stream';
import type { GameAnalyses } from './analysis/analyses.ts';
import type { AnalysisBoards } from './analysis/board.ts';
import type { LivePositions } from './analysis/live-positions.ts';
import { puzzleService, startAnalysis } from './assembly/analysis.ts';
import { gates, healthOf, openSessions, quotas, watchEdges } from './assembly/edges.ts';
import { startBotApi, startGames } from './assembly/games.ts';
import { followPlayers, openLobbyAndRooms, startPeople } from './assembly/people.ts';
import { ROUTES, routeDeps } from './assembly/routes.ts';
import { attachClubSockets, watchGauges } from './assembly/sockets.ts';
import { startTournaments } from './assembly/tournaments.ts';
import type { Sessions } from './auth/sessions.ts';
import type { ClubGames } from './cluster/games.ts';
import { serveHttp } from './http/serve.ts';
import { testClockRoutes } from './http/test-clock-routes.ts';
import type { Limits } from './limits/limits.ts';
import type { LobbyPort } from './lobby/lobby.ts';
import type { Presence } from './lobby/presence.ts';
import type { Logger } from './observe/log.ts';
import type { Metrics } from './observe/metrics.ts';
import { OpsBoard } from './observe/ops.ts';
import { SocketTier } from './ws/tier/tier.ts';
import { metricsRoutes } from './observe/routes.ts';
import type { Rooms } from './rooms/rooms.ts';
import type { GameService } from './service/game-service.ts';
import type { Notifier } from './social/notifier.ts';
import type { TournamentDirector } from './tournaments/director.ts';
import type { SocketHub } from './ws/socket.ts';

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
  /** The socket processes (SOCKET_PROCESSES), or null when this process holds the sockets. */
  readonly tier: SocketTier | null;
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
  // SOCKET_PROCESSES: the sockets are held by processes of their own (ws/tier/), this node still deciding everything.
  const tier = opts.socketProcesses
    ? await SocketTier.start({
        processes: opts.socketProcesses,
        maxPayload: MAX_FRAME_BYTES,
        clock: opts.clock,
        timers: opts.timers,
        onDeath: (info) => log.error(info, 'a socket process died: its clients reconnect'),
      })
    : null;
  const sockets = attachClubSockets(base, server, { ...gamesPart, ...people, sessions, limits, lobby, rooms, boards, origins, proxies, tier });
  watchGauges(base, gamesPart, { sockets, lobby });

  return {
    server,
    games,
    analyses,
    boards,
    livePositions,
    sessions,
    sockets,
    tier,
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
      await tier?.close();
      lobby.close();
      rooms.close();
      await games.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections?.();
    },
  };
}

export type { AppOptions } from './assembly/options.ts';
