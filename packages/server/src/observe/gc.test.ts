import { constants } from 'node:perf_hooks';
import { describe, expect, it, vi } from 'vitest';
import { gcKindOf } from './gc.ts';

describe('GC pauses', () => {
  it('tallies an entry by its kind, and a forced collection apart whatever its kind', () => {
    expect(gcKindOf({ detail: { kind: constants.NODE_PERFORMANCE_GC_MINOR, flags: 0 } })).toBe('minor');
    expect(gcKindOf({ detail: { kind: constants.NODE_PERFORMANCE_GC_MAJOR, flags: 0 } })).toBe('major');
    expect(gcKindOf({ detail: { kind: constants.NODE_PERFORMANCE_GC_INCREMENTAL, flags: 0 } })).toBe('incremental');
    expect(gcKindOf({ detail: { kind: constants.NODE_PERFORMANCE_GC_MAJOR, flags: constants.NODE_PERFORMANCE_GC_FLAGS_FORCED } })).toBe('forced');
  });

  it('starts empty, and a reset empties it again', async () => {
    // A module of its own: the integration layer's workers share modules between files (isolate: false),
    // and another file may have started this one's tally.
    vi.resetModules();
    const fresh = await import('./gc.ts');
    const first = fresh.gcPauses(true);
    for (const k of Object.values(first)) expect(k).toEqual({ count: 0, totalMs: 0, maxMs: 0 });
    expect(Object.keys(fresh.gcPauses())).toEqual(['minor', 'major', 'incremental', 'weakcb', 'forced']);
  });
});
