import { describe, expect, it } from 'vitest';
import { LiveReads } from './live-reads.ts';

describe('LiveReads', () => {
  it('a read is fresh unless a live update came while it was on its way', () => {
    const reads = new LiveReads();
    const first = reads.begin();
    expect(reads.fresh(first)).toBe(true);
    const second = reads.begin();
    reads.updated(); // a notification rang while the second read was out
    expect(reads.fresh(second)).toBe(false);
    const third = reads.begin(); // read again, after the update
    expect(reads.fresh(third)).toBe(true);
  });
});
