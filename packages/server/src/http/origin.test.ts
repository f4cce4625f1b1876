import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { checkOrigin, originPolicy, parseOrigins } from './origin.ts';

const req = (headers: Record<string, string>): IncomingMessage => ({ headers }) as unknown as IncomingMessage;
const policy = originPolicy('https://youzai.example', ['https://www.youzai.example', 'http://club.lan:8080']);
const code = (headers: Record<string, string>) => {
  const r = checkOrigin(req({ host: 'youzai.example', ...headers }), policy);
  return r.ok ? 'ok' : r.error.code;
};

describe('checkOrigin', () => {
  it('admits the club’s own public names', () => {
    expect(code({ origin: 'https://youzai.example' })).toBe('ok');
    expect(code({ origin: 'https://youzai.example:443' })).toBe('ok');
    expect(code({ origin: 'https://www.youzai.example' })).toBe('ok');
    expect(code({ origin: 'http://club.lan:8080' })).toBe('ok');
  });
  it('admits the host the request was addressed to (a name not listed)', () => {
    expect(checkOrigin(req({ host: '127.0.0.1:8080', origin: 'http://127.0.0.1:8080' }), policy).ok).toBe(true);
  });
  it('refuses other sites, other ports of the same host, other schemes and opaque origins', () => {
    expect(code({ origin: 'https://evil.example' })).toBe('http.origin');
    expect(code({ origin: 'https://youzai.example:8443' })).toBe('http.origin');
    expect(code({ origin: 'http://youzai.example' })).toBe('http.origin');
    expect(code({ origin: 'null' })).toBe('http.origin');
    expect(code({ origin: 'not a url' })).toBe('http.origin');
    expect(checkOrigin(req({ host: '127.0.0.1:8080', origin: 'http://127.0.0.1:9999' }), policy).ok).toBe(false);
  });
  it('without Origin, trusts Sec-Fetch-Site when a browser sends it', () => {
    expect(code({ 'sec-fetch-site': 'cross-site' })).toBe('http.origin');
    expect(code({ 'sec-fetch-site': 'same-site' })).toBe('http.origin');
    expect(code({ 'sec-fetch-site': 'same-origin' })).toBe('ok');
    expect(code({ 'sec-fetch-site': 'none' })).toBe('ok');
  });
  it('lets programs without either header through (they hold no visitor’s cookie)', () => {
    expect(code({})).toBe('ok');
  });
});

describe('parseOrigins', () => {
  it('reads a comma-separated list and refuses what is not an origin', () => {
    expect(parseOrigins(undefined)).toEqual({ ok: true, value: [] });
    expect(parseOrigins(' https://a.example , http://b.example:81/ ')).toEqual({ ok: true, value: ['https://a.example', 'http://b.example:81'] });
    expect(parseOrigins('https://a.example,ftp://x')).toMatchObject({ ok: false, error: { code: 'config.origins' } });
  });
});
