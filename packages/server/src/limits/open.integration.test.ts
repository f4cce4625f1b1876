/**
 * Open-at-once caps per address against the real server: several guests
 * behind one address (every client here is 127.0.0.1) share the address's
 * places; a place frees when its resource ends, without anyone saying so.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { MemoryBus } from '../bus/bus.ts';
import { systemClock, systemTimers } from '../service/time.ts';
import { memoryStore } from '../store/memory/store.ts';
import { TestClient } from '../testing/client.ts';

let app: App;
let base: string;

beforeAll(async () => {
  app = await createApp({
    store: memoryStore(),
    bus: new MemoryBus(),
    clock: systemClock,
    timers: systemTimers,
    publicUrl: 'http://club.test',
    httpRate: 1000,
    openLimits: {
      waiting: { addr: 3, leaseSeconds: 3600, what: 'games waiting for an opponent' },
      seek: { addr: 3, leaseSeconds: 3600, what: 'open seeks' },
      challenge: { addr: 2, leaseSeconds: 3600, what: 'open room challenges' },
    },
  });
  await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => app.close());

const INVITE = { variant: 'xiangqi', color: 'first', clock: { kind: 'fischer', minutes: 5, increment: 0 }, opponent: { type: 'invite' } };
const SEEK = { t: 'seek-create', variant: 'xiangqi', clock: { kind: 'fischer', minutes: 5, increment: 0 }, rated: false, color: 'random' };

async function guest(): Promise<TestClient & { userId: string }> {
  const c = new TestClient(base) as TestClient & { userId: string };
  c.userId = (await c.http('POST', '/api/session')).json.user.id;
  return c;
}

describe('open at once per address', () => {
  it('games waiting for an opponent: guests of one address share its places; a game taken frees one', async () => {
    const [a, b, c] = [await guest(), await guest(), await guest()];
    const made: { id: string; token: string }[] = [];
    for (const [i, p] of [a, a, b].entries()) {
      const r = await p.http('POST', '/api/games', INVITE);
      expect(r.status, `game ${i}`).toBe(201);
      made.push({ id: r.json.id, token: String(r.json.invite).split('/').pop()! });
    }
    // A fresh guest (its own cap of 5 untouched) meets the address's: 429 with its own code.
    const refused = await c.http('POST', '/api/games', INVITE);
    expect([refused.status, refused.json.code]).toEqual([429, 'limit.open-waiting']);
    expect(refused.json.message).toBe('At most 3 games waiting for an opponent at once from one address: close one first');
    // Games against the computer wait for nobody.
    expect((await c.http('POST', '/api/games', { ...INVITE, opponent: { type: 'computer', level: 1 } })).status).toBe(201);
    // One invitation taken: its place is free again.
    expect((await c.http('POST', `/api/games/${made[0]!.id}/join`, { token: made[0]!.token })).status).toBe(200);
    expect((await c.http('POST', '/api/games', INVITE)).status).toBe(201);
    expect((await b.http('POST', '/api/games', INVITE)).json.code).toBe('limit.open-waiting');
  });

  it('seeks: guests of one address share its places; a cancelled seek frees one; the refusal answers the frame’s id', async () => {
    const [a, b] = [await (await guest()).connect(), await (await guest()).connect()];
    const seeks: string[] = [];
    for (const [i, p] of [a, a, b].entries()) {
      const r = (await p.request(SEEK, i + 1)) as { t: string; seek?: string };
      expect(r.t, `seek ${i}`).toBe('ack');
      seeks.push(r.seek!);
    }
    expect(await b.request(SEEK, 9)).toMatchObject({ t: 'error', id: 9, code: 'limit.open-seek' });
    expect(await a.request({ t: 'seek-cancel', seek: seeks[0] }, 10)).toMatchObject({ t: 'ack' });
    expect(await b.request(SEEK, 11)).toMatchObject({ t: 'ack' });
    a.close();
    b.close();
  });

  it('room challenges: guests of one address share its places, all rooms together; a declined one frees its place', async () => {
    const [a, b, c] = [await (await guest()).connect(), await (await guest()).connect(), await (await guest()).connect()];
    const room = (await a.http('POST', '/api/rooms', { name: 'Open caps' })).json.id as string;
    for (const [i, p] of [a, b, c].entries()) expect(await p.request({ t: 'room-join', room }, 100 + i)).toMatchObject({ t: 'ack' });
    const challenge = { t: 'room-challenge', room, variant: 'janggi', clock: { kind: 'fischer', minutes: 5, increment: 0 } };
    const first = (await a.request({ ...challenge, to: c.userId }, 1)) as { t: string; challenge?: string };
    expect(first.t).toBe('ack');
    expect(await b.request(challenge, 2)).toMatchObject({ t: 'ack' });
    expect(await c.request(challenge, 3)).toMatchObject({ t: 'error', id: 3, code: 'limit.open-challenge' });
    expect(await c.request({ t: 'room-decline', room, challenge: first.challenge }, 4)).toMatchObject({ t: 'ack' });
    expect(await c.request(challenge, 5)).toMatchObject({ t: 'ack' });
    for (const p of [a, b, c]) p.close();
  });
});
