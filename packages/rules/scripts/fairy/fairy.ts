// The rules' test harness around Fairy-Stockfish (a test oracle here): perft,
// legal moves and FENs for the differential fixtures (and their live check), the perft fixture generator
// and bench:perft. The engine, its house ini and its options come from the
// engine package's one loader, so the rules are checked against exactly what
// the computer plays. Never import this from packages/rules/src (the rules
// keep no runtime dependency).
import { performance } from 'node:perf_hooks';
import { FairyStockfish } from '@youzai/engine/fairy-stockfish';
import { isVariantKey } from '../../src/types.ts';
import { VARIANTS } from '../../src/variants/registry.ts';

/**
 * The Fairy-Stockfish variant for a name: our games play their first house
 * section (their descriptor's `engine.sections`); any other name is one of
 * FS's own variants (`janggicasual`).
 */
export function fairyVariant(name: string): string {
  return isVariantKey(name) ? VARIANTS[name].engine.sections[0].name : name;
}

export class Fairy {
  private constructor(private readonly fs: FairyStockfish) {}

  /** Loads the engine and the house variants (`ini`: another set of games' ini, for a game not in the club). */
  static async create(ini?: string): Promise<Fairy> {
    return new Fairy(await FairyStockfish.load(ini));
  }

  /** Selects a variant: ours (xiangqi, janggi, sittuyin) get their house section. */
  async setVariant(name: string): Promise<void> {
    await this.fs.setVariant(fairyVariant(name));
  }

  private async position(variant: string, fen: string, moves: string[]): Promise<void> {
    await this.setVariant(variant);
    this.fs.send(`position fen ${fen}${moves.length ? ` moves ${moves.join(' ')}` : ''}`);
  }

  /** `go perft n`: resolves with the divide lines and the total. */
  private async goPerft(depth: number): Promise<{ divide: Map<string, number>; nodes: number }> {
    const lines = await this.fs.command(`go perft ${depth}`, (l) => l.startsWith('Nodes searched:'));
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
    await this.fs.ready();
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
    const lines = await this.fs.command('d', (l) => l.startsWith('Fen: '));
    await this.fs.ready(); // swallow the rest of the board dump
    return lines[lines.length - 1]!.slice('Fen: '.length);
  }

  /** Stops the engine and its worker threads so the process can exit. */
  async quit(): Promise<void> {
    await this.fs.ready().catch(() => undefined);
    this.fs.terminate();
  }
}
