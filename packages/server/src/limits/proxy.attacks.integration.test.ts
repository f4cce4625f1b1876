/**
 * Issue 31, item 5, attacked as the review did: with TRUST_PROXY=1 on a node
 * also reachable directly, every client named its own address in
 * X-Forwarded-For (30 spray logins never locked, 110 guests). The header is
 * now believed only from a trusted proxy's peer address (TRUSTED_PROXIES).
 * Real HTTP, memory store and bus; the per-address registration quota is
 * lowered to 3 so that the count shows.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { MemoryBus } from '../bus/bus.ts';
import { systemClock, systemTimers } from '../service/time.ts';
import { memoryStore } from '../store/memory/store.ts';

const apps: App[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

/** A node listening on loopback, trusting `proxies` (or loopback with TRUST_PROXY=1 alone). */
async function node(proxies: readonly string[] | undefined): Promise<string> {
  const app = await createApp({
    store: memoryStore(),
    bus: new MemoryBus(),
    clock: systemClock,
    timers: systemTimers,
    publicUrl: 'http://test',
    httpRate: 1000,
    trustProxy: true,
    ...(proxies ? { trustedProxies: proxies } : {}),
    limits: { register: { addr: { points: 3, seconds: 3600 }, what: 'new accounts' } },
  });
  apps.push(app);
  await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

let n = 0;
/** Registers a fresh account claiming to come from `forged`; the answer's status and code. */
async function register(base: string, forged: string): Promise<string> {
  const res = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://test', 'x-forwarded-for': forged },
    body: JSON.stringify({ username: `proxy${n++}`, password: 'a long pass phrase' }),
  });
  const body = (await res.json()) as { code?: string };
  return res.status === 200 ? '200' : `${res.status} ${body.code}`;
}

describe('X-Forwarded-For from a peer that is not a trusted proxy (issue 31, item 5)', () => {
  it('a forged address from a direct client is counted under its real address', async () => {
    // The proxy is elsewhere: this client (loopback) reached the node directly.
    const base = await node(['10.9.8.7']);
    const answers: string[] = [];
    for (let i = 0; i < 6; i++) answers.push(await register(base, `198.51.100.${i + 1}`));
    expect(answers).toEqual(['200', '200', '200', '429 limit.register', '429 limit.register', '429 limit.register']);
  });

  it('a trusted proxy’s X-Forwarded-For still names the client (TRUST_PROXY=1 alone trusts loopback)', async () => {
    const base = await node(undefined);
    const answers: string[] = [];
    for (let i = 0; i < 4; i++) answers.push(await register(base, `198.51.100.${i + 1}`));
    expect(answers).toEqual(['200', '200', '200', '200']);
    expect(await register(base, '198.51.100.1')).toBe('200');
  });
});
