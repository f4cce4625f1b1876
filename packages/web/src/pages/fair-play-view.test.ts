import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadLang, setLang } from '../i18n/index.ts';
import { fairPlayRows, type FairPlayReportWire } from './fair-play-view.ts';

// English is fetched when chosen (i18n loadLang): loaded once before these tests switch to it.
beforeAll(() => loadLang('en'));
afterEach(() => setLang('vi'));

const figures = (over: object) => ({ games: 1, moves: 30, firstChoice: 0.9, avgLossCp: 12.4, meanMoveMs: 4200, sdMoveMs: 300, ...over });

describe('a fair-play report as rows', () => {
  it('each game linked, then all of them, then the band; shares, centipawns and seconds as text', () => {
    setLang('en');
    const r: FairPlayReportWire = {
      id: 'r1',
      user: 'suspect',
      requestedBy: 'root',
      requestedAt: 0,
      reportId: null,
      games: ['g1'],
      state: 'done',
      analysed: 1,
      figures: {
        perGame: [{ gameId: 'g1', variant: 'xiangqi', side: 0, ...figures({}) }],
        overall: figures({}),
        bands: [
          {
            variant: 'xiangqi',
            from: 1600,
            to: 1800,
            ...figures({ games: 40, moves: 1200, firstChoice: 0.52, avgLossCp: 48, meanMoveMs: null, sdMoveMs: null }),
          },
        ],
      },
    };
    expect(fairPlayRows(r)).toEqual([
      { label: 'g1', href: '/game/g1', games: '1', moves: '30', firstChoice: '90 %', avgLoss: '12', moveTime: '4.2 ± 0.3 s' },
      { label: 'All these games', href: null, games: '1', moves: '30', firstChoice: '90 %', avgLoss: '12', moveTime: '4.2 ± 0.3 s' },
      { label: 'Club, xiangqi 1600–1800', href: null, games: '40', moves: '1200', firstChoice: '52 %', avgLoss: '48', moveTime: '—' },
    ]);
    expect(fairPlayRows({ ...r, state: 'pending', figures: undefined as never })).toEqual([]);
  });
});
