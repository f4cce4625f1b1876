/**
 * A queue that serves its keys (game ids) in turn: one item from the game
 * at the head, which then goes to the back if it has more. A game with many
 * requests waits its turn like any other and cannot starve them.
 */
export class FairQueue<T> {
  // A Map keeps insertion order: re-inserting a key moves it to the back.
  private readonly byKey = new Map<string, T[]>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  push(key: string, item: T): void {
    const items = this.byKey.get(key);
    if (items) items.push(item);
    else this.byKey.set(key, [item]);
    this.count++;
  }

  /** The next item in round-robin order over keys, FIFO within a key. */
  shift(): T | undefined {
    for (const [key, items] of this.byKey) {
      const item = items.shift();
      this.byKey.delete(key);
      if (items.length > 0) this.byKey.set(key, items);
      if (item === undefined) continue;
      this.count--;
      return item;
    }
    return undefined;
  }

  /** Removes one item (e.g. one whose deadline passed); false when not queued. */
  remove(key: string, item: T): boolean {
    const items = this.byKey.get(key);
    const i = items ? items.indexOf(item) : -1;
    if (!items || i < 0) return false;
    items.splice(i, 1);
    if (items.length === 0) this.byKey.delete(key);
    this.count--;
    return true;
  }

  /** Empties the queue, returning everything that was in it. */
  drain(): T[] {
    const all = [...this.byKey.values()].flat();
    this.byKey.clear();
    this.count = 0;
    return all;
  }
}
