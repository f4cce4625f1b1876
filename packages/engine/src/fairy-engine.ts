/**
 * One Fairy-Stockfish instance searching for the computer. Runs inside an
 * engine worker: the package is a CommonJS Emscripten factory built with
 * pthreads, and its searches run on the engine's own threads, so this thread
 * stays free to answer messages. The WASM and the house ini are loaded by
 * fairy-stockfish.ts, the one loader.
 */
import { VARIANTS, type VariantKey } from '@youzai/rules';
import { FairyStockfish } from './fairy-stockfish.ts';
import { levelOf } from './levels.ts';
import type { AnalysisLine, AnalysisSettings, Score } from './protocol.ts';

export interface SearchParams {
  readonly variant: VariantKey;
  readonly fen: string;
  readonly moves: readonly string[];
  readonly searchmoves: readonly string[];
  readonly level: number;
  readonly movetimeMs: number;
  /** Full strength, several lines and its own depth limit (see protocol.ts). */
  readonly analysis?: AnalysisSettings;
}

export interface EngineAnswer {
  readonly bestmove: string | null;
  readonly score?: Score;
  readonly depth?: number;
  /** Analysis only: the lines, best first. */
  readonly lines?: readonly AnalysisLine[];
}

/** Skill 20: the engine plays its best line, no deliberate weakening. */
const FULL_STRENGTH = 20;

export class FairyEngine {
  private skill = Number.NaN;
  private multipv = 1;
  /** A stop asked for this search, maybe before its `go` was sent (the engine would not have heard it). */
  private halted = false;

  private constructor(private readonly fs: FairyStockfish) {}

  static async create(): Promise<FairyEngine> {
    return new FairyEngine(await FairyStockfish.load());
  }

  /**
   * Searches and answers the move it chose among `searchmoves`. A game with
   * a second section (its descriptor's `engine.sections`) asks it when the
   * first finds none of those moves legal.
   */
  async search(p: SearchParams): Promise<EngineAnswer> {
    this.halted = false;
    let answer: EngineAnswer = { bestmove: null };
    for (const section of VARIANTS[p.variant].engine.sections) {
      answer = await this.searchAs(section.name, p);
      if (answer.bestmove !== null) break;
    }
    return answer;
  }

  private async searchAs(section: string, p: SearchParams): Promise<EngineAnswer> {
    const level = levelOf(p.level);
    const skill = p.analysis ? FULL_STRENGTH : level.skill;
    const multipv = p.analysis?.multipv ?? 1;
    await this.fs.setVariant(section);
    if (skill !== this.skill || multipv !== this.multipv) {
      this.fs.send(`setoption name Skill Level value ${skill}`);
      this.fs.send(`setoption name MultiPV value ${multipv}`);
      await this.fs.ready();
      this.skill = skill;
      this.multipv = multipv;
    }
    const nodes = p.analysis?.nodes;
    // What earlier searches left in the engine (hash, histories, the search thread's own state) would change this one's path.
    if (nodes !== undefined) await this.fs.forget();
    this.fs.send(`position fen ${p.fen}${p.moves.length ? ` moves ${p.moves.join(' ')}` : ''}`);
    // Stopped while setting up: the shortest search, which still answers a move and a line.
    const movetime = this.halted ? 1 : Math.max(1, Math.round(p.movetimeMs));
    const depth = this.halted ? 1 : (p.analysis?.depth ?? level.depth);
    const budget = nodes !== undefined && !this.halted ? ` nodes ${nodes}` : '';
    // searchmoves takes the rest of the line, so it comes last.
    const lines = await this.fs.command(`go depth ${depth}${budget} movetime ${movetime} searchmoves ${p.searchmoves.join(' ')}`, (l) =>
      l.startsWith('bestmove'),
    );
    const answer = readAnswer(lines);
    return p.analysis && answer.bestmove !== null ? { ...answer, lines: readLines(lines) } : answer;
  }

  /** Ends the current search early; it still answers `bestmove`. */
  stop(): void {
    this.halted = true;
    this.fs.send('stop');
  }

  /** Stops the engine threads. */
  terminate(): void {
    this.fs.terminate();
  }
}

/**
 * The chosen move, with the score and depth of the last exact line about it.
 * Below skill 20 the engine may choose its second or third line (MultiPV),
 * so the score is looked up by the move, not taken from line 1.
 */
export function readAnswer(lines: readonly string[]): EngineAnswer {
  const last = lines[lines.length - 1] ?? '';
  const token = last.split(/\s+/)[1];
  const bestmove = token && token !== '(none)' ? token : null;
  let chosen: Info | undefined;
  let first: Info | undefined;
  for (const line of lines) {
    const info = readInfo(line);
    if (!info) continue;
    if (info.multipv === 1) first = info;
    if (info.pv === bestmove) chosen = info;
  }
  const info = chosen ?? first;
  return info ? { bestmove, score: info.score, depth: info.depth } : { bestmove };
}

/**
 * The lines of a MultiPV search, best first: for each line number the last
 * exact report. A search stopped by its time reports the lines it had not
 * finished at the previous depth, so every line is a completed one.
 */
export function readLines(lines: readonly string[]): AnalysisLine[] {
  const byIndex = new Map<number, AnalysisLine>();
  for (const line of lines) {
    const info = readInfo(line);
    if (!info || info.moves.length === 0) continue;
    byIndex.set(info.multipv, { pv: info.moves, score: info.score, depth: info.depth });
  }
  return [...byIndex.entries()].sort((a, b) => a[0] - b[0]).map(([, l]) => l);
}

interface Info {
  readonly depth: number;
  readonly multipv: number;
  readonly score: Score;
  readonly pv: string | undefined;
  /** The whole line after `pv`. */
  readonly moves: readonly string[];
}

/** An exact `info ... depth D ... score cp|mate N ... pv M ...` line; bounds and other lines give undefined. */
function readInfo(line: string): Info | undefined {
  const t = line.split(/\s+/);
  if (t[0] !== 'info') return undefined;
  const at = (key: string): string | undefined => {
    const i = t.indexOf(key);
    return i < 0 ? undefined : t[i + 1];
  };
  const depth = Number(at('depth'));
  const si = t.indexOf('score');
  const kind = t[si + 1];
  const value = Number(t[si + 2]);
  if (si < 0 || (kind !== 'cp' && kind !== 'mate') || !Number.isFinite(value) || !Number.isFinite(depth)) return undefined;
  if (t.includes('lowerbound') || t.includes('upperbound')) return undefined;
  const pvAt = t.indexOf('pv');
  const moves = pvAt < 0 ? [] : t.slice(pvAt + 1).filter((m) => m.length > 0);
  return { depth, multipv: Number(at('multipv') ?? 1), score: { kind, value }, pv: at('pv'), moves };
}
