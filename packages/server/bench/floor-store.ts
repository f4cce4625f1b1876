/**
 * bench:floor's store thread (floor-server.ts): each move one row in `moves`, committed by the club's group
 * commit (WAL, synchronous=FULL unless FLOOR_SYNC=NORMAL, at most one commit per FLOOR_COMMIT_MS, by default 2 as store/open.ts sets it); a turn's writes arrive
 * as one flat array (id, game, ply, uci, at, clock per write) and are answered, after their commit, by their ids.
 */
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { GroupCommit } from '../src/store/sqlite/group-commit.ts';

const db = new Database((workerData as { path: string }).path);
db.pragma('journal_mode = WAL');
db.pragma(`synchronous = ${(workerData as { synchronous: string }).synchronous}`);
db.exec(
  'CREATE TABLE IF NOT EXISTS moves (game_id TEXT NOT NULL, ply INTEGER NOT NULL, uci TEXT NOT NULL, at INTEGER NOT NULL, clock_ms INTEGER NOT NULL, PRIMARY KEY (game_id, ply)) WITHOUT ROWID',
);
const insert = db.prepare('INSERT INTO moves (game_id, ply, uci, at, clock_ms) VALUES (?, ?, ?, ?, ?)');
const commits = new GroupCommit(db, { commitEveryMs: (workerData as { commitEveryMs: number }).commitEveryMs });
const port = parentPort!;

port.on('message', (batch: unknown[]) => {
  const done: number[] = [];
  const all: Promise<unknown>[] = [];
  for (let i = 0; i < batch.length; i += 6) {
    const id = batch[i] as number;
    const row = batch.slice(i + 1, i + 6);
    all.push(commits.submit(() => insert.run(...row)).then(() => done.push(id)));
  }
  // One answer per arriving batch, once all its writes are committed (they may span two commits).
  void Promise.all(all).then(() => port.postMessage(done));
});
