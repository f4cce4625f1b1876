/** Modes: one node by default; REDIS_URL only with PostgreSQL, refused with a clear message otherwise; NODE_ID defaults to host:port. */
import { describe, expect, it } from 'vitest';
import { nodeIdOf, readMode } from './config.ts';

const PG = 'postgres://postgres@127.0.0.1:5432/test';

describe('readMode', () => {
  it('without REDIS_URL: one node, on SQLite or PostgreSQL', () => {
    expect(readMode({ PORT: '8080' }, 'box')).toEqual({ ok: true, value: { kind: 'single', node: 'box:8080' } });
    expect(readMode({ DATABASE_URL: PG, NODE_ID: 'a' }, 'box')).toEqual({ ok: true, value: { kind: 'single', node: 'a' } });
  });

  it('REDIS_URL with PostgreSQL: a node of a club, named by NODE_ID or host:port', () => {
    expect(readMode({ REDIS_URL: 'redis://127.0.0.1:6379', DATABASE_URL: PG, PORT: '9001' }, 'web1')).toEqual({
      ok: true,
      value: { kind: 'cluster', node: 'web1:9001', redisUrl: 'redis://127.0.0.1:6379', databaseUrl: PG, prefix: 'yz:' },
    });
    const r = readMode({ REDIS_URL: 'redis://r:6379', DATABASE_URL: PG, NODE_ID: 'n-2', REDIS_PREFIX: 'club2:' });
    expect(r.ok && r.value).toMatchObject({ kind: 'cluster', node: 'n-2', prefix: 'club2:' });
  });

  it('REDIS_URL on SQLite (no DATABASE_URL) is refused, saying what to set', () => {
    const r = readMode({ REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('config.redis-needs-postgres');
    expect(r.error.message).toMatch(/DATABASE_URL/);
    expect(r.error.message).toMatch(/SQLite/);
  });

  it('refuses a Redis URL that is not one, a database that is not PostgreSQL, and a malformed NODE_ID', () => {
    expect(readMode({ REDIS_URL: 'localhost', DATABASE_URL: PG })).toMatchObject({ ok: false, error: { code: 'config.redis-url' } });
    expect(readMode({ REDIS_URL: 'http://x', DATABASE_URL: PG })).toMatchObject({ ok: false, error: { code: 'config.redis-url' } });
    expect(readMode({ REDIS_URL: 'redis://x', DATABASE_URL: 'file:db.sqlite' })).toMatchObject({ ok: false, error: { code: 'config.redis-needs-postgres' } });
    expect(readMode({ NODE_ID: 'a b' })).toMatchObject({ ok: false, error: { code: 'config.node-id' } });
  });

  it('nodeIdOf: NODE_ID wins; else host and port (8080 by default)', () => {
    expect(nodeIdOf({ NODE_ID: 'x' }, 'h')).toBe('x');
    expect(nodeIdOf({}, 'h')).toBe('h:8080');
  });
});
