import { describe, expect, it } from 'vitest';
import { PageLoads } from './page-loads.ts';

/** A loader the test settles by hand, counting its calls. */
function deferred(value: string) {
  const calls: { resolve: (v: string) => void; reject: (e: Error) => void }[] = [];
  const load = () =>
    new Promise<string>((resolve, reject) => {
      calls.push({ resolve, reject });
    });
  return { load, calls, settle: (i = calls.length - 1) => calls[i]!.resolve(value), fail: (i = calls.length - 1) => calls[i]!.reject(new Error('offline')) };
}

describe('pages loaded on demand', () => {
  it('shows the latest page asked for: one asked for while another still loads wins over it', async () => {
    const home = deferred('home');
    const game = deferred('game');
    const loads = new PageLoads({ home: home.load, game: game.load }, 'failed');
    const first = loads.open('home');
    const second = loads.open('game');
    game.settle();
    home.settle();
    expect(await first).toBeNull();
    expect(await second).toBe('game');
  });

  it('fetches a page once, however often it is preloaded and opened', async () => {
    const game = deferred('game');
    const loads = new PageLoads({ game: game.load }, 'failed');
    loads.preload('game');
    loads.preload('game');
    const shown = loads.open('game');
    game.settle();
    expect(await shown).toBe('game');
    expect(await loads.open('game')).toBe('game');
    expect(game.calls).toHaveLength(1);
  });

  it('gives the fallback page when the fetch fails, and fetches again next time', async () => {
    const game = deferred('game');
    const loads = new PageLoads({ game: game.load }, 'failed');
    const shown = loads.open('game');
    game.fail();
    expect(await shown).toBe('failed');
    const again = loads.open('game');
    game.settle();
    expect(await again).toBe('game');
    expect(game.calls).toHaveLength(2);
  });
});
