import { constants } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { gcKindOf, gcPauses } from './gc.ts';

describe('GC pauses', () => {
  it('tallies an entry by its kind, and a forced collection apart whatever its kind', () => {
    expect(gcKindOf({ detail: { kind: constants.NODE_PERFORMANCE_GC_MINOR, flags: 0 } })).toBe('minor');
    expect(gcKindOf({ detail: { kind: constants.NODE_PERFORMANCE_GC_MAJOR, flags: 0 } })).toBe('major');
    expect(gcKindOf({ detail: { kind: constants.NODE_PERFORMANCE_GC_INCREMENTAL, flags: 0 } })).toBe('incremental');
    expect(gcKindOf({ detail: { kind: constants.NODE_PERFORMANCE_GC_MAJOR, flags: constants.NODE_PERFORMANCE_GC_FLAGS_FORCED } })).toBe('forced');
  });

  it('starts empty, and a reset empties it again', () => {
    const first = gcPauses(true);
    for (const k of Object.values(first)) expect(k).toEqual({ count: 0, totalMs: 0, maxMs: 0 });
    expect(Object.keys(gcPauses())).toEqual(['minor', 'major', 'incremental', 'weakcb', 'forced']);
  });
});
