/**
 * One log line and the metrics of each HTTP request, taken when its answer
 * is finished. Static assets are neither logged nor counted (a page load
 * fetches dozens; they are served from memory).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorCodeOf } from '../http/util.ts';
import { gameOfPath, loggedPath, type Logger } from './log.ts';
import type { Metrics } from './metrics.ts';

/** What the request learnt on its way (who asked), filled in by the handler. */
export interface RequestNotes {
  user?: string;
}

export function observeRequests(metrics: Metrics, log: Logger) {
  return (req: IncomingMessage, res: ServerResponse, notes: RequestNotes): void => {
    const started = performance.now();
    res.once('finish', () => {
      const url = req.url ?? '/';
      if (url.startsWith('/assets/')) return;
      const seconds = (performance.now() - started) / 1000;
      const method = req.method ?? '?';
      const status = res.statusCode;
      metrics.requests.inc({ method, status: String(status) });
      metrics.requestSeconds.observe({ method }, seconds);
      const code = errorCodeOf(res);
      if (code && status >= 400) metrics.error(code, 'http');
      const path = url.split('?')[0] ?? '/';
      const game = gameOfPath(path);
      const line = {
        method,
        path: loggedPath(path),
        status,
        ms: Math.round(seconds * 10_000) / 10,
        ...(notes.user ? { user: notes.user } : {}),
        ...(game ? { game } : {}),
        ...(code ? { code } : {}),
      };
      if (status >= 500) log.error(line, 'request');
      else if (status === 429) log.warn(line, 'request');
      else log.info(line, 'request');
    });
  };
}
