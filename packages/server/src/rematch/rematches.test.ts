/** Rematch: offered by a player, heard by the other at once, accepted into a game with the colours swapped, or declined; the computer accepts at once. */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { MemoryBus } from '../bus/bus.ts';
import { systemClock, systemTimers } from '../service/time.ts';
import { tournamentRow } from '../store/fixtures.ts';
import { memoryStore } from '../store/memory/store.ts';
import { TestClient } from '../testing/client.ts';
import { clockSpecOf } from './rematches.ts';

let app: App;
let base: string;
const store = memoryStore();
beforeAll(async () => {
  app = await createApp({ store, bus: new MemoryBus(), clock: systemClock, timers: systemTimers, publicUrl: 'http://test', httpRate: 1000 });
  await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
});

const CLOCK = { kind: 'fischer', minutes: 3, increment: 2 } as const;

/** Two guests play a game by invitation (A Red), two moves, then A resigns. */
async function finished(): Promise<{ a: TestClient; b: TestClient; id: string }> {
  const a = new TestClient(base);
  const b = new TestClient(base);
  const g = await a.http('POST', '/api/games', { variant: 'xiangqi', color: 'first', clock: CLOCK, opponent: { type: 'invite' } });
  const id = g.json.id as string;
  const token = (g.json.invite as string).split('/').at(-1);
  expect((await b.http('POST', `/api/games/${id}/join`, { token })).json).toEqual({ ok: true, side: 'second' });
  expect((await a.http('POST', `/api/games/${id}/move`, { uci: 'h3e3', ply: 0 })).json.ok).toBe(true);
  expect((await b.http('POST', `/api/games/${id}/move`, { uci: 'h10g8', ply: 1 })).json.ok).toBe(true);
  expect((await a.http('POST', `/api/games/${id}/resign`)).json.ok).toBe(true);
  return { a, b, id };
}

describe('rematch between two players', () => {
  it("is refused for a tournament's game (issue 27: it made a game outside the tournament); the page leads back to the tournament instead", async () => {
    const { a, id } = await finished();
    const seats = (await a.http('GET', `/api/games/${id}`)).json.view.seats as { userId: string }[];
    // The finished game as a pairing of an arena (what the director writes before it creates the game).
    await store.createTournament(tournamentRow('arenarm', { status: 'running' }, { kind: 'arena', rated: false }));
    for (const u of seats) await store.enterTournament({ tournamentId: 'arenarm', userId: u.userId, name: u.userId, rating: 1500, at: 0 }, 10);
    const pairing = {
      round: 0,
      gameId: id,
      white: seats[0]!.userId,
      black: seats[1]!.userId,
      pairedAt: 0,
      result: null,
      forfeit: false,
      berserk: [false, false] as const,
      plies: 0,
      endedAt: null,
    };
    await store.advanceTournament('arenarm', 1, { status: 'running', round: 0, rounds: 0, startedAt: 0, endedAt: null, pairings: [pairing], byes: [] });
    expect((await a.http('POST', `/api/games/${id}/rematch`, { op: 'offer' })).json).toMatchObject({ ok: false, code: 'rematch.tournament' });
    expect((await a.http('GET', `/api/games/${id}/rematch`)).json.rematch).toBeNull();
  });

  it('is offered, heard by the other player at once, and accepted into a game with the colours swapped', async () => {
    const { a, b, id } = await finished();
    await b.connect();
    await b.request({ t: 'sub', game: id }, 1);
    const offer = await a.http('POST', `/api/games/${id}/rematch`, { op: 'offer' });
    expect(offer.json).toMatchObject({ ok: true, state: 'offered', by: 'first' });
    const next = offer.json.next as string;
    expect(await b.waitFor((m) => m.t === 'rematch' && m.game === id && m.state === 'offered')).toMatchObject({ by: 'first', next });
    expect((await b.http('GET', `/api/games/${id}/rematch`)).json.rematch).toEqual({ state: 'offered', by: 'first', next });
    // Offering again answers the same offer; a spectator cannot answer it.
    expect((await a.http('POST', `/api/games/${id}/rematch`, { op: 'offer' })).json.next).toBe(next);
    expect((await new TestClient(base).http('POST', `/api/games/${id}/rematch`, { op: 'accept' })).status).toBe(403);
    expect((await a.http('POST', `/api/games/${id}/rematch`, { op: 'accept' })).status).toBe(403);

    const accepted = await b.http('POST', `/api/games/${id}/rematch`, { op: 'accept' });
    expect(accepted.json).toEqual({ ok: true, state: 'accepted', by: 'first', next });
    await b.waitFor((m) => m.t === 'rematch' && m.state === 'accepted');
    const view = (await a.http('GET', `/api/games/${next}`)).json;
    expect(view.you).toBe('second');
    expect(view.view.status).toBe('active');
    expect(view.view.rated).toBe(false);
    expect(view.view.variant).toBe('xiangqi');
    expect(clockSpecOf(view.view.clockConfig)).toEqual(CLOCK);
    expect((await b.http('GET', `/api/games/${next}`)).json.you).toBe('first');
    b.close();
  });

  it('is declined: the waiting game is withdrawn and the offer can be made again', async () => {
    const { a, b, id } = await finished();
    const offer = await b.http('POST', `/api/games/${id}/rematch`, { op: 'offer' });
    expect(offer.json).toMatchObject({ state: 'offered', by: 'second' });
    expect((await a.http('POST', `/api/games/${id}/rematch`, { op: 'decline' })).json).toMatchObject({ ok: true, state: 'declined' });
    expect((await a.http('GET', `/api/games/${offer.json.next}`)).json.view.status).toBe('aborted');
    const again = await b.http('POST', `/api/games/${id}/rematch`, { op: 'offer' });
    expect(again.json).toMatchObject({ ok: true, state: 'offered', by: 'second' });
    expect(again.json.next).not.toBe(offer.json.next);
    // Both offering: the second offer accepts the first.
    expect((await a.http('POST', `/api/games/${id}/rematch`, { op: 'offer' })).json).toMatchObject({ state: 'accepted', next: again.json.next });
  });

  it('is refused while the game is played, and to a spectator', async () => {
    const a = new TestClient(base);
    const g = await a.http('POST', '/api/games', { variant: 'janggi', color: 'first', clock: CLOCK, opponent: { type: 'computer', level: 1 } });
    const r = await a.http('POST', `/api/games/${g.json.id}/rematch`, { op: 'offer' });
    expect(r.json.code).toBe('rematch.not-finished');
    const { id } = await finished();
    expect((await new TestClient(base).http('POST', `/api/games/${id}/rematch`, { op: 'offer' })).status).toBe(403);
  });
});

describe('rematch against the computer', () => {
  it('starts at once with the colours swapped and the same level', async () => {
    const a = new TestClient(base);
    const g = await a.http('POST', '/api/games', { variant: 'sittuyin', color: 'first', clock: CLOCK, opponent: { type: 'computer', level: 3 } });
    const id = g.json.id as string;
    // Sittuyin starts with placement: one placement each, then resign.
    expect((await a.http('POST', `/api/games/${id}/move`, { uci: 'K@d2', ply: 0 })).json.ok).toBe(true);
    for (let i = 0; i < 100 && (await a.http('GET', `/api/games/${id}`)).json.view.ply < 2; i++) await new Promise((r) => setTimeout(r, 20));
    expect((await a.http('POST', `/api/games/${id}/resign`)).json.ok).toBe(true);
    const r = await a.http('POST', `/api/games/${id}/rematch`, { op: 'offer' });
    expect(r.json).toMatchObject({ ok: true, state: 'accepted', by: 'first' });
    const view = (await a.http('GET', `/api/games/${r.json.next}`)).json;
    expect(view.you).toBe('second');
    expect(view.view.seats[0]).toMatchObject({ kind: 'engine', level: 3 });
    expect(view.view.status).toBe('active');
  });
});
