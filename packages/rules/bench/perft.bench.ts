/**
 * npm run bench:perft: our perft speed against Fairy-Stockfish's WASM build,
 * measured in the same run on the same positions (the start position and
 * three positions from seeded random play per game). Both sides count the
 * last ply's moves without playing them. Each figure is the best of several
 * runs; the machine is noisy, so nothing here is a test.
 */
import { Fairy } from '../scripts/fairy/fairy.ts';
import { parseFen } from '../src/fen.ts';
import { perft } from '../src/perft.ts';
import { VARIANT_KEYS } from '../src/types.ts';
import { VARIANTS } from '../src/variants/registry.ts';
import { benchPositions } from './positions.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);

function ours(key: (typeof VARIANT_KEYS)[number], fen: string, depth: number): { nodes: number; ms: number } {
  const parsed = parseFen(VARIANTS[key], fen);
  if (!parsed.ok) throw new Error(`${key}: ${parsed.error.message}`);
  const pos = parsed.value;
  perft(pos, depth - 1); // warm up
  let best = Infinity;
  let nodes = 0;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    nodes = perft(pos, depth);
    best = Math.min(best, performance.now() - t);
  }
  return { nodes, ms: best };
}

async function main(): Promise<void> {
  const fairy = await Fairy.create();
  const mnps = (n: number, ms: number) => n / ms / 1000;
  console.log('game      position     depth   our nodes   FS nodes  ours Mn/s  FS Mn/s  ratio');
  const ratios: Record<string, number[]> = {};
  for (const key of VARIANT_KEYS) {
    for (const bp of benchPositions(key)) {
      const a = ours(key, bp.fen, bp.depth);
      let b = { nodes: 0, ms: Infinity };
      for (let i = 0; i < Math.max(1, RUNS - 1); i++) {
        const r = await fairy.perft(key, bp.fen, bp.depth);
        if (r.ms < b.ms) b = r;
      }
      const ratio = mnps(a.nodes, a.ms) / mnps(b.nodes, b.ms);
      ratios[key] ??= [];
      ratios[key].push(ratio);
      console.log(
        `${key.padEnd(9)} ${bp.name.padEnd(12)} ${String(bp.depth).padStart(5)} ${String(a.nodes).padStart(11)} ${String(b.nodes).padStart(10)} ` +
          `${mnps(a.nodes, a.ms).toFixed(2).padStart(10)} ${mnps(b.nodes, b.ms).toFixed(2).padStart(8)} ${ratio.toFixed(2).padStart(6)}`,
      );
    }
  }
  fairy.quit();
  console.log('');
  for (const [key, rs] of Object.entries(ratios)) {
    const geo = Math.exp(rs.reduce((s, r) => s + Math.log(r), 0) / rs.length);
    console.log(`${key}: ratio ours/Fairy-Stockfish min ${Math.min(...rs).toFixed(2)}, geometric mean ${geo.toFixed(2)}`);
  }
  console.log('Janggi node counts differ by design: Fairy-Stockfish cannot play the site cannon rule (see scripts/fairy/HOUSE-DIFFERENCES.md).');
}

void main();
