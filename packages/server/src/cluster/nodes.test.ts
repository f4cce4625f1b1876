/**
 * The node's id is claimed in Redis (a key prefix of its own per test): a
 * second process with the id of a live node refuses to start; the id is free
 * again once its holder left, or once a crashed holder's key ran out; a node
 * frozen past its time to live whose id was claimed meanwhile steps aside
 * rather than take it back.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FakeTime, systemClock, systemTimers, type Timers } from '../service/time.ts';
import { eventually, TEST_REDIS_URL, testRedis, uniquePrefix } from '../testing/redis.ts';
import { startTcpProxy } from '../testing/tcp-proxy.ts';
import { NODE_TTL_MS, NodeIdTaken, NodeRegistry } from './nodes.ts';

const opened: { dispose(): Promise<void> }[] = [];
const registries: NodeRegistry[] = [];
afterEach(async () => {
  for (const r of registries.splice(0)) await r.leave().catch(() => undefined);
  for (const l of opened.splice(0).reverse()) await l.dispose();
});

/** Two processes' links to one club (one prefix). */
async function club() {
  const prefix = uniquePrefix();
  const a = await testRedis(prefix);
  const b = await testRedis(prefix);
  opened.push(a, b);
  return { a, b };
}

function registry(...args: ConstructorParameters<typeof NodeRegistry>): NodeRegistry {
  const r = new NodeRegistry(...args);
  registries.push(r);
  return r;
}

/** Timers that say when the first one is armed (the start's wait for the holder's key). */
function watched(time: FakeTime): { timers: Timers; armed: Promise<void> } {
  let armed!: () => void;
  const p = new Promise<void>((r) => (armed = r));
  return {
    timers: {
      at(at, fn) {
        armed();
        return time.at(at, fn);
      },
    },
    armed: p,
  };
}

describe('a node’s id', () => {
  it('a second process with the id of a live node refuses to start, after waiting out one time to live; the first keeps it', async () => {
    const { a, b } = await club();
    const time = new FakeTime();
    const first = registry(a, 'n1', { clock: time, timers: time });
    await first.start();
    const w = watched(time);
    const second = registry(b, 'n1', { clock: time, timers: w.timers });
    const started = second.start();
    started.catch(() => undefined);
    await w.armed;
    // The holder beats through the wait, as a live node does.
    time.advance(NODE_TTL_MS + 100);
    await expect(started).rejects.toBeInstanceOf(NodeIdTaken);
    await expect(started).rejects.toThrow(/NODE_ID n1 is in use/);
    expect(await first.isAlive(first.member)).toBe(true);
    expect(await first.alive()).toEqual([first.member]);
  });

  it('is free at once after its holder left (SIGTERM)', async () => {
    const { a, b } = await club();
    const time = new FakeTime();
    const first = registry(a, 'n1', { clock: time, timers: time });
    await first.start();
    await first.leave();
    const second = registry(b, 'n1', { clock: time, timers: time });
    await second.start();
    expect(await second.isAlive(second.member)).toBe(true);
  });

  it('a restart after a crash takes the id once the crashed holder’s key ran out', async () => {
    const { a, b } = await club();
    // Redis counts the key's life in its own (real) time: a short one, waited for on the real timers.
    const ttlMs = 150;
    const time = new FakeTime();
    const crashed = registry(a, 'n1', { clock: time, timers: time, ttlMs });
    await crashed.start();
    crashed.stop();
    // Its own key lives the usual time: a short one could run out on a busy machine before it is read below.
    const restarted = registry(b, 'n1', { clock: systemClock, timers: systemTimers });
    await restarted.start();
    expect(await restarted.isAlive(restarted.member)).toBe(true);
    expect(await restarted.isAlive(crashed.member)).toBe(false);
  });

  it('a node frozen past its time to live, whose id another process claimed meanwhile, steps aside instead of taking it back', async () => {
    const { a, b } = await club();
    const time = new FakeTime();
    const frozen = registry(a, 'n1', { clock: time, timers: time });
    await frozen.start();
    let taken = 0;
    let expired = 0;
    frozen.onTaken(() => taken++);
    frozen.onExpired(() => expired++);
    // Frozen past the TTL: its key ran out (deleted here rather than waited for), and a process with its id started.
    await a.client.del(a.key('node:n1'));
    const other = registry(b, 'n1', { clock: time, timers: time });
    await other.start();
    // The frozen one resumes: its next beat finds the id held by another.
    time.advance(1000);
    await eventually(() => taken > 0, 2000, 'the id found taken');
    expect(taken).toBe(1);
    expect(expired).toBe(0);
    expect(frozen.beating).toBe(false);
    expect(await other.isAlive(other.member)).toBe(true);
    // It beats no more, so it never tries again.
    time.advance(5000);
    await new Promise((r) => setTimeout(r, 50));
    expect(await other.isAlive(other.member)).toBe(true);
    expect(taken).toBe(1);
  });

  it('holds its lease only while a renewal surely keeps its key: unrenewed (cut from Redis, or its beats hung), it stops deciding before the key can run out', async () => {
    const { a } = await club();
    const time = new FakeTime();
    const n = registry(a, 'n1', { clock: time, timers: time });
    await n.start();
    expect(n.holdsLease()).toBe(true);
    // Beats that go through keep it.
    for (let i = 0; i < 3; i++) {
      time.advance(1000);
      await new Promise((r) => setTimeout(r, 30));
      expect(n.holdsLease()).toBe(true);
    }
    // No renewal gets through for most of a time to live: the key may be gone any moment, so nothing is decided any more.
    time.jump(NODE_TTL_MS - 400);
    expect(n.holdsLease()).toBe(false);
    // A renewal that goes through gives it back. Time moves on until one does: a beat from before the jump may still
    // be in flight under load (the beat then due is skipped, and that late answer renews nothing).
    await eventually(
      () => {
        if (!n.holdsLease()) time.advance(100);
        return n.holdsLease();
      },
      5000,
      'the lease held again',
    );
  });

  it('stops holding its lease the moment its connection to Redis drops, not at its next failed beat (an owner cut from Redis decides nothing it could not publish)', async () => {
    const url = new URL(TEST_REDIS_URL);
    const proxy = await startTcpProxy(url.hostname, Number(url.port || 6379));
    opened.push({ dispose: () => proxy.close() });
    const prefix = uniquePrefix();
    const link = await testRedis(prefix, `redis://127.0.0.1:${proxy.port}`);
    opened.push({ dispose: () => link.close() });
    const time = new FakeTime();
    const n = registry(link, 'n1', { clock: time, timers: time });
    await n.start();
    time.advance(1000);
    await new Promise((r) => setTimeout(r, 30));
    expect(n.holdsLease()).toBe(true);
    // Cut: the connection closes; no time passes, so no beat has failed yet.
    await proxy.cut();
    await eventually(() => !link.up(), 3000, 'the link seen down');
    expect(n.holdsLease()).toBe(false);
    await proxy.resume();
    // Back: the reconnection's check of our key (and the next beats) give it back.
    await eventually(() => link.up(), 5000, 'the link back');
    time.advance(1000);
    await eventually(() => n.holdsLease(), 3000, 'the lease held again');
    const plain = await testRedis(prefix);
    opened.push(plain);
  });
});
