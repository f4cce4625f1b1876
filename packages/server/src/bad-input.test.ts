/**
 * A corpus of malformed frames and bodies: each is answered with its error
 * code, and the server stays up and keeps serving the same connection.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from './app.ts';
import { MemoryBus } from './bus/bus.ts';
import { systemClock, systemTimers } from './service/time.ts';
import { memoryStore } from './store/memory/store.ts';
import { TestClient } from './testing/client.ts';

let app: App;
let base: string;
let gameId: string;

beforeAll(async () => {
  app = await createApp({ store: memoryStore(), bus: new MemoryBus(), clock: systemClock, timers: systemTimers, publicUrl: 'http://test', httpRate: 1000 });
  await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const a = new TestClient(base);
  await a.http('POST', '/api/session');
  gameId = (await a.http('POST', '/api/games', { variant: 'xiangqi', clock: { kind: 'fischer', minutes: 5, increment: 0 }, opponent: { type: 'invite' } })).json
    .id;
});
afterAll(async () => app.close());

const FRAMES: [string, string][] = [
  ['not json', 'protocol.malformed'],
  ['{"t":"move"', 'protocol.malformed'],
  ['[]', 'protocol.malformed'],
  ['null', 'protocol.malformed'],
  ['42', 'protocol.malformed'],
  ['"sub"', 'protocol.malformed'],
  ['{}', 'protocol.unknown-type'],
  ['{"t":"launch-missiles"}', 'protocol.unknown-type'],
  ['{"t":7}', 'protocol.unknown-type'],
  ['{"t":"__proto__"}', 'protocol.unknown-type'],
  ['{"t":"sub"}', 'protocol.invalid'],
  ['{"t":"sub","game":"../../etc"}', 'protocol.invalid'],
  ['{"t":"sub","game":"abcdefgh","extra":1}', 'protocol.invalid'],
  ['{"t":"move","game":"abcdefgh","uci":"h3e3"}', 'protocol.invalid'],
  ['{"t":"move","game":"abcdefgh","uci":"h3e3","ply":-1}', 'protocol.invalid'],
  ['{"t":"move","game":"abcdefgh","uci":"h3e3","ply":1.5}', 'protocol.invalid'],
  [`{"t":"move","game":"abcdefgh","uci":"${'x'.repeat(50)}","ply":0}`, 'protocol.invalid'],
  ['{"t":"move","game":"abcdefgh","uci":"h3e3","ply":"0"}', 'protocol.invalid'],
  ['{"t":"draw","game":"abcdefgh","op":"maybe"}', 'protocol.invalid'],
  ['{"t":"ping","id":"x"}', 'protocol.invalid'],
  ['{"t":"sub","game":"nosuchgame1"}', 'game.not-found'],
  ['{"t":"resign","game":"nosuchgame1"}', 'game.not-found'],
  ['{"t":"move","game":"nosuchgame1","uci":"h3e3","ply":0}', 'game.not-found'],
  ['{"t":"chat","game":"abcdefgh","channel":"everyone","text":"hi"}', 'protocol.invalid'],
  ['{"t":"chat","game":"abcdefgh","text":"hi"}', 'protocol.invalid'],
  ['{"t":"chat","game":"nosuchgame1","channel":"spectators","text":"hi"}', 'game.not-found'],
  ['{"t":"seek-create","variant":"chess","clock":{"kind":"fischer","minutes":5,"increment":0}}', 'protocol.invalid'],
  ['{"t":"seek-create","variant":"xiangqi","clock":{"kind":"fischer","minutes":5,"increment":0},"range":{"min":1800,"max":1200}}', 'protocol.invalid'],
  ['{"t":"seek-create","variant":"xiangqi","clock":{"kind":"fischer","minutes":5,"increment":0},"rated":true}', 'game.rated-guest'],
  ['{"t":"seek-accept","seek":"nosuchseek"}', 'seek.not-found'],
  ['{"t":"seek-cancel","seek":"../x"}', 'protocol.invalid'],
  ['{"t":"pool-join","pool":"chess-1+0"}', 'protocol.invalid'],
  ['{"t":"pool-leave"}', 'pool.not-in'],
  ['{"t":"room-join","room":"nosuchroom"}', 'room.not-found'],
  ['{"t":"room-chat","room":"nosuchroom","text":"hi"}', 'room.not-member'],
  ['{"t":"room-challenge","room":"nosuchroom","variant":"janggi","clock":{"kind":"fischer","minutes":5,"increment":0}}', 'room.not-member'],
  ['{"t":"mute","user":"<script>"}', 'protocol.invalid'],
  ['{"t":"mute","user":"unobodyatall"}', 'user.not-found'],
];

describe('malformed socket frames', () => {
  it.each(FRAMES)('%s → %s', async (frame, code) => {
    const c = new TestClient(base);
    await c.http('POST', '/api/session');
    await c.connect();
    c.send(frame);
    const m = await c.waitFor((x) => x.t === 'error');
    expect(m).toMatchObject({ t: 'error', code });
    expect(await c.request({ t: 'ping' }, 9)).toMatchObject({ t: 'pong' });
    c.close();
  });

  it('a binary frame and an oversized frame are refused; the server stays up', async () => {
    const c = new TestClient(base);
    await c.http('POST', '/api/session');
    await c.connect();
    c.ws!.send(Buffer.from([1, 2, 3]));
    expect(await c.waitFor((x) => x.t === 'error')).toMatchObject({ code: 'protocol.malformed' });
    c.send(`{"t":"ping","pad":"${'x'.repeat(10_000)}"}`);
    await new Promise((r) => setTimeout(r, 200));
    expect(c.closedWith).toBe(1009); // message too big: the socket is closed, not the server
    expect((await new TestClient(base).http('GET', '/health')).json).toEqual({ ok: true, node: 'local' });
  });

  it('acting in a game one does not play is refused', async () => {
    const c = new TestClient(base);
    await c.http('POST', '/api/session');
    await c.connect();
    expect(await c.request({ t: 'resign', game: gameId }, 1)).toMatchObject({ t: 'error', code: 'game.forbidden' });
  });

  it('a flooding connection is rate-limited, then closed', async () => {
    const c = new TestClient(base);
    await c.http('POST', '/api/session');
    await c.connect();
    for (let i = 0; i < 200; i++) c.send({ t: 'ping', id: i });
    await c.waitFor((x) => x.t === 'error' && x.code === 'rate-limited');
    for (let i = 0; i < 50 && c.closedWith === null; i++) await new Promise((r) => setTimeout(r, 20));
    expect(c.closedWith).toBe(1008);
    expect((await new TestClient(base).http('GET', '/health')).status).toBe(200);
  });
});

const BODIES: [string, string, { text: string; type?: string }, number, string][] = [
  ['POST', '/api/games', { text: '{bad json', type: 'application/json' }, 400, 'body.malformed'],
  ['POST', '/api/games', { text: '{}', type: 'application/json' }, 400, 'body.invalid'],
  [
    'POST',
    '/api/games',
    { text: '{"variant":"chess","clock":{"kind":"fischer","minutes":5,"increment":0},"opponent":{"type":"invite"}}', type: 'application/json' },
    400,
    'body.invalid',
  ],
  [
    'POST',
    '/api/games',
    { text: '{"variant":"xiangqi","clock":{"kind":"fischer","minutes":-5,"increment":0},"opponent":{"type":"invite"}}', type: 'application/json' },
    400,
    'body.invalid',
  ],
  [
    'POST',
    '/api/games',
    {
      text: '{"variant":"xiangqi","fen":"rnbakabnr/9/9 w","clock":{"kind":"fischer","minutes":5,"increment":0},"opponent":{"type":"invite"}}',
      type: 'application/json',
    },
    400,
    'fen.ranks',
  ],
  [
    'POST',
    '/api/games',
    { text: '{"variant":"xiangqi","clock":{"kind":"byoyomi","minutes":5,"periods":3,"seconds":30},"opponent":{"type":"invite"}}', type: 'application/json' },
    400,
    'game.clock',
  ],
  [
    'POST',
    '/api/games',
    { text: '{"variant":"xiangqi","clock":{"kind":"fischer","minutes":5,"increment":0},"opponent":{"type":"invite"},"rated":true}', type: 'application/json' },
    400,
    'game.rated-guest',
  ],
  ['POST', '/api/games', { text: '{"variant":"xiangqi"}', type: 'text/plain' }, 415, 'body.content-type'],
  ['POST', '/api/games', { text: 'x'.repeat(20_000), type: 'application/json' }, 413, 'body.too-large'],
  ['POST', '/api/register', { text: '{"username":"a","password":"short"}', type: 'application/json' }, 400, 'body.invalid'],
  ['POST', '/api/register', { text: '{"username":"<script>","password":"longenough"}', type: 'application/json' }, 400, 'body.invalid'],
  ['POST', '/api/login', { text: '{"username":"nobody_here","password":"longenough"}', type: 'application/json' }, 401, 'auth.bad-credentials'],
  ['GET', '/api/games/zzzzzzzz', { text: '' }, 404, 'game.not-found'],
  ['GET', '/api/nothing', { text: '' }, 404, 'http.not-found'],
  ['DELETE', '/api/games', { text: '' }, 405, 'http.method'],
  ['POST', '/api/rooms', { text: '{"name":7}', type: 'application/json' }, 400, 'body.invalid'],
  ['GET', '/api/rooms/zzzzzzzz', { text: '' }, 404, 'room.not-found'],
  ['GET', '/api/leaderboard/chess', { text: '' }, 404, 'http.not-found'],
  ['GET', '/api/users/nobody_at_all', { text: '' }, 404, 'user.not-found'],
  ['GET', '/api/users/nobody_at_all/ratings/xiangqi', { text: '' }, 404, 'user.not-found'],
  // Numbers are checked at the boundary, before any store sees them.
  ['GET', '/api/users/nobody_at_all/games?before=9223372036854775807', { text: '' }, 400, 'query.invalid'],
  ['GET', '/api/users/nobody_at_all/games?before=-1', { text: '' }, 400, 'query.invalid'],
  ['GET', '/api/users/nobody_at_all/games?limit=1e3', { text: '' }, 400, 'query.invalid'],
  ['GET', '/api/leaderboard/xiangqi?limit=ten', { text: '' }, 400, 'query.invalid'],
  ['GET', '/api/leaderboard/xiangqi?limit=0', { text: '' }, 400, 'query.invalid'],
];

describe('malformed HTTP bodies', () => {
  it.each(BODIES)('%s %s → %s %s', async (method, path, raw, status, code) => {
    const c = new TestClient(base);
    await c.http('POST', '/api/session');
    const r = await c.http(method, path, undefined, raw);
    expect(r.status).toBe(status);
    expect(r.json).toMatchObject({ ok: false, code });
    expect(typeof r.json.message).toBe('string');
  });

  it('a 100 MB chunked body is answered 413 (not a reset connection), long before it is all sent', async () => {
    const { request } = await import('node:http');
    const c = new TestClient(base);
    await c.http('POST', '/api/session');
    const url = new URL('/api/games', base);
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      // The server may close its side once it has answered: that is expected, not a failure.
      req.on('error', (e: NodeJS.ErrnoException) => (e.code === 'EPIPE' || e.code === 'ECONNRESET' ? undefined : reject(e)));
      const pump = () => {
        while (sent < 100 * 1024 * 1024) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ ok: false, code: 'body.too-large' });
    expect(sent).toBeLessThan(100 * 1024 * 1024);
  });

  it('a stale move over HTTP gets its code and the current state', async () => {
    const a = new TestClient(base),
      b = new TestClient(base);
    await a.http('POST', '/api/session');
    await b.http('POST', '/api/session');
    const g = await a.http('POST', '/api/games', {
      variant: 'xiangqi',
      color: 'first',
      clock: { kind: 'fischer', minutes: 5, increment: 0 },
      opponent: { type: 'invite' },
    });
    await b.http('POST', `/api/games/${g.json.id}/join`, { token: String(g.json.invite).split('/').pop() });
    await a.http('POST', `/api/games/${g.json.id}/move`, { uci: 'h3e3', ply: 0 });
    const r = await b.http('POST', `/api/games/${g.json.id}/move`, { uci: 'h10g8', ply: 0 });
    expect(r.status).toBe(409);
    expect(r.json).toMatchObject({ ok: false, code: 'game.stale', state: { view: { ply: 1, moves: ['h3e3'] } } });
  });
});
