/**
 * The house rules as far as Fairy-Stockfish 1.1.12 can be told them: one
 * variants.ini assembled from every game's `engine.sections` (each game's
 * descriptor in packages/rules), written to the engine's in-memory filesystem
 * and selected with `setoption name VariantPath value /house.ini`. The
 * computer (fairy-engine.ts) and the rules' test harness (differential fixtures,
 * perft fixtures, bench:perft) load this one file through fairy-stockfish.ts.
 * What FS cannot express is listed in README.md ("Where the engine's rules
 * differ") and packages/rules/scripts/fairy/HOUSE-DIFFERENCES.md; the root
 * move is always restricted to our own legal moves (`go searchmoves`), so a
 * difference can only make the engine misjudge a line, never play a move our
 * rules reject.
 */
import { GAMES, type VariantModule } from '@youzai/rules';

export const HOUSE_INI_PATH = '/house.ini';

/** The ini for these games: their sections in order, one blank line apart. */
export function houseIni(games: readonly VariantModule[]): string {
  const sections = games.flatMap((g) => g.engine.sections);
  const names = sections.map((s) => s.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw new Error(`house ini: section ${twice} is defined twice`);
  for (const s of sections) {
    if (!s.ini.startsWith(`[${s.name}:`)) throw new Error(`house ini: section ${s.name} must start with [${s.name}:base]`);
  }
  return `${sections.map((s) => s.ini.trim()).join('\n\n')}\n`;
}

export const HOUSE_INI = houseIni(GAMES);
