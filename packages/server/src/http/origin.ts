/**
 * Same-site and cross-site request forgery: a browser sends the session
 * cookie (SameSite=Lax) with a form post or a WebSocket upgrade from another
 * page of the same site (another port of the same host), and with a
 * WebSocket from any site at all. Every upgrade and every state-changing
 * request is therefore checked against the club's own origins: its public
 * names (PUBLIC_URL and ORIGINS) and the host the request was sent to.
 *
 * Browsers send `Origin` with every upgrade and every POST, and
 * `Sec-Fetch-Site` with every request in a secure context. A request with
 * neither comes from a program, which holds no victim's cookie: it passes.
 */
import type { IncomingMessage } from 'node:http';
import { err, ok, type Result, type RuleError } from '@youzai/rules';

export interface OriginPolicy {
  /** Allowed origins, normalised (scheme://host[:port], default ports dropped). */
  readonly allowed: ReadonlySet<string>;
  /** Their hosts (host[:port]): for these the scheme must match too. */
  readonly hosts: ReadonlySet<string>;
}

/** The policy for the club's public URL and any other public names (ORIGINS, comma-separated). */
export function originPolicy(publicUrl: string, extra: readonly string[] = []): OriginPolicy {
  const allowed = new Set<string>();
  for (const u of [publicUrl, ...extra]) {
    const o = normalise(u.trim());
    if (o) allowed.add(o);
  }
  return { allowed, hosts: new Set([...allowed].map((o) => new URL(o).host)) };
}

/** Parses a comma-separated list of origins (the ORIGINS setting); unparsable entries are reported. */
export function parseOrigins(list: string | undefined): Result<string[], RuleError> {
  if (!list?.trim()) return ok([]);
  const out: string[] = [];
  for (const part of list.split(',')) {
    const o = normalise(part.trim());
    if (!o) return err('config.origins', `ORIGINS: ${JSON.stringify(part.trim())} is not an origin such as https://club.example`);
    out.push(o);
  }
  return ok(out);
}

function normalise(u: string): string | null {
  try {
    const url = new URL(u);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** Whether the request may change state (or open a socket) in the name of its cookie. */
export function checkOrigin(req: IncomingMessage, policy: OriginPolicy): Result<void, RuleError> {
  const origin = header(req, 'origin');
  const site = header(req, 'sec-fetch-site');
  if (origin !== undefined) {
    if (isOwn(origin, req, policy)) return ok(undefined);
    return err('http.origin', `Requests from ${origin === 'null' ? 'an opaque origin' : origin} are refused: open the club's own page`);
  }
  // No Origin: a browser that sends Sec-Fetch-Site still says where the request came from.
  if (site !== undefined && site !== 'same-origin' && site !== 'none')
    return err('http.origin', 'Requests from other sites are refused: open the club’s own page');
  return ok(undefined);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function isOwn(origin: string, req: IncomingMessage, policy: OriginPolicy): boolean {
  const o = normalise(origin);
  if (o === null) return false;
  if (policy.allowed.has(o)) return true;
  // The host the browser addressed, when it is not one of the public names (e.g. 127.0.0.1 for localhost).
  // Another port of the same host is another origin and fails here; a listed name on another scheme too.
  const host = header(req, 'host');
  const u = new URL(o);
  if (!host || policy.hosts.has(u.host)) return false;
  return normalise(`${u.protocol}//${host}`) === o;
}
