import { describe, expect, it, vi } from 'vitest';
import { legalUcis, parseFen, parseUci, VARIANTS } from '@youzai/rules';
import { moveChoices } from './keys.ts';
import { LegalMoves } from './legal-moves.ts';

const start = () => {
  const r = parseFen(VARIANTS.xiangqi, VARIANTS.xiangqi.startFen);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe("the board's legal moves", () => {
  it('are generated once per position however often the page draws it', () => {
    const legal = vi.fn(legalUcis);
    const moves = new LegalMoves(legal);
    const pos = start();
    const first = moves.at(pos);
    expect(first).toEqual(moveChoices(legalUcis(pos)));
    // Redraws of the same position, also from another Position object (a full frame rebuilds the history).
    for (let i = 0; i < 20; i++) expect(moves.at(i % 2 ? pos : start())).toBe(first);
    expect(legal).toHaveBeenCalledTimes(1);
    // A move: the next position's moves, generated once.
    const next = pos.clone();
    const m = parseUci(next, 'h3e3');
    if (!m.ok) throw new Error(m.error.message);
    next.play(m.value);
    const second = moves.at(next);
    expect(second).toEqual(moveChoices(legalUcis(next)));
    expect(second).not.toEqual(first);
    for (let i = 0; i < 20; i++) moves.at(next);
    expect(legal).toHaveBeenCalledTimes(2);
  });
});
