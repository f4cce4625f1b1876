/** Start-up configuration: bad values stop the start naming the variable; what is printed holds no secret. */
import { describe, expect, it } from 'vitest';
import { describeConfig, readConfig } from './config.ts';

const PG = 'postgres://club:s3cret-pw@db.example:5432/youzai';

describe('readConfig', () => {
  it('defaults: one node on SQLite, port 8080, metrics off', () => {
    const r = readConfig({}, 'box');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toMatchObject({ port: 8080, dataDir: 'data', sqliteSync: 'FULL', metricsPort: null, metricsToken: null, shutdownMs: 10_000 });
    expect(describeConfig(r.value).metrics).toMatch(/^off/);
  });

  it("takes the benchmarks' settings (no HTTP rate limit to speak of)", () => {
    const r = readConfig(
      { HTTP_RATE: '1000000', ENGINE_WORKERS: '1', SQLITE_SYNC: 'normal', LOG_LEVEL: 'DEBUG', LIMITS: 'off', TRUST_PROXY: '1', STATS_CONTROL: '1' },
      'box',
    );
    expect(r.ok && r.value).toMatchObject({
      httpRate: 1_000_000,
      engineWorkers: 1,
      sqliteSync: 'NORMAL',
      logLevel: 'debug',
      limitsOff: true,
      trustProxy: true,
      statsControl: true,
    });
    expect(readConfig({}, 'box')).toMatchObject({ ok: true, value: { limitsOff: false, trustProxy: false, statsControl: false } });
  });

  it('takes the rated games a listed tournament needs (issue 31, item 7)', () => {
    expect(readConfig({}, 'box')).toMatchObject({ ok: true, value: { tournamentMinRatedGames: null } });
    expect(readConfig({ TOURNAMENT_MIN_RATED_GAMES: '0' }, 'box')).toMatchObject({ ok: true, value: { tournamentMinRatedGames: 0 } });
    expect(readConfig({ TOURNAMENT_MIN_RATED_GAMES: '12' }, 'box')).toMatchObject({ ok: true, value: { tournamentMinRatedGames: 12 } });
  });

  it('takes the engine’s nodes per position of finished games’ analyses (ANALYSIS_NODES)', () => {
    const d = readConfig({}, 'box');
    expect(d).toMatchObject({ ok: true, value: { analysisNodes: null } });
    expect(d.ok && describeConfig(d.value).analysisNodes).toBe('default');
    expect(readConfig({ ANALYSIS_NODES: '20000' }, 'box')).toMatchObject({ ok: true, value: { analysisNodes: 20_000 } });
  });

  it('believes X-Forwarded-For from TRUSTED_PROXIES only; TRUST_PROXY=1 alone trusts loopback (issue 31, item 5)', () => {
    expect(readConfig({}, 'box')).toMatchObject({ ok: true, value: { trustProxy: false, trustedProxies: [] } });
    expect(readConfig({ TRUST_PROXY: '1' }, 'box')).toMatchObject({ ok: true, value: { trustProxy: true, trustedProxies: ['127.0.0.0/8', '::1'] } });
    const r = readConfig({ TRUSTED_PROXIES: ' 10.0.0.0/8, 192.168.1.5 ,fd00::/8' }, 'box');
    expect(r).toMatchObject({ ok: true, value: { trustProxy: true, trustedProxies: ['10.0.0.0/8', '192.168.1.5', 'fd00::/8'] } });
    expect(r.ok && describeConfig(r.value).trustProxy).toBe('X-Forwarded-For from 10.0.0.0/8, 192.168.1.5, fd00::/8');
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ METRICS_PORT: '8080' }, /METRICS_PORT must differ/],
    [{ METRICS_TOKEN: 'short' }, /METRICS_TOKEN must be at least 16/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ SQLITE_SYNC: 'sometimes' }, /SQLITE_SYNC/],
    [{ ENGINE_WORKERS: '-1' }, /ENGINE_WORKERS/],
    [{ ENGINE_WORKERS: '1.5' }, /ENGINE_WORKERS must be a whole number/],
    [{ HTTP_RATE: '0' }, /HTTP_RATE/],
    [{ ANALYSIS_NODES: '500' }, /ANALYSIS_NODES must be a whole number 1000-100000000/],
    [{ ANALYSIS_NODES: 'many' }, /ANALYSIS_NODES must be a whole number/],
    [{ LIMITS: 'sometimes' }, /LIMITS must be on or off/],
    [{ TRUST_PROXY: 'yes please' }, /TRUST_PROXY/],
    [{ TRUSTED_PROXIES: 'haproxy' }, /TRUSTED_PROXIES takes addresses/],
    [{ TOURNAMENT_MIN_RATED_GAMES: 'some' }, /TOURNAMENT_MIN_RATED_GAMES must be a whole number/],
    [{ TRUSTED_PROXIES: '10.0.0.0/33' }, /TRUSTED_PROXIES takes addresses/],
    [{ TRUSTED_PROXIES: '10.0.0.1', TRUST_PROXY: '0' }, /cannot go with TRUST_PROXY=0/],
    [{ STATS_CONTROL: 'sure' }, /STATS_CONTROL must be 1 or 0/],
    [{ TEST_CLOCK: 'yes' }, /TEST_CLOCK must be 1 or 0/],
    [{ SHUTDOWN_TIMEOUT_MS: 'soon' }, /SHUTDOWN_TIMEOUT_MS/],
    [{ STORE_TIMEOUT_MS: '0' }, /STORE_TIMEOUT_MS/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a PostgreSQL URL/],
    [{ PUBLIC_URL: 'ftp://x' }, /PUBLIC_URL/],
    [{ REDIS_URL: 'redis://127.0.0.1:6379' }, /DATABASE_URL/],
  ])('refuses %o with a message naming it', (env, message) => {
    const r = readConfig(env as Record<string, string>, 'box');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(message);
  });

  it('TEST_CLOCK=1: off by default, said at the start, and refused with NODE_ENV=production', () => {
    expect(readConfig({}, 'box')).toMatchObject({ ok: true, value: { testClock: false } });
    const on = readConfig({ TEST_CLOCK: '1' }, 'box');
    expect(on).toMatchObject({ ok: true, value: { testClock: true } });
    if (on.ok) expect(describeConfig(on.value).testClock).toMatch(/tests only/);
    expect(readConfig({ TEST_CLOCK: 'true', NODE_ENV: 'test' }, 'box')).toMatchObject({ ok: true, value: { testClock: true } });
    expect(readConfig({ TEST_CLOCK: '0', NODE_ENV: 'production' }, 'box')).toMatchObject({ ok: true, value: { testClock: false } });
    const prod = readConfig({ TEST_CLOCK: '1', NODE_ENV: 'production' }, 'box');
    expect(prod.ok).toBe(false);
    if (!prod.ok) {
      expect(prod.error.code).toBe('config.bad-value');
      expect(prod.error.message).toMatch(/TEST_CLOCK.*never with NODE_ENV=production/);
    }
  });

  it('prints every setting without passwords or tokens', () => {
    const r = readConfig(
      { DATABASE_URL: PG, REDIS_URL: 'redis://:redis-pw@r:6379', METRICS_TOKEN: 'metrics-token-0123456789', ADMINS: 'an, binh', NODE_ID: 'n1' },
      'box',
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.admins).toEqual(['an', 'binh']);
    const text = JSON.stringify(describeConfig(r.value));
    for (const secret of ['s3cret-pw', 'redis-pw', 'metrics-token-0123456789']) expect(text).not.toContain(secret);
    expect(text).toContain('db.example:5432/youzai');
    expect(text).toContain('"mode":"cluster"');
    expect(text).toContain('with token');
  });
});
