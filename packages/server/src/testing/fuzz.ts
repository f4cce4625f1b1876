/**
 * The fuzzer's engine: generated socket frames and HTTP bodies, sent to a
 * running server, every answer checked. A crash (the server stops
 * answering), an answer 5xx other than a storage 503, or a socket error
 * `server.error` is counted and named; everything else is the server doing
 * its job. Used by `npm run fuzz` (1,000,000 inputs) and, small, by a test.
 */
import fc from 'fast-check';
import WebSocket from 'ws';
import { CLIENT_TYPES } from '@youzai/protocol';
import type { Route } from '../http/deps.ts';
import { HttpPipe } from './http-pipe.ts';

export interface FuzzReport {
  frames: number;
  bodies: number;
  /** Answers 5xx (not a storage 503), by method and route. */
  readonly unexpected5xx: Map<string, number>;
  /** Socket answers `server.error`. */
  serverErrors: number;
  /** Requests or sockets the server failed to answer at all. */
  transportErrors: number;
  readonly samples: string[];
}

const CANDIDATES = ['abcdefgh', 'xiangqi', 'nobody_x', 'abc', 'notifications'];

/** A concrete path for a route's pattern (each group filled with a value it accepts), or null. */
export function samplePath(re: RegExp): string | null {
  const src = re.source.replace(/^\^/, '').replace(/\$$/, '');
  let out = '';
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === '\\') {
      out += src[++i] ?? '';
      continue;
    }
    if (c !== '(') {
      out += c;
      continue;
    }
    let depth = 1;
    let j = i + 1;
    for (; j < src.length && depth > 0; j++) {
      if (src[j] === '\\') j++;
      else if (src[j] === '(') depth++;
      else if (src[j] === ')') depth--;
    }
    const group = src.slice(i, j);
    const fit = CANDIDATES.find((x) => new RegExp(`^${group}$`).test(x));
    if (fit === undefined) return null;
    out += fit;
    i = j - 1;
  }
  return re.test(out) ? out : null;
}

const frameArb = fc.oneof(
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
  {
    weight: 6,
    arbitrary: fc
      .record(
        {
          t: fc.constantFrom(...CLIENT_TYPES),
          id: fc.oneof(fc.nat(1000), fc.integer(), fc.string({ maxLength: 4 })),
          game: fc.oneof(fc.constant('abcdefgh'), fc.string({ maxLength: 12 })),
          uci: fc.oneof(fc.constant('h3e3'), fc.string({ maxLength: 8 })),
          ply: fc.oneof(fc.nat(10), fc.integer(), fc.double()),
          text: fc.string({ maxLength: 100 }),
          op: fc.constantFrom('offer', 'accept', 'decline', 'claim', 'x'),
          variant: fc.constantFrom('xiangqi', 'janggi', 'sittuyin', 'chess'),
          clock: fc.oneof(fc.constant({ kind: 'fischer', minutes: 5, increment: 3 }), fc.jsonValue({ maxDepth: 2 })),
          room: fc.string({ maxLength: 12 }),
          seek: fc.string({ maxLength: 12 }),
          pool: fc.string({ maxLength: 12 }),
          user: fc.string({ maxLength: 12 }),
        },
        { requiredKeys: ['t'] },
      )
      .map((f) => JSON.stringify(f)),
  },
);

const bodyArb = fc.oneof(
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
  {
    weight: 3,
    arbitrary: fc
      .dictionary(
        fc.constantFrom(
          'variant',
          'clock',
          'opponent',
          'rated',
          'color',
          'uci',
          'ply',
          'op',
          'token',
          'username',
          'password',
          'name',
          'user',
          'reason',
          'text',
          'minutes',
          'on',
          'note',
          'fen',
          'kind',
        ),
        fc.oneof(fc.string({ maxLength: 30 }), fc.integer(), fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 2 })),
        { maxKeys: 6 },
      )
      .map((v) => JSON.stringify(v)),
  },
);

/** `n` samples of an arbitrary, seeded (a run can be repeated). */
const draw = <T>(arb: fc.Arbitrary<T>, n: number, seed: number): T[] => fc.sample(arb, { numRuns: n, seed });

/**
 * Routes whose every call costs far more than decoding (a password hashed
 * with scrypt, a position given to the engine): sent 1 body in EXPENSIVE_SHARE
 * of a cheap route's, so that they are covered without setting the pace.
 */
export const EXPENSIVE = /^\/api\/(login|register|analysis)\b/;
export const EXPENSIVE_SHARE = 20;

/** Sentinel ids, from the top of the id range: fuzzed frames rarely use them. */
const SENTINEL_BASE = 2 ** 31;

export interface FuzzOptions {
  readonly base: string;
  readonly routes: readonly Route[];
  readonly frames: number;
  readonly bodies: number;
  /** WebSockets the frames are spread over (default 4). */
  readonly sockets?: number;
  /** Kept-alive connections the bodies are pipelined over (default 4), and requests in flight on each (default 16). */
  readonly connections?: number;
  readonly pipelining?: number;
  readonly seed?: number;
  /** How long an answer may take before the server counts as not answering (default 60 s). */
  readonly answerMs?: number;
  readonly progress?: (r: FuzzReport) => void;
}

export async function fuzz(opts: FuzzOptions): Promise<FuzzReport> {
  const report: FuzzReport = { frames: 0, bodies: 0, unexpected5xx: new Map(), serverErrors: 0, transportErrors: 0, samples: [] };
  const seed = opts.seed ?? 1;
  const answerMs = opts.answerMs ?? 60_000;
  const note = (what: string) => {
    if (report.samples.length < 20) report.samples.push(what);
  };
  const url = new URL(opts.base);
  const host = url.hostname;
  const port = Number(url.port || 80);
  // Two sessions, so that bodies reach the decoders of routes that need one: the sockets' (never used over
  // HTTP, so that a fuzzed logout does not close them) and the bodies' (renewed whenever an answer sets another).
  const session = async () => {
    const r = await fetch(`${opts.base}/api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    return (r.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  };
  const socketCookie = await session();
  let cookie = await session();

  const targets = opts.routes
    .filter((r) => r.method === 'POST' || r.method === 'GET')
    .map((r) => ({ method: r.method, path: samplePath(r.path) }))
    .filter((t): t is { method: string; path: string } => t.path !== null);
  // The schedule: each cheap route EXPENSIVE_SHARE times, each expensive one once, interleaved.
  const schedule: { method: string; path: string }[] = [];
  for (let k = 0; k < EXPENSIVE_SHARE; k++) for (const t of targets) if (k === 0 || !EXPENSIVE.test(t.path)) schedule.push(t);

  /**
   * Frames and bodies keep pace with each other (each kind's share done
   * within 2 % of the other's): a frame costs the server far less than a
   * request, and without this the frames would take the event loop while the
   * bodies trickled (on a busy machine, by a factor of twenty).
   */
  const ahead = (kind: 'frames' | 'bodies') => {
    if (!opts.frames || !opts.bodies) return false;
    const f = report.frames / opts.frames;
    const b = report.bodies / opts.bodies;
    return kind === 'frames' ? f > b + 0.02 && b < 1 : b > f + 0.02 && f < 1;
  };
  const keepPace = async (kind: 'frames' | 'bodies') => {
    while (ahead(kind)) await new Promise((r) => setTimeout(r, 10));
  };

  const sendBodies = async () => {
    const pipes = Array.from({ length: Math.max(1, opts.connections ?? 4) }, () => new HttpPipe(host, port));
    const depth = Math.max(1, opts.pipelining ?? 16);
    let next = 0;
    let texts: string[] = [];
    let textsFrom = 0;
    const BATCH = 1000;
    const body = (i: number): string => {
      if (i >= textsFrom + texts.length) {
        textsFrom = i;
        texts = draw(bodyArb, Math.min(BATCH, opts.bodies - i), seed + i);
      }
      return texts[i - textsFrom]!;
    };
    const lane = async (pipe: HttpPipe) => {
      while (next < opts.bodies) {
        await keepPace('bodies');
        if (next >= opts.bodies) break;
        const i = next++;
        const text = body(i);
        const t = schedule[i % schedule.length]!;
        try {
          const res = await Promise.race([
            pipe.request(t.method, t.path, { cookie, 'content-type': 'application/json' }, t.method === 'POST' ? text : undefined),
            new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${answerMs} ms`)), answerMs).unref()),
          ]);
          const set = res.headers.get('set-cookie');
          if (set) cookie = set.split(';')[0] ?? cookie;
          if (res.status >= 500 && !(res.status === 503 && /"code":"server\.(storage|unavailable)/.test(res.body))) {
            const k = `${t.method} ${t.path} ${res.status}`;
            report.unexpected5xx.set(k, (report.unexpected5xx.get(k) ?? 0) + 1);
            note(`${k} ← ${text.slice(0, 120)}`);
          }
        } catch (e) {
          report.transportErrors++;
          note(`${t.method} ${t.path}: ${(e as Error).message}`);
        }
        report.bodies++;
        if (report.bodies % BATCH === 0) opts.progress?.(report);
      }
    };
    try {
      await Promise.all(pipes.flatMap((p) => Array.from({ length: depth }, () => lane(p))));
    } finally {
      for (const p of pipes) p.close();
    }
  };

  /**
   * One socket's share of frames, a batch at a time: the batch, then a ping
   * whose pong (answered in order, once the frames before it were taken up)
   * counts the batch as delivered and paces the next. A socket the server
   * closes is opened again; the frames it had not taken up are drawn anew.
   */
  const sendFrames = async (socketIndex: number, count: number) => {
    let delivered = 0;
    /** Frames drawn, delivered or not (the seed moves on: a batch the server closed on is not drawn again). */
    let drawn = 0;
    /** Batches in a row the server closed the socket on before answering. */
    let lost = 0;
    let sentinel = SENTINEL_BASE - socketIndex * 10_000_000;
    const BATCH = 500;
    while (delivered < count) {
      const ws = new WebSocket(`${opts.base.replace(/^http/, 'ws')}/ws`, { headers: { cookie: socketCookie } });
      try {
        await new Promise<void>((resolve, reject) => {
          ws.once('open', () => resolve());
          ws.once('error', reject);
        });
      } catch (e) {
        report.transportErrors++;
        note(`socket: ${(e as Error).message}`);
        return;
      }
      let waiting: { id: number; done: (ok: boolean) => void } | null = null;
      ws.on('message', (d) => {
        const text = String(d);
        if (text.includes('"code":"server.error"')) {
          report.serverErrors++;
          note(`server.error: ${text.slice(0, 160)}`);
        }
        if (waiting && text.startsWith('{"t":"pong"') && text.includes(`"id":${waiting.id},`)) waiting.done(true);
      });
      ws.on('error', () => undefined);
      ws.once('close', () => waiting?.done(false));
      while (delivered < count && ws.readyState === WebSocket.OPEN) {
        await keepPace('frames');
        const frames = draw(frameArb, Math.min(BATCH, count - delivered), seed * 7919 + socketIndex * 1_000_003 + drawn);
        drawn += frames.length;
        for (const f of frames) ws.send(f);
        const id = --sentinel;
        const answered = await new Promise<boolean | 'late'>((resolve) => {
          const timer = setTimeout(() => resolve('late'), answerMs);
          waiting = {
            id,
            done: (ok) => {
              clearTimeout(timer);
              resolve(ok);
            },
          };
          ws.send(JSON.stringify({ t: 'ping', id }));
        });
        waiting = null;
        if (answered === 'late') {
          report.transportErrors++;
          note(`socket ${socketIndex}: no pong in ${answerMs} ms`);
          ws.terminate();
          return;
        }
        if (!answered) break;
        lost = 0;
        delivered += frames.length;
        report.frames += frames.length;
        opts.progress?.(report);
      }
      if (ws.readyState === WebSocket.OPEN) ws.close();
      else if (++lost >= 10) {
        // A server that closes every socket (its strike limit not lifted) would be fuzzed forever.
        report.transportErrors++;
        note(`socket ${socketIndex}: closed by the server before its batch was answered, ${lost} times in a row`);
        return;
      }
    }
  };

  const n = Math.max(1, opts.sockets ?? 4);
  const share = (i: number) => Math.floor(opts.frames / n) + (i < opts.frames % n ? 1 : 0);
  await Promise.all([sendBodies(), ...Array.from({ length: n }, (_, i) => sendFrames(i, share(i)))]);
  return report;
}
