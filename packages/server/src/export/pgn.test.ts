/** PGN export: the Site tag links the game's page; Xiangqi movetext is WXF under the xqbase tags, and reads back to the same moves. */
import { describe, expect, it } from 'vitest';
import { Game, apply, type GameSetup, type MoveEntry } from '@youzai/game';
import { VARIANTS, makeUci, parseFen, xiangqiWxf, type VariantKey } from '@youzai/rules';
import { wireView } from '../service/wire.ts';
import { toPgn } from './pgn.ts';

/** A finished-or-not game of `variant` after `ucis`, as the service would export it. */
function played(variant: VariantKey, ucis: readonly string[]) {
  const setup: GameSetup = { id: 'abc123', variant, fen: null, clock: { kind: 'fischer', baseMs: 300_000, incrementMs: 0 }, rated: false, createdAt: 0 };
  const seats = [
    { userId: 'a', name: 'an', kind: 'human' as const },
    { userId: 'b', name: 'binh', kind: 'human' as const },
  ] as const;
  const c = Game.create(setup, seats, 0);
  if (!c.ok) throw new Error(c.error.message);
  let g = c.value;
  ucis.forEach((uci, i) => {
    const r = apply(g, { type: 'move', by: g.turn, uci, ply: i }, 1000 * (i + 1));
    if (!r.ok) throw new Error(`${uci}: ${r.error.message}`);
    g = r.value.game;
  });
  return { view: wireView(g.view(10_000)), moves: g.moves as readonly MoveEntry[] };
}

const LINE = ['h3e3', 'h10g8', 'h1g3', 'i10h10', 'i1h1', 'b10c8', 'b3b7', 'h8h4'];

describe('PGN export', () => {
  it('Site is the game page, whether PUBLIC_URL ends with a slash or not', () => {
    const g = played('xiangqi', LINE.slice(0, 2));
    expect(toPgn(g.view, g.moves, 'https://club.example')).toContain('[Site "https://club.example/game/abc123"]');
    expect(toPgn(g.view, g.moves, 'https://club.example/')).toContain('[Site "https://club.example/game/abc123"]');
  });

  it('Xiangqi: Game and Format tags first, WXF movetext with "." for sideways moves, coordinates kept in a tag', () => {
    const g = played('xiangqi', LINE);
    const pgn = toPgn(g.view, g.moves, 'http://x');
    const lines = pgn.split('\n');
    expect(lines.slice(0, 3)).toEqual(['[Game "Chinese Chess"]', '[Format "WXF"]', '[Event "Youzai casual Xiangqi game"]']);
    expect(pgn).toContain('[Variant "xiangqi"]');
    expect(pgn).toContain(`[Coordinates "${LINE.join(' ')}"]`);
    const movetext = pgn.slice(pgn.indexOf('\n\n') + 2);
    expect(movetext).toMatch(/^1\. C2\.5 \{\[%clk 0:05:00\]\} H8\+7 \{\[%clk 0:05:00\]\} 2\. H2\+3 /);
    // A reader of WXF gets the very moves back.
    const sans = movetext
      .replace(/\{[^}]*\}/g, '')
      .split(/\s+/)
      .filter((t) => t && !/^\d+\.$/.test(t) && t !== '*');
    expect(sans).toHaveLength(LINE.length);
    const pos = parseFen(VARIANTS.xiangqi, VARIANTS.xiangqi.startFen);
    if (!pos.ok) throw new Error('start');
    let p = pos.value;
    const back = sans.map((san) => {
      const m = xiangqiWxf.parse(p, san);
      if (!m.ok) throw new Error(`${san}: ${m.error.message}`);
      const uci = makeUci(p, m.value);
      p = p.clone();
      p.play(m.value);
      return uci;
    });
    expect(back).toEqual(LINE);
  });

  it('Janggi keeps coordinate movetext (as pychess writes it) and needs no Coordinates tag', () => {
    const g = played('janggi', ['a4b4', 'a7b7']);
    const pgn = toPgn(g.view, g.moves, 'http://x');
    expect(pgn).toMatch(/\n1\. a4b4 \{\[%clk 0:05:00\]\} a7b7/);
    expect(pgn).not.toContain('Coordinates');
    expect(pgn.startsWith('[Event ')).toBe(true);
  });
});
