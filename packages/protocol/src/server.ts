/** Messages the server sends. Every game message carries the game's version so a client can catch up from any node. */
import type { Side } from '@youzai/rules';
import type { AnalysisState, BoardLine, BoardStopReason } from './analysis.ts';
import type { ClockConfig, GameEvent, GameView, Seat } from './game-wire.ts';
import type { FollowedPlayer, NotificationView, OngoingGame } from './notifications.ts';
import type { ChatChannel, ChatLine, LobbyCounters, PlayerTag, PoolInfo, RatingDiff, RoomChallenge, RoomGame, RoomView, Seek } from './lobby.ts';

export interface Identity {
  readonly id: string;
  readonly name: string;
  readonly guest: boolean;
  /** A bot account acting through the Bot API: its seats are marked BOT. */
  readonly bot?: boolean;
}

/** A live game as `GET /api/games` lists it. */
export interface GameSummary {
  readonly id: string;
  readonly variant: string;
  readonly seats: readonly [Seat | null, Seat | null];
  readonly ply: number;
  readonly spectators: number;
  readonly lastMoveAt: number;
  readonly clock: ClockConfig;
}

export type ServerMessage =
  | { readonly t: 'welcome'; readonly protocol: number; readonly user: Identity; readonly now: number }
  | { readonly t: 'pong'; readonly id?: number; readonly now: number }
  /** `seek` / `challenge`: the id of what the request created. */
  | { readonly t: 'ack'; readonly id?: number; readonly seek?: string; readonly challenge?: string }
  /** Full state of a game at version `v` (on subscribe, or when a client is too far behind). */
  | { readonly t: 'game'; readonly game: string; readonly v: number; readonly view: GameView; readonly you: Side | null }
  /**
   * Everything that took the game to version `v`, in one frame (a mating move and the end arrive together).
   * A frame of `connection` events only does not change the version: `v` is then the current one.
   */
  | { readonly t: 'events'; readonly game: string; readonly v: number; readonly events: readonly GameEvent[]; readonly now: number }
  | { readonly t: 'error'; readonly id?: number; readonly game?: string; readonly code: string; readonly message: string }
  /**
   * Both players' ratings after a rated game ended (on the game's topic, not versioned).
   * `uncounted: 'pair-limit'`: the same two players' rated games today are over the daily limit, nothing changed.
   * `held`: players whose rating the game left as it was because their opponent is a newcomer not yet established
   * (5 counted games against 3 different players in the variant; a newcomer's own rating always moves);
   * `uncounted: 'newcomers'` when that left both.
   */
  | {
      readonly t: 'ratings';
      readonly game: string;
      readonly players: readonly [RatingDiff, RatingDiff];
      readonly uncounted?: 'pair-limit' | 'newcomers';
      readonly held?: readonly string[];
    }
  /**
   * How many watch the game now (sockets that are not the players'; 0 once it is over), on the game's topic, not
   * versioned: sent when the count changes, at most once a second per game.
   */
  | { readonly t: 'spectators'; readonly game: string; readonly n: number }
  /** A computer analysis of the (finished) game moved on: read it with GET /api/games/{id}/analysis once done (on the game's topic, not versioned). */
  | { readonly t: 'analysis'; readonly game: string; readonly state: AnalysisState; readonly progress: number }
  /**
   * The analysis board's running evaluation of `fen` (after board-start): up to 3 lines, best first, deeper with each frame;
   * `done` at its cap, `stopped` (with `reason`, and fen '') when it ended without being asked.
   */
  | {
      readonly t: 'board';
      readonly fen: string;
      readonly state: 'running' | 'done' | 'stopped';
      readonly depth: number;
      readonly lines: readonly BoardLine[];
      readonly reason?: BoardStopReason;
    }
  /** A rematch of the (finished) game was offered, accepted or declined; `by`: the offerer's colour; `next`: the new game (go there once accepted). */
  | { readonly t: 'rematch'; readonly game: string; readonly state: 'offered' | 'accepted' | 'declined'; readonly by: Side; readonly next: string }
  /** A game chat line; players never see spectator lines while they play. */
  | ({ readonly t: 'chat'; readonly game: string; readonly channel: ChatChannel } & ChatLine)
  | ({ readonly t: 'chat'; readonly room: string } & ChatLine)
  /** Recent lines, sent on subscribing to a game or joining a room. */
  | { readonly t: 'chat-log'; readonly game: string; readonly channel: ChatChannel; readonly lines: readonly ChatLine[] }
  | { readonly t: 'chat-log'; readonly room: string; readonly lines: readonly ChatLine[] }
  /** Lobby snapshot, on lobby-sub. */
  | { readonly t: 'lobby'; readonly seeks: readonly Seek[]; readonly counters: LobbyCounters; readonly pools: readonly PoolInfo[] }
  /** Seeks that appeared or went since the last snapshot or update (an id is in one list at most). */
  | { readonly t: 'seeks'; readonly add: readonly Seek[]; readonly remove: readonly string[] }
  | ({ readonly t: 'counters' } & LobbyCounters)
  /** You have a new game with both seats taken (from a seek, a pool or a room): subscribe to it. */
  | { readonly t: 'paired'; readonly game: string; readonly side: Side; readonly opponent: PlayerTag; readonly via: 'seek' | 'pool' | 'room' | 'tournament' }
  /** You are (no longer) waiting in a pool; `why` when you left without asking. */
  | { readonly t: 'pool'; readonly pool: string | null; readonly why?: 'paired' | 'left' }
  | { readonly t: 'room'; readonly room: RoomView }
  | { readonly t: 'room-members'; readonly room: string; readonly members: readonly PlayerTag[] }
  | { readonly t: 'room-games'; readonly room: string; readonly games: readonly RoomGame[] }
  | { readonly t: 'room-challenges'; readonly room: string; readonly challenges: readonly RoomChallenge[] }
  | { readonly t: 'room-closed'; readonly room: string }
  /** A notification for you (new, or replacing one with the same id), and how many are unread now. */
  | { readonly t: 'notification'; readonly notification: NotificationView; readonly unread: number }
  /** Notifications marked read (on another tab too); `ids` null: all. */
  | { readonly t: 'notifications-read'; readonly ids: readonly string[] | null; readonly unread: number }
  /** One of your games started, changed turn (correspondence) or ended (`over`: gone from "my games"); on every socket of yours. */
  | { readonly t: 'my-game'; readonly game: OngoingGame; readonly over: boolean }
  /** The answer to `following-sub`: the players you follow, as GET /api/me/following lists them. */
  | { readonly t: 'following'; readonly users: readonly FollowedPlayer[] }
  /** A followed player came online or left (`online`), or a game of theirs started or ended (`game`, `over`). */
  | { readonly t: 'followed'; readonly user: string; readonly online?: boolean; readonly game?: OngoingGame; readonly over?: boolean }
  /** A tournament you watch changed (standings, games, players): read its view again (GET /api/tournaments/{id}). */
  | { readonly t: 'tournament'; readonly tournament: string; readonly now?: number };
