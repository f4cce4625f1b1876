/**
 * A takeback in a club of two nodes (child processes, real Redis and
 * PostgreSQL): asked through the node that does not decide the game
 * (forwarded to its owner, as draw offers are), heard at once by the
 * opponent on the owner; the owner is then killed, and the request, kept in
 * the stored game, is accepted at the node that takes the game over; the
 * moves after it are gone from the database and the game plays on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../testing/client.ts';
import { startCluster, type TestCluster } from '../testing/cluster.ts';

let club: TestCluster;
beforeAll(async () => {
  club = await startCluster({ nodes: 2 });
});
afterAll(async () => club?.close());

/** Retries `act` while the game is changing hands (a failover), for at most `ms`. */
async function through(act: () => Promise<{ status: number; json: { ok?: boolean; code?: string } }>, ms = 20_000) {
  const end = Date.now() + ms;
  for (;;) {
    const r = await act().catch(() => null);
    if (r?.json.ok) return r;
    if (r && r.status < 500 && r.json.code !== 'game.conflict' && r.json.code !== 'game.not-found') return r;
    if (Date.now() > end) throw new Error(`still refused: ${r?.status} ${r?.json.code}`);
    await new Promise((res) => setTimeout(res, 200));
  }
}

describe('takeback across nodes', () => {
  it('forwarded to the owner; the standing request survives the owner’s death and is accepted at the new owner', async () => {
    const red = new TestClient(club.nodes[0]!.base);
    const black = new TestClient(club.nodes[1]!.base);
    for (const c of [red, black]) await c.http('POST', '/api/session');
    const created = await red.http('POST', '/api/games', {
      variant: 'xiangqi',
      color: 'first',
      clock: { kind: 'fischer', minutes: 10, increment: 5 },
      opponent: { type: 'invite' },
    });
    const id = created.json.id as string;
    expect((await black.http('POST', `/api/games/${id}/join`, { token: String(created.json.invite).split('/').pop() })).json.ok).toBe(true);
    const owner = (await red.http('GET', `/api/games/${id}`)).json.owner as string;
    expect(owner).toBe(club.nodes[0]!.id);
    await red.connect();
    expect(await red.request({ t: 'sub', game: id }, 1)).toMatchObject({ t: 'ack' });
    for (const [i, uci] of ['h3e3', 'h10g8', 'b1c3'].entries()) {
      const p = i % 2 === 0 ? red : black;
      expect((await p.http('POST', `/api/games/${id}/move`, { uci, ply: i })).json).toEqual({ ok: true });
    }
    // Black, on the other node, asks on its own turn: its move and Red's reply are to go.
    expect((await black.http('POST', `/api/games/${id}/takeback`, { op: 'offer' })).json).toEqual({ ok: true });
    await red.waitFor((m) => m.t === 'events' && m.events.some((e) => e.type === 'takeback-offer' && e.by === 'second'), 10_000);

    await club.kill(owner);
    const again = new TestClient(club.nodes[1]!.base);
    again.cookie = red.cookie;
    const accepted = await through(() => again.http('POST', `/api/games/${id}/takeback`, { op: 'accept' }));
    expect(accepted.json).toEqual({ ok: true });
    const view = (await again.http('GET', `/api/games/${id}`)).json;
    expect(view.owner).toBe(club.nodes[1]!.id);
    expect([view.view.ply, view.view.moves, view.view.takebackOffer]).toEqual([1, ['h3e3'], null]);
    const stored = (await again.http('GET', `/api/games/${id}.json`)).json.moves as { uci: string }[];
    expect(stored.map((m) => m.uci)).toEqual(['h3e3']);
    // Black plays another reply at the same ply.
    expect((await black.http('POST', `/api/games/${id}/move`, { uci: 'b10c8', ply: 1 })).json).toEqual({ ok: true });
    await club.start(owner);
    red.close();
  });
});
