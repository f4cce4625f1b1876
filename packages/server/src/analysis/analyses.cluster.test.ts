/**
 * A finished game's analysis across nodes (two child-process nodes on real
 * Redis and PostgreSQL, each with its engine): asked for on node 1, its
 * progress heard by a socket on node 2 through the Redis bus, the result
 * read on node 2 from the shared store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../testing/client.ts';
import { startCluster, type TestCluster } from '../testing/cluster.ts';

let club: TestCluster;

beforeAll(async () => {
  // The pipeline across nodes is what is tested, not the search: 20,000 nodes a position (engine-evaluate.test has the budget).
  club = await startCluster({ nodes: 2, env: { ANALYSIS_NODES: '20000' } });
}, 240_000);
afterAll(async () => club?.close());

describe('analysis across nodes', () => {
  it('is asked for on node 1, its progress heard on node 2, its result read on node 2', async () => {
    const player = new TestClient(club.nodes[0]!.base);
    const made = await player.http('POST', '/api/games', {
      variant: 'xiangqi',
      color: 'first',
      clock: { kind: 'fischer', minutes: 10, increment: 0 },
      opponent: { type: 'computer', level: 1 },
    });
    expect(made.status).toBe(201);
    const id = made.json.id as string;
    expect((await player.http('POST', `/api/games/${id}/move`, { uci: 'h3e3', ply: 0 })).json.ok).toBe(true);
    // The computer answers (its engine may be starting).
    for (let i = 0; i < 300 && (await player.http('GET', `/api/games/${id}`)).json.view.ply < 2; i++) await new Promise((r) => setTimeout(r, 200));
    expect((await player.http('POST', `/api/games/${id}/resign`)).json.ok).toBe(true);

    const watcher = new TestClient(club.nodes[1]!.base);
    await watcher.connect();
    await watcher.request({ t: 'sub', game: id }, 1);
    const asked = await player.http('POST', `/api/games/${id}/analysis`);
    expect(asked.status).toBe(202);
    await watcher.waitFor((m) => m.t === 'analysis' && m.game === id && m.state === 'done', 120_000);
    const progress = watcher.received.flatMap((m) => (m.t === 'analysis' ? [m.progress] : []));
    expect(progress.length).toBeGreaterThan(1);
    const a = (await watcher.http('GET', `/api/games/${id}/analysis`)).json;
    expect(a).toMatchObject({ ok: true, state: 'done', progress: 1 });
    expect(a.plies).toHaveLength(3);
    expect(a.plies[0].best).toMatch(/^[a-i]\d+[a-i]\d+$/);
    watcher.close();
  }, 240_000);
});
