/**
 * The one owner of a live game on this node: a mailbox that runs actions one
 * at a time, persists each accepted change before anyone hears of it, keeps a
 * bounded history of versioned events for catch-up, and arms the game's next
 * deadline. Nothing else writes to the game.
 */
import type { Game, GameEvent } from '@youzai/game';
import type { GameRow } from '../store/types.ts';

export interface StoredExtras {
  /** Invitation link: its token and expiry. */
  readonly invite: { readonly token: string; readonly expiresAt: number } | null;
  /** A challenge to a named player, until accepted or declined. */
  readonly challenge: { readonly userId: string; readonly name: string } | null;
}

export interface VersionedEvent {
  readonly v: number;
  readonly event: GameEvent;
  readonly at: number;
}

/** Events kept per game for catch-up; a client further behind gets the full state. */
export const HISTORY_LIMIT = 24;

export class GameActor {
  readonly history: VersionedEvent[] = [];
  cancelTimer: (() => void) | null = null;
  /** Sockets of each seat currently connected (for the disconnection grace). */
  readonly connected: [number, number] = [0, 0];
  spectators = 0;
  lastMoveAt = 0;
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    /** The game as stored: replaced by the next one only once that is stored. */
    public game: Game,
    public row: GameRow,
    public extras: StoredExtras,
  ) {}

  get version(): number {
    return this.row.version;
  }

  /** Runs `fn` after every earlier action of this game has finished. */
  run<T>(fn: () => Promise<T>): Promise<T> {
    const p = this.tail.then(fn, fn);
    this.tail = p.catch(() => undefined);
    return p;
  }

  remember(v: number, events: readonly GameEvent[], at: number): void {
    for (const event of events) this.history.push({ v, event, at });
    if (this.history.length > HISTORY_LIMIT) {
      const cut = this.history.splice(0, this.history.length - HISTORY_LIMIT);
      // Never keep half a version: a catch-up must get all of a version's events (a mating move and the end) or none.
      const split = cut[cut.length - 1]!.v;
      while (this.history[0]?.v === split) this.history.shift();
    }
  }

  /** Events after version `since`, or null when the history no longer reaches back that far. */
  since(since: number): VersionedEvent[] | null {
    if (since >= this.version) return [];
    const first = this.history[0];
    if (!first || first.v > since + 1) return null;
    return this.history.filter((e) => e.v > since);
  }
}
