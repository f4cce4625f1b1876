import { describe, expect, it } from 'vitest';
import type { Seek } from '@youzai/protocol';
import { SeekBook } from './seek-book.ts';

const seek = (id: string, createdAt: number, userId = 'u1'): Seek => ({
  id,
  user: { id: userId, name: userId, guest: false },
  rating: { rating: 1500, deviation: 350, provisional: true },
  variant: 'xiangqi',
  clock: { kind: 'fischer', minutes: 5, increment: 3 },
  rated: false,
  color: 'random',
  range: null,
  createdAt,
});

describe('the lobby seek book', () => {
  it('applies additions and removals by id, oldest first', () => {
    const b = new SeekBook();
    b.reset([seek('b', 20), seek('a', 10)]);
    expect(b.apply({ add: [seek('c', 30)], remove: ['a'] })).toBe(true);
    expect(b.list().map((s) => s.id)).toEqual(['b', 'c']);
  });

  it('is idempotent: a frame repeating the snapshot changes nothing', () => {
    const b = new SeekBook();
    const a = seek('a', 10);
    b.reset([a]);
    expect(b.apply({ add: [a], remove: ['gone'] })).toBe(false);
    expect(b.list()).toEqual([a]);
    b.apply({ add: [seek('x', 5)], remove: [] });
    b.apply({ add: [seek('x', 5)], remove: [] });
    expect(b.size).toBe(2);
    b.apply({ add: [], remove: ['x'] });
    expect(b.apply({ add: [], remove: ['x'] })).toBe(false);
    expect(b.has('x')).toBe(false);
  });

  it('replaces everything on a new snapshot', () => {
    const b = new SeekBook();
    b.reset([seek('a', 1), seek('b', 2)]);
    b.reset([seek('c', 3)]);
    expect(b.list().map((s) => s.id)).toEqual(['c']);
  });

  it("finds a player's own seeks", () => {
    const b = new SeekBook();
    b.reset([seek('a', 1, 'me'), seek('b', 2, 'other'), seek('c', 3, 'me')]);
    expect(b.ownedBy('me')).toEqual(['a', 'c']);
  });

  it('orders seeks created at the same moment by id, so the order never flickers', () => {
    const b = new SeekBook();
    b.reset([seek('z', 1), seek('m', 1)]);
    expect(b.list().map((s) => s.id)).toEqual(['m', 'z']);
  });
});
