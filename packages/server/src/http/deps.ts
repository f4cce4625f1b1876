/**
 * What the club's HTTP routes are given (app.ts assembles it): the services
 * every route of the table may read, and the engine's answer for the solo
 * board. A feature's routes name the part they read (route.ts's RouteOf).
 */
import type { VariantKey } from '@youzai/rules';
import type { GameAnalyses } from '../analysis/analyses.ts';
import type { LivePositions } from '../analysis/live-positions.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { BotDeps } from '../bot/deps.ts';
import type { ForwardTimes } from '../cluster/forward.ts';
import type { Limits } from '../limits/limits.ts';
import type { LobbyPort } from '../lobby/lobby.ts';
import type { Presence } from '../lobby/presence.ts';
import type { FairPlay } from '../moderation/fair-play.ts';
import type { Moderation } from '../moderation/moderation.ts';
import type { PuzzleService } from '../puzzles/service.ts';
import type { Rematches } from '../rematch/rematches.ts';
import type { RoomsPort } from '../rooms/rooms.ts';
import type { GameService } from '../service/game-service.ts';
import type { GamesPort } from '../service/games-port.ts';
import type { Clock } from '../service/time.ts';
import type { Notifier } from '../social/notifier.ts';
import type { ImportStore } from '../store/imports.ts';
import type { CommitWindow } from '../store/sqlite/group-commit.ts';
import type { GameStore, RatingStore, SocialStore, TokenStore, UserStore } from '../store/types.ts';
import type { TournamentRouteDeps } from '../tournaments/routes.ts';
import type { RouteOf } from './route.ts';

/** A route of the club's table: it may read any of Deps. */
export type Route = RouteOf<Deps>;

export interface Deps {
  /** The club's quotas and the login throttle (limits/limits.ts). */
  readonly limits: Limits;
  /** What the pages read: games, players, ratings, mutes, bot accounts. */
  readonly store: GameStore & UserStore & RatingStore & SocialStore & TokenStore;
  /** The Bot API's parts (bot/routes.ts). */
  readonly bot?: BotDeps;
  readonly sessions: Sessions;
  readonly games: GamesPort;
  /** The games this node decides (its own figures for /api/stats). */
  readonly localGames: GameService;
  /** The group commit's batch sizes and times since the last reset, for /api/stats (null: the store keeps none). */
  readonly commitWindow?: (reset: boolean) => Promise<CommitWindow | null>;
  /** The CPU of the store's own thread so far in ns (/api/stats); absent or null: it has none. */
  readonly storeThreadCpuNs?: () => Promise<number | null>;
  /** The node deciding a live game now (several nodes); null when none. */
  readonly ownerOf: (gameId: string) => Promise<string | null>;
  /** Several nodes: the times of actions forwarded between nodes (cluster/forward.ts), for /api/stats. */
  readonly forwardTimes?: ForwardTimes;
  /** STATS_CONTROL=1 (benchmarks): /api/stats honours ?reset and ?gc; otherwise anyone could wipe the figures or force GCs. */
  readonly statsControl?: boolean;
  /** The tournament director's last passes and recorded ends: /api/stats?director, where ?reset is honoured (benchmarks). */
  readonly directorTrace?: () => unknown;
  readonly publicUrl: string;
  /** Hint and evaluation for the solo board (the engine pool); absent: 503. */
  readonly analyse?: Analyse;
  /** Computer analysis of finished games. */
  readonly analyses?: GameAnalyses;
  /** Imported games saved under a short link (http/import-routes.ts). */
  readonly imports: ImportStore;
  /** The current positions of the club's games in progress: the engine refuses them, whoever asks. */
  readonly livePositions: LivePositions;
  /** Rematch offers after finished games. */
  readonly rematches?: Rematches;
  readonly lobby: LobbyPort;
  readonly rooms: RoomsPort;
  readonly presence: Presence;
  readonly puzzles: PuzzleService;
  /** This node's id (several nodes: NODE_ID). */
  readonly node: string;
  /** Whether the services this node needs answer (the database; Redis for several nodes). */
  /** Reports and the admins' actions (moderation/). */
  readonly moderation?: Moderation;
  /** Fair-play reports for admins (moderation/fair-play.ts). */
  readonly fairPlay?: FairPlay;
  readonly health: () => Promise<{ readonly ok: boolean; readonly code?: string; readonly reason?: string }>;
  /** Whether a user has a socket open anywhere in the club (several nodes); this node's presence otherwise. */
  readonly onlineAnywhere?: (userId: string) => Promise<boolean>;
  /** Stores and pushes notifications (social/notifier.ts). */
  readonly notifier: Notifier;
  readonly clock: Clock;
  /** Told when a player blocks (or unblocks) another: their chat is hidden too. */
  readonly onBlock?: (userId: string, targetId: string, on: boolean) => void;
  /** Tournaments: their store, and the news of a change for every node's watchers. */
  readonly tournaments?: TournamentRouteDeps;
}

export interface AnalysisResult {
  readonly bestmove: string;
  /** From the side to move's point of view: centipawns, or mate in n (negative: being mated). */
  readonly score: { readonly cp: number } | { readonly mate: number } | null;
  readonly depth: number | null;
}
export type Analyse = (req: { readonly userId: string; readonly variant: VariantKey; readonly fen: string }) => Promise<AnalysisResult>;
