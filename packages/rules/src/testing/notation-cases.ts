import { parseFen } from '../fen.ts';
import type { Notation } from '../notation.ts';
import type { Position } from '../position.ts';
import { makeUci, parseUci } from '../uci.ts';
import type { VariantModule } from '../variant.ts';

/** A notation test's helpers for one game and notation. */
export interface NotationCases {
  /** The position of a FEN (of `v`, default the game's); throws on a bad one. */
  at(fen: string, v?: VariantModule): Position;
  start(): Position;
  /** A UCI move as the notation writes it. */
  print(pos: Position, uci: string): string;
  /** A text as the notation reads it, in UCI, or the error code. */
  read(pos: Position, text: string): string;
}

export function notationCases(variant: VariantModule, notation: Notation): NotationCases {
  const at = (fen: string, v: VariantModule = variant): Position => {
    const r = parseFen(v, fen);
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  };
  return {
    at,
    start: () => at(variant.startFen),
    print(pos, uci) {
      const r = parseUci(pos, uci);
      if (!r.ok) throw new Error(`${uci}: ${r.error.message}`);
      return notation.make(pos, r.value);
    },
    read(pos, text) {
      const r = notation.parse(pos, text);
      return r.ok ? makeUci(pos, r.value) : r.error.code;
    },
  };
}
