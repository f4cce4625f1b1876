/**
 * Assembles the WebSocket endpoint on the HTTP server with the club's
 * socket features, and the node's gauges, which read the sockets among the
 * rest when /metrics is scraped.
 */
import type { Server } from 'node:http';
import type { AnalysisBoards } from '../analysis/board.ts';
import type { Sessions } from '../auth/sessions.ts';
import { userTopic } from '../bus/topics.ts';
import type { OriginPolicy } from '../http/origin.ts';
import type { TrustedProxies } from '../limits/address.ts';
import type { Limits } from '../limits/limits.ts';
import type { LobbyPort } from '../lobby/lobby.ts';
import { commitStats, timedGames } from '../observe/instrument.ts';
import type { Rooms } from '../rooms/rooms.ts';
import { followingOf } from '../social/activity.ts';
import { mayViewTournament } from '../tournaments/routes.ts';
import { clubSocketFeatures } from '../ws/features.ts';
import { attachSockets, type SocketHub } from '../ws/socket.ts';
import type { SocketTier } from '../ws/tier/tier.ts';
import type { Base } from './edges.ts';
import type { GamesPart } from './games.ts';
import type { People } from './people.ts';

/** The WebSocket endpoint on the HTTP server, with the club's socket features; a session's end closes its sockets on every node. */
export function attachClubSockets(
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
      /** SOCKET_PROCESSES: the processes that hold the sockets (null: this one). */
      readonly tier: SocketTier | null;
    },
): SocketHub {
  const { games, clubGames, presence, chat, notifier, onlineAnywhere, sessions, limits, lobby, rooms, boards, origins, proxies, tier } = parts;
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
    tier,
  );
  lobby.throttle(() => sockets.lobbyBacklog() > 0);
  return sockets;
}

/** The node's gauges, read when /metrics is scraped. */
export function watchGauges(
  { rawStore, metrics, club }: Base,
  { games, clubGames }: GamesPart,
  { sockets, lobby }: { sockets: SocketHub; lobby: LobbyPort },
): void {
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
