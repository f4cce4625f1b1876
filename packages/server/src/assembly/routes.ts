/**
 * Assembles the HTTP side's table: every route of the app, and what the
 * routes read (Deps) from the parts the other steps made.
 */
import type { Sessions } from '../auth/sessions.ts';
import { BOT_ROUTES } from '../bot/routes.ts';
import { userTopic } from '../bus/topics.ts';
import type { Health } from '../cluster/club.ts';
import { ANALYSIS_ROUTES } from '../http/analysis-routes.ts';
import type { Deps } from '../http/deps.ts';
import { IMPORT_ROUTES } from '../http/import-routes.ts';
import { LEARN_ROUTES } from '../http/learn-routes.ts';
import { PUZZLE_ROUTES } from '../http/puzzle-routes.ts';
import { REMATCH_ROUTES } from '../http/rematch-routes.ts';
import { ROUTES as GAME_ROUTES } from '../http/routes.ts';
import { SETTINGS_ROUTES } from '../http/settings-routes.ts';
import { SOCIAL_ROUTES } from '../http/social-routes.ts';
import type { Limits } from '../limits/limits.ts';
import type { LobbyPort } from '../lobby/lobby.ts';
import { FairPlay } from '../moderation/fair-play.ts';
import { MODERATION_ROUTES } from '../moderation/routes.ts';
import { commitWindow, storeThreadCpuNs } from '../observe/instrument.ts';
import type { PuzzleService } from '../puzzles/service.ts';
import { Rematches } from '../rematch/rematches.ts';
import type { Rooms } from '../rooms/rooms.ts';
import { randomId } from '../service/ids.ts';
import { SOCIAL_API_ROUTES } from '../social/routes.ts';
import { TOURNAMENT_ROUTES } from '../tournaments/routes.ts';
import type { Analysis } from './analysis.ts';
import type { Base } from './edges.ts';
import type { BotApi, GamesPart } from './games.ts';
import type { People } from './people.ts';
import type { Tournaments } from './tournaments.ts';

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

/** What the HTTP routes read. */
export function routeDeps(
  { opts, store, rawStore, node, log }: Base,
  parts: GamesPart &
    People &
    Tournaments &
    Analysis &
    BotApi & {
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
