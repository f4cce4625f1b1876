/** The operator's view: admins only; this node's figures and recent errors; with several nodes, every node's through Redis. */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { MemoryBus } from '../bus/bus.ts';
import { connectRedis, deletePrefix } from '../cluster/redis.ts';
import { FakeTime, systemClock, systemTimers } from '../service/time.ts';
import { memoryStore } from '../store/memory/store.ts';
import { adminClient } from '../testing/admin.ts';
import { TestClient } from '../testing/client.ts';
import { createLogger } from './log.ts';
import { Metrics } from './metrics.ts';
import { OpsBoard, type NodeFigures } from './ops.ts';

describe('operator view', () => {
  let app: App;
  const store = memoryStore();
  let base: string;
  const admins = process.env.ADMINS;

  beforeAll(async () => {
    process.env.ADMINS = 'ops_admin';
    const metrics = new Metrics({ node: 'n1' });
    const log = createLogger({ node: 'n1', destination: { write: () => undefined }, recent: metrics.recent });
    app = await createApp({
      store,
      bus: new MemoryBus(),
      clock: systemClock,
      timers: systemTimers,
      publicUrl: 'http://test',
      node: 'n1',
      metrics,
      log,
    });
    await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    process.env.ADMINS = admins;
    await app.close();
  });

  it('is for admins only', async () => {
    const guest = new TestClient(base);
    expect((await guest.http('GET', '/api/admin/ops')).json.code).toBe('admin.required');
    const player = new TestClient(base);
    await player.http('POST', '/api/register', { username: 'not_admin', password: 'long-enough-pw-1' });
    const r = await player.http('GET', '/api/admin/ops');
    expect(r.status).toBe(403);
  });

  it('/api/stats?gc forces a collection for an admin only (STATS_CONTROL unset); anyone else just reads', async () => {
    const g = globalThis as { gc?: () => void };
    const saved = g.gc;
    let forced = 0;
    g.gc = () => void forced++;
    process.env.ADMINS = 'ops_admin,stats_admin';
    try {
      const guest = new TestClient(base);
      expect((await guest.http('GET', '/api/stats?gc&reset')).json.ok).toBe(true);
      const player = new TestClient(base);
      await player.http('POST', '/api/register', { username: 'stats_player', password: 'long-enough-pw-1' });
      const read = (await player.http('GET', '/api/stats?gc&reset&director')).json;
      expect(read.ok).toBe(true);
      // The director's trace names players: not for anyone.
      expect(read.director).toBeUndefined();
      expect(forced).toBe(0);
      const admin = await adminClient(base, store, 'stats_admin');
      const mine = (await admin.http('GET', '/api/stats?gc&director')).json;
      expect(mine.ok).toBe(true);
      expect(forced).toBe(1);
      expect(mine.director).toMatchObject({ passes: expect.any(Array), ends: expect.any(Array), waits: expect.any(Array) });
    } finally {
      g.gc = saved;
      process.env.ADMINS = 'ops_admin';
    }
  });

  it("shows this node's live games, sockets and recent errors", async () => {
    const admin = await adminClient(base, store, 'ops_admin');
    await admin.http('POST', '/api/games', {
      variant: 'janggi',
      color: 'first',
      clock: { kind: 'fischer', minutes: 5, increment: 3 },
      opponent: { type: 'computer', level: 1 },
    });
    await admin.connect();
    app.log.error({ err: new Error('disk on fire'), game: 'abcdef12', code: 'server.storage' }, 'move not saved');
    const r = await admin.http('GET', '/api/admin/ops');
    expect(r.status).toBe(200);
    const [me] = r.json.nodes as NodeFigures[];
    expect(me).toMatchObject({ node: 'n1', liveGames: 1, sockets: 1, seeks: 0, cluster: null });
    expect(me!.recentErrors[0]).toMatchObject({ msg: 'move not saved', error: 'disk on fire', game: 'abcdef12', code: 'server.storage' });
    admin.close();
  });

  it('with several nodes, any node shows every node alive (from Redis)', async () => {
    const prefix = `t-ops-${randomBytes(4).toString('hex')}:`;
    const links = await Promise.all([0, 1].map(() => connectRedis('redis://127.0.0.1:6379', prefix)));
    const time = new FakeTime();
    const boards = ['a', 'b'].map((node, i) => {
      const metrics = new Metrics({ node });
      metrics.watch({ sockets: () => 10 + i });
      return new OpsBoard({ node, metrics, recent: metrics.recent, link: links[i]!, clock: time, timers: time });
    });
    try {
      for (const b of boards) b.start();
      let seen: NodeFigures[] = [];
      for (let i = 0; i < 50 && seen.length < 2; i++) {
        await new Promise((r) => setTimeout(r, 100));
        seen = await boards[0]!.club();
      }
      expect(seen.map((n) => [n.node, n.sockets])).toEqual([
        ['a', 10],
        ['b', 11],
      ]);
      // Each node publishes again every 2 s of its time: figures lost meanwhile are back, as of then.
      await links[0]!.client.del(links[0]!.key('ops:b'));
      time.advance(2000);
      for (let i = 0; i < 50 && !(seen.length === 2 && seen[1]!.at === time.now()); i++) {
        await new Promise((r) => setTimeout(r, 20));
        seen = await boards[0]!.club();
      }
      expect(seen.map((n) => [n.node, n.at])).toEqual([
        ['a', time.now()],
        ['b', time.now()],
      ]);
      // A node gone (its figures expired) drops out of the list.
      boards[1]!.close();
      await links[0]!.client.del(links[0]!.key('ops:b'));
      expect((await boards[0]!.club()).map((n) => n.node)).toEqual(['a']);
    } finally {
      for (const b of boards) b.close();
      await deletePrefix(links[0]!.client, prefix);
      for (const l of links) await l.close();
    }
  });
});
