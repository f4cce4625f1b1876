/**
 * HAProxy for a club run on one machine (npm run cluster, the browser test,
 * the benchmark): deploy/haproxy.cfg with our ports, run in the foreground.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const HAPROXY_TEMPLATE = fileURLToPath(new URL('../../../../deploy/haproxy.cfg', import.meta.url));

/** deploy/haproxy.cfg listening on `port`, with one server line per node. */
export function haproxyConfig(port: number, nodes: readonly { id: string; port: number }[], template = readFileSync(HAPROXY_TEMPLATE, 'utf8')): string {
  const servers = nodes.map((n) => `    server ${n.id} 127.0.0.1:${n.port} check`).join('\n');
  const out = template.replace(/bind 127\.0\.0\.1:\d+/, `bind 127.0.0.1:${port}`).replace(/( *# servers[^\n]*\n)[\s\S]*?( *# end servers)/, `$1${servers}\n$2`);
  if (!out.includes(`127.0.0.1:${port}`)) throw new Error('deploy/haproxy.cfg: no bind line to set');
  return out;
}

/** Writes the configuration into `dir` and runs HAProxy on it; resolves once it accepts connections. */
export async function startHaproxy(dir: string, port: number, nodes: readonly { id: string; port: number }[]): Promise<ChildProcess> {
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(port, nodes));
  const p = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  p.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  p.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const end = Date.now() + 10_000;
  for (;;) {
    if (p.exitCode !== null) throw new Error(`haproxy exited: ${out}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/health`);
      if (r.status === 200) return p;
    } catch {
      // not listening yet
    }
    if (Date.now() > end) {
      p.kill('SIGKILL');
      throw new Error(`haproxy did not come up: ${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
