import { VARIANT_KEYS, VARIANTS, legalUcis, makeFen } from '@youzai/rules';
import { describe, expect, it } from 'vitest';
import { startReferee } from './referees.ts';

describe('startReferee', () => {
  it.each(VARIANT_KEYS)('%s: each new game gets a referee of its own at the start, untouched by the moves of an earlier one', (key) => {
    const first = startReferee(key);
    if (!first.ok) throw new Error(first.error.message);
    const fresh = { fen: makeFen(first.value.pos), state: first.value.state(), moves: legalUcis(first.value.pos) };
    expect(fresh.fen).toBe(VARIANTS[key].startFen);
    // The first game moves on: a placement game's first drop, or a move.
    expect(first.value.play(fresh.moves[0]!).ok).toBe(true);
    const second = startReferee(key);
    if (!second.ok) throw new Error(second.error.message);
    expect(second.value).not.toBe(first.value);
    expect(second.value.ply).toBe(0);
    expect({ fen: makeFen(second.value.pos), state: second.value.state(), moves: legalUcis(second.value.pos) }).toEqual(fresh);
    expect(makeFen(first.value.pos)).not.toBe(fresh.fen);
  });

  it('a game from another position is judged from that position', () => {
    const fen = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1';
    const r = startReferee('xiangqi', fen);
    expect(r.ok && makeFen(r.value.pos)).toBe(fen);
    expect(startReferee('xiangqi', 'not a fen').ok).toBe(false);
  });

  it.each(VARIANT_KEYS)('%s: a clone taken mid-game has the same state, verdict and history, and plays on alone', (key) => {
    const r = startReferee(key);
    if (!r.ok) throw new Error(r.error.message);
    const ref = r.value;
    for (let i = 0; i < 6; i++) expect(ref.play(legalUcis(ref.pos)[i % 3]!).ok).toBe(true);
    const copy = ref.clone();
    const seen = { fen: makeFen(ref.pos), state: ref.state(), verdict: ref.verdict, ply: ref.ply };
    expect({ fen: makeFen(copy.pos), state: copy.state(), verdict: copy.verdict, ply: copy.ply }).toEqual(seen);
    expect(copy.play(legalUcis(copy.pos)[0]!).ok).toBe(true);
    expect({ fen: makeFen(ref.pos), state: ref.state(), verdict: ref.verdict, ply: ref.ply }).toEqual(seen);
    expect(copy.ply).toBe(seen.ply + 1);
  });
});
