/** JSON over HTTP with the server's `{ok, code, message}` convention. Never throws on a server error: returns it. */
export type ApiResult<T> = ({ ok: true } & T) | { ok: false; code: string; message: string; status?: number };

/** Paths that act without a session of their own (login, logout, and asking for a session). */
const SESSIONLESS = new Set(['/api/session', '/api/login', '/api/logout']);
let beforeWrite: (() => Promise<unknown>) | null = null;

/** Runs before every other POST: the app makes sure the visitor has a session (a guest) and the socket knows it. */
export function setBeforeWrite(f: () => Promise<unknown>): void {
  beforeWrite = f;
}

export async function api<T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<ApiResult<T>> {
  try {
    if (method === 'POST' && beforeWrite && !SESSIONLESS.has(path)) await beforeWrite();
    const res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    });
    const json = (await res.json().catch(() => null)) as ApiResult<T> | null;
    if (!json || typeof json !== 'object') return { ok: false, code: 'net.bad-answer', message: `HTTP ${res.status}`, status: res.status };
    if (!json.ok) return { ...json, status: res.status };
    return json;
  } catch (e) {
    return { ok: false, code: 'net.offline', message: e instanceof Error ? e.message : String(e) };
  }
}
