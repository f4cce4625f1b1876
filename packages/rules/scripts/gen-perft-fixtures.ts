// Writes packages/rules/fixtures/perft/<key>.json from Fairy-Stockfish under
// the house ini (scripts/fairy/fairy.ts, which loads the engine package's ini
// and loader), for the games named, or every game when none is:
//   npm run fixtures:perft -- [<key> ...]
// counts[i] = perft(i + 1). Depths keep every count at or below ~5M nodes.
//
// Janggi: FS cannot play the house cannon (see scripts/fairy/HOUSE-DIFFERENCES.md),
// so the start counts are the reference numbers from RULES.md and every other
// Janggi position has no cannon. The house soldier (no palace diagonals) is a
// custom FS piece, so soldiers may stand in a palace. FS ends the game after two
// passes in a row; passPerft() re-roots the search from a FEN where that could
// happen, so the counts follow the house rule (two passes end nothing).
//
// Sittuyin: FS also refuses a promotion that uncovers a check by another piece;
// the house rule only forbids the new General attacking. Positions where that
// can happen are cut to the depth before it (checked against the rules library).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Fairy } from './fairy/fairy.ts';
import { isVariantKey, type VariantKey } from '../src/types.ts';
import { VARIANTS } from '../src/variants/registry.ts';

type Variant = VariantKey;
interface Spec {
  name: string;
  fen: string;
  depth: number;
  /** Known counts: the run fails if FS disagrees (harness check). */
  expect?: (number | null)[];
  /** Counts taken as given instead of computed (Janggi start, see above). */
  fixed?: number[];
}

const POSITIONS: Record<Variant, Spec[]> = {
  xiangqi: [
    { name: 'start', fen: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1', depth: 4, expect: [44, 1920, 79666, 3290240] },
    // From Fairy-Stockfish's tests/perft.sh (middlegame with many cannon screens).
    {
      name: 'fs-middlegame',
      fen: '1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1',
      depth: 4,
      expect: [49, 2265, 100326, 4485547],
    },
    // From Fairy-Stockfish's tests/perft.sh (endgame, horse and cannon checks).
    { name: 'fs-endgame', fen: '4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1', depth: 5, expect: [13, 272, 3707, 92741, 1452406] },
    // The red cannon on e3 is the only piece between the generals: pinned by the flying-general rule.
    { name: 'flying-general-pin', fen: '4k4/9/9/2p3p2/9/9/P7P/4C4/r8/3AK4 w - - 0 1', depth: 5 },
    // Red in check from the e8 cannon over the e4 horse screen: block, capture, move the screen or the general.
    { name: 'cannon-check-screen', fen: '3k5/4a4/4c4/p1p3p1p/9/2R6/4N4/9/9/2B1KA3 w - - 0 1', depth: 5 },
    // Horse on f3 checks e1; the leg f2 can be blocked; d1 would face the black general.
    { name: 'horse-check-leg', fen: '3k5/4a4/9/9/9/9/9/5n3/8R/4K4 w - - 0 1', depth: 6 },
    // Red has no legal move and is not in check (stalemate: loses under house rules).
    { name: 'stalemate', fen: '3k5/3r1r3/9/9/9/9/9/2n6/9/4K4 w - - 0 1', depth: 1, expect: [0] },
    // Crossed soldiers on both sides (sideways moves), elephants and advisors, black to move.
    { name: 'crossed-soldiers', fen: '3akab2/6n2/4b4/3P1P3/9/2p3p2/9/4B4/2N6/3AKA3 b - - 0 1', depth: 5 },
  ],
  janggi: [
    { name: 'start', fen: 'rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1', depth: 0, fixed: [54, 2914, 149974, 7687991] },
    // The start without cannons: every piece but the cannon, passes included.
    { name: 'start-no-cannons', fen: 'rnba1abnr/4k4/9/p1p1p1p1p/9/9/P1P1P1P1P/9/4K4/RNBA1ABNR w - - 0 1', depth: 4 },
    // Cho chariot on d8 (palace corner) slides d8-e9-f10 along the diagonal.
    { name: 'palace-chariot', fen: 'r2aka3/9/3R5/p1p1p1p1p/9/9/P1P1P1P1P/9/4K4/1N1A1A3 w - - 0 1', depth: 4 },
    // Cho in check along the palace diagonal d3-e2-f1: no pass; block on e2, capture or step.
    { name: 'diagonal-check', fen: '3a1a3/4k4/9/2p3p2/9/9/4P4/3r5/1N7/3A1KB2 w - - 0 1', depth: 5 },
    // Generals face each other on an open file: legal, no bikjang.
    { name: 'facing-generals', fen: '1nb1a1bn1/4k4/9/p1p5p/9/9/P5P1P/9/4K4/1NB1A1BN1 w - - 0 1', depth: 4 },
    // Soldiers inside the enemy palace: no diagonal steps (d3 does not check e2, e9 does not check f10).
    { name: 'palace-soldiers', fen: '3a1k3/4P4/3P1a3/9/9/9/9/3p5/4K4/R2A5 w - - 0 1', depth: 5 },
    // Middlegame without cannons, Han to move, soldiers face to face.
    { name: 'middlegame', fen: 'r1ba1ab1r/4k4/2n3n2/p3p3p/2p3p2/6P2/P1P1P3P/2N1B4/4K4/R2A1AB1R b - - 0 1', depth: 4 },
  ],
  sittuyin: [
    { name: 'start', fen: '8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1', depth: 3, expect: [88, 7744, 580096] },
    // Placement in progress: kings and one rook each placed.
    { name: 'placement-partial', fen: '7r/4k3/4pppp/pppp4/4PPPP/PPPP4/3K4/R7[FRSSNNfrssnn] w - - 0 3', depth: 3 },
    // Last horse of each side still in hand, then the first moves.
    { name: 'placement-last', fen: 'r6r/2skfs2/3npppp/pppp4/4PPPP/PPPP1N2/2SFKS2/R6R[Nn] w - - 0 8', depth: 4 },
    // Four positions from Fairy-Stockfish's tests/perft.sh (promotions, checks); FS's own
    // deeper counts (373984 at 4 for -2, 268869 at 4 for -3) include a discovered-check promotion.
    { name: 'fs-endgame-1', fen: '8/8/6R1/s3r3/P5R1/1KP3p1/1F2kr2/8[] b - - 0 72', depth: 4, expect: [null, null, null, 652686] },
    { name: 'fs-endgame-2', fen: '2r5/6k1/6p1/3s2P1/3npR2/8/p2N2F1/3K4[] w - - 1 50', depth: 3 },
    { name: 'fs-endgame-3', fen: '8/6s1/5P2/3n4/pR2K2S/1P6/1k4p1/8[] w - - 1 50', depth: 2 },
    { name: 'fs-only-pawn', fen: '1k5K/3r2P1/8/8/8/8/8/8[] w - - 0 1', depth: 5, expect: [null, null, null, null, 68662] },
    // Neither side has a general: d5 (white) and d4 (black) stand on promotion squares.
    { name: 'promotion-chances', fen: '6k1/1r3s2/5n2/1ppP4/3pP1P1/2N5/3K1S2/7R[] w - - 0 30', depth: 3 },
    // One pawn each: they may promote from any square.
    { name: 'one-pawn-each', fen: '8/3k4/8/2s2P2/1p6/8/1K6/6R1[] w - - 0 40', depth: 4 },
    // White in check along the second rank; c3 (only pawn) may block by promoting onto b2 or d2.
    { name: 'check-promotion-block', fen: '4k3/8/8/7p/8/2P3N1/r3K3/8[] w - - 0 50', depth: 5 },
    // White still has its general: the f6 pawn may not promote.
    { name: 'general-present', fen: '2r3k1/8/1s3Pp1/p7/P2n4/5F2/2K3S1/7R[] w - - 0 45', depth: 5 },
  ],
};

/** A pass is the general's square twice: `e2e2`, `e10e10`. */
const isPass = (move: string): boolean => /^([a-i]\d+)\1$/.test(move);

/**
 * Perft of a game with a pass (Janggi) under the house rule that two passes
 * end nothing. FS returns no moves once the last two plies were passes, so
 * any pass that may be followed by another pass inside the depth is replayed
 * from the FEN after it, where FS has no history. At depth 3 only a pass at
 * the root can be followed by one.
 */
async function passPerft(fairy: Fairy, variant: Variant, fen: string, depth: number): Promise<number> {
  if (depth <= 2) return (await fairy.perft(variant, fen, depth)).nodes;
  let nodes = 0;
  if (depth === 3) {
    for (const [move, n] of await fairy.divide(variant, fen, 3))
      nodes += isPass(move) ? await passPerft(fairy, variant, await fairy.fen(variant, fen, [move]), 2) : n;
    return nodes;
  }
  for (const move of await fairy.legalMoves(variant, fen)) nodes += await passPerft(fairy, variant, await fairy.fen(variant, fen, [move]), depth - 1);
  return nodes;
}

const LIMIT = 5_500_000;

/** The games named on the command line, every game when none is. */
function chosen(args: readonly string[]): [Variant, Spec[]][] {
  const unknown = args.filter((a) => !isVariantKey(a));
  if (unknown.length) throw new Error(`not a game of the registry: ${unknown.join(', ')}`);
  return (Object.entries(POSITIONS) as [Variant, Spec[]][]).filter(([v]) => args.length === 0 || args.includes(v));
}

async function main(): Promise<void> {
  const games = chosen(process.argv.slice(2));
  const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'perft');
  mkdirSync(outDir, { recursive: true });
  const fairy = await Fairy.create();
  const t0 = performance.now();
  try {
    for (const [variant, specs] of games) {
      const rows: string[] = [];
      for (const spec of specs) {
        const t = performance.now();
        let counts = spec.fixed;
        if (!counts) {
          counts = [];
          for (let d = 1; d <= spec.depth; d++)
            // A game with a pass (Janggi) needs the replay around FS's two-passes rule.
            counts.push(VARIANTS[variant].pass ? await passPerft(fairy, variant, spec.fen, d) : (await fairy.perft(variant, spec.fen, d)).nodes);
        }
        spec.expect?.forEach((n, i) => {
          if (n !== null && counts[i] !== n) throw new Error(`${variant} ${spec.name} perft(${i + 1}) = ${counts[i]}, expected ${n}`);
        });
        if (!spec.fixed && counts.some((n) => n > LIMIT)) console.warn(`warning: ${variant} ${spec.name} exceeds ${LIMIT} nodes`);
        console.log(`${variant} ${spec.name}: ${counts.join(' ')} (${Math.round(performance.now() - t)} ms)`);
        rows.push(`  ${JSON.stringify({ name: spec.name, fen: spec.fen, counts })}`);
      }
      writeFileSync(join(outDir, `${variant}.json`), `[\n${rows.join(',\n')}\n]\n`);
    }
  } finally {
    await fairy.quit();
  }
  console.log(`done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

await main();
