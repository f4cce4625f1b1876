/**
 * A bot program for the tests, speaking only the Bot API over HTTP with a
 * token, as lichess-bot does: it reads NDJSON streams and posts its moves.
 * Its moves come from an engine it is given (the tests give it
 * Fairy-Stockfish through the engine package), or else from the rules
 * library (a mate if it has one, else the biggest capture, else a seeded
 * random move; a pass last).
 */
import {
  KIND_DROP,
  KIND_PASS,
  VARIANTS,
  makeFen,
  makeUci,
  moveKind,
  moveTo,
  parseFen,
  parseUci,
  prng,
  type Move,
  type Position,
  type VariantKey,
} from '@youzai/rules';

/** An NDJSON answer as it streams: its objects, and the empty lines that keep it alive. */
export class NdjsonReader {
  readonly items: any[] = [];
  keepAlives = 0;
  ended = false;
  private waiters: { pred: (m: any) => boolean; resolve: (m: any) => void }[] = [];
  private readonly abort = new AbortController();

  private constructor(readonly status: number) {}

  static async open(url: string, token: string): Promise<NdjsonReader> {
    const ctl = new AbortController();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: ctl.signal });
    const r = new NdjsonReader(res.status);
    r.abort.signal.addEventListener('abort', () => ctl.abort());
    if (!res.body) return r;
    void r.pump(res.body);
    return r;
  }

  private async pump(body: ReadableStream<Uint8Array>): Promise<void> {
    const dec = new TextDecoder();
    let buf = '';
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        buf += dec.decode(chunk, { stream: true });
        let i = buf.indexOf('\n');
        while (i >= 0) {
          const line = buf.slice(0, i);
          buf = buf.slice(i + 1);
          if (line.trim() === '') this.keepAlives++;
          else this.push(JSON.parse(line));
          i = buf.indexOf('\n');
        }
      }
    } catch {
      // aborted
    }
    this.ended = true;
    for (const w of this.waiters) w.resolve(undefined);
    this.waiters = [];
  }

  private push(m: any): void {
    this.items.push(m);
    this.waiters = this.waiters.filter((w) => {
      if (!w.pred(m)) return true;
      w.resolve(m);
      return false;
    });
  }

  /** The first object (received or to come) matching `pred`; undefined if the stream ends first. */
  waitFor(pred: (m: any) => boolean, timeoutMs = 5000, from = 0): Promise<any> {
    const seen = this.items.slice(from).find(pred);
    if (seen || this.ended) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`timed out; got ${JSON.stringify(this.items.slice(-3))}`)), timeoutMs);
      this.waiters.push({
        pred,
        resolve: (m) => {
          clearTimeout(t);
          resolve(m);
        },
      });
    });
  }

  close(): void {
    this.abort.abort();
  }
}

/** The position after `moves` from a game's initial FEN (`startpos`: the game's start). */
function positionAfter(variant: VariantKey, initialFen: string, moves: readonly string[]): Position {
  const v = VARIANTS[variant];
  const p = parseFen(v, initialFen === 'startpos' ? v.startFen : initialFen);
  if (!p.ok) throw new Error(p.error.message);
  const pos = p.value;
  for (const u of moves) {
    const m = parseUci(pos, u);
    if (!m.ok) throw new Error(`${u}: ${m.error.message}`);
    pos.make(m.value);
  }
  return pos;
}

/** The FEN after `moves`, as an engine is given it. */
export function fenAfter(variant: VariantKey, initialFen: string, moves: readonly string[]): string {
  return makeFen(positionAfter(variant, initialFen, moves));
}

/** How a program chooses its move: the game, its initial FEN, the moves so far; null: none. */
export type Choose = (gameId: string, variant: VariantKey, initialFen: string, moves: readonly string[]) => Promise<string | null>;

/** The move a simple player picks in the position after `moves` (null: none). */
export function pickMove(variant: VariantKey, initialFen: string, moves: readonly string[], rand: () => number): string | null {
  const pos = positionAfter(variant, initialFen, moves);
  const buf = new Int32Array(512);
  const n = pos.legalMoves(buf);
  if (n === 0) return null;
  const all = [...buf.subarray(0, n)] as Move[];
  let best: Move | null = null;
  let bestScore = -1;
  for (const m of all) {
    const kind = moveKind(m);
    const captured = kind === KIND_DROP || kind === KIND_PASS ? 0 : pos.board[moveTo(m)]!;
    pos.make(m);
    const mate = !pos.hasLegalMove();
    pos.unmake();
    if (mate) return makeUci(pos, m);
    const score = captured ? 10 + (captured & 15) : 0;
    if (score > bestScore) {
      bestScore = score;
      best = m;
    }
  }
  const pick = bestScore > 0 ? best! : (all.filter((m) => moveKind(m) !== KIND_PASS)[Math.floor(rand() * all.length)] ?? all[0]!);
  return makeUci(pos, pick);
}

/** The bot program: accepts every challenge, plays each game it starts to its end. */
export class BotProgram {
  readonly finished = new Map<string, any>();
  private readonly rand: () => number;

  /** `choose`: the program's engine (e.g. Fairy-Stockfish); the simple player above when absent. */
  constructor(
    readonly base: string,
    readonly token: string,
    seed: number,
    private readonly choose?: Choose,
  ) {
    this.rand = prng(seed);
  }

  post(path: string, body?: Record<string, string>): Promise<Response> {
    return fetch(this.base + path, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(body ? { body: new URLSearchParams(body).toString() } : {}),
    });
  }

  /** Plays one game through its stream to the end; answers the last gameState. */
  async play(gameId: string): Promise<any> {
    const s = await NdjsonReader.open(`${this.base}/api/bot/game/stream/${gameId}`, this.token);
    const full = await s.waitFor((m) => m.type === 'gameFull');
    const me = full.white?.id === (await this.me()) ? 0 : 1;
    let seen = 0;
    let last = full.state;
    let cursor = s.items.indexOf(full) + 1;
    for (;;) {
      if (last.status !== 'started') break;
      const moves: string[] = last.moves ? last.moves.split(' ') : [];
      if (moves.length % 2 === me && moves.length >= seen) {
        seen = moves.length + 1;
        const uci = this.choose
          ? await this.choose(gameId, full.variant.key, full.initialFen, moves)
          : pickMove(full.variant.key, full.initialFen, moves, this.rand);
        if (uci) {
          const r = await this.post(`/api/bot/game/${gameId}/move/${uci}`);
          if (r.status !== 200) throw new Error(`move ${uci} refused: ${await r.text()}`);
        }
      }
      const next = await s.waitFor((m) => m.type === 'gameState', 10_000, cursor);
      if (!next) break;
      cursor = s.items.indexOf(next) + 1;
      last = next;
    }
    s.close();
    this.finished.set(gameId, last);
    return last;
  }

  private id: string | null = null;
  async me(): Promise<string> {
    if (!this.id)
      this.id = ((await (await fetch(`${this.base}/api/account`, { headers: { authorization: `Bearer ${this.token}` } })).json()) as { id: string }).id;
    return this.id;
  }
}
