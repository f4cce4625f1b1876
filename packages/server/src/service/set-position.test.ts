/** Games from a set position (the board editor's): casual only, and they say where they start. */
import { describe, expect, it } from 'vitest';
import { VARIANTS } from '@youzai/rules';
import type { CreateGame, Identity } from '@youzai/protocol';
import { MemoryBus } from '../bus/bus.ts';
import { GameService } from './game-service.ts';
import { isSetPosition } from './terms.ts';
import { FakeTime } from './time.ts';
import { memoryStore } from '../store/memory/store.ts';

const alice: Identity = { id: 'ua', name: 'alice', guest: false };
const SET = '3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1';

async function setup() {
  const time = new FakeTime();
  const store = memoryStore();
  const service = new GameService({ store, bus: new MemoryBus(), clock: time, timers: time });
  await store.createUser({ id: alice.id, username: alice.name, passwordHash: null, createdAt: time.now() });
  return service;
}

const req = (over: Partial<CreateGame> = {}): CreateGame => ({
  variant: 'xiangqi',
  color: 'first',
  clock: { kind: 'fischer', minutes: 5, increment: 3 },
  opponent: { type: 'invite' },
  rated: false,
  ...over,
});

describe('games from a set position', () => {
  it('are refused when rated, by invitation or challenge', async () => {
    const service = await setup();
    expect(await service.create(alice, req({ fen: SET, rated: true }))).toMatchObject({ ok: false, error: { code: 'game.rated-position' } });
    expect(await service.create(alice, req({ fen: SET, rated: true, opponent: { type: 'user', username: 'alice' } }))).toMatchObject({
      ok: false,
      error: { code: 'game.rated-position' },
    });
  });

  it('start casual from the position, by invitation and against the computer', async () => {
    const service = await setup();
    for (const opponent of [{ type: 'invite' }, { type: 'computer', level: 2 }] as const) {
      const r = await service.create(alice, req({ fen: SET, opponent }));
      if (!r.ok) throw new Error(r.error.message);
      const game = await service.view(r.value.id);
      expect(game?.view).toMatchObject({ rated: false, initialFen: SET });
    }
  });

  it('the start position written out is no set position: it may be rated', async () => {
    const service = await setup();
    const start = VARIANTS.xiangqi.startFen;
    expect(isSetPosition('xiangqi', start)).toBe(false);
    expect(isSetPosition('xiangqi', start.replace(' - - 0 1', ''))).toBe(false);
    expect(isSetPosition('xiangqi', undefined)).toBe(false);
    expect(isSetPosition('xiangqi', SET)).toBe(true);
    expect((await service.create(alice, req({ fen: start, rated: true }))).ok).toBe(true);
  });

  it('an invalid position starts nothing', async () => {
    const service = await setup();
    expect(await service.create(alice, req({ fen: '4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1' }))).toMatchObject({
      ok: false,
      error: { code: 'position.generals-facing' },
    });
  });
});
