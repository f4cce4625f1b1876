/**
 * The analysis board's running evaluation: one session per socket (a tab),
 * at most one per player on this node (a newer one, from any tab, stops the
 * older). A session deepens in steps, each a short search on the engine
 * pool's background queue keyed by the player, so the pool serves players
 * round-robin a step at a time and nobody holds an engine for longer than a
 * step. Each step's lines go out on the socket; the session ends at its
 * depth or engine-time cap, when a new position is asked, or when the socket
 * closes (the search in flight is cancelled).
 *
 * The engine may only start a line with a move our rules allow (the pool's
 * searchmoves), and each line is cut at its first move our rules refuse, so
 * nothing the board shows is illegal here. The current position of a game
 * still being played is refused, whoever asks (live-positions.ts); every
 * other position is served, to players of live games too.
 */
import type { BoardLine, EvalWire, ServerMessage } from '@youzai/protocol';
import { err, legalUcis, ok, parseFen, parseUci, VARIANTS, type Position, type Result, type RuleError, type VariantKey } from '@youzai/rules';
import type { StmScore } from './analyses.ts';
import { LIVE_POSITION } from './live-positions.ts';

/** The engine seam: the best `multipv` lines (side to move's view), cancelled by `signal`. */
export type BoardSearch = (req: {
  /** Steps are served round-robin by this key (one per player). */
  readonly key: string;
  readonly variant: VariantKey;
  readonly fen: string;
  readonly legalMoves: readonly string[];
  readonly multipv: number;
  readonly depth: number;
  readonly movetimeMs: number;
  readonly signal: AbortSignal;
}) => Promise<readonly { readonly pv: readonly string[]; readonly score: StmScore; readonly depth: number }[]>;

export interface BoardStep {
  readonly depth: number;
  readonly movetimeMs: number;
}

/**
 * Depth goals, each searched afresh (the worker's hash table carries over
 * when the same worker serves it). A step stops at its depth or its time,
 * whichever comes first; 14 steps are at most about 27 s of engine time.
 */
export const BOARD_STEPS: readonly BoardStep[] = [
  { depth: 8, movetimeMs: 300 },
  { depth: 12, movetimeMs: 800 },
  { depth: 14, movetimeMs: 1200 },
  { depth: 16, movetimeMs: 1500 },
  ...Array.from({ length: 10 }, (_, i) => ({ depth: 18 + i * 2, movetimeMs: 2300 })),
];

export const MAX_MULTIPV = 3;

export interface BoardOptions {
  /** Absent: no engine here; starts are refused with server.no-engine. */
  readonly search?: BoardSearch;
  /** Whether this is the current position of a game in progress (any node's): refused, whoever asks. */
  readonly live: (variant: VariantKey, fen: string) => Promise<boolean>;
  /** Sessions this node runs at once (default: 8 per engine worker); more are refused with analysis.board-full. */
  readonly maxSessions: number;
  readonly steps?: readonly BoardStep[];
}

export interface BoardStart {
  readonly variant: VariantKey;
  readonly fen: string;
  readonly multipv: number;
}

/** Whoever asks: a socket (its tab) and its player. */
export interface BoardClient {
  readonly userId: string;
  send(m: ServerMessage): void;
}

interface Session {
  readonly client: BoardClient;
  readonly abort: AbortController;
}

export type BoardErrorCode = 'server.no-engine' | 'analysis.live-position' | 'analysis.board-full' | 'analysis.game-over' | 'analysis.bad-position';

export class AnalysisBoards {
  private readonly byClient = new Map<BoardClient, Session>();
  private readonly byUser = new Map<string, Session>();
  private readonly steps: readonly BoardStep[];
  private closed = false;

  constructor(private readonly opts: BoardOptions) {
    this.steps = opts.steps ?? BOARD_STEPS;
  }

  /** Sessions running now on this node. */
  get running(): number {
    return this.byClient.size;
  }

  /** Starts (or restarts, on a new position) this client's running evaluation; its frames follow on `client.send`. */
  async start(client: BoardClient, req: BoardStart): Promise<Result<void, RuleError<BoardErrorCode>>> {
    if (!this.opts.search || this.closed) return err('server.no-engine', 'The engine is not available on this server');
    const pos = parseFen(VARIANTS[req.variant], req.fen);
    if (!pos.ok) return err('analysis.bad-position', pos.error.message);
    const legal = legalUcis(pos.value);
    if (legal.length === 0) return err('analysis.game-over', 'There is nothing to analyse: the game is over in this position');
    if (await this.opts.live(req.variant, req.fen)) return err('analysis.live-position', LIVE_POSITION);
    // The tab's previous position, and the player's session in another tab, stop first.
    this.stop(client);
    const other = this.byUser.get(client.userId);
    if (other) this.end(other, 'replaced');
    if (this.byClient.size >= this.opts.maxSessions)
      return err('analysis.board-full', 'Every engine of this server is taken by analyses: try again in a minute');
    const session: Session = { client, abort: new AbortController() };
    this.byClient.set(client, session);
    this.byUser.set(client.userId, session);
    void this.run(session, req.variant, req.fen, pos.value, legal, Math.max(1, Math.min(MAX_MULTIPV, Math.floor(req.multipv))));
    return ok(undefined);
  }

  /** Stops this client's session (the page closed, the socket went); nothing more is sent for it. */
  stop(client: BoardClient): void {
    const s = this.byClient.get(client);
    if (s) this.end(s, null);
  }

  close(): void {
    this.closed = true;
    for (const s of [...this.byClient.values()]) this.end(s, null);
  }

  /** Ends a session; `why`: the client is told it stopped (null: it asked, or it is gone). */
  private end(s: Session, why: 'replaced' | null): void {
    s.abort.abort();
    if (this.byClient.get(s.client) === s) this.byClient.delete(s.client);
    if (this.byUser.get(s.client.userId) === s) this.byUser.delete(s.client.userId);
    if (why) s.client.send({ t: 'board', fen: '', state: 'stopped', depth: 0, lines: [], reason: why });
  }

  private async run(s: Session, variant: VariantKey, fen: string, pos: Position, legal: readonly string[], multipv: number): Promise<void> {
    const search = this.opts.search!;
    let best = 0;
    for (let i = 0; i < this.steps.length; i++) {
      const step = this.steps[i]!;
      let found: Awaited<ReturnType<BoardSearch>>;
      try {
        found = await search({ key: `board:${s.client.userId}`, variant, fen, legalMoves: legal, multipv, ...step, signal: s.abort.signal });
      } catch {
        // Cancelled, or the engine failed: the client hears it stopped unless it is the one that left.
        if (!s.abort.signal.aborted) {
          this.end(s, null);
          s.client.send({ t: 'board', fen, state: 'stopped', depth: best, lines: [], reason: 'engine' });
        }
        return;
      }
      if (s.abort.signal.aborted) return;
      const lines = found.map((l) => ({ pv: legalPrefix(pos, l.pv), eval: firstSideView(l.score, pos.turn), depth: l.depth })).filter((l) => l.pv.length > 0);
      const depth = Math.max(0, ...lines.map((l) => l.depth));
      const last = i === this.steps.length - 1;
      // A step that got no deeper (time ran out first) still ends the session if it was the last.
      if (depth > best || last) {
        best = Math.max(best, depth);
        const wire: BoardLine[] = lines.map((l) => ({ pv: l.pv, eval: l.eval, depth: l.depth }));
        s.client.send({ t: 'board', fen, state: last ? 'done' : 'running', depth: best, lines: wire });
      }
    }
    this.end(s, null);
  }
}

/** The score from the first side's view (the board shows it so, as the game analysis does). */
function firstSideView(score: StmScore, turn: number): EvalWire {
  const sign = turn === 0 ? 1 : -1;
  return 'cp' in score ? { cp: sign * score.cp } : { mate: sign * score.mate };
}

/** The line up to its first move our rules refuse (the engine's rules may differ past the first move, in Janggi). */
export function legalPrefix(start: Position, pv: readonly string[]): string[] {
  const out: string[] = [];
  const pos = start.clone();
  for (const uci of pv) {
    const m = parseUci(pos, uci);
    if (!m.ok) break;
    pos.play(m.value);
    out.push(uci);
  }
  return out;
}
