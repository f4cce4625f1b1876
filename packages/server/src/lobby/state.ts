/**
 * Where the lobby keeps its open seeks and its pool places: the only thing
 * that differs between a club of one node (this node's memory, here) and a
 * club of several (Redis, cluster/lobby-state.ts). The rules live once, in
 * Lobby; each operation here is atomic on its own, so that of two nodes
 * racing for the same seek or the same pair of players exactly one wins.
 * The same suite (state.test.ts) runs on both.
 */
import type { Identity, Seek } from '@youzai/protocol';
import type { PoolEntry } from './pools.ts';

export interface SeekEntry {
  readonly seek: Seek;
  readonly owner: Identity;
}

export interface LobbyState {
  /** Every open seek. */
  seeks(): Promise<SeekEntry[]>;
  addSeek(e: SeekEntry): Promise<void>;
  /** Removes the seek; true for the one caller that removed it (a second finds it gone). */
  takeSeek(id: string): Promise<boolean>;
  /** Removes the seek only if `ownerId` owns it; true when it did. */
  cancelSeek(id: string, ownerId: string): Promise<boolean>;
  /** Every pool place (one a player). */
  places(): Promise<PoolEntry[]>;
  /** Puts the player in a pool, moving them from any other. */
  setPlace(e: PoolEntry): Promise<void>;
  /** Puts the place back unless the player has one again (a pairing that could not make its game). */
  restorePlace(e: PoolEntry): Promise<void>;
  /** Removes the player's place; true when they had one. */
  removePlace(userId: string): Promise<boolean>;
  /** Takes both places if both are still exactly as read (`places()`); else neither. */
  takePair(a: PoolEntry, b: PoolEntry): Promise<boolean>;
}

/** The lobby of a club of one node. */
export class MemoryLobbyState implements LobbyState {
  private readonly seekMap = new Map<string, SeekEntry>();
  private readonly placeMap = new Map<string, PoolEntry>();

  async seeks(): Promise<SeekEntry[]> {
    return [...this.seekMap.values()];
  }

  async addSeek(e: SeekEntry): Promise<void> {
    this.seekMap.set(e.seek.id, e);
  }

  async takeSeek(id: string): Promise<boolean> {
    return this.seekMap.delete(id);
  }

  async cancelSeek(id: string, ownerId: string): Promise<boolean> {
    return this.seekMap.get(id)?.owner.id === ownerId && this.seekMap.delete(id);
  }

  async places(): Promise<PoolEntry[]> {
    return [...this.placeMap.values()];
  }

  async setPlace(e: PoolEntry): Promise<void> {
    this.placeMap.set(e.user.id, e);
  }

  async restorePlace(e: PoolEntry): Promise<void> {
    if (!this.placeMap.has(e.user.id)) this.placeMap.set(e.user.id, e);
  }

  async removePlace(userId: string): Promise<boolean> {
    return this.placeMap.delete(userId);
  }

  async takePair(a: PoolEntry, b: PoolEntry): Promise<boolean> {
    if (!this.holds(a) || !this.holds(b)) return false;
    this.placeMap.delete(a.user.id);
    this.placeMap.delete(b.user.id);
    return true;
  }

  /** The place is still the one read: the same entry, or one written alike (Redis compares the text). */
  private holds(e: PoolEntry): boolean {
    const now = this.placeMap.get(e.user.id);
    return now === e || (now !== undefined && JSON.stringify(now) === JSON.stringify(e));
  }
}
