/** ImportStore conformance: saved imports by id, their PGN kept to the byte, an id taken once. */
import { beforeEach, describe, expect, it } from 'vitest';
import { T0, user } from '../fixtures.ts';
import type { ImportRow, ImportStore } from '../imports.ts';
import { UniqueViolation } from '../types.ts';
import type { UserStore } from '../users.ts';

type Under = UserStore & ImportStore;

const PGN = '[대회명 "친선전"]\n[Variant "janggi"]\n\n1. i4h4 {중포 \\ "따옴표"} b10c8 (a7b7) *\n';
const row = (id: string, userId: string | null, over: Partial<ImportRow> = {}): ImportRow => ({
  id,
  variant: 'janggi',
  pgn: PGN,
  userId,
  createdAt: T0,
  ...over,
});

export function describeImportStore(current: () => Under): void {
  describe('imports', () => {
    let store: Under;
    beforeEach(async () => {
      store = current();
      await store.createUser(user('u1'));
    });

    it('keeps a saved import to the byte, by its id; an unknown id is null', async () => {
      await store.saveImport(row('imp0001', 'u1'));
      await store.saveImport(row('imp0002', null, { variant: 'xiangqi', pgn: 'x'.repeat(100_000), createdAt: T0 + 5 }));
      expect(await store.importById('imp0001')).toEqual(row('imp0001', 'u1'));
      expect(await store.importById('imp0002')).toEqual(row('imp0002', null, { variant: 'xiangqi', pgn: 'x'.repeat(100_000), createdAt: T0 + 5 }));
      expect(await store.importById('nope')).toBeNull();
    });

    it('refuses a taken id and an unknown account', async () => {
      await store.saveImport(row('imp0001', 'u1'));
      await expect(store.saveImport(row('imp0001', 'u1', { pgn: 'other' }))).rejects.toEqual(new UniqueViolation('import'));
      expect((await store.importById('imp0001'))?.pgn).toBe(PGN);
      await expect(store.saveImport(row('imp0003', 'ghost'))).rejects.toThrow();
    });
  });
}
