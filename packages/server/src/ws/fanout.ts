/**
 * One bus topic delivered to many sockets (the lobby: every visitor of the
 * home page). The node subscribes to the topic once; each frame is encoded
 * once and written to the members in slices, one slice per event-loop turn,
 * so that a broadcast to 10,000 sockets never holds the loop for long: a
 * move or a pairing waits for one slice, not for the whole broadcast.
 * Frames reach each member in publish order.
 */
import type { Bus } from '../bus/bus.ts';

export interface FanoutMember {
  sendBuffer(frame: Buffer): void;
}

export class Fanout {
  private readonly members = new Set<FanoutMember>();
  private readonly queue: Buffer[] = [];
  /** Members still to receive the frame at the head of the queue. */
  private cursor: Iterator<FanoutMember> | null = null;
  private scheduled = false;
  private readonly off: () => void;

  constructor(
    bus: Bus,
    topic: string,
    private readonly sliceSize = 500,
  ) {
    this.off = bus.subscribe(topic, (m) => {
      if (typeof m !== 'string') return;
      this.queue.push(Buffer.from(m));
      this.schedule();
    });
  }

  add(m: FanoutMember): void {
    this.members.add(m);
  }

  delete(m: FanoutMember): void {
    this.members.delete(m);
  }

  get size(): number {
    return this.members.size;
  }

  /** Frames waiting to go out (for monitoring). */
  get backlog(): number {
    return this.queue.length;
  }

  close(): void {
    this.off();
    this.queue.length = 0;
    this.members.clear();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.slice();
    });
  }

  private slice(): void {
    let budget = this.sliceSize;
    while (budget > 0 && this.queue.length) {
      const frame = this.queue[0]!;
      this.cursor ??= this.members.values();
      for (;;) {
        if (budget-- <= 0) break;
        const next = this.cursor.next();
        if (next.done) {
          this.cursor = null;
          this.queue.shift();
          break;
        }
        next.value.sendBuffer(frame);
      }
    }
    if (this.queue.length) this.schedule();
  }
}
