/**
 * Who is online on this node: distinct users with at least one open socket.
 * Others (the lobby, chat) hear when a user's first socket opens and when the
 * last one closes.
 */
export interface PresenceListener {
  /** The user's first socket opened. */
  arrived?(userId: string): void;
  /** The user's last socket closed. */
  left?(userId: string): void;
}

export class Presence {
  private readonly sockets = new Map<string, number>();
  private readonly listeners: PresenceListener[] = [];

  listen(l: PresenceListener): void {
    this.listeners.push(l);
  }

  connect(userId: string): void {
    const n = (this.sockets.get(userId) ?? 0) + 1;
    this.sockets.set(userId, n);
    if (n === 1) for (const l of this.listeners) l.arrived?.(userId);
  }

  disconnect(userId: string): void {
    const n = (this.sockets.get(userId) ?? 0) - 1;
    if (n > 0) {
      this.sockets.set(userId, n);
      return;
    }
    if (!this.sockets.delete(userId)) return;
    for (const l of this.listeners) l.left?.(userId);
  }

  isOnline(userId: string): boolean {
    return this.sockets.has(userId);
  }

  /** The users online on this node. */
  users(): string[] {
    return [...this.sockets.keys()];
  }

  /** Distinct users online. */
  get online(): number {
    return this.sockets.size;
  }
}
