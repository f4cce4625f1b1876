import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { childrenOf } from '../../testing/processes.ts';
import { FakeTime } from '../../service/time.ts';
import { RESTART_AFTER_FAILED_START_MS, SocketTier } from './tier.ts';

const children = (): number[] => childrenOf(process.pid);

const dir = mkdtempSync(join(tmpdir(), 'youzai-tier-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('a socket process that cannot start fails the start, saying so, instead of leaving it waiting', async () => {
  const entry = join(dir, 'broken.mjs');
  writeFileSync(entry, 'process.exit(3);\n');
  const before = children();
  const time = new FakeTime();
  await expect(SocketTier.start({ processes: 1, maxPayload: 1024, entry, clock: time, timers: time })).rejects.toThrow(
    /socket process exited before it was ready \(3\)/,
  );
  // None is started again after the failed start (one that could not start is started again a second later otherwise;
  // a fork's process is there as soon as fork returns).
  time.advance(RESTART_AFTER_FAILED_START_MS);
  expect(children().filter((pid) => !before.includes(pid))).toEqual([]);
});

it('one that dies is said, with the sockets it held, and replaced', async () => {
  const deaths: { sockets: number; signal: string | null }[] = [];
  const tier = await SocketTier.start({ processes: 1, maxPayload: 1024, onDeath: (d) => deaths.push(d) });
  try {
    const [pid] = tier.pids();
    process.kill(pid!, 'SIGKILL');
    for (let i = 0; i < 200 && (tier.pids()[0] === pid || deaths.length === 0); i++) await new Promise((r) => setTimeout(r, 25));
    expect(deaths).toEqual([expect.objectContaining({ signal: 'SIGKILL', sockets: 0 })]);
    expect(tier.pids()).toHaveLength(1);
    expect(tier.pids()[0]).not.toBe(pid);
  } finally {
    await tier.close();
  }
});
