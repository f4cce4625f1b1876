/**
 * Computer analysis of finished games. A request is stored (queued); any
 * node with an engine claims it in the store and runs it, one position after
 * the other on the engine pool's background queue (behind live computer
 * games), touching the stored row at each position so that a claim left
 * untouched (a dead node) is taken over by another node's sweep. Progress
 * goes out on the game's bus topic, so every watcher hears it whichever
 * node they are on; the result is judged (@youzai/game/analysis) and kept.
 */
import { judgeGame, type Eval, type EvaluatedPosition } from '@youzai/game/analysis';
import type { AnalysedPly, GameAnalysisView, JudgementCounts, ServerMessage } from '@youzai/protocol';
import { err, isVariantKey, ok, type Result, type RuleError, type VariantKey } from '@youzai/rules';
import type { Bus } from '../bus/bus.ts';
import { topicOf } from '../service/game-service.ts';
import { every, type Clock, type Timers } from '../service/time.ts';
import type { AnalysisRow, AnalysisStore, GameStore } from '../store/types.ts';
import { replayPositions } from './positions.ts';

/** An engine score from the side to move's view. */
export type StmScore = { readonly cp: number } | { readonly mate: number };

/** The engine seam: the best line in a position (background priority), or null when it found none among `legalMoves`. */
export type EvaluatePosition = (req: {
  /** Searches are shared round-robin by this key (one per analysed game). */
  readonly key: string;
  readonly variant: VariantKey;
  readonly fen: string;
  readonly legalMoves: readonly string[];
}) => Promise<{ readonly score: StmScore; readonly pv: readonly string[]; readonly depth: number } | null>;

export interface AnalysesOptions {
  readonly store: AnalysisStore & GameStore;
  readonly bus: Bus;
  readonly clock: Clock;
  /** The sweep's timer, on the same time as `clock`. */
  readonly timers: Timers;
  /** This node's name (claims are `${node}/${n}`). */
  readonly node: string;
  /** A game's start position as its view gives it (several nodes: from any node); the stored snapshot's when absent. */
  readonly initialFen?: (gameId: string) => Promise<string | null>;
  /** Absent: this server has no engine; requests are refused with server.no-engine. */
  readonly evaluate?: EvaluatePosition;
  /** Analyses one user may have queued or running at once (default 2). */
  readonly perUser?: number;
  /** Analyses this node runs at once (default 2). */
  readonly concurrent?: number;
  /** A running analysis not touched for this long is taken over (default 60 s). */
  readonly staleMs?: number;
  /** How often this node looks for queued or abandoned analyses (default 10 s; 0: never, tests call sweep()). */
  readonly sweepMs?: number;
}

/** Stored once done: the API's body without its state and progress. */
type Done = Required<Pick<GameAnalysisView, 'plies' | 'accuracy' | 'counts'>>;

export class GameAnalyses {
  private readonly running = new Set<string>();
  private claims = 0;
  private closed = false;
  private sweeping: Promise<void> | null = null;
  private readonly stopSweeps: (() => void) | null;
  readonly perUser: number;

  constructor(private readonly o: AnalysesOptions) {
    this.perUser = o.perUser ?? 2;
    const sweepMs = o.sweepMs ?? 10_000;
    this.stopSweeps = sweepMs > 0 && o.evaluate ? every(o.clock, o.timers, sweepMs, () => void this.sweep()) : null;
  }

  get enabled(): boolean {
    return this.o.evaluate !== undefined;
  }

  /**
   * Queues the analysis of a finished game (or answers the one there), and starts it here if this node has room.
   * `uncapped`: past the per-user cap (a moderator's fair-play report queues a player's last 20 games; they still run
   * `concurrent` at a time on the background queue).
   */
  async request(gameId: string, userId: string, opts: { readonly uncapped?: boolean } = {}): Promise<Result<GameAnalysisView, RuleError>> {
    const game = await this.o.store.game(gameId);
    if (!game) return err('game.not-found', 'No such game');
    if (game.status === 'active' || game.status === 'waiting') return err('analysis.game-in-progress', 'A game still being played cannot be analysed');
    if (game.status === 'aborted') return err('analysis.aborted', 'An aborted game has nothing to analyse');
    if (!this.o.evaluate) return err('server.no-engine', 'The engine is not available on this server');
    const there = await this.o.store.analysis(gameId);
    if (there && there.state !== 'failed') return ok(view(there));
    // One small place for the per-user cap, counted in the store so it holds across nodes.
    if (!opts.uncapped && (await this.o.store.activeAnalyses(userId)) >= this.perUser) {
      return err('limit.analysis', `At most ${this.perUser} analyses of yours may wait or run at once: wait for one to finish`);
    }
    const now = this.o.clock.now();
    const r = await this.o.store.requestAnalysis({
      gameId,
      state: 'queued',
      done: 0,
      total: game.plies + 1,
      requestedBy: userId,
      requestedAt: now,
      updatedAt: now,
      holder: null,
      data: null,
    });
    if (r.queued) this.publish(r.row);
    void this.sweep();
    return ok(view(r.row));
  }

  async view(gameId: string): Promise<GameAnalysisView | null> {
    const row = await this.o.store.analysis(gameId);
    return row ? view(row) : null;
  }

  /** Claims queued and abandoned analyses while this node has room; one sweep at a time. */
  sweep(): Promise<void> {
    if (!this.o.evaluate || this.closed) return Promise.resolve();
    if (this.sweeping) return this.sweeping;
    this.sweeping = this.claimSome().finally(() => {
      this.sweeping = null;
    });
    return this.sweeping;
  }

  /** Analyses running on this node now. */
  get active(): number {
    return this.running.size;
  }

  close(): void {
    this.closed = true;
    this.stopSweeps?.();
  }

  private async claimSome(): Promise<void> {
    const room = (this.o.concurrent ?? 2) - this.running.size;
    if (room <= 0) return;
    const staleMs = this.o.staleMs ?? 60_000;
    const now = this.o.clock.now();
    const rows = await this.o.store.unfinishedAnalyses(room + this.running.size + 20);
    let started = 0;
    for (const row of rows) {
      if (started >= room || this.closed) break;
      if (this.running.has(row.gameId) || (row.state === 'running' && row.updatedAt >= now - staleMs)) continue;
      const holder = `${this.o.node}/${++this.claims}`;
      const claimed = await this.o.store.claimAnalysis(row.gameId, holder, now, now - staleMs);
      if (!claimed) continue;
      started++;
      this.running.add(row.gameId);
      void this.run(claimed, holder)
        .catch((e: unknown) => console.error(`analysis of ${row.gameId} failed`, e))
        .finally(() => {
          this.running.delete(row.gameId);
          void this.sweep();
        });
    }
  }

  private async run(row: AnalysisRow, holder: string): Promise<void> {
    const { store, clock } = this.o;
    const evaluate = this.o.evaluate!;
    const game = await store.game(row.gameId);
    const variant = game?.variant;
    if (!game || !variant || !isVariantKey(variant)) return this.fail(row, holder, 'analysis.bad-game', 'The game cannot be read');
    const fen = this.o.initialFen ? await this.o.initialFen(row.gameId) : storedStartFen(game.data);
    const moves = (await store.moves(row.gameId)).map((m) => m.uci);
    const positions = replayPositions(variant, fen, moves);
    if (!Array.isArray(positions)) return this.fail(row, holder, 'analysis.bad-game', positions.error);
    const total = positions.length;
    const plies: AnalysedPly[] = [];
    let last: Eval = { cp: 0 };
    for (const [ply, p] of positions.entries()) {
      if (this.closed) return; // left running: another node (or this one restarted) takes it over once stale
      let entry: AnalysedPly;
      if (p.decided) entry = { ply, eval: p.decided };
      else {
        let found: Awaited<ReturnType<EvaluatePosition>>;
        try {
          found = await evaluate({ key: `analysis:${row.gameId}`, variant, fen: p.fen, legalMoves: p.legalMoves });
        } catch (e) {
          const code = (e as { code?: unknown }).code;
          return this.fail(row, holder, `engine.${typeof code === 'string' ? code : 'failed'}`, 'The engine could not analyse this game; ask again later');
        }
        // No line among our legal moves (rare, Janggi): keep the previous evaluation, so the move is not judged on nothing.
        entry = found
          ? { ply, eval: firstSideView(found.score, p.turn), best: found.pv[0]!, line: found.pv.slice(0, 12), depth: found.depth }
          : { ply, eval: last };
      }
      last = entry.eval;
      plies.push(entry);
      if (ply + 1 < total) {
        const change = { state: 'running' as const, done: ply + 1, updatedAt: clock.now(), data: null };
        if (!(await store.updateAnalysis(row.gameId, holder, change))) return; // taken over by another node
        this.publish({ ...row, ...change });
      }
    }
    const evaluated: EvaluatedPosition[] = plies.map((e, i) => ({ eval: e.eval, turn: positions[i]!.turn }));
    const judged = judgeGame(evaluated);
    const withJudgements = plies.map((e, i) => {
      const j = i > 0 ? judged.moves[i - 1]!.judgement : null;
      return j ? { ...e, judgement: j } : e;
    });
    const counts = (s: 0 | 1): JudgementCounts => ({
      inaccuracy: judged.sides[s].inaccuracy,
      mistake: judged.sides[s].mistake,
      blunder: judged.sides[s].blunder,
    });
    const data: Done = { plies: withJudgements, accuracy: [judged.sides[0].accuracy, judged.sides[1].accuracy], counts: [counts(0), counts(1)] };
    const change = { state: 'done' as const, done: total, updatedAt: clock.now(), data };
    if (await store.updateAnalysis(row.gameId, holder, change)) this.publish({ ...row, ...change });
  }

  private async fail(row: AnalysisRow, holder: string, code: string, message: string): Promise<void> {
    const change = { state: 'failed' as const, done: row.done, updatedAt: this.o.clock.now(), data: { code, message } };
    if (await this.o.store.updateAnalysis(row.gameId, holder, change)) this.publish({ ...row, ...change });
  }

  private publish(row: Pick<AnalysisRow, 'gameId' | 'state' | 'done' | 'total'>): void {
    const msg: ServerMessage = { t: 'analysis', game: row.gameId, state: row.state, progress: progressOf(row) };
    this.o.bus.publish(topicOf(row.gameId), JSON.stringify(msg));
  }
}

/** The start position in the game service's stored snapshot ({game: {setup}}); null: the variant's own. */
function storedStartFen(data: unknown): string | null {
  const setup = (data as { game?: { setup?: { fen?: string | null } } } | null)?.game?.setup;
  return setup?.fen ?? null;
}

/** An engine score (side to move's view) from the first side's view. */
export function firstSideView(s: StmScore, turn: 0 | 1): Eval {
  const sign = turn === 0 ? 1 : -1;
  return 'cp' in s ? { cp: sign * s.cp } : { mate: sign * s.mate };
}

const progressOf = (r: Pick<AnalysisRow, 'done' | 'total' | 'state'>): number =>
  r.state === 'done' ? 1 : r.total > 0 ? Math.floor((r.done / r.total) * 100) / 100 : 0;

function view(row: AnalysisRow): GameAnalysisView {
  const base = { state: row.state, progress: progressOf(row) };
  if (row.state === 'done') return { ...base, ...(row.data as Done) };
  if (row.state === 'failed') return { ...base, ...(row.data as { code: string; message: string }) };
  return base;
}
