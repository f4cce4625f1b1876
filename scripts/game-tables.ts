/**
 * The tables every package derives from the game descriptors, and the check
 * that a game reaches each of them. scripts/games.test.ts runs the check
 * over the club's games against the tables the club ships;
 * scripts/adding-a-game.test.ts over a throwaway game, against tables built
 * by the same functions from the club's games and that one
 * (docs/adding-a-game.md). The check names every table a game is missing
 * from, so a new per-game table belongs here too.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { HOUSE_INI } from '@youzai/engine';
import { startReferee, type Referee } from '@youzai/game';
import { CreateGame, POOLS, decodeClientMessage, type PoolSpec } from '@youzai/protocol';
import { isVariantKey, poolId, type VariantModule } from '@youzai/rules';
import { match, type Match } from '../packages/web/src/app/router.ts';
import { artCss, artFiles } from '../packages/web/src/board/art.ts';
import { coordLabels } from '../packages/web/src/board/coords.ts';
import { boardLayout } from '../packages/web/src/board/layout.ts';
import { en } from '../packages/web/src/i18n/en.ts';
import { gameTextKeys } from '../packages/web/src/i18n/game-keys.ts';
import { vi } from '../packages/web/src/i18n/vi.ts';
import { COURSES } from '../packages/web/src/learn/courses/index.ts';
import { RULES_PAGES, type RulesDoc } from '../packages/web/src/rules-pages/index.ts';

export const ASSETS = fileURLToPath(new URL('../packages/web/src/assets/', import.meta.url));

/** The pages about one game, each at `/<page>/<key>`. */
export const GAME_PAGES = ['leaderboard', 'solo', 'rules', 'puzzles'] as const;

export type Texts = Readonly<Record<string, string>>;

export interface GameTables {
  /** protocol: the quick-pairing pools, and whether the socket decoder accepts a pool id. */
  readonly pools: readonly PoolSpec<string>[];
  readonly acceptsPool: (id: string) => boolean;
  /** protocol: whether the create-game body accepts the game's key. */
  readonly acceptsGame: (key: string) => boolean;
  /** engine: the one Fairy-Stockfish ini. */
  readonly ini: string;
  /** web: the router. */
  readonly route: (path: string) => Match;
  /** web: the texts, Vietnamese and English. */
  readonly texts: { readonly vi: Texts; readonly en: Texts };
  /** web: the rules pages. */
  readonly rulesPages: Readonly<Record<string, { readonly vi: RulesDoc; readonly en: RulesDoc } | undefined>>;
  /** web: the Learn course of each game; here only which piece each lesson teaches (the lessons' own test proves them solvable). */
  readonly courses: Readonly<Record<string, { readonly lessons: readonly { readonly role?: string }[] } | undefined>>;
  /** web: whether an art file (a path under packages/web/src/assets/) exists. */
  readonly hasArt: (file: string) => boolean;
  /** game: the referee of a new game from its start position, or why there is none. */
  readonly referee: (g: VariantModule) => Referee | string;
}

/** The tables as the club ships them. */
export const CLUB_TABLES: GameTables = {
  pools: POOLS,
  acceptsPool: (pool) => decodeClientMessage(JSON.stringify({ t: 'pool-join', id: 1, pool })).ok,
  acceptsGame: (variant) => CreateGame.safeParse({ variant, clock: { kind: 'fischer', minutes: 5, increment: 3 }, opponent: { type: 'invite' } }).success,
  ini: HOUSE_INI,
  route: (path) => match(path),
  texts: { vi, en },
  rulesPages: RULES_PAGES,
  courses: COURSES,
  hasArt: (file) => existsSync(`${ASSETS}${file}`),
  referee: (g) => {
    if (!isVariantKey(g.key)) return `${g.key} is not in the registry`;
    const r = startReferee(g.key);
    return r.ok ? r.value : r.error.message;
  },
};

/** Every derived table `g` is missing from (or wrong in), one line each; empty when it reaches them all. */
export function missing(g: VariantModule, t: GameTables): string[] {
  const out: string[] = [];
  const key = g.key;

  const pools = t.pools.filter((p) => p.variant === key).map((p) => p.id);
  const want = g.clocks.pools.map((c) => poolId(key, c));
  if (pools.join() !== want.join()) out.push(`protocol: pools [${pools.join(', ')}], the descriptor offers [${want.join(', ')}]`);
  for (const id of want) if (!t.acceptsPool(id)) out.push(`protocol: the socket decoder refuses pool ${id}`);
  if (!t.acceptsGame(key)) out.push(`protocol: a new game of ${key} is refused`);

  for (const s of g.engine.sections) if (!t.ini.includes(`[${s.name}:`)) out.push(`engine: no section [${s.name}] in the house ini`);

  for (const page of GAME_PAGES) {
    const m = t.route(`/${page}/${key}`);
    if (m.name !== page || m.params.variant !== key) out.push(`web: the router does not send /${page}/${key} to its page`);
  }

  for (const k of gameTextKeys(g)) {
    if (!t.texts.vi[k]) out.push(`web: no Vietnamese text ${k}`);
    if (!t.texts.en[k]) out.push(`web: no English text ${k}`);
  }
  const page = t.rulesPages[key];
  if (!page?.vi.sections.length || !page.en.sections.length) out.push(`web: no rules page in both languages`);
  const taught = new Set(t.courses[key]?.lessons.map((l) => l.role));
  for (const r of g.roles) if (r && !taught.has(r.letter)) out.push(`web: no Learn lesson for the ${r.name} (${r.letter})`);

  const art = artFiles(g);
  for (const f of [art.board, ...art.pieces.map((p) => p.file)]) if (!t.hasArt(f)) out.push(`web: no art ${f}`);
  try {
    if (!artCss(g, g.board.pieceSets[0], (f) => (t.hasArt(f) ? `/assets/${f}` : undefined)).includes(`.yz-${key} piece.k-piece.white`))
      out.push('web: no art CSS for its pieces');
  } catch {
    // The missing files are listed above.
  }

  const layout = boardLayout(g);
  if (layout.files !== g.geometry.files || layout.ranks !== g.geometry.ranks) out.push(`web: the board is ${layout.files}×${layout.ranks}`);
  if (layout.pocketRoles.length > 0 !== g.hasHand) out.push(`web: pockets ${layout.pocketRoles.length > 0 ? 'shown' : 'missing'}`);

  for (const o of ['white', 'black'] as const) {
    const c = coordLabels(g, o);
    const files = [c.top, c.bottom].filter((l) => l.length > 0);
    const ranks = [c.left, c.right].filter((l) => l.length > 0);
    if (files.length === 0 || files.some((l) => l.length !== g.geometry.files || new Set(l).size !== l.length))
      out.push(`web: no file coordinates (${o} at the bottom)`);
    if (ranks.some((l) => l.length !== g.geometry.ranks || new Set(l).size !== l.length))
      out.push(`web: rank coordinates are not one per rank (${o} at the bottom)`);
  }

  const ref = t.referee(g);
  if (typeof ref === 'string') out.push(`game: no referee (${ref})`);
  else if (ref.variant !== g || ref.ply !== 0 || ref.verdict) out.push('game: the referee does not start the game');
  return out;
}
