/**
 * `npm run puzzles:check -- [xiangqi|janggi|sittuyin ...] [--no-engine] [--dry-run]`
 *
 * Checks every shipped puzzle on the house rules and rewrites the data file:
 * accepted alternative lines added (`alternatives`), puzzles that cannot be
 * fixed dropped (ids of the others unchanged), and what was done recorded in
 * `data/<game>.params.json` under `check`. See the README, "The check".
 *
 * - Mates in 1..3: the exhaustive solver (src/check.ts); the engine picks
 *   the defender's reply to an alternative among the longest defences.
 * - Mates in 4..5: dropped (no exhaustive proof in the check's budget).
 * - Material: no forced win within 3 moves by our rules (else dropped: it is
 *   a mate in disguise), and the engine at every solver move of the line:
 *   another move as winning as the line's (within MATERIAL_MARGIN_CP) is
 *   accepted when it wins the same material at once in a one-move puzzle;
 *   otherwise the puzzle is ambiguous and dropped.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EnginePool, type AnalysisLine, type Score } from '@youzai/engine';
import { VARIANT_KEYS, isVariantKey, legalUcis, makeFen, parseFen, VARIANTS, type VariantKey } from '@youzai/rules';
import {
  MAX_SOLVED_MATE_IN,
  MateSolver,
  checkMatePuzzle,
  decodePuzzle,
  firstReply,
  replay,
  solverMoves,
  verifyPuzzle,
  type ChooseReply,
  type DropReason,
  type Puzzle,
  type PuzzleFile,
} from '../src/index.ts';

const DATA = join(dirname(fileURLToPath(import.meta.url)), '..', 'data');

/** The engine's search for a defender's reply and for a material puzzle's solver moves. */
export const CHECK_SEARCH = {
  reply: { depth: 12, multipv: 1, movetimeMs: 2000 },
  material: { depth: 13, multipv: 3, movetimeMs: 3000 },
} as const;
/** A material move within this of the line's move (centipawns), and clearly winning, is as good as the line's. */
export const MATERIAL_MARGIN_CP = 150;
export const MATERIAL_WINNING_CP = 300;

const cp = (s: Score): number => (s.kind === 'cp' ? s.value : s.value > 0 ? 100_000 - s.value : -100_000 - s.value);

export interface Dropped {
  readonly id: string;
  readonly why: DropReason;
  readonly message: string;
}

export interface VariantCheck {
  readonly variant: VariantKey;
  readonly checked: number;
  readonly kept: Puzzle[];
  readonly dropped: Dropped[];
  /** Puzzles that gained alternatives, and the lines added. */
  readonly withAlternatives: number;
  readonly alternativeLines: number;
  readonly seconds: number;
}

export type Analyse = (fen: string, legal: readonly string[], s: { depth: number; multipv: number; movetimeMs: number }) => Promise<readonly AnalysisLine[]>;

/** Checks one game's puzzles; `analyse` null: no engine (replies by text order, material puzzles by our rules only). */
export async function checkVariant(
  variant: VariantKey,
  puzzles: readonly Puzzle[],
  analyse: Analyse | null,
  log: (s: string) => void = () => {},
): Promise<VariantCheck> {
  const started = Date.now();
  const kept: Puzzle[] = [];
  const dropped: Dropped[] = [];
  let withAlternatives = 0;
  let alternativeLines = 0;
  for (const original of puzzles) {
    const { alternatives: _old, ...p } = original;
    const r = await checkPuzzle(p, analyse);
    if (!r.ok) {
      dropped.push({ id: p.id, why: r.why, message: r.message });
      log(`${p.id}: dropped (${r.why}: ${r.message})`);
      continue;
    }
    if (r.alternatives.length > 0) {
      withAlternatives++;
      alternativeLines += r.alternatives.length;
      log(`${p.id}: ${r.alternatives.length} alternative line(s): ${r.alternatives.map((l) => l.join(' ')).join(' | ')}`);
      kept.push({ ...p, alternatives: r.alternatives.map((l) => [...l]) });
    } else {
      kept.push(p);
    }
  }
  return { variant, checked: puzzles.length, kept, dropped, withAlternatives, alternativeLines, seconds: Math.round((Date.now() - started) / 1000) };
}

type Checked = { ok: true; alternatives: readonly (readonly string[])[] } | { ok: false; why: DropReason; message: string };

/** The check of one puzzle (the generator runs it on every puzzle it keeps); `analyse` null: no engine. */
export async function checkPuzzle(p: Puzzle, analyse: Analyse | null): Promise<Checked> {
  const choose: ChooseReply = analyse
    ? async (fen, candidates) => (await analyse(fen, candidates, CHECK_SEARCH.reply))[0]?.pv[0] ?? candidates[0]!
    : firstReply;
  return p.kind === 'mate' ? await checkMatePuzzle(p, choose) : await checkMaterial(p, analyse);
}

async function checkMaterial(p: Puzzle, analyse: Analyse | null): Promise<Checked> {
  const pos = parseFen(VARIANTS[p.variant], p.fen);
  if (!pos.ok) return { ok: false, why: 'line', message: pos.error.message };
  const s = new MateSolver(pos.value);
  for (let k = 1; k <= MAX_SOLVED_MATE_IN; k++) {
    if (s.winsWithin(k)) return { ok: false, why: 'forced-win', message: `our rules force a win in ${k}: ${s.winningMoves(k).join(' ')}` };
  }
  if (!analyse) return { ok: true, alternatives: [] };
  const line = replay(p);
  if (!line.ok) return { ok: false, why: 'line', message: line.error.message };
  const alternatives: string[][] = [];
  for (let i = 0; i < p.solution.length; i += 2) {
    const ref = line.value[i]!;
    const legal = legalUcis(ref.pos);
    // One line per first move (a MultiPV answer may repeat one from an earlier depth).
    const lines = (await analyse(makeFen(ref.pos), legal, CHECK_SEARCH.material)).filter((l, j, all) => all.findIndex((o) => o.pv[0] === l.pv[0]) === j);
    const mine = lines.find((l) => l.pv[0] === p.solution[i]);
    const bar = mine ? cp(mine.score) - MATERIAL_MARGIN_CP : cp(lines[0]!.score) - MATERIAL_MARGIN_CP;
    const others = lines.filter((l) => l.pv[0] !== p.solution[i] && cp(l.score) >= Math.max(bar, MATERIAL_WINNING_CP)).map((l) => l.pv[0]!);
    for (const m of others) {
      const alt = [...p.solution.slice(0, i), m];
      if (solverMoves(p) === 1 && verifyPuzzle({ ...p, solution: alt }).ok) alternatives.push(alt);
      else
        return {
          ok: false,
          why: 'material-engine',
          message: `ply ${i}: ${m} is as winning as ${p.solution[i]} by the engine (${lines.map((l) => `${l.pv[0]} ${cp(l.score)}`).join(', ')})`,
        };
    }
  }
  return { ok: true, alternatives };
}

function readPuzzles(variant: VariantKey): Puzzle[] {
  const file = JSON.parse(readFileSync(join(DATA, `${variant}.json`), 'utf8')) as PuzzleFile;
  return file.puzzles.map((u) => {
    const d = decodePuzzle(u);
    if (!d.ok) throw new Error(`${variant}: ${d.error.message}`);
    return d.value;
  });
}

function writeAtomic(path: string, text: string): void {
  writeFileSync(`${path}.tmp`, text);
  renameSync(`${path}.tmp`, path);
}

function write(c: VariantCheck, engine: boolean): void {
  const body = c.kept.map((p) => `    ${JSON.stringify(p)}`).join(',\n');
  writeAtomic(join(DATA, `${c.variant}.json`), `{\n  "format": 2,\n  "variant": "${c.variant}",\n  "puzzles": [\n${body}\n  ]\n}\n`);
  const paramsPath = join(DATA, `${c.variant}.params.json`);
  const params = existsSync(paramsPath) ? (JSON.parse(readFileSync(paramsPath, 'utf8')) as Record<string, unknown>) : {};
  const previous = (params.check as { dropped?: Dropped[] } | undefined)?.dropped ?? [];
  const byWhy: Record<string, number> = {};
  const dropped = [...previous.filter((d) => !c.dropped.some((e) => e.id === d.id)), ...c.dropped];
  for (const d of dropped) byWhy[d.why] = (byWhy[d.why] ?? 0) + 1;
  params.check = {
    command: 'npm run puzzles:check',
    rules:
      'src/solve.ts, src/check.ts: mates in 1-3 exhaustively on the house rules; mates in 4-5 dropped; material: no forced win in 3 by our rules, then the engine',
    engine: engine ? { ...CHECK_SEARCH, materialMarginCp: MATERIAL_MARGIN_CP, materialWinningCp: MATERIAL_WINNING_CP } : null,
    // Every puzzle this check has seen: those kept and every one dropped (this run's and earlier runs').
    checked: c.kept.length + dropped.length,
    kept: c.kept.length,
    withAlternatives: c.withAlternatives,
    alternativeLines: c.alternativeLines,
    seconds: c.seconds,
    droppedByReason: byWhy,
    dropped,
  };
  params.total = c.kept.length;
  writeAtomic(paramsPath, `${JSON.stringify(params, null, 2)}\n`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const variants = args.filter(isVariantKey);
  const engine = !args.includes('--no-engine');
  const dry = args.includes('--dry-run');
  const pool = engine ? new EnginePool({ size: 1 }) : null;
  try {
    if (pool) await pool.warmup();
    for (const variant of variants.length > 0 ? variants : VARIANT_KEYS) {
      const analyse: Analyse | null = pool
        ? async (fen, legal, s) => (await pool.analyse({ gameId: 'check', variant, fen, legalMoves: legal, ...s })).lines
        : null;
      const c = await checkVariant(variant, readPuzzles(variant), analyse, (s) => console.error(`${variant} ${s}`));
      console.error(
        `${variant}: ${c.checked} checked, ${c.kept.length} kept, ${c.dropped.length} dropped, ${c.withAlternatives} with ${c.alternativeLines} alternative line(s), ${c.seconds} s`,
      );
      if (!dry) write(c, engine);
    }
  } finally {
    await pool?.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
