import { describe, expect, it } from 'vitest';
import { parseFen } from './fen.ts';
import { VARIANTS } from './variants/registry.ts';
import { VARIANT_KEYS } from './types.ts';
import { prng, walkPositions } from './testing/random-play.ts';
import { makeUci, parseUci, writes } from './uci.ts';

describe('uci', () => {
  it('writes(pos, m, text) answers makeUci(pos, m) === text, for every legal move against every move text of the position and near misses', () => {
    let checked = 0;
    const wrong: string[] = [];
    for (const key of VARIANT_KEYS) {
      const start = parseFen(VARIANTS[key], VARIANTS[key].startFen);
      if (!start.ok) throw new Error(start.error.message);
      for (let seed = 1; seed <= 1; seed++) {
        for (const pos of walkPositions(start.value, 50, prng(seed))) {
          const moves = new Int32Array(512);
          const n = pos.legalMoves(moves);
          const texts = Array.from(moves.subarray(0, n), (m) => makeUci(pos, m));
          const near = texts.flatMap((t) => [t.slice(0, -1), `${t}q`, `${t}f`, t.slice(1), `a${t}`, `${t.slice(0, 2)}10`]);
          for (let i = 0; i < n; i++) {
            for (const text of [...texts, ...near]) {
              if (writes(pos, moves[i]!, text) !== (makeUci(pos, moves[i]!) === text)) wrong.push(`${key} ${makeUci(pos, moves[i]!)} ${text}`);
              checked++;
            }
          }
          // parseUci finds each move by its text, as before.
          for (let i = 0; i < n; i++) {
            const r = parseUci(pos, texts[i]!);
            if (!r.ok || r.value !== moves[i]) wrong.push(`${key} parseUci ${texts[i]}`);
          }
        }
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(checked).toBeGreaterThan(20_000);
  });
});
