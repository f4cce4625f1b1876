/**
 * Serving /metrics. Not public by default: on the club's own port it answers
 * only a scraper holding METRICS_TOKEN (Authorization: Bearer …), and is
 * not found at all without one; METRICS_PORT serves it on a port of its own
 * (for a private network), with the token too when one is set.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Metrics } from './metrics.ts';

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

/** Whether the request holds the token (compared in constant time). */
export function holdsToken(req: IncomingMessage, token: string): boolean {
  const m = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
  return m !== null && timingSafeEqual(digest(m[1]!.trim()), digest(token));
}

function send(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ ok: false, code, message }));
}

/**
 * Answers a scrape. `token` undefined: anyone who reaches this port may read (METRICS_PORT without a token).
 */
export async function answerScrape(req: IncomingMessage, res: ServerResponse, metrics: Metrics, token: string | undefined): Promise<void> {
  if (token !== undefined && !holdsToken(req, token)) {
    res.setHeader('www-authenticate', 'Bearer realm="metrics"');
    return send(res, 401, 'auth.metrics-token', 'The metrics need the bearer token (METRICS_TOKEN)');
  }
  const text = await metrics.text();
  res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
  res.end(req.method === 'HEAD' ? undefined : text);
}

/** METRICS_PORT: a server of its own that answers GET /metrics and nothing else. */
export function metricsServer(metrics: Metrics, token: string | undefined): Server {
  return createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) return send(res, 404, 'http.not-found', 'Only GET /metrics here');
    answerScrape(req, res, metrics, token).catch(() => {
      if (!res.headersSent) send(res, 500, 'server.error', 'The metrics could not be collected');
      else res.end();
    });
  });
}
