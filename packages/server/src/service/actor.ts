/**
 * The one owner of a live game on this node: a mailbox that runs actions one
 * at a time, persists each accepted change before anyone hears of it, keeps a
 * bounded history of versioned events for catch-up, and arms the game's next
 * deadline. Nothing else writes to the game.
 */
import type { Game, GameEvent as DomainEvent } from '@youzai/game';
import type { GameRow } from '../store/types.ts';

export interface StoredExtras {
  /** Invitation link: its token and expiry. */
  readonly invite: { readonly token: string; readonly expiresAt: number } | null;
  /**
   * A challenge to a named player, until accepted; `expiresAt` (challenges
   * made before it existed have none); `closed` and `reason` once declined
   * or withdrawn (an expired one is closed by its timer).
   */
  readonly challenge: {
    readonly userId: string;
    readonly name: string;
    readonly expiresAt?: number;
    readonly closed?: 'declined' | 'withdrawn';
    readonly reason?: string;
  } | null;
}

/**
 * What took a game to version `v`: one frame on the wire and on the bus, kept as the text that was published
 * (an `events` frame), so that a catch-up sends it as it is and a game's history holds one string per version
 * rather than its events' objects (fewer objects for the collector to copy on every move: issue 29).
 */
export interface VersionFrame {
  readonly v: number;
  readonly frame: string;
}

/**
 * A write of the game whose fate is not known: the store failed or did not
 * answer in time, so it may have been applied, or may still be (a statement
 * on its way). What it would have made the game, to be taken as stored if
 * the store shows it was (see GamePipeline.settle).
 */
export interface Doubt {
  readonly game: Game;
  readonly row: GameRow;
  readonly extras: StoredExtras;
  readonly events: readonly DomainEvent[];
  /** The extras before it (what change listeners are told). */
  readonly before: StoredExtras;
  /** Moves were played (the turn changed hands). */
  readonly turned: boolean;
  /** It was itself the fence of a settling, which needs no other. */
  readonly fence: boolean;
}

/** Versions kept per game for catch-up; a client further behind gets the full state. */
export const HISTORY_LIMIT = 16;

export class GameActor {
  readonly history: VersionFrame[] = [];
  cancelTimer: (() => void) | null = null;
  /** The deadline the armed timer is for, when it is a live game's (live-games.ts keeps it while a move moves the deadline later). */
  timerAt: number | null = null;
  /**
   * Sockets of each seat connected, per node that holds them ('' on one node): a node that dies
   * takes its sockets with it, and a node re-announcing its sockets after a failover replaces its own count.
   */
  readonly connectedBy = new Map<string, [number, number]>();
  /** Sockets watching that are not the players', per node that holds them, as `connectedBy`. */
  readonly spectatorsBy = new Map<string, number>();
  /** When the spectator count was last announced, and the cancel of the announcement waiting (presence.ts). */
  spectatorsSentAt = Number.NEGATIVE_INFINITY;
  spectatorsPending: (() => void) | null = null;
  lastMoveAt = 0;
  /**
   * The side to move lost its sockets to an outage (this node took the game over, or the node holding
   * them died) at ply `ply`: its turn starts again when a socket of it is counted again, if that is by
   * `until` and no move came in between (presence.ts, issue 26). Set by the node, never by a client.
   */
  turnBack: { seat: 0 | 1; ply: number; until: number } | null = null;
  /**
   * A write not known to be applied or not: until the store says (settle),
   * nothing more is decided on this game, and its copy here is not trusted.
   */
  doubt: Doubt | null = null;
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    /** The game as stored: replaced by the next one only once that is stored. */
    public game: Game,
    public row: GameRow,
    public extras: StoredExtras,
  ) {}

  /** Sockets watching anywhere that are not the players'. */
  get spectators(): number {
    let n = 0;
    for (const c of this.spectatorsBy.values()) n += c;
    return n;
  }

  /** Sockets of `seat` connected anywhere. */
  connected(seat: 0 | 1): number {
    let n = 0;
    for (const c of this.connectedBy.values()) n += c[seat];
    return n;
  }

  get version(): number {
    return this.row.version;
  }

  /** Runs `fn` after every earlier action of this game has finished. */
  run<T>(fn: () => Promise<T>): Promise<T> {
    const p = this.tail.then(fn, fn);
    this.tail = p.catch(() => undefined);
    return p;
  }

  remember(v: number, frame: string): void {
    this.history.push({ v, frame });
    if (this.history.length > HISTORY_LIMIT) this.history.splice(0, this.history.length - HISTORY_LIMIT);
  }

  /** Versions after `since`, or null when the history no longer reaches back that far. */
  since(since: number): VersionFrame[] | null {
    if (since >= this.version) return [];
    const first = this.history[0];
    if (!first || first.v > since + 1) return null;
    return this.history.filter((e) => e.v > since);
  }
}
