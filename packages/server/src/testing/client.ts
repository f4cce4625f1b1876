/** A test client: a cookie jar for HTTP and a WebSocket that records what it receives. */
import WebSocket from 'ws';
import type { ServerMessage } from '@youzai/protocol';

export class TestClient {
  cookie = '';
  ws: WebSocket | null = null;
  readonly received: ServerMessage[] = [];
  private waiters: { pred: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];
  closedWith: number | null = null;

  constructor(readonly base: string) {}

  async http(
    method: string,
    path: string,
    body?: unknown,
    raw?: { text: string; type?: string },
  ): Promise<{ status: number; json: any; text: string; headers: Headers }> {
    const headers: Record<string, string> = {};
    if (this.cookie) headers.cookie = this.cookie;
    let payload: string | undefined;
    if (raw && method !== 'GET' && method !== 'HEAD') {
      payload = raw.text;
      if (raw.type) headers['content-type'] = raw.type;
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const init = { method, headers, ...(payload !== undefined ? { body: payload } : {}) };
    let res: Response;
    try {
      res = await fetch(this.base + path, init);
    } catch (e) {
      // A kept-alive connection the server closed as idle (its keepAliveTimeout passed while a loaded machine ran
      // the test's fake-time steps) is reset under the next request: a browser sends a GET or HEAD again on a new
      // connection, and so does this client. Anything else, and any other method, fails the test.
      const code = (e as { cause?: { code?: string } }).cause?.code;
      if ((method !== 'GET' && method !== 'HEAD') || (code !== 'ECONNRESET' && code !== 'UND_ERR_SOCKET')) throw e;
      res = await fetch(this.base + path, init);
    }
    const set = res.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0]!;
    const text = await res.text();
    let json: any = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return { status: res.status, json, text, headers: res.headers };
  }

  async connect(): Promise<this> {
    const url = `${this.base.replace(/^http/, 'ws')}/ws`;
    const ws = new WebSocket(url, { headers: this.cookie ? { cookie: this.cookie } : {} });
    this.ws = ws;
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as ServerMessage;
      this.received.push(m);
      this.waiters = this.waiters.filter((w) => {
        if (w.pred(m)) {
          w.resolve(m);
          return false;
        }
        return true;
      });
    });
    ws.on('close', (code) => (this.closedWith = code));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return this;
  }

  send(m: unknown): void {
    this.ws!.send(typeof m === 'string' ? m : JSON.stringify(m));
  }

  /** Resolves with the first message (already received or to come) matching `pred`. */
  waitFor(pred: (m: ServerMessage) => boolean, timeoutMs = 5000, fromIndex = 0): Promise<ServerMessage> {
    const seen = this.received.slice(fromIndex).find(pred);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`timed out waiting; got ${JSON.stringify(this.received.slice(-5))}`)), timeoutMs);
      this.waiters.push({
        pred,
        resolve: (m) => {
          clearTimeout(t);
          resolve(m);
        },
      });
    });
  }

  /** Sends a request with an id and waits for its ack or error. */
  async request(m: Record<string, unknown>, id: number): Promise<ServerMessage> {
    const from = this.received.length;
    this.send({ ...m, id });
    return this.waitFor((r) => (r.t === 'ack' || r.t === 'error' || r.t === 'pong') && 'id' in r && r.id === id, 5000, from);
  }

  close(): void {
    this.ws?.close();
  }
}
