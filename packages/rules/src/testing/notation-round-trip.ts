import { makeUci } from '../uci.ts';
import { legalMoveList, type Notation } from '../notation.ts';
import type { Move } from '../move.ts';
import type { Position } from '../position.ts';

/**
 * For every legal move of every position: printing then reading gives the move
 * back, and no two legal moves print alike. Throws on the first failure;
 * returns how many moves were checked and every text printed.
 */
export function roundTrip(notation: Notation, positions: readonly Position[]): { moves: number; texts: Set<string> } {
  let moves = 0;
  const texts = new Set<string>();
  for (const pos of positions) {
    const seen = new Map<string, Move>();
    for (const m of legalMoveList(pos)) {
      const text = notation.make(pos, m);
      const clash = seen.get(text);
      if (clash !== undefined) throw new Error(`${text} prints both ${makeUci(pos, clash)} and ${makeUci(pos, m)}`);
      seen.set(text, m);
      const back = notation.parse(pos, text);
      if (!back.ok || back.value !== m) {
        throw new Error(`${makeUci(pos, m)} → ${text} → ${back.ok ? makeUci(pos, back.value) : back.error.code}`);
      }
      texts.add(text);
      moves++;
    }
  }
  return { moves, texts };
}
