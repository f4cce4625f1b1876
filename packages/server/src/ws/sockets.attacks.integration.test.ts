/**
 * Issue 31, item 6, attacked as the review did: 1,000 sockets from one
 * address were all accepted, and 300 sockets of one account flooded the
 * database. Open sockets are now capped per address and per account
 * (OPEN_RULES `socket`, `player-socket`), the upgrade refused with 429 and a
 * coded JSON body; closing a socket frees its place. Real HTTP and
 * WebSockets, memory store and bus, the default caps.
 */
import { type AddressInfo, connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createApp, type App } from '../app.ts';
import { MemoryBus } from '../bus/bus.ts';
import { OPEN_RULES } from '../limits/rules.ts';
import { systemClock, systemTimers } from '../service/time.ts';
import { memoryStore } from '../store/memory/store.ts';
import type { Store } from '../store/types.ts';

const apps: App[] = [];
const sockets: WebSocket[] = [];
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  for (const app of apps) await app.close();
});

async function node(store: Store = memoryStore()): Promise<string> {
  const app = await createApp({
    store,
    bus: new MemoryBus(),
    clock: systemClock,
    timers: systemTimers,
    publicUrl: 'http://test',
    httpRate: 10_000,
  });
  apps.push(app);
  await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Opens a socket: 'open', or the refusal's status and code. */
function open(base: string, cookie = ''): Promise<{ ws: WebSocket; answer: string }> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws`, { headers: cookie ? { cookie } : {} });
  sockets.push(ws);
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, answer: 'open' }));
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d));
      res.on('end', () => resolve({ ws, answer: `${res.statusCode} ${(JSON.parse(body) as { code: string }).code}` }));
    });
    ws.once('error', reject);
  });
}

async function closeOne(ws: WebSocket): Promise<void> {
  await new Promise<void>((r) => {
    ws.once('close', () => r());
    ws.close();
  });
  // The server hears the close a moment later.
  await new Promise((r) => setTimeout(r, 50));
}

describe('open sockets are capped (issue 31, item 6)', () => {
  it('per address: past the cap the upgrade is refused; closing one frees a place', async () => {
    const base = await node();
    const cap = OPEN_RULES.socket.addr;
    const opened = await Promise.all(Array.from({ length: cap + 20 }, () => open(base)));
    const answers = opened.map((o) => o.answer);
    expect(answers.filter((a) => a === 'open')).toHaveLength(cap);
    expect(answers.filter((a) => a !== 'open')).toEqual(Array(20).fill('429 limit.open-socket'));
    expect((await open(base)).answer).toBe('429 limit.open-socket');
    await closeOne(opened.find((o) => o.answer === 'open')!.ws);
    expect((await open(base)).answer).toBe('open');
  });

  it('per account: past the cap the upgrade is refused; closing one frees a place', async () => {
    const base = await node();
    const res = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'manytabs', password: 'a long pass phrase' }),
    });
    expect(res.status).toBe(200);
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    const cap = OPEN_RULES['player-socket'].addr;
    const opened: { ws: WebSocket; answer: string }[] = [];
    for (let i = 0; i < cap + 5; i++) opened.push(await open(base, cookie));
    expect(opened.map((o) => o.answer)).toEqual([...Array(cap).fill('open'), ...Array(5).fill('429 limit.open-player-socket')]);
    // A guest from the same address still gets in: the account's cap is its own.
    expect((await open(base)).answer).toBe('open');
    await closeOne(opened[0]!.ws);
    expect((await open(base, cookie)).answer).toBe('open');
    expect((await open(base, cookie)).answer).toBe('429 limit.open-player-socket');
  });

  it('a connection reset while its session is read gives its places back (they leaked: the account was then refused every socket)', async () => {
    // Session reads that take a while, as on a busy database: each visitor below resets its connection before its read answers.
    const store = memoryStore();
    const read = store.session.bind(store);
    store.session = async (hash) => {
      await new Promise((r) => setTimeout(r, 40));
      return read(hash);
    };
    const base = await node(store);
    const res = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'navigator', password: 'a long pass phrase' }),
    });
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    const { port } = new URL(base);
    const cap = OPEN_RULES['player-socket'].addr;
    for (let i = 0; i < cap + 5; i++) {
      const tcp = connect(Number(port), '127.0.0.1');
      await new Promise((r) => tcp.once('connect', r));
      tcp.write(
        `GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${Buffer.from(`key-${i}-padding`).toString('base64')}\r\nCookie: ${cookie}\r\n\r\n`,
      );
      await new Promise((r) => setTimeout(r, 5));
      tcp.resetAndDestroy();
    }
    // Every read has answered and every place taken for a gone connection is back.
    await new Promise((r) => setTimeout(r, 200));
    expect((await open(base, cookie)).answer).toBe('open');
  });
});
