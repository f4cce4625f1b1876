import type { IncomingMessage, ServerResponse } from 'node:http';

export const MAX_BODY_BYTES = 16 * 1024;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Status for a domain error code. */
export function statusFor(code: string): number {
  if (code.endsWith('not-found')) return 404;
  if (code === 'game.forbidden' || code === 'auth.required' || code === 'analysis.live-position' || code === 'tournament.needs-games') return 403;
  if (code === 'auth.bad-credentials') return 401;
  if (code.startsWith('server.')) return 503;
  if (code === 'rate-limited' || code.startsWith('limit.') || code === 'auth.throttled') return 429;
  if (code === 'http.origin') return 403;
  if (
    code === 'game.conflict' ||
    code === 'auth.username-taken' ||
    code === 'auth.username-reserved' ||
    code === 'game.stale' ||
    code === 'analysis.game-in-progress'
  )
    return 409;
  return 400;
}

const errorCodes = new WeakMap<ServerResponse, string>();

/** The error code a response answered, if any (the request log and the error metrics read it). */
export const errorCodeOf = (res: ServerResponse): string | undefined => errorCodes.get(res);

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const code = status >= 400 ? (body as { code?: unknown } | null)?.code : undefined;
  if (typeof code === 'string') errorCodes.set(res, code);
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(text);
}

export function sendError(res: ServerResponse, status: number, code: string, message: string): void {
  sendJson(res, status, { ok: false, code, message });
}

/** The body as UTF-8 text, refused past `limit` bytes (413 body.too-large). */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<string> {
  return new Promise((resolve, reject) => {
    const len = Number(req.headers['content-length'] ?? 0);
    if (len > limit) {
      reject(new HttpError(413, 'body.too-large', `Bodies are limited to ${limit} bytes`));
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        // Stop reading and answer 413 (the connection closes after the answer): destroying the
        // request here would reset the connection and the sender would never learn why.
        req.off('data', onData);
        req.pause();
        chunks.length = 0;
        reject(new HttpError(413, 'body.too-large', `Bodies are limited to ${limit} bytes`));
        return;
      }
      chunks.push(c);
    };
    req.on('data', onData);
    req.on('end', () => {
      const buf = Buffer.concat(chunks);
      const text = buf.toString('utf8');
      if (Buffer.byteLength(text) !== buf.length || text.includes('\uFFFD')) reject(new HttpError(400, 'body.malformed', 'The body is not valid UTF-8'));
      else resolve(text);
    });
    req.on('error', reject);
  });
}

export function parseCookies(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const k = part.slice(0, eq).trim();
    const v = part.slice(eq + 1).trim();
    if (k && !out.has(k)) {
      try {
        out.set(k, decodeURIComponent(v));
      } catch {
        // a malformed cookie is ignored, not fatal
      }
    }
  }
  return out;
}

/** A token bucket: `rate` per second, bursts up to `burst`. */
export class Bucket {
  private tokens: number;
  private last: number;
  constructor(
    private readonly rate: number,
    private readonly burst: number,
    now: number,
  ) {
    this.tokens = burst;
    this.last = now;
  }
  take(now: number): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.rate);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
