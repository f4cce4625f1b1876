/** Stored snapshots are versioned: a game stored by an older server loads, plays on and keeps its verdict. */
import { describe, expect, it } from 'vitest';
import { MemoryBus } from '../bus/bus.ts';
import type { GameRow } from '../store/games.ts';
import { memoryStore } from '../store/memory/store.ts';
import { GameService } from './game-service.ts';
import { SNAPSHOT_VERSION, readSnapshot } from './snapshot.ts';
import { FakeTime } from './time.ts';

const T0 = 1_700_000_000_000;
const seats = [
  { userId: 'ua', name: 'alice', kind: 'human' },
  { userId: 'ub', name: 'bob', kind: 'human' },
];

/** A snapshot exactly as servers wrote them before snapshots had versions: no `schema`, verdicts with their sentences. */
function versionOne(status: 'active' | 'finished'): Record<string, unknown> {
  const done = status === 'finished';
  return {
    game: {
      setup: { id: 'oldgame1', variant: 'xiangqi', fen: null, clock: { kind: 'fischer', baseMs: 300_000, incrementMs: 0 }, rated: false, createdAt: T0 },
      seats,
      status,
      clock: {
        config: { kind: 'fischer', baseMs: 300_000, incrementMs: 0 },
        mainMs: [300_000, 300_000],
        periodsLeft: [0, 0],
        running: done ? null : 0,
        since: done ? null : T0 + 2000,
      },
      drawOffer: null,
      verdict: done ? { result: '0-1', winner: 1, reason: 'resignation', explanation: { vi: 'Đỏ xin thua', en: 'Red resigned' } } : null,
      startedAt: T0,
      endedAt: done ? T0 + 3000 : null,
      firstMoveDeadline: null,
      disconnectedSince: [null, null],
    },
    extras: { invite: null, challenge: null },
  };
}

function row(status: 'active' | 'finished', data: unknown): GameRow {
  return {
    id: 'oldgame1',
    variant: 'xiangqi',
    status,
    whiteId: 'ua',
    blackId: 'ub',
    rated: false,
    createdAt: T0,
    updatedAt: T0 + 3000,
    result: status === 'finished' ? '0-1' : null,
    reason: status === 'finished' ? 'resignation' : null,
    plies: 2,
    version: 4,
    inviteToken: null,
    data,
  };
}

async function stored(status: 'active' | 'finished') {
  const store = memoryStore();
  const time = new FakeTime(T0 + 10_000);
  await store.createGame({ ...row(status, versionOne(status)), version: 2, plies: 0 });
  await store.saveGame(row(status, versionOne(status)), 2, [
    { gameId: 'oldgame1', ply: 1, uci: 'h3e3', at: T0 + 1000, clockMs: 300_000 },
    { gameId: 'oldgame1', ply: 2, uci: 'h10g8', at: T0 + 2000, clockMs: 300_000 },
  ]);
  const service = new GameService({ store, bus: new MemoryBus(), clock: time, timers: time });
  return { store, service, time };
}

describe('stored snapshots', () => {
  it('reads a version-1 verdict as a legacy code that keeps both sentences', () => {
    const s = readSnapshot(versionOne('finished'));
    expect(s.schema).toBe(SNAPSHOT_VERSION);
    expect(s.game.verdict).toEqual({ result: '0-1', winner: 1, reason: 'resignation', code: 'legacy', params: { vi: 'Đỏ xin thua', en: 'Red resigned' } });
    expect(s.extras).toEqual({ invite: null, challenge: null });
  });

  it('leaves a current snapshot as it is, and refuses one from a newer server', () => {
    const current = { ...versionOne('active'), schema: SNAPSHOT_VERSION };
    expect(readSnapshot(current)).toEqual(current);
    expect(() => readSnapshot({ ...current, schema: SNAPSHOT_VERSION + 1 })).toThrow(/newer server/);
  });

  it('serves a finished game stored by an older server with its verdict', async () => {
    const { service } = await stored('finished');
    const s = await service.view('oldgame1');
    expect(s?.view).toMatchObject({ status: 'finished', moves: ['h3e3', 'h10g8'], verdict: { code: 'legacy', params: { en: 'Red resigned' } } });
  });

  it('plays on a live game stored by an older server, and writes it back at the current version', async () => {
    const { service, store } = await stored('active');
    expect((await service.act('oldgame1', 'ua', { type: 'resign' })).ok).toBe(true);
    const after = await store.game('oldgame1');
    expect(after).toMatchObject({ status: 'finished', result: '0-1', reason: 'resignation', version: 5 });
    expect(after!.data).toMatchObject({ schema: SNAPSHOT_VERSION, game: { verdict: { code: 'resignation', params: { side: 0 } } } });
  });
});
