import { describe, expect, it } from 'vitest';
import { makePiece, parseSquare } from './board.ts';
import { makeFen, parseFen } from './fen.ts';
import { Position } from './position.ts';
import { POSITION_ERROR_CODES, validatePosition, type PositionError } from './setup.ts';
import type { Color, VariantKey } from './types.ts';
import { VARIANTS } from './variants/registry.ts';

/** A setup from pieces by square (`{ e1: 'K', e10: 'k' }`, upper case the first side), a hand and the side to move. */
function setup(key: VariantKey, pieces: Record<string, string>, turn: Color = 0, hand = ''): Position {
  const v = VARIANTS[key];
  const pos = new Position(v);
  const role = (ch: string) => v.roles.findIndex((r) => r?.letter === ch.toLowerCase());
  const color = (ch: string) => (ch === ch.toLowerCase() ? 1 : 0);
  for (const [sq, ch] of Object.entries(pieces)) pos.put(parseSquare(v.geometry, sq), makePiece(color(ch), role(ch)));
  for (const ch of hand) {
    const p = makePiece(color(ch), role(ch));
    pos.setHand(p, pos.hand[p]! + 1);
  }
  pos.setTurn(turn);
  return pos;
}

const problem = (pos: Position): PositionError | null => validatePosition(pos);

describe('validatePosition: Xiangqi', () => {
  it('takes generals on different files, and a piece between facing generals', () => {
    expect(problem(setup('xiangqi', { d1: 'K', e10: 'k' }))).toBeNull();
    expect(problem(setup('xiangqi', { e1: 'K', e10: 'k', e5: 'P' }))).toBeNull();
    expect(problem(setup('xiangqi', { e1: 'K', e10: 'k', e7: 'p' }, 1))).toBeNull();
  });

  it('refuses generals facing on an open file, whoever is to move', () => {
    for (const turn of [0, 1] as const) expect(problem(setup('xiangqi', { e1: 'K', e10: 'k' }, turn))?.code).toBe('position.generals-facing');
    expect(problem(setup('xiangqi', { d2: 'K', d9: 'k' }))?.code).toBe('position.generals-facing');
  });

  it('refuses a general or an advisor outside its palace, naming the square, piece and side', () => {
    expect(problem(setup('xiangqi', { e4: 'K', e10: 'k' }))).toMatchObject({ code: 'position.outside-palace', square: 'e4', role: 'k', side: 0 });
    expect(problem(setup('xiangqi', { d1: 'K', e10: 'k', c10: 'a' }))).toMatchObject({ code: 'position.outside-palace', square: 'c10', role: 'a', side: 1 });
    // The other side's palace is not its own.
    expect(problem(setup('xiangqi', { d1: 'K', e10: 'k', e2: 'k' }))?.code).toBe('position.two-kings');
    expect(problem(setup('xiangqi', { e2: 'k', d8: 'K' }))).toMatchObject({ code: 'position.outside-palace', square: 'e2', side: 1 });
  });

  it('refuses pieces on points they can never reach', () => {
    expect(problem(setup('xiangqi', { d1: 'K', e10: 'k', e6: 'B' }))).toMatchObject({ code: 'position.unreachable', square: 'e6', role: 'b', side: 0 });
    expect(problem(setup('xiangqi', { d1: 'K', e10: 'k', d2: 'A' }))).toMatchObject({ code: 'position.unreachable', square: 'd2', role: 'a' });
    expect(problem(setup('xiangqi', { d1: 'K', e10: 'k', e2: 'P' }))).toMatchObject({ code: 'position.unreachable', square: 'e2', role: 'p' });
    expect(problem(setup('xiangqi', { d1: 'K', e10: 'k', b5: 'P' }))).toMatchObject({ code: 'position.unreachable', square: 'b5' });
    expect(problem(setup('xiangqi', { d1: 'K', e10: 'k', b6: 'P', e8: 'b' }))).toBeNull();
  });

  it('refuses a side without a general, with two, or with too many of a kind', () => {
    expect(problem(setup('xiangqi', { d1: 'K' }))).toMatchObject({ code: 'position.no-king', side: 1, role: 'k' });
    expect(problem(setup('xiangqi', { d1: 'K', f1: 'K', e10: 'k' }))).toMatchObject({ code: 'position.two-kings', side: 0 });
    expect(problem(setup('xiangqi', { d1: 'K', e10: 'k', a1: 'R', a2: 'R', a3: 'R' }))).toMatchObject({
      code: 'position.too-many',
      side: 0,
      role: 'r',
      count: 3,
      max: 2,
    });
  });

  it('refuses the side not to move in check, and takes the side to move in check', () => {
    expect(problem(setup('xiangqi', { d1: 'K', e10: 'k', e5: 'R' }, 0))).toMatchObject({ code: 'position.opponent-in-check', side: 1 });
    expect(problem(setup('xiangqi', { d1: 'K', e10: 'k', e5: 'R' }, 1))).toBeNull();
  });
});

describe('validatePosition: Janggi', () => {
  it('lets the generals face each other', () => {
    expect(problem(setup('janggi', { e2: 'K', e9: 'k' }))).toBeNull();
  });

  it('refuses a general or a guard outside its palace', () => {
    expect(problem(setup('janggi', { e4: 'K', e9: 'k' }))).toMatchObject({ code: 'position.outside-palace', square: 'e4', role: 'k', side: 0 });
    expect(problem(setup('janggi', { e2: 'K', e9: 'k', a7: 'a' }))).toMatchObject({ code: 'position.outside-palace', square: 'a7', role: 'a', side: 1 });
  });

  it('refuses a soldier behind the ranks it starts on, and takes an elephant anywhere', () => {
    expect(problem(setup('janggi', { e2: 'K', e9: 'k', a2: 'P' }))).toMatchObject({ code: 'position.unreachable', square: 'a2', role: 'p', side: 0 });
    expect(problem(setup('janggi', { e2: 'K', e9: 'k', e5: 'B', a6: 'b' }))).toBeNull();
  });

  it('refuses too many of a kind, a missing general, and the side not to move in check', () => {
    expect(problem(setup('janggi', { e2: 'K', e9: 'k', a1: 'c', a2: 'c', a3: 'c' }))).toMatchObject({ code: 'position.too-many', role: 'c', side: 1 });
    expect(problem(setup('janggi', { e9: 'k' }))).toMatchObject({ code: 'position.no-king', side: 0 });
    expect(problem(setup('janggi', { d1: 'K', e9: 'k', e5: 'R' }))).toMatchObject({ code: 'position.opponent-in-check', side: 1 });
    expect(problem(setup('janggi', { d1: 'K', e9: 'k', e5: 'R' }, 1))).toBeNull();
  });
});

describe('validatePosition: Sittuyin', () => {
  it('takes the start of the placement and a finished placement', () => {
    const start = parseFen(VARIANTS.sittuyin, VARIANTS.sittuyin.startFen);
    expect(start.ok && problem(start.value)).toBeNull();
    expect(problem(setup('sittuyin', { e1: 'K', a2: 'R', d8: 'k' }))).toBeNull();
  });

  it('refuses a placement that does not fit the side to move', () => {
    expect(problem(setup('sittuyin', { a3: 'P' }, 1, 'KFkf'))).toMatchObject({ code: 'position.placement-turn', side: 1 });
    expect(problem(setup('sittuyin', { a1: 'K' }, 0, 'Fkf'))?.code).toBe('position.placement-turn');
    expect(problem(setup('sittuyin', { a1: 'K' }, 1, 'Fkf'))).toBeNull();
  });

  it('refuses a piece placed outside its rows, and a rook off the back rank, while placing', () => {
    expect(problem(setup('sittuyin', { d4: 'K' }, 1, 'Fkf'))).toMatchObject({ code: 'position.placement-zone', square: 'd4', role: 'k', side: 0 });
    expect(problem(setup('sittuyin', { a2: 'R' }, 1, 'KFkf'))).toMatchObject({ code: 'position.placement-zone', square: 'a2', role: 'r' });
  });

  it('refuses a pawn where it can never go, too many of a kind, no king, and the side not to move in check', () => {
    expect(problem(setup('sittuyin', { e1: 'K', d8: 'k', a2: 'P' }))).toMatchObject({ code: 'position.unreachable', square: 'a2', role: 'p' });
    expect(problem(setup('sittuyin', { e1: 'K', d8: 'k', a1: 'R', b1: 'R' }, 0, 'R'))).toMatchObject({ code: 'position.too-many', role: 'r', count: 3 });
    expect(problem(setup('sittuyin', { e1: 'K' }))).toMatchObject({ code: 'position.no-king', side: 1 });
    expect(problem(setup('sittuyin', { e1: 'K', e8: 'k', e4: 'R' }))).toMatchObject({ code: 'position.opponent-in-check', side: 1 });
  });
});

describe('validatePosition and parseFen agree', () => {
  it('parseFen refuses a position with the same code as validatePosition', () => {
    const pos = setup('xiangqi', { e1: 'K', e10: 'k' });
    const r = parseFen(VARIANTS.xiangqi, makeFen(pos));
    expect(r.ok ? null : r.error.code).toBe('position.generals-facing');
  });

  it('every code has a message', () => {
    expect(new Set(POSITION_ERROR_CODES).size).toBe(POSITION_ERROR_CODES.length);
    const p = problem(setup('xiangqi', { e4: 'K', e10: 'k' }));
    expect(p?.message).toMatch(/e4/);
  });
});
