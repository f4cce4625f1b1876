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
import type { Route } from '../http/routes.ts';

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

export async function fuzz(opts: {
  readonly base: string;
  readonly routes: readonly Route[];
  readonly frames: number;
  readonly bodies: number;
  readonly sockets?: number;
  readonly seed?: number;
  readonly progress?: (r: FuzzReport) => void;
}): Promise<FuzzReport> {
  const report: FuzzReport = { frames: 0, bodies: 0, unexpected5xx: new Map(), serverErrors: 0, transportErrors: 0, samples: [] };
  const seed = opts.seed ?? 1;
  const note = (what: string) => {
    if (report.samples.length < 20) report.samples.push(what);
  };
  // A session cookie, so that bodies reach the decoders of routes that need one.
  const me = await fetch(`${opts.base}/api/me`);
  const cookie = (me.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const targets = opts.routes
    .filter((r) => r.method === 'POST' || r.method === 'GET')
    .map((r) => ({ method: r.method, path: samplePath(r.path) }))
    .filter((t): t is { method: string; path: string } => t.path !== null);

  const sendBodies = async () => {
    const BATCH = 500;
    for (let done = 0; done < opts.bodies; done += BATCH) {
      const texts = draw(bodyArb, Math.min(BATCH, opts.bodies - done), seed + done);
      await Promise.all(
        texts.map(async (text, i) => {
          const t = targets[(done + i) % targets.length]!;
          try {
            const res = await fetch(opts.base + t.path, {
              method: t.method,
              headers: { cookie, 'content-type': 'application/json' },
              ...(t.method === 'POST' ? { body: text } : {}),
            });
            const answer = await res.text();
            if (res.status >= 500 && !(res.status === 503 && /"code":"server\.(storage|unavailable)/.test(answer))) {
              const k = `${t.method} ${t.path} ${res.status}`;
              report.unexpected5xx.set(k, (report.unexpected5xx.get(k) ?? 0) + 1);
              note(`${k} ← ${text.slice(0, 120)}`);
            }
          } catch (e) {
            report.transportErrors++;
            note(`${t.method} ${t.path}: ${(e as Error).message}`);
          }
          report.bodies++;
        }),
      );
      opts.progress?.(report);
    }
  };

  const sendFrames = async (socketIndex: number, count: number) => {
    let sent = 0;
    while (sent < count) {
      const ws = new WebSocket(`${opts.base.replace(/^http/, 'ws')}/ws`, { headers: { cookie } });
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
      ws.on('message', (d) => {
        if (String(d).includes('"code":"server.error"')) {
          report.serverErrors++;
          note(`server.error: ${String(d).slice(0, 160)}`);
        }
      });
      const closed = new Promise<void>((r) => ws.once('close', () => r()));
      const BATCH = 1000;
      while (sent < count && ws.readyState === WebSocket.OPEN) {
        const frames = draw(frameArb, Math.min(BATCH, count - sent), seed * 7919 + socketIndex * 1_000_003 + sent);
        for (const f of frames) ws.send(f);
        sent += frames.length;
        report.frames += frames.length;
        // Let the server answer before the next batch (and our buffer drain).
        await new Promise<void>((r) => {
          const check = () => (ws.bufferedAmount === 0 || ws.readyState !== WebSocket.OPEN ? r() : setTimeout(check, 5));
          setTimeout(check, 5);
        });
        opts.progress?.(report);
      }
      ws.close();
      await closed;
    }
  };

  const n = Math.max(1, opts.sockets ?? 4);
  await Promise.all([sendBodies(), ...Array.from({ length: n }, (_, i) => sendFrames(i, Math.ceil(opts.frames / n)))]);
  return report;
}
