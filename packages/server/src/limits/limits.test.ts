import { describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import { addressKey, clientAddress, parseTrustedProxies } from './address.ts';
import { Limits, span } from './limits.ts';
import { waitAfter, LOGIN_RULES } from './login.ts';

const rules = { invite: { user: { points: 2, seconds: 60 }, addr: { points: 3, seconds: 60 }, what: 'invitations' } } as const;

describe('Limits (memory)', () => {
  it('counts per player and per address; refusals are coded, explained and take nothing', async () => {
    const limits = new Limits({ rules });
    expect((await limits.take('invite', { user: 'a', addr: '1.1.1.1' })).ok).toBe(true);
    expect((await limits.take('invite', { user: 'a', addr: '1.1.1.1' })).ok).toBe(true);
    const r = await limits.take('invite', { user: 'a', addr: '1.1.1.1' });
    expect(r).toMatchObject({ ok: false, error: { code: 'limit.invite' } });
    if (!r.ok) {
      expect(r.error.message).toMatch(/^At most 2 invitations in 60 seconds: try again in \d+ seconds?$/);
      expect(r.error.retryAfterMs).toBeGreaterThan(0);
      expect(r.error.retryAfterMs).toBeLessThanOrEqual(60_000);
    }
    // Another player behind the same address has one left there: the refusal above cost the address nothing.
    expect((await limits.take('invite', { user: 'b', addr: '1.1.1.1' })).ok).toBe(true);
    const addr = await limits.take('invite', { user: 'c', addr: '1.1.1.1' });
    expect(addr.ok).toBe(false);
    if (!addr.ok) expect(addr.error.message).toContain('from one address');
    // Many guests cannot dodge the address quota; many addresses cannot dodge the player's.
    expect((await limits.take('invite', { user: 'a', addr: '2.2.2.2' })).ok).toBe(false);
  });

  it('holds a resource while in use and gives it back on release', async () => {
    const limits = new Limits();
    const first = await limits.hold('hint-running', { user: 'a', addr: '1.1.1.1' });
    expect(first.ok).toBe(true);
    expect(await limits.hold('hint-running', { user: 'a', addr: '1.1.1.1' })).toMatchObject({ ok: false, error: { code: 'limit.hint-running' } });
    if (first.ok) await first.value();
    expect((await limits.hold('hint-running', { user: 'a', addr: '1.1.1.1' })).ok).toBe(true);
  });

  it('takes nothing when off', async () => {
    const limits = new Limits({ rules, off: true });
    for (let i = 0; i < 10; i++) expect((await limits.take('invite', { user: 'a', addr: '1.1.1.1' })).ok).toBe(true);
  });

  it('a flood of other addresses does not reset a count', async () => {
    const limits = new Limits({ rules });
    for (let i = 0; i < 3; i++) await limits.take('invite', { addr: '9.9.9.9' });
    for (let i = 0; i < 20_000; i++) await limits.take('invite', { addr: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` });
    expect((await limits.take('invite', { addr: '9.9.9.9' })).ok).toBe(false);
  });
});

describe('login throttle', () => {
  /** An attempt whose password turns out wrong: counted, nothing given back. */
  const fail = async (login: Limits['login'], account: string, addr: string) => (await login.attempt(account, addr)).ok;

  it('lets a few failures through, then makes each attempt wait longer; the account from one address', async () => {
    const { login } = new Limits();
    for (let i = 0; i < LOGIN_RULES.pair.free; i++) expect(await fail(login, i % 2 ? 'Alice' : 'alice', '1.1.1.1')).toBe(true);
    // The first past the free ones takes the gate for 1 s; the next waits it out.
    expect(await fail(login, 'ALICE', '1.1.1.1')).toBe(true);
    const r = await login.attempt('alice', '1.1.1.1');
    expect(r).toMatchObject({ ok: false, error: { code: 'auth.throttled' } });
    if (!r.ok) expect(r.error.retryAfterMs).toBeGreaterThan(0);
    // Another account from the same address, and the same account from another address, are not held up.
    expect((await login.attempt('bob', '1.1.1.1')).ok).toBe(true);
    const owner = await login.attempt('alice', '5.5.5.5');
    expect(owner.ok).toBe(true);
    if (owner.ok) await owner.value.succeeded();
    // The owner's success clears nothing of the stranger's count.
    expect((await login.attempt('alice', '1.1.1.1')).ok).toBe(false);
  });

  it('counts before verifying: of 30 attempts at once, only the free ones and one more pass', async () => {
    const { login } = new Limits();
    const rs = await Promise.all(Array.from({ length: 30 }, () => login.attempt('carol', '2.2.2.2')));
    expect(rs.filter((r) => r.ok)).toHaveLength(LOGIN_RULES.pair.free + 1);
    // Refused attempts cost nothing: the count is that of the attempts let through.
    const next = await Promise.all(Array.from({ length: 30 }, () => login.attempt('carol', '2.2.2.2')));
    expect(next.filter((r) => r.ok)).toHaveLength(0);
  });

  it('a success clears the account’s count from that address; an abandoned attempt is given back', async () => {
    const { login } = new Limits();
    for (let i = 0; i < LOGIN_RULES.pair.free - 1; i++) await fail(login, 'dan', '3.3.3.3');
    const right = await login.attempt('dan', '3.3.3.3');
    if (right.ok) await right.value.succeeded();
    for (let i = 0; i < LOGIN_RULES.pair.free; i++) {
      const a = await login.attempt('dan', '3.3.3.3');
      expect(a.ok).toBe(true);
      if (a.ok) await a.value.abandon();
    }
    for (let i = 0; i < LOGIN_RULES.pair.free + 1; i++) expect(await fail(login, 'dan', '3.3.3.3')).toBe(true);
    expect(await fail(login, 'dan', '3.3.3.3')).toBe(false);
  });

  it('the account’s count over all addresses stops distributed guessing, except from an address it logged in from', async () => {
    const { login } = new Limits();
    const home = await login.attempt('erin', '4.4.4.4');
    if (home.ok) await home.value.succeeded();
    for (let i = 0; i <= LOGIN_RULES.account.free; i++) expect(await fail(login, 'erin', `10.0.0.${i}`)).toBe(true);
    expect(await login.attempt('erin', '10.0.1.1')).toMatchObject({ ok: false, error: { code: 'auth.throttled' } });
    expect((await login.attempt('erin', '4.4.4.4')).ok).toBe(true);
  });

  it('the address count holds across accounts', async () => {
    const { login } = new Limits();
    for (let i = 0; i <= LOGIN_RULES.addr.free; i++) await fail(login, `user${i}`, '7.7.7.7');
    expect(await login.attempt('someone-else', '7.7.7.7')).toMatchObject({ ok: false, error: { code: 'auth.throttled' } });
  });

  it('waits double after the free failures, up to the cap', () => {
    const rule = { free: 3, windowSeconds: 60, maxWaitSeconds: 10 };
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => waitAfter(n, rule))).toEqual([0, 0, 0, 1, 2, 4, 8, 10]);
  });
});

describe('addressKey', () => {
  it('counts IPv4 as it is and IPv6 by its /64', () => {
    expect(addressKey('203.0.113.5')).toBe('203.0.113.5');
    expect(addressKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('clientAddress', () => {
  const req = (peer: string, fwd?: string) =>
    ({ socket: { remoteAddress: peer }, headers: fwd ? { 'x-forwarded-for': fwd } : {} }) as unknown as IncomingMessage;
  const list = parseTrustedProxies(['10.0.0.0/8', 'fd00::/8']);
  const trusted = list.ok ? list.value : null;

  it('believes X-Forwarded-For only from a trusted proxy', () => {
    expect(clientAddress(req('10.1.2.3', '1.1.1.1, 198.51.100.7'), trusted)).toBe('198.51.100.7');
    expect(clientAddress(req('::ffff:10.1.2.3', '198.51.100.7'), trusted)).toBe('198.51.100.7');
    expect(clientAddress(req('fd00::5', '2001:db8:1:2::9'), trusted)).toBe('2001:db8:1:2::/64');
    expect(clientAddress(req('203.0.113.5', '198.51.100.7'), trusted)).toBe('203.0.113.5');
    expect(clientAddress(req('2001:db8:9:9::1', '198.51.100.7'), trusted)).toBe('2001:db8:9:9::/64');
    expect(clientAddress(req('10.1.2.3', '198.51.100.7'), null)).toBe('10.1.2.3');
    expect(clientAddress(req('10.1.2.3', 'not an address'), trusted)).toBe('10.1.2.3');
  });
});

describe('span', () => {
  it('says a wait in words', () => {
    expect(span(1000)).toBe('1 second');
    expect(span(45_500)).toBe('46 seconds');
    expect(span(600_000)).toBe('10 minutes');
    expect(span(3 * 3600_000)).toBe('3 hours');
  });
});
