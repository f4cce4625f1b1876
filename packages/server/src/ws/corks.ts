/**
 * Frames written to a socket during one turn of the event loop leave in one
 * system call. A move answers its player with up to three frames (the
 * game's events, the ack, a ping to measure the lag), each written by `ws`
 * as its own write: corking the socket at the first of them and uncorking
 * once the turn's callbacks and promises have run sends them together
 * (writev), in the same order, a few microseconds later at most.
 */
export interface Corkable {
  cork(): void;
  uncork(): void;
}

export class TurnCorks {
  private held: Corkable[] = [];
  private readonly members = new WeakSet<Corkable>();

  constructor(
    /** Runs the flush once the current turn's work is done (process.nextTick: after the promise jobs queued so far). */
    private readonly later: (fn: () => void) => void = process.nextTick,
  ) {}

  /** Corks `socket` until the end of this turn, unless it already is. */
  hold(socket: Corkable): void {
    if (this.members.has(socket)) return;
    this.members.add(socket);
    socket.cork();
    if (this.held.push(socket) === 1) this.later(this.flush);
  }

  /** Uncorks every socket held: each writes what it gathered at once. */
  readonly flush = (): void => {
    const held = this.held;
    this.held = [];
    for (const s of held) {
      this.members.delete(s);
      s.uncork();
    }
  };
}
