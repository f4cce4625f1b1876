import { describe, expect, it } from 'vitest';
import { FairQueue } from './fair-queue.ts';

const drainAll = <T>(q: FairQueue<T>): T[] => {
  const out: T[] = [];
  for (let x = q.shift(); x !== undefined; x = q.shift()) out.push(x);
  return out;
};

describe('FairQueue', () => {
  it('serves games in turn, FIFO within a game', () => {
    const q = new FairQueue<string>();
    for (let i = 1; i <= 4; i++) q.push('A', `a${i}`);
    q.push('B', 'b1');
    q.push('C', 'c1');
    q.push('C', 'c2');
    expect(q.size).toBe(7);
    expect(drainAll(q)).toEqual(['a1', 'b1', 'c1', 'a2', 'c2', 'a3', 'a4']);
    expect(q.size).toBe(0);
  });

  it('puts a game that comes back behind the games already waiting', () => {
    const q = new FairQueue<string>();
    q.push('A', 'a1');
    q.push('B', 'b1');
    expect(q.shift()).toBe('a1');
    q.push('A', 'a2');
    q.push('C', 'c1');
    expect(drainAll(q)).toEqual(['b1', 'a2', 'c1']);
  });

  it('removes and drains', () => {
    const q = new FairQueue<string>();
    q.push('A', 'a1');
    q.push('A', 'a2');
    q.push('B', 'b1');
    expect(q.remove('A', 'a1')).toBe(true);
    expect(q.remove('A', 'a1')).toBe(false);
    expect(q.remove('Z', 'z')).toBe(false);
    expect(q.size).toBe(2);
    expect(q.drain().sort()).toEqual(['a2', 'b1']);
    expect(q.shift()).toBeUndefined();
  });
});
