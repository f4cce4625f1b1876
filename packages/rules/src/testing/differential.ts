/**
 * The differential runs against Fairy-Stockfish, shared by the fixture
 * generator (scripts/gen-differential-fixtures.ts, which asks the engine),
 * the pure test (differential.test.ts, which reads the fixtures) and the
 * live check (scripts/fairy/differential-fixtures.test.ts). No engine and no
 * Node API here: the rules package stays pure.
 */
import { GAMES } from '../descriptor.ts';
import { makeFen, parseFen } from '../fen.ts';
import type { Position } from '../position.ts';
import type { VariantKey } from '../types.ts';
import type { VariantModule } from '../variant.ts';
import { JANGGI_TRADITIONAL_RULES, makeJanggi } from '../variants/janggi/index.ts';
import { randomWalk } from './random-play.ts';

/** Random games walked per run (seeds `seed`, `seed + 1`, ...). */
const GAMES_PER_RUN = 40;

/**
 * How each game is walked (seeded random games of so many plies). A game not
 * named here gets DEFAULT_RUN, so a new game needs no line (one may be added
 * where longer games reach more of its rules).
 */
const RUNS: Partial<Record<VariantKey, { readonly plies: number; readonly seed: number }>> = {
  xiangqi: { plies: 120, seed: 1 },
  janggi: { plies: 90, seed: 4 },
  sittuyin: { plies: 90, seed: 2 },
};
const DEFAULT_RUN = { plies: 90, seed: 1 } as const;

export interface DifferentialRun {
  /** The fixture: fixtures/differential/<name>.json. */
  readonly name: string;
  /** Our rules under test, and which set they are. */
  readonly rules: VariantModule<VariantKey>;
  readonly ruleSet: 'house' | 'traditional';
  /**
   * The name the harness gives Fairy-Stockfish (Fairy.legalMoves) and that
   * HOUSE_DIFFERENCES entries name: one of our games (its first house
   * section) or one of FS's own variants.
   */
  readonly fairyVariant: string;
  /** The FS section that plays it, and its ini text; null for FS's built-in variant. */
  readonly section: { readonly name: string; readonly ini: string | null };
  readonly games: number;
  readonly plies: number;
  /** The first game's seed; game g is walked with `seed + g`. */
  readonly seed: number;
}

/** Every game against its house section, then Janggi's traditional rules against FS's janggi without bikjang or counting. */
export const DIFFERENTIAL_RUNS: readonly DifferentialRun[] = [
  ...GAMES.map(
    (g): DifferentialRun => ({
      name: g.key,
      rules: g,
      ruleSet: 'house',
      fairyVariant: g.key,
      section: { name: g.engine.sections[0].name, ini: g.engine.sections[0].ini },
      games: GAMES_PER_RUN,
      ...(RUNS[g.key] ?? DEFAULT_RUN),
    }),
  ),
  {
    name: 'janggi-traditional',
    rules: makeJanggi(JANGGI_TRADITIONAL_RULES),
    ruleSet: 'traditional',
    fairyVariant: 'janggicasual',
    section: { name: 'janggicasual', ini: null },
    games: GAMES_PER_RUN,
    plies: 90,
    seed: 3,
  },
];

/** The positions of a run's seeded walks, in order (clones: each is the position before its move). */
export function walkRun(run: DifferentialRun): Position[] {
  const start = parseFen(run.rules, run.rules.startFen);
  if (!start.ok) throw new Error(start.error.message);
  const positions: Position[] = [];
  for (let g = 0; g < run.games; g++) randomWalk(start.value, run.plies, run.seed + g, (pos) => void positions.push(pos.clone()));
  return positions;
}

/** The FENs of a run's walks, in order. */
export const walkFens = (run: DifferentialRun): string[] => walkRun(run).map(makeFen);

/**
 * A fixture file: a header, then per walked position its FEN and
 * Fairy-Stockfish's legal moves, sorted and packed (packMoves; "" when none).
 */
export interface DifferentialFixture {
  readonly about: string;
  readonly name: string;
  /** Our game and its rule set. */
  readonly game: VariantKey;
  readonly rules: DifferentialRun['ruleSet'];
  /** The engine package and version the moves came from. */
  readonly engine: string;
  /** As DifferentialRun: the harness's name, the FS section and its ini (null: FS's own variant). */
  readonly fairyVariant: string;
  readonly section: string;
  readonly sectionIni: string | null;
  readonly walk: { readonly games: number; readonly plies: number; readonly seed: number };
  readonly count: number;
  readonly positions: readonly (readonly [fen: string, moves: string])[];
}

/** Reads a fixture file's text; throws when its shape is wrong. */
export function parseDifferentialFixture(text: string): DifferentialFixture {
  const f = JSON.parse(text) as DifferentialFixture;
  if (!Array.isArray(f.positions) || f.positions.some((p) => !Array.isArray(p) || typeof p[0] !== 'string' || typeof p[1] !== 'string')) {
    throw new Error(`differential fixture ${f.name}: positions must be [fen, moves] pairs`);
  }
  if (f.positions.length !== f.count) throw new Error(`differential fixture ${f.name}: ${f.positions.length} positions, header says ${f.count}`);
  return f;
}

const SQUARE = '[a-p](?:10|[1-9])';
/** A move in FS notation: its origin (a square, or a drop's `R@`), then its destination and promotion letter. */
const FULL = new RegExp(`^([A-Z]@|${SQUARE})(${SQUARE}[a-z]?)$`);
const REST = new RegExp(`^${SQUARE}[a-z]?$`);

/**
 * A move list as the fixtures keep it (a quarter smaller): space-separated,
 * a move with the previous move's origin written as its destination alone
 * (`h3e3 f3 g3` = `h3e3 h3f3 h3g3`, `R@a1 b1` = `R@a1 R@b1`, `d4d5 d4f` = `d4d5 d4d4f`).
 */
export function packMoves(moves: readonly string[]): string {
  let origin = '';
  return moves
    .map((m) => {
      const parts = FULL.exec(m);
      if (!parts) throw new Error(`not a move in FS notation: ${m}`);
      if (parts[1] === origin) return parts[2]!;
      origin = parts[1]!;
      return m;
    })
    .join(' ');
}

/** The moves packMoves wrote. */
export function unpackMoves(packed: string): string[] {
  if (packed === '') return [];
  let origin = '';
  return packed.split(' ').map((t) => {
    const parts = FULL.exec(t);
    if (parts) {
      origin = parts[1]!;
      return t;
    }
    if (!REST.test(t) || origin === '') throw new Error(`not a packed move: ${t} in ${packed}`);
    return origin + t;
  });
}
