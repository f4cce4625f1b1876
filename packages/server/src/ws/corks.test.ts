import { describe, expect, it } from 'vitest';
import { TurnCorks, type Corkable } from './corks.ts';

/** A socket that records cork depth and what each uncork let out. */
class FakeSocket implements Corkable {
  depth = 0;
  pending: string[] = [];
  flushed: string[][] = [];
  cork(): void {
    this.depth++;
  }
  uncork(): void {
    if (--this.depth === 0 && this.pending.length) this.flushed.push(this.pending.splice(0));
  }
  write(s: string): void {
    this.pending.push(s);
    if (this.depth === 0) this.flushed.push(this.pending.splice(0));
  }
}

describe('TurnCorks', () => {
  it("sends one turn's frames to a socket together, in order, and each socket once", () => {
    const queued: (() => void)[] = [];
    const corks = new TurnCorks((fn) => queued.push(fn));
    const a = new FakeSocket(),
      b = new FakeSocket();
    for (const [s, f] of [
      [a, 'events'],
      [b, 'events'],
      [a, 'ack'],
      [a, 'ping'],
    ] as const) {
      corks.hold(s);
      s.write(f);
    }
    // One flush scheduled for the turn; nothing left before it runs.
    expect(queued).toHaveLength(1);
    expect(a.flushed).toEqual([]);
    queued[0]!();
    expect(a.flushed).toEqual([['events', 'ack', 'ping']]);
    expect(b.flushed).toEqual([['events']]);
    expect(a.depth + b.depth).toBe(0);
    // The next turn corks again.
    corks.hold(a);
    a.write('next');
    expect(queued).toHaveLength(2);
    queued[1]!();
    expect(a.flushed).toEqual([['events', 'ack', 'ping'], ['next']]);
  });

  it('flushes by default after the promise jobs of the turn', async () => {
    const corks = new TurnCorks();
    const a = new FakeSocket();
    corks.hold(a);
    a.write('events');
    await Promise.resolve();
    // A later promise job of the same turn still joins the frame.
    corks.hold(a);
    a.write('ack');
    expect(a.flushed).toEqual([]);
    await new Promise((r) => setImmediate(r));
    expect(a.flushed).toEqual([['events', 'ack']]);
  });
});
