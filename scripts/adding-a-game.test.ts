/**
 * docs/adding-a-game.md, followed for a throwaway game: Demo Xiangqi, whose
 * folder (packages/rules/src/testing/demoxiangqi/) is written as the guide's
 * step 1 writes a game's. The club's registry is a constant, so "registering"
 * it here builds every derived table with the club's own functions from the
 * club's games and this one (the first test checks the club's tables are
 * exactly those functions of its games); its texts, rules page and art are
 * the ones the guide asks for, kept in this file and a temporary folder.
 * The check of scripts/game-tables.ts then finds it in every table, and
 * names each table it is missing from before it is added.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUSE_INI, houseIni } from '@youzai/engine';
import { BasicReferee, REFEREES } from '@youzai/game';
import { POOLS, poolsOf } from '@youzai/protocol';
import { GAMES, VARIANT_KEYS, legalUcis, makeFen, parseFen, perft, randomWalk, type Position, type VariantKey, type VariantModule } from '@youzai/rules';
import { Fairy } from '../packages/rules/scripts/fairy/fairy.ts';
import { demoxiangqi } from '../packages/rules/src/testing/demoxiangqi/index.ts';
import { roundTrip } from '../packages/rules/src/testing/notation-round-trip.ts';
import { CLIENT_PATHS, match, routeTable } from '../packages/web/src/app/router.ts';
import { artFiles } from '../packages/web/src/board/art.ts';
import { boardLayout } from '../packages/web/src/board/layout.ts';
import { en } from '../packages/web/src/i18n/en.ts';
import { vi } from '../packages/web/src/i18n/vi.ts';
import { COURSES } from '../packages/web/src/learn/courses/index.ts';
import { RULES_PAGES, type RulesDoc } from '../packages/web/src/rules-pages/index.ts';
import { ASSETS, CLUB_TABLES, missing, type GameTables } from './game-tables.ts';

const demo = demoxiangqi;
const games: readonly VariantModule[] = [...GAMES, demo];

function start(v: VariantModule, fen = v.startFen): Position {
  const p = parseFen(v, fen);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
}

// Step 6: texts, in vi.ts and en.ts for a real game.
const TEXTS = {
  vi: {
    'variant.demoxiangqi': 'Cờ tướng mẫu',
    'variant.demoxiangqi.long': 'Cờ tướng mẫu (bàn 7×7)',
    'side.demoxiangqi.0': 'Đỏ',
    'side.demoxiangqi.1': 'Đen',
    'role.demoxiangqi.k': 'Tướng',
    'role.demoxiangqi.n': 'Mã',
    'role.demoxiangqi.r': 'Xe',
    'role.demoxiangqi.c': 'Pháo',
    'role.demoxiangqi.p': 'Tốt',
    'notation.demoxiangqi-algebraic': 'Ký hiệu tọa độ',
  },
  en: {
    'variant.demoxiangqi': 'Demo Xiangqi',
    'variant.demoxiangqi.long': 'Demo Xiangqi (7×7 board)',
    'side.demoxiangqi.0': 'Red',
    'side.demoxiangqi.1': 'Black',
    'role.demoxiangqi.k': 'General',
    'role.demoxiangqi.n': 'Horse',
    'role.demoxiangqi.r': 'Chariot',
    'role.demoxiangqi.c': 'Cannon',
    'role.demoxiangqi.p': 'Soldier',
    'notation.demoxiangqi-algebraic': 'Algebraic',
  },
};

// Step 6: the rules page (packages/web/src/rules-pages/<key>.ts for a real game).
const page = (lang: 'vi' | 'en'): RulesDoc => ({
  title: lang === 'vi' ? 'Luật cờ tướng mẫu' : 'Demo Xiangqi rules',
  intro: lang === 'vi' ? 'Bàn 7×7, không có sông, Sĩ hay Tượng.' : 'A 7×7 board without river, advisors or elephants.',
  sections: [
    {
      id: 'pieces',
      heading: lang === 'vi' ? 'Quân' : 'Pieces',
      paragraphs: [lang === 'vi' ? 'Tốt đi thẳng hoặc ngang.' : 'Soldiers step forward or sideways.'],
    },
  ],
});

// Step 5: the art, in packages/web/src/assets/ for a real game (here Xiangqi's, copied under the new key).
let art: string;
beforeAll(() => {
  art = mkdtempSync(join(tmpdir(), 'youzai-demoxiangqi-'));
  const { board, pieces } = artFiles(demo);
  const copy = (to: string, from: string) => {
    mkdirSync(dirname(join(art, to)), { recursive: true });
    copyFileSync(join(ASSETS, from), join(art, to));
  };
  copy(board, 'boards/xiangqi.svg');
  for (const p of pieces) copy(p.file, `pieces/xiangqi/${p.set}/${p.color}-${p.letter}.svg`);
});
afterAll(() => {
  if (art) rmSync(art, { recursive: true, force: true });
});

/** Step 2, registering: every derived table built from the club's games and the new one, by the functions the club builds its own with. */
function registered(): GameTables {
  const pools = poolsOf(games);
  const routes = routeTable(games.map((g) => g.key));
  return {
    pools,
    // The socket decoder accepts exactly the ids of POOLS (z.enum(POOL_IDS)).
    acceptsPool: (id) => pools.some((p) => p.id === id),
    // The create-game body accepts the keys of the registry (z.enum(VARIANT_KEYS)).
    acceptsGame: (key) => games.some((g) => g.key === key),
    ini: houseIni(games),
    route: (path) => match(path, routes),
    texts: { vi: { ...vi, ...TEXTS.vi }, en: { ...en, ...TEXTS.en } },
    rulesPages: { ...RULES_PAGES, demoxiangqi: { vi: page('vi'), en: page('en') } },
    // Step 6's Learn course: a lesson per piece (packages/web/src/learn/courses/).
    courses: { ...COURSES, demoxiangqi: { lessons: demo.roles.flatMap((r) => (r ? [{ role: r.letter }] : [])) } },
    hasArt: (file) => existsSync(join(ASSETS, file)) || existsSync(join(art, file)),
    // Step 3: no referee of its own, so BasicReferee judges it from the descriptor's end rules, as startReferee does.
    referee: (g) => (g.key in REFEREES ? CLUB_TABLES.referee(g) : BasicReferee.start(start(g))),
  };
}

describe('adding a game (docs/adding-a-game.md), followed for Demo Xiangqi', () => {
  it("the club's tables are the derivations this test applies, of the club's games", () => {
    expect(POOLS).toEqual(poolsOf(GAMES));
    expect(HOUSE_INI).toBe(houseIni(GAMES));
    expect(CLIENT_PATHS.map(String)).toEqual(routeTable(VARIANT_KEYS).map((r) => String(r[1])));
    for (const g of GAMES) expect(missing(g, registered()), g.key).toEqual([]);
  });

  it('a game missing from the tables is named in each, so the check can fail', () => {
    // Not registered at all: every table misses it.
    const out = missing(demo, CLUB_TABLES);
    for (const table of [
      'protocol: pools',
      'protocol: the socket decoder',
      'protocol: a new game',
      'engine:',
      'web: the router',
      'web: no Vietnamese text',
      'web: no English text',
      'web: no rules page',
      'web: no Learn lesson',
      'web: no art',
      'game: no referee',
    ])
      expect(
        out.some((l) => l.startsWith(table)),
        table,
      ).toBe(true);
    // Registered, but without its art, texts and rules page (steps 5 and 6 skipped).
    const bare = missing(demo, {
      ...registered(),
      texts: CLUB_TABLES.texts,
      rulesPages: CLUB_TABLES.rulesPages,
      courses: CLUB_TABLES.courses,
      hasArt: CLUB_TABLES.hasArt,
    });
    expect(bare).toContain('web: no Vietnamese text role.demoxiangqi.c');
    expect(bare).toContain('web: no rules page in both languages');
    expect(bare).toContain('web: no Learn lesson for the chariot (r)');
    expect(bare).toContain('web: no art pieces/demoxiangqi/traditional/black-p.svg');
    expect(bare.some((l) => l.startsWith('protocol') || l.startsWith('engine') || l.startsWith('game'))).toBe(false);
  });

  it('once registered with its texts, rules page and art, it reaches every derived table', () => {
    expect(missing(demo, registered())).toEqual([]);
    const t = registered();
    expect(t.pools.filter((p) => p.variant === 'demoxiangqi').map((p) => p.id)).toEqual(['demoxiangqi-3+2']);
    expect(t.route('/solo/demoxiangqi')).toEqual({ name: 'solo', params: { variant: 'demoxiangqi' } });
    expect(boardLayout(demo)).toEqual({ files: 7, ranks: 7, pocketRoles: [], grid: 'points', fit: 1 });
  });

  it('step 3: BasicReferee ends its games from the descriptor (checkmate, named with its sides)', () => {
    const ref = BasicReferee.start(start(demo, '3k3/R6/7/7/7/7/1R2K2 w - - 0 1'));
    expect(ref.play('b1b7').ok).toBe(true);
    expect(ref.verdict).toMatchObject({ reason: 'checkmate', winner: 0, code: 'checkmate', params: { side: 1, other: 0 } });
  });

  it('step 1: its notation prints every legal move and reads it back', () => {
    const positions: Position[] = [];
    for (let g = 0; g < 4; g++) randomWalk(start(demo), 40, 10 + g, (pos) => void positions.push(pos.clone()));
    expect(roundTrip(demo.notations[0]!, positions).moves).toBeGreaterThan(1000);
  });

  describe('step 4: its rules against Fairy-Stockfish, playing its section of the assembled house ini', () => {
    let fairy: Fairy;
    beforeAll(async () => {
      fairy = await Fairy.create(houseIni(games));
    });
    afterAll(async () => {
      await fairy?.quit();
    });

    it('perft from the start agrees', async () => {
      const section = demo.engine.sections[0].name;
      for (let depth = 1; depth <= 3; depth++)
        expect(perft(start(demo), depth), `depth ${depth}`).toBe((await fairy.perft(section, demo.startFen, depth)).nodes);
    });

    it('legal moves agree in positions of random games', async () => {
      const section = demo.engine.sections[0].name;
      const positions: Position[] = [];
      for (let g = 0; g < 6; g++) randomWalk(start(demo), 60, g + 1, (pos) => void positions.push(pos.clone()));
      const differ: string[] = [];
      for (const pos of positions) {
        const fen = makeFen(pos);
        if ((await fairy.legalMoves(section, fen)).join() !== legalUcis(pos).sort().join()) differ.push(fen);
      }
      expect(differ).toEqual([]);
      expect(positions.length).toBeGreaterThan(300);
    });
  });
});

// The key is not the club's: no package but this test knows the game.
it('Demo Xiangqi is not a game of the club', () => {
  expect((VARIANT_KEYS as readonly string[]).includes(demo.key)).toBe(false);
  expect(GAMES.map((g) => g.key as VariantKey)).toEqual([...VARIANT_KEYS]);
});
