/**
 * An engine worker thread: one Fairy-Stockfish instance, one search at a
 * time (the pool never sends a second before the first is answered).
 * Started through worker-boot.mjs, which installs tsx's loader.
 */
import { parentPort } from 'node:worker_threads';
import { FairyEngine } from './fairy-engine.ts';
import type { FromWorker, SearchRequest, ToWorker } from './protocol.ts';

const port = parentPort;
if (!port) throw new Error('worker.ts runs only as a worker thread');
const send = (m: FromWorker): void => port.postMessage(m);

let engine: FairyEngine;
try {
  engine = await FairyEngine.create();
} catch (e) {
  send({ type: 'fatal', message: e instanceof Error ? e.message : String(e) });
  process.exit(1); // in a worker this ends the thread only
}
send({ type: 'ready' });

let busy = false;

port.on('message', (m: ToWorker) => {
  if (m.type === 'stop') {
    if (busy) engine.stop();
    return;
  }
  if (busy) {
    send({ type: 'failed', id: m.id, message: 'the worker is already searching' });
    return;
  }
  busy = true;
  search(m).finally(() => {
    busy = false;
  });
});

async function search(req: SearchRequest): Promise<void> {
  const answered = engine.search(req);
  if (req.fault === 'exit' || req.fault === 'hang') {
    // Mid-search (or at the answer if the search is quicker), never answering.
    const fail =
      req.fault === 'exit'
        ? () => process.exit(3)
        : () => {
            for (;;); // blocks this thread for good: only terminate() ends it
          };
    await Promise.race([answered, new Promise((r) => setTimeout(r, 5))]);
    fail();
  }
  try {
    const answer = await answered;
    const bestmove = req.fault === 'illegal' ? 'a1a1' : req.fault === 'none' ? null : answer.bestmove;
    send({ type: 'result', id: req.id, ...answer, bestmove });
  } catch (e) {
    send({ type: 'failed', id: req.id, message: e instanceof Error ? e.message : String(e) });
  }
}
