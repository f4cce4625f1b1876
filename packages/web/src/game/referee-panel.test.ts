import type { RefereeState } from '@youzai/protocol';
import { describe, expect, it } from 'vitest';
import { refereeMatters } from './referee-panel.ts';

const counter = (plies: number, limit: number) => ({ plies, limit });
const calm: RefereeState = {
  ply: 3,
  verdict: null,
  runs: [null, null],
  counters: { natural: counter(3, 120), progress: counter(3, 60), length: counter(3, 400), claim: { ...counter(3, 120), claimable: false } },
  quiet: null,
};

describe('the referee panel folds until a counter matters', () => {
  it('stays folded from the first moves', () => {
    expect(refereeMatters(calm)).toBe(false);
    expect(refereeMatters({ ...calm, runs: null, counters: null, quiet: counter(10, 100) })).toBe(false);
  });

  it('opens for a run, a counter past half its limit, a long game or a claimable draw', () => {
    const run = { kind: 'check', length: 1, limit: 6, pieces: 1 } as unknown as NonNullable<NonNullable<RefereeState['runs']>[0]>;
    expect(refereeMatters({ ...calm, runs: [run, null] })).toBe(true);
    expect(refereeMatters({ ...calm, counters: { ...calm.counters!, progress: counter(30, 60) } })).toBe(true);
    expect(refereeMatters({ ...calm, counters: { ...calm.counters!, natural: counter(59, 120) } })).toBe(false);
    expect(refereeMatters({ ...calm, counters: { ...calm.counters!, length: counter(320, 400) } })).toBe(true);
    expect(refereeMatters({ ...calm, counters: { ...calm.counters!, claim: { ...counter(1, 120), claimable: true } } })).toBe(true);
    expect(refereeMatters({ ...calm, runs: null, counters: null, quiet: counter(50, 100) })).toBe(true);
  });
});
