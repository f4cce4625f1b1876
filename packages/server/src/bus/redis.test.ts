/** The Redis bus on a real Redis: two nodes (two connections) hear each other, in order, and stop hearing when unsubscribed; a topic subscribed while a node is cut from Redis is heard once it is back. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, TEST_REDIS_URL, testRedis, uniquePrefix } from '../testing/redis.ts';
import { startTcpProxy } from '../testing/tcp-proxy.ts';
import { RedisBus } from './redis.ts';

const prefix = uniquePrefix();
let links: Awaited<ReturnType<typeof testRedis>>[] = [];
let a: RedisBus;
let b: RedisBus;

beforeAll(async () => {
  links = [await testRedis(prefix), await testRedis(prefix)];
  a = new RedisBus(links[0]!);
  b = new RedisBus(links[1]!);
});
afterAll(async () => {
  await a.close();
  await b.close();
  for (const l of links) await l.dispose();
});

describe('RedisBus', () => {
  it('delivers frames and objects to every node listening, the publisher included, in publish order', async () => {
    const gotA: unknown[] = [];
    const gotB: unknown[] = [];
    const offA = a.subscribe('game:x', (m) => gotA.push(m));
    const offB = b.subscribe('game:x', (m) => gotB.push(m));
    await a.whenSubscribed('game:x');
    await b.whenSubscribed('game:x');
    const sent: unknown[] = [];
    for (let i = 0; i < 50; i++) sent.push(i % 2 ? `{"t":"event","v":${i}}` : { from: 'u1', frame: `line ${i}` });
    for (const m of sent) a.publish('game:x', m);
    await eventually(() => gotA.length === 50 && gotB.length === 50, 5000, 'all messages');
    expect(gotA).toEqual(sent);
    expect(gotB).toEqual(sent);
    offA();
    offB();
  });

  it('sends what one turn publishes in one write, in order, and each turn in its own', async () => {
    const got: unknown[] = [];
    const off = b.subscribe('game:y', (m) => got.push(m));
    await b.whenSubscribed('game:y');
    const before = a.writes;
    a.publish('game:y', 'frame 1');
    a.publish('rpc:n2', { re: 1, ok: true });
    a.publish('game:y', 'frame 2');
    await Promise.resolve();
    // A promise's continuation in the same turn joins the same write.
    a.publish('game:y', 'frame 3');
    await new Promise((r) => setImmediate(r));
    expect(a.writes - before).toBe(1);
    a.publish('game:y', 'frame 4');
    await eventually(() => got.length === 4, 5000, 'four frames');
    expect(a.writes - before).toBe(2);
    expect(got).toEqual(['frame 1', 'frame 2', 'frame 3', 'frame 4']);
    off();
  });

  it('a message published just before closing still leaves', async () => {
    const link = await testRedis(prefix);
    const bus = new RedisBus(link);
    const got: unknown[] = [];
    const off = b.subscribe('last', (m) => got.push(m));
    await b.whenSubscribed('last');
    bus.publish('last', 'handover');
    await bus.close();
    await eventually(() => got.length === 1, 5000, 'the last message');
    expect(got).toEqual(['handover']);
    off();
    await link.dispose();
  });

  it('a topic is heard only by its subscribers, and no longer after unsubscribing', async () => {
    const got: unknown[] = [];
    const off = b.subscribe('room:r1', (m) => got.push(m));
    await b.whenSubscribed('room:r1');
    a.publish('room:r2', 'other');
    a.publish('room:r1', 'one');
    await eventually(() => got.length === 1);
    off();
    a.publish('room:r1', 'two');
    // A later message on a topic still subscribed shows the unsubscribed one was not delivered before it.
    const probe: unknown[] = [];
    b.subscribe('probe', (m) => probe.push(m));
    await b.whenSubscribed('probe');
    a.publish('probe', 'p');
    await eventually(() => probe.length === 1);
    expect(got).toEqual(['one']);
  });

  it('keeps prefixes apart: another club on the same Redis is not heard', async () => {
    const other = await testRedis();
    const bus = new RedisBus(other);
    const got: unknown[] = [];
    b.subscribe('lobby', (m) => got.push(m));
    await b.whenSubscribed('lobby');
    bus.publish('lobby', 'foreign');
    a.publish('lobby', 'ours');
    await eventually(() => got.length >= 1);
    expect(got).toEqual(['ours']);
    await bus.close();
    await other.dispose();
  });
});

describe('RedisBus through a link that is cut', () => {
  it('a topic subscribed while Redis is out of reach is heard once it is back (the SUBSCRIBE waits, it is not dropped)', async () => {
    const proxy = await startTcpProxy('127.0.0.1', Number(new URL(TEST_REDIS_URL).port || 6379));
    const link = await testRedis(prefix, `redis://127.0.0.1:${proxy.port}`);
    const bus = new RedisBus(link);
    try {
      await bus.connected();
      const back = new Promise<void>((r) => bus.onReconnected(r));
      await proxy.cut();
      // The subscriber tries again every 0.2-1 s: several failed tries before Redis is back (each flushed its queue).
      const got: unknown[] = [];
      bus.subscribe('game:cut', (m) => got.push(m));
      await new Promise((r) => setTimeout(r, 2500));
      await proxy.resume();
      await back;
      await bus.whenSubscribed('game:cut');
      // Published until heard: a SUBSCRIBE still on its way is not a lost one.
      await eventually(
        () => {
          a.publish('game:cut', 'after');
          return got.length > 0;
        },
        8000,
        'the topic subscribed during the outage',
      );
      expect(got[0]).toBe('after');
    } finally {
      await bus.close();
      await link.close();
      await proxy.close();
    }
  });
});
