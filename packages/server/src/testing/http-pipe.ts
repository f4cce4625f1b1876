/**
 * A lean HTTP/1.1 client for the fuzzer: requests pipelined on one kept-alive
 * connection (written back to back, answered in order, as HTTP/1.1 allows),
 * so that a body costs the client a few microseconds instead of a fetch()'s
 * streams and promises, and the server's decoders, not the transport, are
 * what the run spends its time on. Only what the fuzzer needs: status,
 * headers, body by content-length or chunked; a connection the server closes
 * is reopened and the requests it left unanswered are sent again.
 */
import { connect, type Socket } from 'node:net';

export interface PipeAnswer {
  readonly status: number;
  /** Header lines, lower-cased names: `name: value`. */
  readonly headers: ReadonlyMap<string, string>;
  readonly body: string;
}

interface Pending {
  readonly bytes: Buffer;
  readonly resolve: (a: PipeAnswer) => void;
  readonly reject: (e: Error) => void;
  /** Times it was sent on a connection that then closed without answering it. */
  tries: number;
}

const CRLF2 = Buffer.from('\r\n\r\n');

export class HttpPipe {
  private sock: Socket | null = null;
  private buf: Buffer = Buffer.alloc(0);
  /** Sent, awaiting their answers, in order. */
  private readonly inFlight: Pending[] = [];
  private closed = false;

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  /** Requests waiting for an answer on this connection. */
  get depth(): number {
    return this.inFlight.length;
  }

  request(method: string, path: string, headers: Record<string, string>, body?: string): Promise<PipeAnswer> {
    const payload = body === undefined ? null : Buffer.from(body, 'utf8');
    let head = `${method} ${path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\n`;
    for (const [k, v] of Object.entries(headers)) if (v) head += `${k}: ${v}\r\n`;
    if (payload) head += `content-length: ${payload.length}\r\n`;
    const bytes = payload ? Buffer.concat([Buffer.from(`${head}\r\n`, 'latin1'), payload]) : Buffer.from(`${head}\r\n`, 'latin1');
    return new Promise<PipeAnswer>((resolve, reject) => {
      const p: Pending = { bytes, resolve, reject, tries: 0 };
      this.inFlight.push(p);
      this.socket().write(bytes);
    });
  }

  close(): void {
    this.closed = true;
    this.sock?.destroy();
  }

  private socket(): Socket {
    if (this.sock) return this.sock;
    const s = connect(this.port, this.host);
    s.setNoDelay(true);
    this.sock = s;
    this.buf = Buffer.alloc(0);
    s.on('data', (d: Buffer) => {
      this.buf = this.buf.length ? Buffer.concat([this.buf, d]) : d;
      this.parse(false);
    });
    s.on('error', () => undefined);
    s.on('close', () => {
      if (this.sock !== s) return;
      // An answer that ends with the connection (no length given) ends here.
      this.parse(true);
      if (this.sock === s) this.reopen(true);
    });
    return s;
  }

  /**
   * Leaves the current connection and sends what it left unanswered on a new
   * one. `lost`: it closed under them (the first may be what made the server
   * close: one sent three times is a failure, not chance).
   */
  private reopen(lost: boolean): void {
    const old = this.sock;
    this.sock = null;
    old?.destroy();
    const left = this.inFlight.splice(0);
    for (const p of left) {
      if (this.closed || (lost && ++p.tries > 2)) p.reject(new Error('connection closed without an answer'));
      else {
        this.inFlight.push(p);
        this.socket().write(p.bytes);
      }
    }
  }

  /** Takes every complete answer off the buffer. */
  private parse(atEnd: boolean): void {
    for (;;) {
      const end = this.buf.indexOf(CRLF2);
      if (end < 0) return;
      const lines = this.buf.subarray(0, end).toString('latin1').split('\r\n');
      const status = Number(lines[0]!.split(' ')[1]);
      const headers = new Map<string, string>();
      for (const l of lines.slice(1)) {
        const i = l.indexOf(':');
        if (i > 0) headers.set(l.slice(0, i).trim().toLowerCase(), l.slice(i + 1).trim());
      }
      let at = end + 4;
      let body: Buffer;
      const length = headers.get('content-length');
      if (status === 204 || status === 304 || (status >= 100 && status < 200)) body = Buffer.alloc(0);
      else if (length !== undefined) {
        if (this.buf.length < at + Number(length)) return;
        body = this.buf.subarray(at, at + Number(length));
        at += Number(length);
      } else if (/chunked/i.test(headers.get('transfer-encoding') ?? '')) {
        const parts: Buffer[] = [];
        for (;;) {
          const eol = this.buf.indexOf('\r\n', at);
          if (eol < 0) return;
          const size = Number.parseInt(this.buf.subarray(at, eol).toString('latin1'), 16);
          if (this.buf.length < eol + 2 + size + 2) return;
          parts.push(this.buf.subarray(eol + 2, eol + 2 + size));
          at = eol + 2 + size + 2;
          if (size === 0) break;
        }
        body = Buffer.concat(parts);
      } else {
        // Until the connection closes.
        if (!atEnd) return;
        body = this.buf.subarray(at);
        at = this.buf.length;
      }
      this.buf = this.buf.subarray(at);
      if (status >= 100 && status < 200) continue;
      const p = this.inFlight.shift();
      p?.resolve({ status, headers, body: body.toString('utf8') });
      if (/close/i.test(headers.get('connection') ?? '')) {
        // Whatever follows on this connection will not be answered: sent again on a new one.
        this.reopen(false);
        return;
      }
    }
  }
}
