/**
 * One Fairy-Stockfish instance (the only code that loads the WASM). Runs
 * inside an engine worker: the package is a CommonJS Emscripten factory built
 * with pthreads, and its searches run on the engine's own threads, so this
 * thread stays free to answer messages.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { VariantKey } from '@youzai/rules';
import { FAIRY_VARIANTS, HOUSE_INI, HOUSE_INI_PATH } from './house-ini.ts';
import { levelOf } from './levels.ts';
import type { AnalysisLine, AnalysisSettings, Score } from './protocol.ts';

/** The part of the Emscripten module object we use. */
interface FairyModule {
  postMessage(cmd: string): void;
  addMessageListener(fn: (line: string) => void): void;
  terminate(): void;
  FS: { writeFile(path: string, data: string): void };
}
type Factory = (opts: { wasmBinary: Uint8Array }) => Promise<FairyModule>;

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

/** Options every instance gets: one search thread, a small hash, classical evaluation. */
const SETUP = [
  'setoption name Threads value 1',
  'setoption name Hash value 16',
  // The package ships no network file: evaluate classically.
  'setoption name Use NNUE value false',
  `setoption name VariantPath value ${HOUSE_INI_PATH}`,
];

interface Waiter {
  readonly until: (line: string) => boolean;
  readonly lines: string[];
  readonly resolve: (lines: string[]) => void;
}

export class FairyEngine {
  private waiter: Waiter | undefined;
  private variant = '';
  private skill = Number.NaN;
  private multipv = 1;

  private constructor(private readonly mod: FairyModule) {
    mod.addMessageListener((line) => this.onLine(line));
  }

  static async create(): Promise<FairyEngine> {
    const require = createRequire(import.meta.url);
    const jsPath = require.resolve('fairy-stockfish-nnue.wasm/stockfish.js');
    const factory = require(jsPath) as Factory;
    // Its own loader fetch()es the .wasm by path, which Node's fetch rejects.
    const wasmBinary = readFileSync(jsPath.replace(/\.js$/, '.wasm'));
    const engine = new FairyEngine(await factory({ wasmBinary }));
    engine.mod.FS.writeFile(HOUSE_INI_PATH, HOUSE_INI);
    await engine.command('uci', (l) => l === 'uciok');
    for (const cmd of SETUP) engine.mod.postMessage(cmd);
    await engine.command('isready', (l) => l === 'readyok');
    return engine;
  }

  private onLine(line: string): void {
    const w = this.waiter;
    if (!w) return;
    w.lines.push(line);
    if (w.until(line)) {
      this.waiter = undefined;
      w.resolve(w.lines);
    }
  }

  /** Sends `cmd` and collects the output up to the line matching `until`. One at a time. */
  private command(cmd: string, until: (line: string) => boolean): Promise<string[]> {
    if (this.waiter) throw new Error('FairyEngine: one command at a time');
    return new Promise((resolve) => {
      this.waiter = { until, lines: [], resolve };
      this.mod.postMessage(cmd);
    });
  }

  /**
   * Searches and answers the move it chose among `searchmoves`. A game with
   * a second section (see FAIRY_VARIANTS) asks it when the first finds none
   * of those moves legal.
   */
  async search(p: SearchParams): Promise<EngineAnswer> {
    let answer: EngineAnswer = { bestmove: null };
    for (const section of FAIRY_VARIANTS[p.variant]) {
      answer = await this.searchAs(section, p);
      if (answer.bestmove !== null) break;
    }
    return answer;
  }

  private async searchAs(section: string, p: SearchParams): Promise<EngineAnswer> {
    const level = levelOf(p.level);
    const skill = p.analysis ? FULL_STRENGTH : level.skill;
    const multipv = p.analysis?.multipv ?? 1;
    if (section !== this.variant || skill !== this.skill || multipv !== this.multipv) {
      this.mod.postMessage(`setoption name UCI_Variant value ${section}`);
      this.mod.postMessage(`setoption name Skill Level value ${skill}`);
      this.mod.postMessage(`setoption name MultiPV value ${multipv}`);
      await this.command('isready', (l) => l === 'readyok');
      this.variant = section;
      this.skill = skill;
      this.multipv = multipv;
    }
    this.mod.postMessage(`position fen ${p.fen}${p.moves.length ? ` moves ${p.moves.join(' ')}` : ''}`);
    const movetime = Math.max(1, Math.round(p.movetimeMs));
    const depth = p.analysis?.depth ?? level.depth;
    // searchmoves takes the rest of the line, so it comes last.
    const lines = await this.command(`go depth ${depth} movetime ${movetime} searchmoves ${p.searchmoves.join(' ')}`, (l) => l.startsWith('bestmove'));
    const answer = readAnswer(lines);
    return p.analysis && answer.bestmove !== null ? { ...answer, lines: readLines(lines) } : answer;
  }

  /** Ends the current search early; it still answers `bestmove`. */
  stop(): void {
    this.mod.postMessage('stop');
  }

  /**
   * Stops the engine threads. Never UCI `quit`: the Emscripten runtime
   * answers it with process.exit().
   */
  terminate(): void {
    this.mod.terminate();
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
