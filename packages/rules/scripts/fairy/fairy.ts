// Node-only harness around Fairy-Stockfish (WASM build, GPL-3, used as a test
// oracle only). Never import this from packages/rules/src.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

/** The part of the Emscripten module object we use. */
interface FairyModule {
  postMessage(cmd: string): void;
  addMessageListener(fn: (line: string) => void): void;
  terminate(): void;
  FS: { writeFile(path: string, data: string): void };
}
type Factory = (opts: { wasmBinary: Uint8Array }) => Promise<FairyModule>;

/**
 * House rules as far as Fairy-Stockfish can express them (see
 * HOUSE-DIFFERENCES.md). Only move generation and immediate game ends matter
 * for perft; draw/adjudication options are set anyway for use in play-outs.
 */
export const HOUSE_INI = `
# Xiangqi: FS's xiangqi already matches the house move rules.
[xiangqi-house:xiangqi]

# Janggi: casual = no bikjang, no material counting.
[janggi-house:janggicasual]
# House soldier: forward/sideways only. FS hard-codes palace diagonals for its
# built-in soldier type, a custom piece does not get them.
soldier = -
customPiece1 = p:fsW
# House cannon: slides like a chariot, captures over one screen (mRcpR). FS
# cannot restrict screens/targets to non-cannons for a custom piece, nor give
# it palace diagonals; see HOUSE-DIFFERENCES.md.
janggiCannon = -
customPiece2 = c:mRcpR
# 200 plies without capture; no repetition or perpetual-check rule in Janggi.
nMoveRule = 100
perpetualCheckIllegal = false
nFoldRule = 1000

# Sittuyin: no counting rules; 100 plies without capture or pawn move.
[sittuyin-house:sittuyin]
countingRule = none
nMoveRule = 50
`;

/** Our variant names → the sections of HOUSE_INI. Other names go to FS as is. */
export const HOUSE_VARIANTS: Record<string, string> = {
  xiangqi: 'xiangqi-house',
  janggi: 'janggi-house',
  sittuyin: 'sittuyin-house',
};

interface Waiter {
  until: (line: string) => boolean;
  lines: string[];
  resolve: (lines: string[]) => void;
}

export class Fairy {
  private waiter: Waiter | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private variant = '';

  private constructor(private readonly mod: FairyModule) {
    mod.addMessageListener((line) => this.onLine(line));
  }

  /** Loads the engine and the house variants. */
  static async create(): Promise<Fairy> {
    // The package is a CommonJS Emscripten MODULARIZE factory built with
    // pthreads (it spawns stockfish.worker.js via worker_threads, which Node
    // 20 supports). Its own loader fetch()es the .wasm by file path, which
    // Node's fetch rejects, so hand it the bytes instead.
    const require = createRequire(import.meta.url);
    const jsPath = require.resolve('fairy-stockfish-nnue.wasm/stockfish.js');
    const factory = require(jsPath) as Factory;
    const wasmBinary = readFileSync(jsPath.replace(/\.js$/, '.wasm'));
    const fairy = new Fairy(await factory({ wasmBinary }));
    fairy.mod.FS.writeFile('/house.ini', HOUSE_INI);
    await fairy.command('uci', (l) => l === 'uciok');
    fairy.send('setoption name Use NNUE value false');
    fairy.send('setoption name VariantPath value /house.ini');
    await fairy.ready();
    return fairy;
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

  /** Sends a raw UCI command without waiting for anything. */
  send(cmd: string): void {
    this.mod.postMessage(cmd);
  }

  /**
   * Sends `cmd` and resolves with every line printed up to and including the
   * first one matching `until`. Calls are serialised so outputs never mix.
   */
  command(cmd: string, until: (line: string) => boolean): Promise<string[]> {
    const run = () =>
      new Promise<string[]>((resolve) => {
        this.waiter = { until, lines: [], resolve };
        this.send(cmd);
      });
    const p = this.queue.then(run, run);
    this.queue = p;
    return p;
  }

  async ready(): Promise<void> {
    await this.command('isready', (l) => l === 'readyok');
  }

  /** Selects a variant: ours (xiangqi, janggi, sittuyin) get the house ini. */
  async setVariant(name: string): Promise<void> {
    const fsName = HOUSE_VARIANTS[name] ?? name;
    if (fsName === this.variant) return;
    this.send(`setoption name UCI_Variant value ${fsName}`);
    await this.ready();
    this.variant = fsName;
  }

  private async position(variant: string, fen: string, moves: string[]): Promise<void> {
    await this.setVariant(variant);
    this.send(`position fen ${fen}${moves.length ? ` moves ${moves.join(' ')}` : ''}`);
  }

  /** `go perft n`: resolves with the divide lines and the total. */
  private async goPerft(depth: number): Promise<{ divide: Map<string, number>; nodes: number }> {
    const lines = await this.command(`go perft ${depth}`, (l) => l.startsWith('Nodes searched:'));
    const divide = new Map<string, number>();
    for (const l of lines) {
      const m = /^(\S+): (\d+)$/.exec(l);
      if (m) divide.set(m[1]!, Number(m[2]));
    }
    const nodes = Number(lines[lines.length - 1]!.slice('Nodes searched:'.length));
    return { divide, nodes };
  }

  /** Legal moves in FS notation, sorted (drops `K@d2`, promotions `c5d6f`, pass `e2e2`). */
  async legalMoves(variant: string, fen: string, moves: string[] = []): Promise<string[]> {
    await this.position(variant, fen, moves);
    const { divide } = await this.goPerft(1);
    return [...divide.keys()].sort();
  }

  /** Leaf count at `depth` (FS counts the last ply's moves without playing them). */
  async perft(variant: string, fen: string, depth: number, moves: string[] = []): Promise<{ nodes: number; ms: number }> {
    await this.position(variant, fen, moves);
    await this.ready();
    const t0 = performance.now();
    const { nodes } = await this.goPerft(depth);
    return { nodes, ms: Math.round(performance.now() - t0) };
  }

  /** Per-first-move counts at `depth` (perft divide). */
  async divide(variant: string, fen: string, depth: number, moves: string[] = []): Promise<Map<string, number>> {
    await this.position(variant, fen, moves);
    return (await this.goPerft(depth)).divide;
  }

  /** FEN after `moves`, as FS's `d` command prints it. */
  async fen(variant: string, fen: string, moves: string[] = []): Promise<string> {
    await this.position(variant, fen, moves);
    const lines = await this.command('d', (l) => l.startsWith('Fen: '));
    await this.ready(); // swallow the rest of the board dump
    return lines[lines.length - 1]!.slice('Fen: '.length);
  }

  /** Stops the engine and its worker threads so the process can exit. */
  async quit(): Promise<void> {
    await this.queue.catch(() => undefined);
    // No UCI "quit": the Emscripten runtime answers it with process.exit(),
    // which would end a test worker. Terminating the threads is enough.
    this.mod.terminate();
  }
}
