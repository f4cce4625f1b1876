/**
 * What the rooms' rules (rooms.ts) keep: the state port, and the adapter
 * that keeps it in one node's memory (cluster/rooms-state.ts keeps it in Redis).
 * The port knows no rule but the few that must hold atomically where two
 * nodes can race: a member counted once however many sockets, a full room,
 * a challenge taken once, an empty room closed only if still empty.
 * state.test.ts is the behaviour every adapter has.
 *
 * A member is counted by their sockets on each node (`node` is the node's
 * registry member): they leave with their last socket in the club, and the
 * sockets of a dead node can be dropped together (`all`).
 */
import type { Identity, PlayerTag, RoomChallenge, RoomGame, RoomSummary } from '@youzai/protocol';

/** What a room is made with, and keeps. */
export interface RoomMeta {
  readonly id: string;
  readonly name: string;
  readonly owner: PlayerTag;
  readonly createdAt: number;
}

export interface StoredChallenge {
  readonly view: RoomChallenge;
  readonly from: Identity;
}

/** Members, challenges and games in no set order (Redis keeps large hashes unordered). */
export interface RoomState {
  readonly meta: RoomMeta;
  readonly members: readonly PlayerTag[];
  readonly challenges: readonly StoredChallenge[];
  readonly games: readonly RoomGame[];
}

/** A socket joined: the room was `missing` or `full`, or the user is a `new` member, or was one `again`. */
export type Joined = 'missing' | 'full' | 'new' | 'again';

/** A member's last socket left: their challenges (made or received) went with them; `empty`: nobody is left. */
export interface Left {
  readonly dropped: readonly StoredChallenge[];
  readonly empty: boolean;
}

export type Added = 'ok' | 'no-author' | 'no-target' | 'too-many';

export interface RoomsState {
  /** How many rooms of this owner are open. */
  owned(ownerId: string): Promise<number>;
  /** A new room, empty: it is due to close at `closeAt`. */
  create(meta: RoomMeta, closeAt: number): Promise<void>;
  room(id: string): Promise<RoomState | null>;
  /** The open rooms, in no order. */
  summaries(): Promise<RoomSummary[]>;
  member(id: string, userId: string): Promise<PlayerTag | null>;
  /** One more socket of `user` on `node`; a newcomer only while there are fewer than `maxMembers`. A room joined is no longer due to close. */
  join(id: string, user: PlayerTag, node: string, maxMembers: number): Promise<Joined>;
  /**
   * One socket of a user on `node` leaves (`all`: every one there). Null
   * while they have a socket left in the room. A room left empty is due to
   * close at `closeAt`.
   */
  leave(id: string, userId: string, node: string, all: boolean, closeAt: number): Promise<Left | null>;
  /** Adds a challenge while its author (and target) are members and the author has fewer than `max` open. */
  addChallenge(id: string, c: StoredChallenge, max: number): Promise<Added>;
  challenge(id: string, challengeId: string): Promise<StoredChallenge | null>;
  /** Removes a challenge: true for the one caller that removed it. */
  takeChallenge(id: string, challengeId: string): Promise<boolean>;
  /** Lists a game started from the room; false if the room has closed. */
  addGame(id: string, game: RoomGame): Promise<boolean>;
  /** A game ended: the open room that listed it (and no longer does), or null. */
  endGame(gameId: string): Promise<string | null>;
  /** Closes the room if it is empty and still due at `closeAt` (nobody came and went since); true if it closed. */
  closeIfDue(id: string, closeAt: number): Promise<boolean>;
  /** The rooms and users with sockets counted on `node`. */
  socketsOn(node: string): Promise<{ room: string; user: string }[]>;
}

interface Kept {
  readonly meta: RoomMeta;
  readonly members: Map<string, PlayerTag>;
  /** `user|node` → sockets. */
  readonly sockets: Map<string, number>;
  readonly challenges: Map<string, StoredChallenge>;
  readonly games: Map<string, RoomGame>;
  closeAt: number | null;
}

/** One node's rooms, in its memory: each call is atomic, for nothing else runs during it. */
export class MemoryRoomsState implements RoomsState {
  private readonly rooms = new Map<string, Kept>();
  /** game id → the room it was started from. */
  private readonly gameRooms = new Map<string, string>();

  async owned(ownerId: string): Promise<number> {
    let n = 0;
    for (const r of this.rooms.values()) if (r.meta.owner.id === ownerId) n++;
    return n;
  }

  async create(meta: RoomMeta, closeAt: number): Promise<void> {
    this.rooms.set(meta.id, { meta, members: new Map(), sockets: new Map(), challenges: new Map(), games: new Map(), closeAt });
  }

  async room(id: string): Promise<RoomState | null> {
    const r = this.rooms.get(id);
    if (!r) return null;
    return { meta: r.meta, members: [...r.members.values()], challenges: [...r.challenges.values()], games: [...r.games.values()] };
  }

  async summaries(): Promise<RoomSummary[]> {
    return [...this.rooms.values()].map((r) => ({ ...r.meta, members: r.members.size, games: r.games.size }));
  }

  async member(id: string, userId: string): Promise<PlayerTag | null> {
    return this.rooms.get(id)?.members.get(userId) ?? null;
  }

  async join(id: string, user: PlayerTag, node: string, maxMembers: number): Promise<Joined> {
    const r = this.rooms.get(id);
    if (!r) return 'missing';
    const again = r.members.has(user.id);
    if (!again && r.members.size >= maxMembers) return 'full';
    r.members.set(user.id, user);
    const key = `${user.id}|${node}`;
    r.sockets.set(key, (r.sockets.get(key) ?? 0) + 1);
    r.closeAt = null;
    return again ? 'again' : 'new';
  }

  async leave(id: string, userId: string, node: string, all: boolean, closeAt: number): Promise<Left | null> {
    const r = this.rooms.get(id);
    if (!r) return null;
    const key = `${userId}|${node}`;
    const n = all ? 0 : (r.sockets.get(key) ?? 0) - 1;
    if (n > 0) {
      r.sockets.set(key, n);
      return null;
    }
    r.sockets.delete(key);
    for (const k of r.sockets.keys()) if (k.startsWith(`${userId}|`)) return null;
    if (!r.members.delete(userId)) return null;
    const dropped: StoredChallenge[] = [];
    for (const [cid, c] of r.challenges) {
      if (c.from.id === userId || c.view.to?.id === userId) {
        r.challenges.delete(cid);
        dropped.push(c);
      }
    }
    const empty = r.members.size === 0;
    if (empty) r.closeAt = closeAt;
    return { dropped, empty };
  }

  async addChallenge(id: string, c: StoredChallenge, max: number): Promise<Added> {
    const r = this.rooms.get(id);
    if (!r?.members.has(c.from.id)) return 'no-author';
    if (c.view.to && !r.members.has(c.view.to.id)) return 'no-target';
    let mine = 0;
    for (const x of r.challenges.values()) if (x.from.id === c.from.id) mine++;
    if (mine >= max) return 'too-many';
    r.challenges.set(c.view.id, c);
    return 'ok';
  }

  async challenge(id: string, challengeId: string): Promise<StoredChallenge | null> {
    return this.rooms.get(id)?.challenges.get(challengeId) ?? null;
  }

  async takeChallenge(id: string, challengeId: string): Promise<boolean> {
    return this.rooms.get(id)?.challenges.delete(challengeId) ?? false;
  }

  async addGame(id: string, game: RoomGame): Promise<boolean> {
    const r = this.rooms.get(id);
    if (!r) return false;
    r.games.set(game.id, game);
    this.gameRooms.set(game.id, id);
    return true;
  }

  async endGame(gameId: string): Promise<string | null> {
    const id = this.gameRooms.get(gameId);
    if (id === undefined) return null;
    this.gameRooms.delete(gameId);
    return this.rooms.get(id)?.games.delete(gameId) ? id : null;
  }

  async closeIfDue(id: string, closeAt: number): Promise<boolean> {
    const r = this.rooms.get(id);
    if (!r || r.members.size > 0 || r.closeAt !== closeAt) return false;
    this.rooms.delete(id);
    for (const g of r.games.keys()) this.gameRooms.delete(g);
    return true;
  }

  async socketsOn(node: string): Promise<{ room: string; user: string }[]> {
    const out: { room: string; user: string }[] = [];
    const suffix = `|${node}`;
    for (const r of this.rooms.values()) {
      for (const k of r.sockets.keys()) if (k.endsWith(suffix)) out.push({ room: r.meta.id, user: k.slice(0, -suffix.length) });
    }
    return out;
  }
}
