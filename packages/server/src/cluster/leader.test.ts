/**
 * The leader lease as the node counts it: only until the lease it was granted
 * would have run out, from when the renewal was sent. A node frozen past its
 * lease is not leader when it resumes, before any answer comes back (so the
 * pools' tick does nothing), and the listeners (the pools' timer) hear it.
 */
import { describe, expect, it } from 'vitest';
import { FakeTime } from '../service/time.ts';
import { Leader } from './leader.ts';
import type { RedisLink } from './redis.ts';

/** A link whose lease script answers `granted`, after `answer` is called when `manual`. */
function fakeLink(): { link: RedisLink; granted: number; pending: (() => void)[]; manual: boolean } {
  const f = {
    granted: 1,
    pending: [] as (() => void)[],
    manual: false,
    link: null as unknown as RedisLink,
  };
  f.link = {
    client: {
      eval: () =>
        new Promise((resolve) => {
          const answer = f.granted;
          if (f.manual) f.pending.push(() => resolve(answer));
          else resolve(answer);
        }),
    },
    key: (n: string) => n,
  } as unknown as RedisLink;
  return f;
}

/** The time the renewals are armed on (the lease itself is counted on `now`). */
const time = new FakeTime();

describe('Leader', () => {
  it('is leader once granted, and no longer once its lease would have run out without a renewal (frozen)', async () => {
    let now = 0;
    const f = fakeLink();
    const heard: boolean[] = [];
    const leader = new Leader(f.link, 'club', () => 'n1|a', { clock: time, timers: time, ttlMs: 3000, everyMs: 1000, now: () => now });
    leader.onChange((held) => heard.push(held));
    await leader.tick();
    expect(leader.isLeader).toBe(true);
    now = 2999;
    expect(leader.isLeader).toBe(true);
    // Frozen from 0 to 3000: on resuming, before any renewal is answered, it is not leader.
    now = 3000;
    expect(leader.isLeader).toBe(false);
    // The next tick tells the listeners before it asks; the renewal sent now (granted: nobody took it) makes it leader again.
    f.manual = true;
    const t = leader.tick();
    expect(heard).toEqual([true, false]);
    f.pending.shift()!();
    await t;
    expect(leader.isLeader).toBe(true);
    expect(heard).toEqual([true, false, true]);
  });

  it('a renewal granted but answered after the lease it grants ran out does not make it leader', async () => {
    let now = 0;
    const f = fakeLink();
    f.manual = true;
    const leader = new Leader(f.link, 'club', () => 'n1|a', { clock: time, timers: time, ttlMs: 3000, everyMs: 1000, now: () => now });
    const t = leader.tick();
    now = 3500;
    f.pending.shift()!();
    await t;
    expect(leader.isLeader).toBe(false);
  });

  it('refused (another node holds the lease): not leader', async () => {
    const f = fakeLink();
    f.granted = 0;
    const leader = new Leader(f.link, 'club', () => 'n1|a', { clock: time, timers: time, ttlMs: 3000, everyMs: 1000, now: () => 0 });
    await leader.tick();
    expect(leader.isLeader).toBe(false);
  });

  it('a lease granted to a renewal still under way when the node stops is not taken up, and is given back', async () => {
    const f = fakeLink();
    f.manual = true;
    let evals = 0;
    const evalOf = f.link.client.eval.bind(f.link.client);
    (f.link.client as unknown as { eval: (...a: unknown[]) => Promise<unknown> }).eval = (...a: unknown[]) => {
      evals++;
      return (evalOf as (...a: unknown[]) => Promise<unknown>)(...a);
    };
    const heard: boolean[] = [];
    const leader = new Leader(f.link, 'club', () => 'n1|a', { clock: time, timers: time, ttlMs: 3000, everyMs: 1000, now: () => 0 });
    leader.onChange((held) => heard.push(held));
    // Not leader yet: the first claim is sent, then the node stops before the answer.
    const t = leader.tick();
    await leader.stop();
    f.manual = false;
    f.pending.shift()!();
    await t;
    expect(leader.isLeader).toBe(false);
    expect(heard).toEqual([]);
    // The lease Redis granted is deleted rather than left to block the other nodes for its whole ttl.
    expect(evals).toBe(2);
  });

  it('renews on the time it is given: at start, then every period as the time advances, until stopped', async () => {
    const f = fakeLink();
    let evals = 0;
    const evalOf = f.link.client.eval.bind(f.link.client);
    (f.link.client as unknown as { eval: (...a: unknown[]) => Promise<unknown> }).eval = (...a: unknown[]) => {
      evals++;
      return (evalOf as (...a: unknown[]) => Promise<unknown>)(...a);
    };
    const t = new FakeTime();
    const leader = new Leader(f.link, 'club', () => 'n1|a', { clock: t, timers: t, ttlMs: 3000, everyMs: 1000, now: () => 0 });
    leader.start();
    expect(evals).toBe(1);
    t.advance(999);
    expect(evals).toBe(1);
    t.advance(1);
    expect(evals).toBe(2);
    t.advance(3000);
    expect(evals).toBe(5);
    await leader.stop();
    // Stopping gave the lease back (one more call); no renewal after it.
    const after = evals;
    t.advance(10_000);
    expect(evals).toBe(after);
  });
});
