/** Forwarder on the in-memory bus: calls answered, and calls to a node seen dead failed at once rather than at their timeout. */
import { describe, expect, it } from 'vitest';
import { MemoryBus } from '../bus/bus.ts';
import { Forwarder, NoAnswer } from './forward.ts';

describe('Forwarder', () => {
  it('a call is answered by the node it is for', async () => {
    const bus = new MemoryBus();
    const owner = new Forwarder(
      bus,
      'n1',
      () => 'n1|a',
      async (req) => ({ value: `${req.op} ${JSON.stringify(req.args)}` }),
    );
    const relay = new Forwarder(
      bus,
      'n2',
      () => 'n2|b',
      async () => 'moved',
    );
    await expect(relay.call('n1|a', 'act', ['g1'], 60_000)).resolves.toBe('act ["g1"]');
    owner.close();
    relay.close();
  });

  it('calls waiting on a node seen dead fail at once with NoAnswer; calls to others keep waiting', async () => {
    const bus = new MemoryBus();
    // n1 is gone (nobody listens on its topic); n3 listens but answers only when told.
    let answer!: (v: unknown) => void;
    const n3 = new Forwarder(
      bus,
      'n3',
      () => 'n3|c',
      () => new Promise((r) => (answer = (v) => r({ value: v }))),
    );
    const relay = new Forwarder(
      bus,
      'n2',
      () => 'n2|b',
      async () => 'moved',
    );
    const toDead = [relay.call('n1|a', 'act', ['g1'], 60_000), relay.call('n1|a', 'view', ['g2'], 60_000)];
    const toLive = relay.call('n3|c', 'act', ['g3'], 60_000);
    expect(relay.abandon('n1|a')).toBe(2);
    for (const p of toDead) await expect(p).rejects.toBeInstanceOf(NoAnswer);
    // Nothing is left waiting on the dead node, and a later call to it (a relay still naming it as owner) fails at once.
    expect(relay.abandon('n1|a')).toBe(0);
    await expect(relay.call('n1|a', 'act', ['g1'], 60_000)).rejects.toBeInstanceOf(NoAnswer);
    answer('done');
    await expect(toLive).resolves.toBe('done');
    n3.close();
    relay.close();
  });
});
