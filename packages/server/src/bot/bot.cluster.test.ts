/**
 * The Bot API in a club of two nodes (child processes, real Redis and
 * PostgreSQL): a bot's game stream on the node deciding its game; that node
 * killed; the program opens the stream again on the other node, reads
 * gameFull with every move so far, and the game goes on there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NdjsonReader } from '../testing/bot-program.ts';
import { TestClient } from '../testing/client.ts';
import { startCluster, type TestCluster } from '../testing/cluster.ts';

let club: TestCluster;

beforeAll(async () => {
  club = await startCluster({ nodes: 2 });
});
afterAll(async () => club?.close());

async function account(base: string, name: string): Promise<TestClient> {
  const c = new TestClient(base);
  await c.http('POST', '/api/session');
  expect((await c.http('POST', '/api/register', { username: name, password: 'a long pass phrase' })).json.ok).toBe(true);
  return c;
}

/** Tries `fn` until it answers true, for at most `ms` (a failover under way). */
async function until(fn: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await fn().catch(() => false))) {
    if (Date.now() > end) throw new Error('not in time');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('bot streams across nodes', () => {
  it('the node under a game stream dies: the stream opens again on another node with gameFull, and the game goes on', { timeout: 120_000 }, async () => {
    const [n0, n1] = club.nodes as [(typeof club.nodes)[0], (typeof club.nodes)[0]];
    const bot = await account(n1.base, 'clusterbot');
    const token = (await bot.http('POST', '/api/tokens', { description: 'b', scopes: ['bot:play'] })).json.token as string;
    const post = (base: string, path: string) => fetch(base + path, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect((await post(n1.base, '/api/bot/account/upgrade')).status).toBe(200);
    const human = await account(n0.base, 'clusterhuman');
    const c = await human.http('POST', '/api/games', {
      variant: 'xiangqi',
      color: 'first',
      clock: { kind: 'fischer', minutes: 10, increment: 5 },
      opponent: { type: 'user', username: 'clusterbot' },
    });
    expect(c.status).toBe(201);
    const id = c.json.id as string;
    expect((await post(n1.base, `/api/challenge/${id}/accept`)).status).toBe(200);
    const owner = (await human.http('GET', `/api/games/${id}`)).json.owner as string;
    const dying = club.node(owner);
    const survivor = club.nodes.find((n) => n.id !== owner)!;
    // The bot's stream on the deciding node; the human's move through either.
    const first = await NdjsonReader.open(`${dying.base}/api/bot/game/stream/${id}`, token);
    expect((await first.waitFor((e) => e.type === 'gameFull')).state.moves).toBe('');
    expect((await human.http('POST', `/api/games/${id}/move`, { uci: 'h3e3', ply: 0 })).json.ok).toBe(true);
    await first.waitFor((e) => e.type === 'gameState' && e.moves === 'h3e3');
    await club.kill(owner);
    await until(async () => first.ended);
    // The program reconnects to the other node: gameFull again, with the move played.
    let again: NdjsonReader | null = null;
    await until(async () => {
      again?.close();
      again = await NdjsonReader.open(`${survivor.base}/api/bot/game/stream/${id}`, token);
      const full = again.status === 200 ? await again.waitFor((e) => e.type === 'gameFull', 5000) : null;
      return full?.state.moves === 'h3e3' && full.state.status === 'started';
    });
    await until(async () => (await post(survivor.base, `/api/bot/game/${id}/move/h10g8`)).status === 200);
    const s = again as unknown as NdjsonReader;
    await s.waitFor((e) => e.type === 'gameState' && e.moves === 'h3e3 h10g8', 10_000);
    const h2 = new TestClient(survivor.base);
    h2.cookie = human.cookie;
    expect((await h2.http('POST', `/api/games/${id}/move`, { uci: 'b1c3', ply: 2 })).json.ok).toBe(true);
    await s.waitFor((e) => e.type === 'gameState' && e.moves === 'h3e3 h10g8 b1c3', 10_000);
    s.close();
  });
});
