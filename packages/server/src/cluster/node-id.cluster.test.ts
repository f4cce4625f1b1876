/**
 * NODE_ID is claimed in Redis: a second process started with the id of a
 * live node exits at once with a message saying so (before it listens or
 * subscribes under that id), and the live node serves on; the same node
 * restarted after a crash takes its id back within the TTL; a node frozen
 * past the TTL while another process took its id exits when it resumes.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../testing/client.ts';
import { startCluster, type TestCluster } from '../testing/cluster.ts';
import { freePort, startServerProcess } from '../testing/server-process.ts';

let club: TestCluster;
/** A second process's environment: the club's, with n1's id. */
let env: Record<string, string>;
beforeAll(async () => {
  club = await startCluster({ nodes: 1 });
  env = {
    NODE_ID: 'n1',
    REDIS_URL: club.redisUrl,
    REDIS_PREFIX: club.prefix,
    DATABASE_URL: club.databaseUrl,
    HTTP_RATE: '100000',
    ENGINE_WORKERS: '1',
  };
});
afterAll(async () => {
  await club?.close();
});

describe('a duplicate NODE_ID', () => {
  it('is refused with a message and a non-zero exit; the node it copies serves on, and takes its id back after a crash', async () => {
    const outcome = await startServerProcess(await freePort(), env, { startTimeoutMs: 120_000 }).then(
      (p) => {
        p.kill('SIGKILL');
        return 'it started';
      },
      (e: Error) => e.message,
    );
    expect(outcome).toMatch(/exited \(1\)[\s\S]*NODE_ID n1 is in use by another node that is alive/);
    const h = await new TestClient(club.node('n1').base).http('GET', '/health');
    expect(h.status).toBe(200);
    expect(h.json).toMatchObject({ ok: true, node: 'n1' });
    // Killed, then restarted at once: its former claim runs out within the TTL and the new process takes the id.
    await club.kill('n1');
    await club.start('n1');
    expect((await new TestClient(club.node('n1').base).http('GET', '/health')).json).toMatchObject({ ok: true, node: 'n1' });
  });

  it('a node frozen past the TTL, whose id another process took meanwhile, exits non-zero when it resumes, saying so', async () => {
    const frozen = club.node('n1');
    const proc = frozen.proc!;
    const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
    club.signal('n1', 'SIGSTOP');
    let other: ChildProcess | null = null;
    try {
      // Started while n1 is frozen: it waits out n1's key, then claims the id.
      other = await startServerProcess(await freePort(), env, { startTimeoutMs: 120_000 });
      club.signal('n1', 'SIGCONT');
      // A beat after it resumes finds the id taken: it exits within a second or so (bounded here so a failure is quick).
      const bound = new Promise<string>((r) => setTimeout(() => r('still running'), 15_000).unref());
      expect(await Promise.race([exited, bound])).toBe(1);
      expect(frozen.log).toMatch(/NODE_ID n1 was claimed by another process/);
    } finally {
      club.signal('n1', 'SIGCONT');
      other?.kill('SIGKILL');
    }
  });
});
