/**
 * Publish/subscribe by topic (a game id, "lobby", ...). In one process the
 * memory bus is enough; with several nodes the Redis bus carries the same
 * messages, so any node can serve any game's watchers.
 */
export interface Bus {
  publish(topic: string, message: unknown): void;
  /** Returns the function that unsubscribes. */
  subscribe(topic: string, handler: (message: unknown) => void): () => void;
  /**
   * Resolves once messages of `topic` published from now on will be heard
   * (at once in memory; after Redis confirms the subscription otherwise).
   * A reader that subscribes, then reads a state, waits for this in between.
   */
  whenSubscribed?(topic: string): Promise<void>;
  /**
   * Calls `fn` each time the bus is back after its connection was lost
   * (messages of that time were not heard); returns the unsubscribe. A bus
   * in memory never loses one.
   */
  onReconnected?(fn: () => void): () => void;
  close(): Promise<void>;
}

export class MemoryBus implements Bus {
  private readonly topics = new Map<string, Set<(m: unknown) => void>>();

  publish(topic: string, message: unknown): void {
    const hs = this.topics.get(topic);
    if (!hs) return;
    for (const h of [...hs]) h(message);
  }

  subscribe(topic: string, handler: (message: unknown) => void): () => void {
    let hs = this.topics.get(topic);
    if (!hs) {
      hs = new Set();
      this.topics.set(topic, hs);
    }
    hs.add(handler);
    return () => {
      hs.delete(handler);
      if (hs.size === 0 && this.topics.get(topic) === hs) this.topics.delete(topic);
    };
  }

  subscribers(topic: string): number {
    return this.topics.get(topic)?.size ?? 0;
  }

  async close(): Promise<void> {
    this.topics.clear();
  }
}
