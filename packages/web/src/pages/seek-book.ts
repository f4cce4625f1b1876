/**
 * The lobby's open seeks as the client holds them: a snapshot, then `seeks`
 * frames applied by id. Applying is idempotent, as the API asks: a frame
 * already on its way when the client subscribed may repeat the snapshot.
 */
import type { Seek } from '@youzai/protocol';

export class SeekBook {
  private readonly byId = new Map<string, Seek>();

  /** Replaces everything with a snapshot. */
  reset(seeks: readonly Seek[]): void {
    this.byId.clear();
    for (const s of seeks) this.byId.set(s.id, s);
  }

  /** Applies one `seeks` frame; says whether anything changed. */
  apply(frame: { readonly add: readonly Seek[]; readonly remove: readonly string[] }): boolean {
    let changed = false;
    for (const id of frame.remove) changed = this.byId.delete(id) || changed;
    for (const s of frame.add) {
      if (this.byId.get(s.id) !== s) changed = true;
      this.byId.set(s.id, s);
    }
    return changed;
  }

  get size(): number {
    return this.byId.size;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** Oldest first: new seeks join at the bottom, so a row does not move under a finger about to tap it. */
  list(): Seek[] {
    return [...this.byId.values()].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /** The ids of a player's own seeks. */
  ownedBy(userId: string): string[] {
    return this.list()
      .filter((s) => s.user.id === userId)
      .map((s) => s.id);
  }
}
