/**
 * /metrics over real HTTP and WebSocket: not public (404 without a token,
 * 401 with a wrong one, a port of its own), and what a game leaves in it.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { MemoryBus } from '../bus/bus.ts';
import { systemClock, systemTimers } from '../service/time.ts';
import type { Store } from '../store/types.ts';
import { TestClient } from '../testing/client.ts';
import { openTestStore } from '../testing/stores.ts';
import { metricsServer } from './metrics-http.ts';
import { Metrics } from './metrics.ts';

const TOKEN = 'scrape-me-0123456789';

/** The value of one series in the text format, e.g. `name{a="1",b="2"}` (labels in any order), or null when absent. */
function value(text: string, series: string): number | null {
  const key = (s: string) => {
    const m = /^([^{ ]+)(?:\{(.*)\})?$/.exec(s)!;
    return `${m[1]}{${(m[2] ?? '').split(',').filter(Boolean).sort().join(',')}}`;
  };
  const want = key(series);
  for (const line of text.split('\n')) {
    const sp = line.lastIndexOf(' ');
    if (sp > 0 && !line.startsWith('#') && key(line.slice(0, sp)) === want) return Number(line.slice(sp + 1));
  }
  return null;
}

async function listen(server: import('node:http').Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('metrics', () => {
  let app: App;
  let open: App;
  let store: Store;
  let drop: () => Promise<void>;
  let base: string;
  let openBase: string;
  const metrics = new Metrics({ node: 'n1', process: true });

  beforeAll(async () => {
    ({ store, drop } = await openTestStore('sqlite'));
    const common = { store, bus: new MemoryBus(), clock: systemClock, timers: systemTimers, publicUrl: 'http://test', httpRate: 1000, node: 'n1' };
    app = await createApp({ ...common, metrics, metricsToken: TOKEN });
    open = await createApp({ ...common, bus: new MemoryBus() });
    base = await listen(app.server);
    openBase = await listen(open.server);
  });
  afterAll(async () => {
    await app.close();
    await open.close();
    await store.close();
    await drop();
  });

  it('are not public: not found without a token, refused with a wrong one', async () => {
    const c = new TestClient(openBase);
    const r = await c.http('GET', '/metrics');
    expect(r.status).toBe(404);
    expect(c.cookie).toBe('');
    const wrong = await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { code: string }).code).toBe('auth.metrics-token');
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
  });

  it('count moves, their service time, live games, sockets, store writes and errors, labelled by node', async () => {
    const alice = new TestClient(base);
    const created = await alice.http('POST', '/api/games', {
      variant: 'xiangqi',
      color: 'first',
      clock: { kind: 'fischer', minutes: 5, increment: 3 },
      opponent: { type: 'computer', level: 1 },
    });
    expect(created.status).toBe(201);
    const id: string = created.json.id;
    await alice.connect();
    expect(await alice.request({ t: 'sub', game: id }, 1)).toMatchObject({ t: 'ack' });
    expect(await alice.request({ t: 'move', game: id, uci: 'h3e3', ply: 0 }, 2)).toMatchObject({ t: 'ack' });
    // The computer answers (the stand-in plays a legal move), then a move over HTTP.
    await alice.waitFor((m) => m.t === 'events' && m.v >= 3);
    expect((await alice.http('POST', `/api/games/${id}/move`, { uci: 'h1g3', ply: 2 })).status).toBe(200);
    // Refused: a stale ply over the socket, an unknown game over HTTP.
    expect(await alice.request({ t: 'move', game: id, uci: 'a0a1', ply: 0 }, 3)).toMatchObject({ t: 'error' });
    expect((await alice.http('GET', '/api/games/nosuchgame1')).status).toBe(404);

    const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(value(text, 'youzai_move_service_seconds_count{via="ws",node="n1"}')).toBe(1);
    expect(value(text, 'youzai_move_service_seconds_count{via="http",node="n1"}')).toBe(1);
    expect(value(text, 'youzai_move_service_seconds_count{via="computer",node="n1"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'youzai_live_games{variant="xiangqi",kind="computer",node="n1"}')).toBe(1);
    expect(value(text, 'youzai_sockets{node="n1"}')).toBe(1);
    expect(value(text, 'youzai_store_write_seconds_count{op="saveGame",node="n1"}')).toBeGreaterThanOrEqual(3);
    expect(value(text, 'youzai_store_write_seconds_count{op="createGame",node="n1"}')).toBe(1);
    expect(value(text, 'youzai_store_commits_total{node="n1"}')).toBeGreaterThanOrEqual(3);
    expect(value(text, 'youzai_errors_total{code="game.stale",via="ws",node="n1"}')).toBe(1);
    expect(value(text, 'youzai_errors_total{code="game.not-found",via="http",node="n1"}')).toBe(1);
    expect(value(text, 'youzai_http_requests_total{method="GET",status="404",node="n1"}')).toBe(1);
    expect(value(text, 'youzai_ws_messages_total{type="move",node="n1"}')).toBe(2);
    expect(value(text, 'youzai_lobby_seeks{node="n1"}')).toBe(0);
    expect(text).toMatch(/^youzai_pool_waiting\{pool="[^"]+",node="n1"\} 0$/m);
    // The process's own: event-loop delay, memory (GC pauses appear with the first collection).
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds\{node="n1"\} /m);
    expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
    alice.close();
  });

  it('may have a port of their own', async () => {
    const server = metricsServer(new Metrics({ node: 'n2' }), undefined);
    const url = await listen(server);
    try {
      const r = await fetch(`${url}/metrics`);
      expect(r.status).toBe(200);
      expect(await r.text()).toContain('youzai_sockets{node="n2"} 0');
      expect((await fetch(`${url}/api/games`)).status).toBe(404);
    } finally {
      server.close();
    }
  });

  it('count rate-limit refusals apart', () => {
    const m = new Metrics({ node: 'n3' });
    m.error('rate-limited', 'ws');
    m.error('game.stale', 'ws');
    m.error('limit.seeks', 'http');
    return m.text().then((text) => {
      expect(value(text, 'youzai_rate_limited_total{via="ws",node="n3"}')).toBe(1);
      expect(value(text, 'youzai_errors_total{code="rate-limited",via="ws",node="n3"}')).toBe(1);
      expect(value(text, 'youzai_rate_limited_total{via="http",node="n3"}')).toBe(1);
    });
  });
});
