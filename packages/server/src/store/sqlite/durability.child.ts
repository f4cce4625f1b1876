/**
 * Child process of sqlite.durability.test.ts:
 *   node --import tsx durability.child.ts DB_PATH [threaded]
 * Twenty games are played concurrently, each as fast as its saves resolve;
 * every acknowledged save is printed at once ("ack GAME VERSION PLIES"), and
 * the parent kills this process with SIGKILL mid-flight. stdout is a pipe,
 * which Node writes synchronously on Linux: a printed ack has left the process.
 */
import { game, played } from '../fixtures.ts';
import type { GameRow, Store } from '../types.ts';
import { sqliteStore } from './store.ts';
import { threadedSqliteStore } from './threaded.ts';

const [path, kind] = process.argv.slice(2);
if (!path) throw new Error('usage: durability.child.ts DB_PATH [threaded]');
const store: Store = kind === 'threaded' ? threadedSqliteStore(path) : sqliteStore(path);
await store.migrate();

// Large enough rows that the WAL fills and checkpoints run while we are killed.
const padding = 'x'.repeat(1500);

async function play(g: GameRow): Promise<never> {
  await store.createGame(g);
  process.stdout.write(`ack ${g.id} ${g.version} ${g.plies}\n`);
  for (;;) {
    const next = played(g, 1);
    const row = { ...next.row, data: { plies: next.row.plies, padding } };
    await store.saveGame(row, g.version, next.moves);
    process.stdout.write(`ack ${row.id} ${row.version} ${row.plies}\n`);
    g = row;
  }
}

await Promise.all(Array.from({ length: 20 }, (_, i) => play(game(`g${i}`))));
