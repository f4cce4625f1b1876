/** AnalysisStore conformance: one per game, queued once, claimed by one holder, a stale claim taken over, progress fenced by the claim. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { AnalysisRow, AnalysisStore } from '../analyses.ts';
import { T0, game } from '../fixtures.ts';
import type { GameStore } from '../games.ts';

type Under = GameStore & AnalysisStore;

const queued = (gameId: string, over: Partial<AnalysisRow> = {}): AnalysisRow => ({
  gameId,
  state: 'queued',
  done: 0,
  total: 41,
  requestedBy: 'u1',
  requestedAt: T0,
  updatedAt: T0,
  holder: null,
  data: null,
  ...over,
});

const result = {
  plies: [
    { ply: 0, eval: { cp: 31 }, best: 'h2e2', line: ['h2e2', 'h9g7'] },
    { ply: 1, eval: { mate: -3 }, judgement: 'blunder' },
  ],
};

export function describeAnalysisStore(current: () => Under): void {
  describe('analyses', () => {
    let store: Under;
    beforeEach(async () => {
      store = current();
      for (const id of ['g1', 'g2', 'g3']) await store.createGame(game(id));
    });

    it('is queued once per game and read back as written', async () => {
      expect(await store.analysis('g1')).toBeNull();
      expect(await store.requestAnalysis(queued('g1'))).toEqual({ row: queued('g1'), queued: true });
      const again = await store.requestAnalysis(queued('g1', { requestedBy: 'u2', requestedAt: T0 + 5 }));
      expect(again).toEqual({ row: queued('g1'), queued: false });
      expect(await store.analysis('g1')).toEqual(queued('g1'));
      expect(await store.analysis('g2')).toBeNull();
    });

    it('refuses an analysis of a game that does not exist', async () => {
      await expect(store.requestAnalysis(queued('nope'))).rejects.toThrow();
    });

    it('is claimed by one holder; a stale claim is taken over and fences the old holder out', async () => {
      await store.requestAnalysis(queued('g1'));
      const a = await store.claimAnalysis('g1', 'n1/1', T0 + 10, T0 + 10 - 30_000);
      expect(a).toEqual(queued('g1', { state: 'running', holder: 'n1/1', updatedAt: T0 + 10 }));
      expect(await store.claimAnalysis('g1', 'n2/1', T0 + 20, T0 + 20 - 30_000)).toBeNull();
      expect(await store.updateAnalysis('g1', 'n1/1', { state: 'running', done: 5, updatedAt: T0 + 30, data: null })).toBe(true);
      expect(await store.updateAnalysis('g1', 'n2/1', { state: 'running', done: 6, updatedAt: T0 + 31, data: null })).toBe(false);
      // Nothing heard from n1 since T0 + 30: n2 takes it over, and n1's later writes are refused.
      const taken = await store.claimAnalysis('g1', 'n2/1', T0 + 40_000, T0 + 31);
      expect(taken).toMatchObject({ state: 'running', holder: 'n2/1', done: 5, updatedAt: T0 + 40_000 });
      expect(await store.updateAnalysis('g1', 'n1/1', { state: 'done', done: 41, updatedAt: T0 + 40_001, data: result })).toBe(false);
      expect(await store.updateAnalysis('g1', 'n2/1', { state: 'done', done: 41, updatedAt: T0 + 40_002, data: result })).toBe(true);
      expect(await store.analysis('g1')).toEqual(queued('g1', { state: 'done', done: 41, holder: 'n2/1', updatedAt: T0 + 40_002, data: result }));
      // Done: never claimed or written again, nor queued again.
      expect(await store.claimAnalysis('g1', 'n3/1', T0 + 90_000, T0 + 90_000)).toBeNull();
      expect(await store.updateAnalysis('g1', 'n2/1', { state: 'failed', done: 0, updatedAt: T0 + 90_000, data: null })).toBe(false);
      expect((await store.requestAnalysis(queued('g1', { requestedAt: T0 + 90_000 }))).queued).toBe(false);
    });

    it('queues a failed analysis afresh', async () => {
      await store.requestAnalysis(queued('g1'));
      await store.claimAnalysis('g1', 'n1/1', T0 + 1, T0);
      await store.updateAnalysis('g1', 'n1/1', { state: 'failed', done: 3, updatedAt: T0 + 2, data: { code: 'engine.crashed' } });
      expect(await store.analysis('g1')).toMatchObject({ state: 'failed', data: { code: 'engine.crashed' } });
      const again = await store.requestAnalysis(queued('g1', { requestedBy: 'u2', requestedAt: T0 + 3, updatedAt: T0 + 3 }));
      expect(again).toEqual({ row: queued('g1', { requestedBy: 'u2', requestedAt: T0 + 3, updatedAt: T0 + 3 }), queued: true });
    });

    it('lists the unfinished oldest first and counts each requester', async () => {
      await store.requestAnalysis(queued('g2', { requestedAt: T0 + 2, requestedBy: 'u2' }));
      await store.requestAnalysis(queued('g1', { requestedAt: T0 + 1 }));
      await store.requestAnalysis(queued('g3', { requestedAt: T0 + 3 }));
      await store.claimAnalysis('g1', 'n1/1', T0 + 4, T0);
      expect((await store.unfinishedAnalyses(10)).map((a) => a.gameId)).toEqual(['g1', 'g2', 'g3']);
      expect((await store.unfinishedAnalyses(2)).map((a) => a.gameId)).toEqual(['g1', 'g2']);
      expect(await store.activeAnalyses('u1')).toBe(2);
      expect(await store.activeAnalyses('u2')).toBe(1);
      await store.updateAnalysis('g1', 'n1/1', { state: 'done', done: 41, updatedAt: T0 + 5, data: result });
      expect((await store.unfinishedAnalyses(10)).map((a) => a.gameId)).toEqual(['g2', 'g3']);
      expect(await store.activeAnalyses('u1')).toBe(1);
      expect(await store.activeAnalyses('nobody')).toBe(0);
    });
  });
}
