/**
 * The SQLite store's own thread. better-sqlite3 is synchronous: run on the
 * main thread, every commit (and every WAL checkpoint) would stall all games'
 * sockets. Here it stalls only this thread; group commit still batches.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { EncodedJson } from '../checks.ts';
import { TournamentConflict, UniqueViolation, VersionConflict } from '../types.ts';
import { sqliteStore, type SqliteStoreOptions } from './store.ts';
import { threadCpuNs } from '../../observe/move-cost.ts';
import { pushAnswer, readCalls, type DecodedCall, type LinkAnswer } from './link-wire.ts';

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

/** This turn's answers, sent in one message once the turn is over (the link's side does the same with calls). */
let answers: unknown[] = [];
const reply = (a: LinkAnswer): void => {
  if (answers.length === 0) setImmediate(flush);
  pushAnswer(answers, a);
};
function flush(): void {
  const out = answers;
  answers = [];
  port.postMessage(out);
}

/** What a call is answered at once, without the store's promise: the monitoring's questions, or an unknown method. */
function answerAtOnce(call: DecodedCall): LinkAnswer | null {
  // Monitoring: the group-commit counters (a getter, not a method).
  if (call.method === 'commitStats') return { id: call.id, value: { ...store.stats } };
  if (call.method === 'commitWindow') return { id: call.id, value: store.commitWindow(Boolean(call.args[0])) };
  // Monitoring: this thread's own CPU so far (ns), for the CPU per move (process.cpuUsage counts every thread).
  if (call.method === 'threadCpu') return { id: call.id, value: threadCpuNs() };
  if (typeof (store as unknown as Record<string, unknown>)[call.method] !== 'function')
    return { id: call.id, error: { kind: 'error', message: `no method ${call.method}` } };
  return null;
}

function answer(call: DecodedCall): void {
  const now = answerAtOnce(call);
  if (now) {
    reply(now);
    return;
  }
  const fn = (store as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[call.method]!;
  fn.apply(store, call.args).then(
    (value) => reply({ id: call.id, value }),
    (e: unknown) => reply({ id: call.id, error: encodeError(e) }),
  );
}

// A row's data comes as JSON text (link-wire.ts): stored as the text it is.
const encoded = (text: string) => new EncodedJson(text);
port.on('message', (tape: readonly unknown[]) => {
  for (const call of readCalls(tape, encoded)) answer(call);
});
