/**
 * What the sockets, routes, lobby and rooms ask of the games. One node
 * answers everything itself (GameService); a node of a club decides the
 * games it owns and forwards the rest (cluster/games.ts), so the lists of
 * live games and challenges may come later.
 */
import type { GameSummary } from '@youzai/protocol';
import type { GameService } from './game-service.ts';

type Maybe<T> = T | Promise<T>;
type Same = 'create' | 'createPaired' | 'act' | 'join' | 'decline' | 'view' | 'since' | 'seat' | 'presence' | 'subscribe' | 'onEnd' | 'movesToAvoid';

export type GamesPort = Pick<GameService, Same> & {
  liveGames(limit?: number): Maybe<GameSummary[]>;
  tv(): Maybe<string | null>;
  challengesFor(userId: string): Maybe<ReturnType<GameService['challengesFor']>>;
};
