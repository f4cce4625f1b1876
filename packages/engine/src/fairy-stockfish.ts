/**
 * The one loader of the Fairy-Stockfish WASM (fairy-stockfish-nnue.wasm
 * 1.1.12, GPL-3.0). It loads the engine with the house ini and the options
 * every use needs, and passes UCI lines in and out, one command at a time.
 * The computer (fairy-engine.ts, in an engine worker) and the rules' test
 * harness (packages/rules/scripts/fairy/fairy.ts: differential fixtures, perft
 * fixtures, bench:perft) both load it here, so they play the same rules.
 * Node only.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { HOUSE_INI, HOUSE_INI_PATH } from './house-ini.ts';

/** The part of the Emscripten module object we use. */
interface FairyModule {
  postMessage(cmd: string): void;
  addMessageListener(fn: (line: string) => void): void;
  terminate(): void;
  FS: { writeFile(path: string, data: string): void };
}
type Factory = (opts: { wasmBinary: Uint8Array }) => Promise<FairyModule>;

/** One search thread. FS builds the thread anew on every `setoption name Threads`, even to the same value. */
const ONE_THREAD = 'setoption name Threads value 1';

/** Options every instance gets: one search thread, a small hash, classical evaluation, the house ini. */
const SETUP = [
  ONE_THREAD,
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

export class FairyStockfish {
  private waiter: Waiter | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private variant = '';

  private constructor(private readonly mod: FairyModule) {
    mod.addMessageListener((line) => this.onLine(line));
  }

  /**
   * Loads the engine (2–4 s: FS builds its tables on the first command) with
   * the house ini; a test of a game not in the club passes the ini of its
   * games (houseIni), built the same way.
   */
  static async load(ini: string = HOUSE_INI): Promise<FairyStockfish> {
    // The package is a CommonJS Emscripten MODULARIZE factory built with
    // pthreads (it spawns stockfish.worker.js via worker_threads, which Node
    // 20 supports). Its own loader fetch()es the .wasm by file path, which
    // Node's fetch rejects, so hand it the bytes instead.
    const require = createRequire(import.meta.url);
    const jsPath = require.resolve('fairy-stockfish-nnue.wasm/stockfish.js');
    const factory = require(jsPath) as Factory;
    const wasmBinary = readFileSync(jsPath.replace(/\.js$/, '.wasm'));
    const fs = new FairyStockfish(await factory({ wasmBinary }));
    fs.mod.FS.writeFile(HOUSE_INI_PATH, ini);
    await fs.command('uci', (l) => l === 'uciok');
    for (const cmd of SETUP) fs.send(cmd);
    await fs.ready();
    return fs;
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

  /** Sends a raw UCI line without waiting for anything (`stop` during a search, options). */
  send(cmd: string): void {
    this.mod.postMessage(cmd);
  }

  /**
   * Sends `cmd` and resolves with every line printed up to and including the
   * first one matching `until`. Commands are queued, so outputs never mix.
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

  /**
   * Forgets every earlier search, so that the next one depends only on its
   * position, options and limits. `ucinewgame` alone is not enough: it clears
   * the hash and the history tables, but state kept by the search thread
   * itself survives it (measured: after some other searches stopped by their
   * node or time limit, the same node-budgeted search ended on another line,
   * depth and node count; with the thread rebuilt it never did). So the
   * thread is rebuilt first (~5 ms), then `ucinewgame` clears the rest (~3 ms).
   */
  async forget(): Promise<void> {
    this.send(ONE_THREAD);
    this.send('ucinewgame');
    await this.ready();
  }

  /** Selects a section of the house ini (`xiangqi-house`) or one of FS's own variants (`janggicasual`). */
  async setVariant(name: string): Promise<void> {
    if (name === this.variant) return;
    this.send(`setoption name UCI_Variant value ${name}`);
    await this.ready();
    this.variant = name;
  }

  /**
   * Stops the engine threads. Never UCI `quit`: the Emscripten runtime
   * answers it with process.exit(), which would end a test worker.
   */
  terminate(): void {
    this.mod.terminate();
  }
}
