/**
 * The built web client (packages/web/dist): hashed files under /assets/ kept
 * in memory with their gzip form and cached for a year; index.html for every
 * page path, so the client's router takes over. Without a build, pages say
 * how to make one (the API works either way).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.ico': 'image/x-icon',
};

interface FileEntry {
  readonly body: Buffer;
  readonly gzip: Buffer | null;
  readonly type: string;
}

const NOT_BUILT = `<!doctype html><html lang="vi"><head><meta charset="utf-8"><title>Youzai</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem">
<h1>Youzai</h1><p>Giao diện web chưa được build: chạy <code>npm run build</code> (npm start tự làm việc này).</p>
<p>The web client is not built: run <code>npm run build</code> (npm start does it for you). The API is at <a href="/api/games">/api/games</a>.</p></body></html>`;

export class WebFiles {
  private readonly assets = new Map<string, FileEntry>();
  private readonly index: FileEntry | null;

  constructor(readonly dir: string | null) {
    const indexPath = dir === null ? null : join(dir, 'index.html');
    this.index = indexPath !== null && existsSync(indexPath) ? entry(readFileSync(indexPath), 'text/html; charset=utf-8') : null;
    const assetDir = dir === null ? null : join(dir, 'assets');
    if (assetDir !== null && existsSync(assetDir)) {
      for (const name of readdirSync(assetDir)) {
        const p = join(assetDir, name);
        if (!statSync(p).isFile()) continue;
        this.assets.set(`/assets/${name}`, entry(readFileSync(p), TYPES[extname(name)] ?? 'application/octet-stream'));
      }
    }
  }

  get built(): boolean {
    return this.index !== null;
  }

  /** Serves /assets/… ; false when the path is not an asset. */
  serveAsset(req: IncomingMessage, res: ServerResponse, path: string): boolean {
    if (!path.startsWith('/assets/')) return false;
    const f = this.assets.get(path);
    if (!f) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Not found');
      return true;
    }
    send(req, res, f, { 'cache-control': 'public, max-age=31536000, immutable' });
    return true;
  }

  /** The page shell for any client route. */
  servePage(req: IncomingMessage, res: ServerResponse, headers: Record<string, string>): void {
    send(req, res, this.index ?? entry(Buffer.from(NOT_BUILT), 'text/html; charset=utf-8'), { ...headers, 'cache-control': 'no-cache' });
  }
}

function entry(body: Buffer, type: string): FileEntry {
  const compressible = /text|javascript|svg|json/.test(type) && body.length > 512;
  return { body, gzip: compressible ? gzipSync(body, { level: 9 }) : null, type };
}

function send(req: IncomingMessage, res: ServerResponse, f: FileEntry, headers: Record<string, string>): void {
  const gz = f.gzip !== null && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const body = gz ? f.gzip! : f.body;
  res.writeHead(200, {
    ...headers,
    'content-type': f.type,
    'content-length': String(body.length),
    'x-content-type-options': 'nosniff',
    vary: 'accept-encoding',
    ...(gz ? { 'content-encoding': 'gzip' } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Paths the web client answers (everything a browser may open that is not the API, the socket or a file). */
export function isPagePath(path: string): boolean {
  return (
    !path.startsWith('/api/') && path !== '/api' && path !== '/ws' && !path.startsWith('/assets/') && !/\.[a-z0-9]{1,5}$/i.test(path) && path.length <= 200
  );
}
