/**
 * The SQLite store's own thread. better-sqlite3 is synchronous: run on the
 * main thread, every commit (and every WAL checkpoint) would stall all games'
 * sockets. Here it stalls only this thread; group commit still batches.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { TournamentConflict, UniqueViolation, VersionConflict } from '../types.ts';
import { sqliteStore, type SqliteStoreOptions } from './store.ts';
import { threadCpuNs } from '../../observe/move-cost.ts';

interface Call {
  readonly id: number;
  readonly method: string;
  readonly args: unknown[];
}

const { path, options } = workerData as { path: string; options: SqliteStoreOptions };
const store = sqliteStore(path, options);
const port = parentPort!;

/** Errors cross the thread boundary as plain data; the proxy rebuilds the typed ones. */
function encodeError(e: unknown): Record<string, unknown> {
  if (e instanceof VersionConflict) return { kind: 'version', gameId: e.gameId, expected: e.expected };
  if (e instanceof UniqueViolation) return { kind: 'unique', what: e.what };
  if (e instanceof TournamentConflict) return { kind: 'tournament', tournamentId: e.tournamentId, why: e.why };
  const code = (e as { code?: unknown }).code;
  return {
    kind: 'error',
    name: e instanceof Error ? e.name : 'Error',
    message: e instanceof Error ? e.message : String(e),
    ...(typeof code === 'string' ? { code } : {}),
  };
}

port.on('message', (call: Call) => {
  // Monitoring: the group-commit counters (a getter, not a method).
  if (call.method === 'commitStats') {
    port.postMessage({ id: call.id, value: { ...store.stats } });
    return;
  }
  if (call.method === 'commitWindow') {
    port.postMessage({ id: call.id, value: store.commitWindow(Boolean(call.args[0])) });
    return;
  }
  // Monitoring: this thread's own CPU so far (ns), for the CPU per move (process.cpuUsage counts every thread).
  if (call.method === 'threadCpu') {
    port.postMessage({ id: call.id, value: threadCpuNs() });
    return;
  }
  const fn = (store as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[call.method];
  if (typeof fn !== 'function') {
    port.postMessage({ id: call.id, error: { kind: 'error', message: `no method ${call.method}` } });
    return;
  }
  fn.apply(store, call.args).then(
    (value) => port.postMessage({ id: call.id, value }),
    (e: unknown) => port.postMessage({ id: call.id, error: encodeError(e) }),
  );
});
