/**
 * Messages of one key (a game) sent one after the other: each waits until
 * the one before has been answered (or failed). A node's presence messages
 * for a game are sent this way, so that a count announced to a new owner
 * (`presenceOf`, read when it was asked for) is never overtaken by a change
 * made after it, nor overtakes one made before: each may be retried for
 * seconds during a failover, and two sent side by side could land in
 * either order, leaving the owner with a stale count (a player counted as
 * connected after leaving, or away while connected).
 */
export class InOrder {
  private readonly tails = new Map<string, Promise<void>>();

  /** Runs `send` once everything queued before for `key` has settled; resolves when it has (never rejects). */
  run(key: string, send: () => Promise<unknown>): Promise<void> {
    const next = (this.tails.get(key) ?? Promise.resolve()).then(send).then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, next);
    void next.then(() => {
      if (this.tails.get(key) === next) this.tails.delete(key);
    });
    return next;
  }

  /** Keys with messages queued or under way. */
  get size(): number {
    return this.tails.size;
  }
}
