/** deploy/haproxy.cfg with our ports is a configuration HAProxy accepts, health-checking every node and sticking to none. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { haproxyConfig } from './haproxy.ts';

describe('haproxy configuration', () => {
  it('lists every node with a health check, binds our port, and is valid for haproxy -c', () => {
    const cfg = haproxyConfig(9100, [
      { id: 'a', port: 9101 },
      { id: 'b', port: 9102 },
    ]);
    expect(cfg).toContain('bind 127.0.0.1:9100');
    expect(cfg).toContain('server a 127.0.0.1:9101 check');
    expect(cfg).toContain('server b 127.0.0.1:9102 check');
    expect(cfg).not.toContain(':8081');
    expect(cfg).toMatch(/option httpchk GET \/health/);
    expect(cfg).toMatch(/option forwardfor/);
    expect(cfg).not.toMatch(/^\s*(cookie|stick)/m);
    const dir = mkdtempSync(join(tmpdir(), 'youzai-haproxy-'));
    try {
      writeFileSync(join(dir, 'h.cfg'), cfg);
      const out = execFileSync('haproxy', ['-c', '-f', join(dir, 'h.cfg')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      expect(out).toMatch(/valid/i);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
