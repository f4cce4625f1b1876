/** InOrder: one key's messages go one after the other, whatever each takes; keys do not wait for each other. */
import { describe, expect, it } from 'vitest';
import { InOrder } from './in-order.ts';

/** A send that completes when told to. */
function gate(): { promise: Promise<void>; open: () => void; fail: () => void } {
  let open!: () => void;
  let fail!: () => void;
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = () => reject(new Error('no answer'));
  });
  return { promise, open, fail };
}

const turns = () => new Promise((r) => setImmediate(r));

describe('InOrder', () => {
  it('sends a later message only after the earlier one was answered, even when the earlier one is slow', async () => {
    const q = new InOrder();
    const sent: string[] = [];
    const slow = gate();
    // The announcement of what this node holds (slow: its owner is being taken over), then a socket closing.
    const a = q.run('g1', async () => {
      sent.push('announce {u1: 1}');
      await slow.promise;
      sent.push('announce answered');
    });
    const b = q.run('g1', async () => {
      sent.push('u1 -1');
    });
    await turns();
    expect(sent).toEqual(['announce {u1: 1}']);
    slow.open();
    await Promise.all([a, b]);
    expect(sent).toEqual(['announce {u1: 1}', 'announce answered', 'u1 -1']);
    expect(q.size).toBe(0);
  });

  it('a message that failed does not hold the next back', async () => {
    const q = new InOrder();
    const sent: string[] = [];
    const g = gate();
    const a = q.run('g1', async () => {
      sent.push('first');
      await g.promise;
    });
    const b = q.run('g1', async () => {
      sent.push('second');
    });
    g.fail();
    await expect(a).resolves.toBeUndefined();
    await b;
    expect(sent).toEqual(['first', 'second']);
  });

  it('another game does not wait', async () => {
    const q = new InOrder();
    const sent: string[] = [];
    const g = gate();
    void q.run('g1', async () => {
      await g.promise;
      sent.push('g1');
    });
    await q.run('g2', async () => {
      sent.push('g2');
    });
    expect(sent).toEqual(['g2']);
    expect(q.size).toBe(1);
    g.open();
    await turns();
    expect(sent).toEqual(['g2', 'g1']);
    expect(q.size).toBe(0);
  });
});
