/**
 * The HTTP front door of a node: every request passes here in order (draining,
 * security headers, static assets, the per-node rate, the route, an API token
 * or the session cookie, the origin and body type), then reaches its route.
 * Failures become answers: storage trouble 503, quotas 429, the rest 500.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { ACCOUNT_SESSION_TTL_MS, COOKIE, sessionTtl, type Sessions } from '../auth/sessions.ts';
import { bearerOf, type ApiTokens } from '../auth/tokens.ts';
import { clientAddress, type TrustedProxies } from '../limits/address.ts';
import { LimitError } from '../limits/limits.ts';
import type { Moderation } from '../moderation/moderation.ts';
import type { Logger } from '../observe/log.ts';
import type { Metrics } from '../observe/metrics.ts';
import { observeRequests, type RequestNotes } from '../observe/requests.ts';
import { storageFailure } from '../store/failure.ts';
import type { TokenRow, UserRow } from '../store/types.ts';
import { securityHeaders } from './headers.ts';
import { checkOrigin, type OriginPolicy } from './origin.ts';
import type { Deps, Route } from './deps.ts';
import type { Ctx } from './route.ts';
import { isPagePath, WebFiles } from './static.ts';
import { HttpError, parseCookies, sendError } from './util.ts';

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Stands in for the visitor on public reads, which need no identity. */
const ANONYMOUS: UserRow = { id: '', username: null, passwordHash: null, createdAt: 0 };

export interface ServeOptions {
  /** Every route this node answers, in the order they are tried. */
  readonly routes: readonly Route[];
  /** What the routes read. */
  readonly deps: Deps;
  readonly sessions: Sessions;
  readonly tokens: ApiTokens;
  /** A banned account's API token is refused like its login. */
  readonly moderation: Pick<Moderation, 'loginRefusal'>;
  readonly origins: OriginPolicy;
  /** The proxies whose X-Forwarded-For is believed; null: the peer is the client. */
  readonly proxies: TrustedProxies | null;
  readonly publicUrl: string;
  /** Requests per second per address before 429 (burst is twice this). */
  readonly httpRate: number;
  readonly secureCookies: boolean;
  /** The built web client; pages say how to build it when absent. */
  readonly webDir: string | null;
  readonly metrics: Metrics;
  readonly log: Logger;
}

export interface HttpFront {
  readonly server: Server;
  /** SIGTERM's first step: from now on every request is answered 503 and told to close its connection. */
  refuseRequests(): void;
  readonly draining: boolean;
}

export function serveHttp(options: ServeOptions): HttpFront {
  const front: Front = {
    ...options,
    // Each node guards its own CPU: requests are counted per node, in memory (entries expire; no table is ever cleared whole).
    requests: new RateLimiterMemory({ keyPrefix: 'requests', points: options.httpRate * 2, duration: 2 }),
    headers: securityHeaders(options.publicUrl),
    web: new WebFiles(options.webDir),
    draining: false,
  };
  const observe = observeRequests(options.metrics, options.log);
  const server = createServer((req, res) => {
    const notes: RequestNotes = {};
    observe(req, res, notes);
    handle(front, req, res, notes).catch((e: unknown) => answerFailure(e, req, res, notes, options.log));
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  return {
    server,
    refuseRequests: () => {
      front.draining = true;
    },
    get draining() {
      return front.draining;
    },
  };
}

/** What every request reads: the options, and the node's request counter, headers and web files. */
interface Front extends ServeOptions {
  readonly requests: RateLimiterMemory;
  readonly headers: Readonly<Record<string, string>>;
  readonly web: WebFiles;
  draining: boolean;
}

/** The session cookie, kept by the browser as long as the session lives since its last use (a guest's or an account's). */
function sessionCookie({ secureCookies }: Front, value: string | null, ttlMs: number = ACCOUNT_SESSION_TTL_MS): string {
  return value === null
    ? `${COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secureCookies ? '; Secure' : ''}`
    : `${COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${Math.floor(ttlMs / 1000)}${secureCookies ? '; Secure' : ''}`;
}

/** One request, through the steps in the file's header, to its route or its page. */
async function handle(front: Front, req: IncomingMessage, res: ServerResponse, notes: RequestNotes): Promise<void> {
  const { routes, deps, sessions, tokens, moderation, origins, proxies, requests, headers, web } = front;
  if (front.draining) {
    res.setHeader('connection', 'close');
    return sendError(res, 503, 'server.stopping', 'This server is stopping: try again in a moment');
  }
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  // Static files first: cached in memory, no identity and no rate limit (one page load fetches dozens).
  if ((req.method === 'GET' || req.method === 'HEAD') && req.url?.startsWith('/assets/')) {
    if (web.serveAsset(req, res, (req.url.split('?')[0] ?? '').replace(/\/{2,}/g, '/'))) return;
  }
  const addr = clientAddress(req, proxies);
  const allowed = await requests.consume(addr).then(
    () => true,
    () => false,
  );
  if (!allowed) return sendError(res, 429, 'rate-limited', 'Too many requests: slow down');

  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://localhost');
  } catch {
    return sendError(res, 400, 'http.bad-url', 'Malformed URL');
  }
  const route = routes.find((r) => r.method === req.method && r.path.test(url.pathname)) ?? null;
  const page = !route && (req.method === 'GET' || req.method === 'HEAD') && isPagePath(url.pathname) && !routes.some((r) => r.path.test(url.pathname));
  if (!page && !route) {
    const known = routes.some((r) => r.path.test(url.pathname));
    return sendError(res, known ? 405 : 404, known ? 'http.method' : 'http.not-found', known ? 'Method not allowed' : 'Not found');
  }
  // A personal API token instead of a session (the Bot API): only on the routes that name a scope it holds.
  const bearer = route?.scope ? bearerOf(req.headers.authorization) : null;
  if (route && !route.scope && !route.anonymous && bearerOf(req.headers.authorization) !== null)
    return sendError(res, 401, 'auth.token-route', 'This route takes a session, not an API token (see docs/API.md, Bot API)');
  let token: { user: UserRow; token: TokenRow } | null = null;
  if (bearer !== null) {
    token = await tokens.resolve(bearer);
    if (!token) return sendError(res, 401, 'auth.token-invalid', 'This API token is unknown or revoked');
    const scope = route!.scope!;
    if (scope !== 'any' && !token.token.scopes.some((s) => scope.includes(s)))
      return sendError(res, 403, 'auth.token-scope', `This API token lacks the scope this needs: ${scope.join(' or ')}`);
    const refused = await moderation.loginRefusal(token.user.id);
    if (refused) return sendError(res, 403, refused.code, refused.message);
  }
  if (!SAFE_METHODS.has(req.method ?? '')) {
    const o = checkOrigin(req, origins);
    if (!o.ok) return sendError(res, 403, o.error.code, o.error.message);
    // A form can post these without the browser asking first; the API takes JSON only (and forms from a token's holder).
    const type = req.headers['content-type'];
    const form = token !== null && type !== undefined && /^application\/x-www-form-urlencoded\s*(;|$)/i.test(type);
    if (type !== undefined && !form && !/^application\/json\s*(;|$)/i.test(type))
      return sendError(res, 415, 'body.content-type', 'Send the body as application/json');
  }
  // A page is the same shell for everyone: no identity needed (and nothing to write, so storage trouble does not stop it).
  if (page) {
    web.servePage(req, res, {});
    return;
  }
  // Identity: a valid session; a reader without one stays anonymous, and one who acts becomes a new guest.
  const cookie = token ? undefined : parseCookies(req.headers.cookie).get(COOKIE);
  const found = route!.anonymous || token ? null : await sessions.resolveSession(cookie);
  // A session whose expiry moved on (at most daily): the browser keeps the cookie as long again.
  if (found?.renewed && cookie) res.setHeader('set-cookie', sessionCookie(front, cookie, sessionTtl(found.user)));
  let user: UserRow | null = token ? token.user : route!.anonymous ? ANONYMOUS : (found?.user ?? null);
  if (!user && SAFE_METHODS.has(req.method ?? '')) user = ANONYMOUS;
  if (!user) {
    await deps.limits.enforce('guest', { addr });
    user = await sessions.newGuest();
    res.setHeader('set-cookie', sessionCookie(front, await sessions.start(user), sessionTtl(user)));
  }
  if (user.id) notes.user = user.id;
  const ctx: Ctx = {
    req,
    res,
    user,
    addr,
    url,
    cookie,
    params: url.pathname.match(route!.path)!.slice(1),
    setSession: (v) => res.setHeader('set-cookie', sessionCookie(front, v)),
    ...(token ? { token: token.token } : {}),
  };
  await route!.handler(ctx, deps);
}

/** A request that failed: storage trouble 503 with its code, a quota 429 with Retry-After, an HttpError its status, the rest 500 (logged). */
function answerFailure(e: unknown, req: IncomingMessage, res: ServerResponse, notes: RequestNotes, log: Logger) {
  const failure = storageFailure(e);
  if (failure) return res.headersSent ? void res.end() : sendError(res, 503, failure.code, failure.message);
  if (e instanceof LimitError && !res.headersSent) res.setHeader('retry-after', String(e.retryAfterS));
  if (e instanceof HttpError) {
    // A body too large is left unread: the connection cannot carry another request.
    if (e.status === 413 && !res.headersSent) res.setHeader('connection', 'close');
    return sendError(res, e.status, e.code, e.message);
  }
  log.error({ err: e, method: req.method, user: notes.user }, 'request failed');
  if (!res.headersSent) sendError(res, 500, 'server.error', 'Something went wrong on our side');
  else res.end();
}
