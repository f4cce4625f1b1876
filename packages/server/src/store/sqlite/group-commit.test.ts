/**
 * Group commit's pacing (`commitEveryMs`), on a fake clock: a write after a
 * quiet spell commits at the end of its turn; writes within the interval of
 * the last commit wait for the next and share it.
 */
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GroupCommit, type CommitTime } from './group-commit.ts';

/** A clock moved by hand; `soon` runs at the next `turn()`, `after` once the clock reaches its time. */
class FakeCommitTime implements CommitTime {
  t = 1000;
  private soonQueue: (() => void)[] = [];
  private timers: { at: number; fn: () => void }[] = [];
  now = () => this.t;
  soon = (fn: () => void) => void this.soonQueue.push(fn);
  after = (ms: number, fn: () => void) => void this.timers.push({ at: this.t + ms, fn });
  /** Ends the current turn: what was deferred to its end runs. */
  turn(): void {
    const q = this.soonQueue;
    this.soonQueue = [];
    for (const fn of q) fn();
  }
  /** Moves the clock on, running the timers that fall due. */
  advance(ms: number): void {
    this.t += ms;
    const due = this.timers.filter((x) => x.at <= this.t);
    this.timers = this.timers.filter((x) => x.at > this.t);
    for (const x of due) x.fn();
  }
  get waiting(): number {
    return this.timers.length + this.soonQueue.length;
  }
}

let db: Database.Database;
beforeEach(() => {
  db = new Database(':memory:');
  db.exec('CREATE TABLE t (n INTEGER)');
});
afterEach(() => db.close());

const settle = () => new Promise((r) => setImmediate(r));

describe('group commit, paced', () => {
  it('commits a lone write at the end of its turn, then holds the next writes until the interval is up', async () => {
    const time = new FakeCommitTime();
    const commits = new GroupCommit(db, { commitEveryMs: 2, time });
    const insert = db.prepare('INSERT INTO t (n) VALUES (?)');
    const first = commits.submit(() => insert.run(1));
    time.turn();
    await first;
    expect(commits.stats.batches).toBe(1);
    // Within 2 ms of that commit: three writes wait, and go together when it is up.
    time.advance(0.5);
    const next = [2, 3, 4].map((n) => commits.submit(() => insert.run(n)));
    time.turn();
    expect(commits.stats.batches).toBe(1);
    time.advance(1);
    expect(commits.stats.batches).toBe(1);
    time.advance(0.5);
    await Promise.all(next);
    expect(commits.stats).toMatchObject({ batches: 2, writes: 4, largest: 3 });
    // A quiet spell: the next write is not held.
    time.advance(10);
    const late = commits.submit(() => insert.run(5));
    time.turn();
    await late;
    expect(commits.stats.batches).toBe(3);
    expect(db.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 5 });
    await settle();
    expect(time.waiting).toBe(0);
  });

  it('without an interval every turn commits its own writes', async () => {
    const time = new FakeCommitTime();
    const commits = new GroupCommit(db, { time });
    const insert = db.prepare('INSERT INTO t (n) VALUES (?)');
    for (let n = 1; n <= 3; n++) {
      const w = commits.submit(() => insert.run(n));
      time.turn();
      await w;
    }
    expect(commits.stats.batches).toBe(3);
  });
});
