/**
 * The puzzle generator: `npm run puzzles:generate -- <game> <count> [options]`.
 *
 * Mines puzzles from computer self-play games (and, with --input, from a file
 * of games or FENs, e.g. the club's finished games) and writes
 * `data/<game>.json` and its parameters `data/<game>.params.json`.
 *
 * One engine (a pool of 1 worker) does everything, so the run can be niced
 * and leave the other core alone. Each self-play move comes from a cheap
 * MultiPV screen of the position, which also marks candidates; only those get
 * the deep searches (miner.ts). Every kept line is verified with the house
 * referee before it is written.
 *
 * Options: --seed N (default 1), --input FILE, --append (keep the puzzles
 * already in the data file and add to them), --minutes M (stop after M
 * minutes), --screen-depth, --quick-depth, --deep-depth, --deep-ms,
 * --no-self-play.
 */
import { readFileSync, writeFileSync, existsSync, renameSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EnginePool } from '@youzai/engine';
import { startReferee, type Referee } from '@youzai/game';
import { VARIANTS, VARIANT_KEYS, isVariantKey, legalUcis, makeFen, prng, type VariantKey } from '@youzai/rules';
import { decodePuzzle, solverMoves, type Puzzle, type PuzzleFile } from '../src/index.ts';
import { parseInputLine } from './input.ts';
import { DEFAULT_THRESHOLDS, mineLine, screen, type Analyse, type Rejection, type Screened, type SearchSettings } from './miner.ts';
import type { AnalysisLine } from '@youzai/engine';

const DATA = join(dirname(fileURLToPath(import.meta.url)), '..', 'data');

interface Options {
  readonly variant: VariantKey;
  readonly count: number;
  readonly seed: number;
  readonly input: string | null;
  readonly append: boolean;
  readonly minutes: number;
  readonly selfPlay: boolean;
  readonly screen: SearchSettings;
  readonly placement: SearchSettings;
  readonly quick: SearchSettings;
  readonly deep: SearchSettings;
}

/** Self-play move choice: mostly the best line, sometimes the second, now and then a random move (the blunders puzzles come from). */
const RANDOM_MOVE_RATE = 0.15;
const SECOND_LINE_RATE = 0.2;
/** The second line is only played when it is at most this much worse. */
const SECOND_LINE_MAX_LOSS_CP = 150;
const MAX_PLIES = 300;
/** No category may fill more than this share of the count, for a mix. */
const QUOTAS: Record<Category, number> = { mate1: 0.4, mate2: 1, mate3plus: 1, material1: 0.4, material2plus: 1 };
type Category = 'mate1' | 'mate2' | 'mate3plus' | 'material1' | 'material2plus';

function category(p: Puzzle): Category {
  if (p.kind === 'mate') return p.mateIn === 1 ? 'mate1' : p.mateIn === 2 ? 'mate2' : 'mate3plus';
  return solverMoves(p) === 1 ? 'material1' : 'material2plus';
}

function parseArgs(argv: readonly string[]): Options {
  const [game, countText, ...rest] = argv;
  if (!game || !isVariantKey(game) || !countText || !(Number(countText) > 0)) {
    throw new Error(`usage: npm run puzzles:generate -- <${VARIANT_KEYS.join('|')}> <count> [--seed N] [--input FILE] [--append] [--minutes M]`);
  }
  const opt = (name: string): string | undefined => {
    const i = rest.indexOf(`--${name}`);
    return i < 0 ? undefined : rest[i + 1];
  };
  const num = (name: string, dflt: number): number => {
    const v = opt(name);
    if (v === undefined) return dflt;
    if (!Number.isFinite(Number(v))) throw new Error(`--${name} wants a number`);
    return Number(v);
  };
  return {
    variant: game,
    count: Math.floor(Number(countText)),
    seed: num('seed', 1),
    input: opt('input') ?? null,
    append: rest.includes('--append'),
    minutes: num('minutes', Infinity),
    selfPlay: !rest.includes('--no-self-play'),
    screen: { depth: num('screen-depth', 6), multipv: 2, movetimeMs: 100 },
    placement: { depth: 4, multipv: 1, movetimeMs: 50 },
    quick: { depth: num('quick-depth', 9), multipv: 2, movetimeMs: 300 },
    deep: { depth: num('deep-depth', 13), multipv: 2, movetimeMs: num('deep-ms', 1500) },
  };
}

class Run {
  readonly started = Date.now();
  readonly puzzles: Puzzle[] = [];
  readonly seen = new Set<string>();
  readonly counts = { games: 0, gamesFromInput: 0, positionsScreened: 0, candidates: 0, deepSearches: 0, kept: 0, duplicates: 0, overQuota: 0 };
  /** Engine time by stage, queueing included (one worker: none). */
  readonly engineMs = { placement: 0, screen: 0, deep: 0 };
  readonly rejected: Partial<Record<Rejection, number>> = {};
  readonly byCategory: Record<Category, number> = { mate1: 0, mate2: 0, mate3plus: 0, material1: 0, material2plus: 0 };
  private readonly analyse: Analyse;

  constructor(
    readonly o: Options,
    readonly pool: EnginePool,
    existing: readonly Puzzle[],
  ) {
    this.analyse = async (fen, legal, s) => {
      const a = await pool.analyse({ gameId: 'generate', variant: o.variant, fen, legalMoves: legal, ...s });
      this.engineMs.deep += a.ms;
      return a.lines;
    };
    for (const p of existing) this.add(p);
  }

  get done(): boolean {
    return this.puzzles.length >= this.o.count || (Date.now() - this.started) / 60_000 >= this.o.minutes;
  }

  private full(c: Category): boolean {
    return this.byCategory[c] >= Math.ceil(QUOTAS[c] * this.o.count);
  }

  private add(p: Puzzle): void {
    this.puzzles.push(p);
    this.seen.add(positionKey(p.fen));
    this.byCategory[category(p)]++;
  }

  async screenPosition(fen: string, legal: readonly string[]): Promise<readonly AnalysisLine[]> {
    this.counts.positionsScreened++;
    const a = await this.pool.analyse({ gameId: 'generate', variant: this.o.variant, fen, legalMoves: legal, ...this.o.screen });
    this.engineMs.screen += a.ms;
    return a.lines;
  }

  async placementMove(fen: string, legal: readonly string[]): Promise<readonly AnalysisLine[]> {
    const a = await this.pool.analyse({ gameId: 'generate', variant: this.o.variant, fen, legalMoves: legal, ...this.o.placement });
    this.engineMs.placement += a.ms;
    return a.lines;
  }

  /** A screened position: mined if it is a candidate. */
  async consider(s: Screened, source: string): Promise<void> {
    const kind = screen(s, DEFAULT_THRESHOLDS);
    if (!kind || this.seen.has(positionKey(s.fen))) return;
    const first = s.lines[0]!.score;
    if (kind === 'mate' && first.kind === 'mate' && first.value === 1 && this.full('mate1')) return;
    this.counts.candidates++;
    const mined = await mineLine(this.o.variant, s.fen, source, this.analyse, this.o.deep, DEFAULT_THRESHOLDS, { quick: this.o.quick });
    this.counts.deepSearches += mined.searches;
    if (!mined.ok) {
      this.rejected[mined.why] = (this.rejected[mined.why] ?? 0) + 1;
      return;
    }
    if (this.full(category(mined.puzzle))) {
      this.counts.overQuota++;
      return;
    }
    if (this.puzzles.some((p) => p.id === mined.puzzle.id)) {
      this.counts.duplicates++;
      return;
    }
    this.add(mined.puzzle);
    this.counts.kept++;
    writeData(this.o.variant, this.puzzles);
  }

  progress(): string {
    const min = (Date.now() - this.started) / 60_000;
    const c = this.counts;
    return `${this.o.variant}: ${this.puzzles.length}/${this.o.count} puzzles (${c.kept} new, ${(c.kept / Math.max(min, 1e-9)).toFixed(1)}/min), ${c.games} games, ${c.positionsScreened} positions, ${c.candidates} candidates, ${JSON.stringify(this.byCategory)}, engine s ${JSON.stringify(Object.fromEntries(Object.entries(this.engineMs).map(([k, v]) => [k, Math.round(v / 1000)])))}, ${min.toFixed(1)} min`;
  }
}

/** Board and side to move: the same position with other clocks is the same puzzle. */
const positionKey = (fen: string): string => fen.split(' ').slice(0, 2).join(' ');

const inPlacement = (ref: Referee): boolean => ref.pos.handCount(0) + ref.pos.handCount(1) > 0;

async function selfPlayGame(run: Run, g: number): Promise<void> {
  const { variant, seed } = run.o;
  const rnd = prng(seed * 100_003 + g);
  const started = startReferee(variant);
  if (!started.ok) throw new Error(started.error.message);
  const ref = started.value;
  let before: readonly AnalysisLine[] | null = null;
  for (let ply = 0; ply < MAX_PLIES && !ref.verdict && !run.done; ply++) {
    const fen = makeFen(ref.pos);
    const legal = legalUcis(ref.pos);
    const placing = inPlacement(ref);
    const lines = placing ? await run.placementMove(fen, legal) : await run.screenPosition(fen, legal);
    if (!placing) await run.consider({ fen, legal, lines, before }, `self-play:${seed}:g${g}:p${ply}`);
    before = placing ? null : lines;
    const move = chooseMove(ref, legal, lines, rnd);
    if (!ref.play(move).ok) throw new Error(`self-play: ${move} rejected in ${fen}`);
  }
  run.counts.games++;
}

function chooseMove(ref: Referee, legal: readonly string[], lines: readonly AnalysisLine[], rnd: () => number): string {
  const r = rnd();
  const best = lines[0];
  if (!best || r < RANDOM_MOVE_RATE) {
    const moves = legal.length > 1 && ref.variant.pass ? legal.filter((m) => !isPassMove(m)) : legal;
    return moves[Math.floor(rnd() * moves.length)] ?? legal[0]!;
  }
  const second = lines[1];
  if (second && r < RANDOM_MOVE_RATE + SECOND_LINE_RATE && cpOf(best) - cpOf(second) <= SECOND_LINE_MAX_LOSS_CP) return second.pv[0]!;
  return best.pv[0]!;
}

const isPassMove = (m: string): boolean => /^([a-p](?:10|[1-9]))\1$/.test(m);
const cpOf = (l: AnalysisLine): number => (l.score.kind === 'cp' ? l.score.value : l.score.value > 0 ? 100_000 : -100_000);

/** The file's games and positions (input.ts): every position reached is screened. */
async function mineInput(run: Run, file: string): Promise<void> {
  const lines = readFileSync(file, 'utf8').split('\n');
  for (let n = 0; n < lines.length && !run.done; n++) {
    const line = parseInputLine(lines[n]!);
    if (!line) continue;
    const started = startReferee(run.o.variant, line.fen ?? undefined);
    if (!started.ok) {
      console.error(`${file}:${n + 1}: ${started.error.message}`);
      continue;
    }
    const ref = started.value;
    let before: readonly AnalysisLine[] | null = null;
    for (let ply = 0; ply <= line.moves.length && !ref.verdict && !run.done; ply++) {
      if (!inPlacement(ref)) {
        const fen = makeFen(ref.pos);
        const legal = legalUcis(ref.pos);
        const lines = await run.screenPosition(fen, legal);
        await run.consider({ fen, legal, lines, before }, `file:${basename(file)}:l${n + 1}:p${ply}`);
        before = lines;
      }
      const m = line.moves[ply];
      if (m === undefined) break;
      if (!ref.play(m).ok) {
        console.error(`${file}:${n + 1}: move ${ply + 1} ${m} is illegal; rest of the line skipped`);
        break;
      }
    }
    run.counts.gamesFromInput++;
  }
}

function readExisting(variant: VariantKey): Puzzle[] {
  const path = join(DATA, `${variant}.json`);
  if (!existsSync(path)) return [];
  const file = JSON.parse(readFileSync(path, 'utf8')) as PuzzleFile;
  return file.puzzles.map((u) => {
    const p = decodePuzzle(u);
    if (!p.ok) throw new Error(`${path}: ${p.error.message}`);
    return p.value;
  });
}

/** One puzzle a line, so that a regeneration diffs well; written atomically. */
function writeData(variant: VariantKey, puzzles: readonly Puzzle[]): void {
  const body = puzzles.map((p) => `    ${JSON.stringify(p)}`).join(',\n');
  writeAtomic(join(DATA, `${variant}.json`), `{\n  "format": 2,\n  "variant": "${variant}",\n  "puzzles": [\n${body}\n  ]\n}\n`);
}

function writeAtomic(path: string, text: string): void {
  writeFileSync(`${path}.tmp`, text);
  renameSync(`${path}.tmp`, path);
}

function writeParams(run: Run): void {
  const path = join(DATA, `${run.o.variant}.params.json`);
  const before = existsSync(path) && run.o.append ? (JSON.parse(readFileSync(path, 'utf8')) as { runs?: unknown[]; check?: unknown }) : {};
  const previous = before.runs ?? [];
  const seconds = Math.round((Date.now() - run.started) / 1000);
  const c = run.counts;
  const thisRun = {
    date: new Date(run.started).toISOString(),
    seconds,
    command: `npm run puzzles:generate -- ${process.argv.slice(2).join(' ')}`,
    seed: run.o.seed,
    input: run.o.input ? basename(run.o.input) : null,
    counts: { ...c, rejected: run.rejected },
    engineSeconds: Object.fromEntries(Object.entries(run.engineMs).map(([k, v]) => [k, Math.round(v / 1000)])),
    keptPerMinute: Number((c.kept / Math.max(seconds / 60, 1e-9)).toFixed(2)),
  };
  const mix = { ...run.byCategory };
  const params = {
    variant: run.o.variant,
    generator: 'packages/puzzles/scripts/generate.ts (miner.ts)',
    engine: {
      name: 'Fairy-Stockfish',
      package: 'fairy-stockfish-nnue.wasm@1.1.12',
      sections: "the game descriptor's engine.sections (packages/rules), assembled in packages/engine/src/house-ini.ts",
      evaluation: 'classical (Use NNUE false)',
      threads: 1,
      hashMb: 16,
      skill: 20,
      workers: 1,
      rootMoves: 'restricted to our legal moves (go searchmoves)',
    },
    selfPlay: {
      randomMoveRate: RANDOM_MOVE_RATE,
      secondLineRate: SECOND_LINE_RATE,
      secondLineMaxLossCp: SECOND_LINE_MAX_LOSS_CP,
      maxPlies: MAX_PLIES,
      gameSeed: 'prng(seed * 100003 + game)',
      placement: run.o.placement,
    },
    screen: run.o.screen,
    quick: run.o.quick,
    deep: run.o.deep,
    mateInOne: 'found by our rules (every winning move is accepted), no engine search',
    checkEachPuzzle: 'every kept puzzle passes checkPuzzle (scripts/check.ts): alternatives added, or turned down',
    thresholds: {
      ...DEFAULT_THRESHOLDS,
      secondBestAtMateMoves: 'no mate (any length) except at the last move, where every mating move is accepted',
      decisiveGain: VARIANTS[run.o.variant].material.decisiveGain,
      decisiveGainUnits: "the game descriptor's role values (packages/rules, soldier/pawn = 100)",
    },
    verification: 'verifyPuzzle (src/verify.ts): house referee, checkmate by our rules, end of each mate forced by our rules',
    quotas: QUOTAS,
    total: run.puzzles.length,
    mix,
    runs: [...previous, thisRun],
    // The last `npm run puzzles:check` of the puzzles kept (its dropped list); new puzzles pass the same check as they are mined.
    ...(before.check !== undefined ? { check: before.check } : {}),
  };
  writeAtomic(path, `${JSON.stringify(params, null, 2)}\n`);
}

async function main(): Promise<void> {
  const o = parseArgs(process.argv.slice(2));
  const pool = new EnginePool({ size: 1 });
  const run = new Run(o, pool, o.append ? readExisting(o.variant) : []);
  const ticker = setInterval(() => {
    console.error(run.progress());
    writeParams(run);
  }, 60_000);
  try {
    await pool.warmup();
    if (o.input) await mineInput(run, o.input);
    for (let g = 0; o.selfPlay && !run.done; g++) await selfPlayGame(run, g);
  } finally {
    clearInterval(ticker);
    writeData(o.variant, run.puzzles);
    writeParams(run);
    console.error(run.progress());
    await pool.close();
  }
}

await main();
