/**
 * Assembles the games: this node's game service and computer player, its
 * part in deciding and relaying the club's games with several nodes, and the
 * Bot API that listens to them.
 */
import { ApiTokens } from '../auth/tokens.ts';
import { BotEvents } from '../bot/events.ts';
import type { NdjsonStream } from '../bot/ndjson.ts';
import { ClubGames } from '../cluster/games.ts';
import { timedGames } from '../observe/instrument.ts';
import { Ratings } from '../players/ratings.ts';
import { ComputerPlayer, type ChooseMove } from '../service/computer.ts';
import { GameService } from '../service/game-service.ts';
import type { GamesPort } from '../service/games-port.ts';
import type { Base } from './edges.ts';

/** Without an engine, the computer seat plays its first legal move (the ComputerPlayer's fallback). */
const firstLegalMove: ChooseMove = async () => '';

/** This node's game service and computer player; with several nodes, its part in deciding and relaying the club's games. */
export function startGames({ opts, store, metrics, club }: Base) {
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
export type GamesPart = ReturnType<typeof startGames>;

/** The Bot API: tokens, its events (published from the deciding node on the player's topic), its open streams. */
export function startBotApi({ opts, store }: Base, games: GameService) {
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
export type BotApi = ReturnType<typeof startBotApi>;
