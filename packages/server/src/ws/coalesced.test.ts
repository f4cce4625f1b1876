import { describe, expect, it } from 'vitest';
import { MemoryBus } from '../bus/bus.ts';
import { FakeTime } from '../service/time.ts';
import { CoalescedTopics, stampNow } from './coalesced.ts';

function setup() {
  const bus = new MemoryBus();
  const time = new FakeTime();
  const topics = new CoalescedTopics(bus, time, 1000);
  const start = time.now();
  const heard: { at: number; m: unknown }[] = [];
  const off = topics.subscribe('tournament:t1', (m) => heard.push({ at: time.now() - start, m }));
  return { bus, time, topics, heard, off };
}

describe('coalesced topics (a tournament announced to its watchers)', () => {
  it('relays the first frame at once and merges the frames of the same second into one, the latest, sent when the second ends', () => {
    const { bus, time, heard } = setup();
    bus.publish('tournament:t1', 'a');
    expect(heard).toEqual([{ at: 0, m: 'a' }]);
    for (const m of ['b', 'c', 'd']) {
      time.advance(200);
      bus.publish('tournament:t1', m);
    }
    expect(heard).toHaveLength(1);
    time.advance(400);
    expect(heard).toEqual([
      { at: 0, m: 'a' },
      { at: 1000, m: 'd' },
    ]);
    // Quiet afterwards: nothing more is sent.
    time.advance(5000);
    expect(heard).toHaveLength(2);
  });

  it('never relays two frames less than a second apart, however many are published', () => {
    const { bus, time, heard } = setup();
    for (let i = 0; i < 500; i++) {
      bus.publish('tournament:t1', `m${i}`);
      time.advance(17);
    }
    time.advance(2000);
    const gaps = heard.slice(1).map((h, i) => h.at - heard[i]!.at);
    expect(heard.length).toBeGreaterThanOrEqual(8);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1000);
    // The last frame published is the last one relayed: no change is lost.
    expect(heard.at(-1)!.m).toBe('m499');
  });

  it('after a quiet second the next frame goes out at once', () => {
    const { bus, time, heard } = setup();
    bus.publish('tournament:t1', 'a');
    time.advance(1500);
    bus.publish('tournament:t1', 'b');
    expect(heard.map((h) => [h.at, h.m])).toEqual([
      [0, 'a'],
      [1500, 'b'],
    ]);
  });

  it('subscribes to the bus once per topic and lets go of it (and of a pending frame) with the last listener', () => {
    const { bus, time, topics, heard, off } = setup();
    const other: unknown[] = [];
    const off2 = topics.subscribe('tournament:t1', (m) => other.push(m));
    expect(bus.subscribers('tournament:t1')).toBe(1);
    bus.publish('tournament:t1', 'a');
    bus.publish('tournament:t1', 'b');
    expect(other).toEqual(['a']);
    off();
    off2();
    expect(bus.subscribers('tournament:t1')).toBe(0);
    expect(topics.size).toBe(0);
    time.advance(2000);
    expect(heard).toHaveLength(1);
    expect(other).toEqual(['a']);
  });

  it('keeps each topic to its own second', () => {
    const { bus, topics, heard } = setup();
    const t2: unknown[] = [];
    topics.subscribe('tournament:t2', (m) => t2.push(m));
    bus.publish('tournament:t1', 'a');
    bus.publish('tournament:t2', 'x');
    expect(heard).toHaveLength(1);
    expect(t2).toEqual(['x']);
  });

  it('stamps each frame with the time it was sent, once per delivery', () => {
    const bus = new MemoryBus();
    const time = new FakeTime(5000);
    const topics = new CoalescedTopics(bus, time, 1000, stampNow);
    const heard: unknown[] = [];
    topics.subscribe('tournament:t1', (m) => heard.push(m));
    bus.publish('tournament:t1', JSON.stringify({ t: 'tournament', tournament: 't1' }));
    time.advance(300);
    bus.publish('tournament:t1', JSON.stringify({ t: 'tournament', tournament: 't1' }));
    time.advance(2000);
    expect(heard.map((m) => JSON.parse(m as string))).toEqual([
      { t: 'tournament', tournament: 't1', now: 5000 },
      { t: 'tournament', tournament: 't1', now: 6000 },
    ]);
    expect(stampNow({ kick: 'x' }, 1)).toEqual({ kick: 'x' });
    expect(stampNow('not json', 1)).toBe('not json');
  });

  it('waits for the whole second when a timer fires early by the wall clock', () => {
    const bus = new MemoryBus();
    let now = 10_000;
    const armed: { at: number; fn: () => void }[] = [];
    const at = (due: number, fn: () => void) => {
      armed.push({ at: due, fn });
      return () => {};
    };
    const topics = new CoalescedTopics(bus, { now: () => now, at }, 1000);
    const sent: number[] = [];
    topics.subscribe('tournament:t1', () => sent.push(now));
    bus.publish('tournament:t1', 'a');
    bus.publish('tournament:t1', 'b');
    expect(armed.map((a) => a.at)).toEqual([11_000]);
    now = 10_999;
    armed.shift()!.fn();
    expect(sent).toEqual([10_000]);
    expect(armed.map((a) => a.at)).toEqual([11_000]);
    now = 11_000;
    armed.shift()!.fn();
    expect(sent).toEqual([10_000, 11_000]);
  });
});
