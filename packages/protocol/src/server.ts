/** Messages the server sends. Every game message carries the game's version so a client can catch up from any node. */
import type { GameEvent, GameView, Verdict } from '@youzai/game';

export interface Identity {
  readonly id: string;
  readonly name: string;
  readonly guest: boolean;
}

export type ServerMessage =
  | { readonly t: 'welcome'; readonly protocol: number; readonly user: Identity; readonly now: number }
  | { readonly t: 'pong'; readonly id?: number; readonly now: number }
  | { readonly t: 'ack'; readonly id?: number }
  /** Full state of a game at version `v` (on subscribe, or when a client is too far behind). */
  | { readonly t: 'game'; readonly game: string; readonly v: number; readonly view: GameView; readonly you: 0 | 1 | null }
  /** One change that took the game to version `v`. */
  | { readonly t: 'event'; readonly game: string; readonly v: number; readonly event: GameEvent; readonly now: number }
  | { readonly t: 'error'; readonly id?: number; readonly game?: string; readonly code: string; readonly message: string };

export type { GameEvent, GameView, Verdict };
