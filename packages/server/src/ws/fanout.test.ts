/** The lobby fan-out: one frame to many sockets in slices, in order, members coming and going meanwhile. */
import { describe, expect, it } from 'vitest';
import { MemoryBus } from '../bus/bus.ts';
import { Fanout, type FanoutMember } from './fanout.ts';

class Member implements FanoutMember {
  readonly got: string[] = [];
  sendBuffer(frame: Buffer): void {
    this.got.push(frame.toString());
  }
}

const turn = () => new Promise((r) => setImmediate(r));

describe('fan-out', () => {
  it('sends each frame to every member, in publish order, a slice per turn', async () => {
    const bus = new MemoryBus();
    const f = new Fanout(bus, 'lobby', 3);
    const ms = Array.from({ length: 7 }, () => new Member());
    for (const m of ms) f.add(m);
    bus.publish('lobby', 'a');
    bus.publish('lobby', 'b');
    expect(f.backlog).toBe(2);
    await turn();
    expect(ms.map((m) => m.got.length)).toEqual([1, 1, 1, 0, 0, 0, 0]);
    for (let i = 0; i < 10 && f.backlog; i++) await turn();
    expect(f.backlog).toBe(0);
    for (const m of ms) expect(m.got).toEqual(['a', 'b']);
    // Only text frames: other bus messages are not the lobby's.
    bus.publish('lobby', { not: 'a frame' });
    expect(f.backlog).toBe(0);
  });

  it('a member who leaves mid-broadcast gets no more; one who joins gets the rest', async () => {
    const bus = new MemoryBus();
    const f = new Fanout(bus, 'lobby', 2);
    const [a, b, c, d] = [new Member(), new Member(), new Member(), new Member()];
    for (const m of [a, b, c]) f.add(m);
    bus.publish('lobby', 'x');
    await turn();
    f.delete(c);
    f.add(d);
    for (let i = 0; i < 10 && f.backlog; i++) await turn();
    expect([a.got, b.got, c.got, d.got]).toEqual([['x'], ['x'], [], ['x']]);
    f.close();
    bus.publish('lobby', 'y');
    expect(f.backlog).toBe(0);
  });
});
