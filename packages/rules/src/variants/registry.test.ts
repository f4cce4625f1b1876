import { describe, expect, it } from 'vitest';
import { EMPTY, MAX_ROLE, OFF, makePiece, pieceColor, pieceRole } from '../board.ts';
import { makeFen, parseFen } from '../fen.ts';
import { KIND_DROP, KIND_PROMOTE, dropMove, moveFrom, moveKind, moveRole, moveTo, promoteMove } from '../move.ts';
import { legalUcis, parseUci } from '../uci.ts';
import type { RoleInfo, VariantModule } from '../variant.ts';
import { VARIANTS, checkRoles } from './registry.ts';

const extra = (letter: string): RoleInfo => ({ letter, name: `extra ${letter}`, max: 1, attacking: true, value: 100 });

/** Sittuyin with two more kinds of piece (role ids 8 and 9), dropped as its pieces are: nine kinds, as many as no game of the club has. */
const wide: VariantModule = {
  ...VARIANTS.sittuyin,
  key: 'wide',
  roles: [...VARIANTS.sittuyin.roles, extra('y'), extra('z')],
  handOrder: [...VARIANTS.sittuyin.handOrder!, 8, 9],
};

describe('role ids beyond 7', () => {
  it('every role id up to MAX_ROLE survives a piece code and a move, for both sides', () => {
    expect(MAX_ROLE).toBeGreaterThanOrEqual(8); // Manchu chess has 8 kinds of piece
    const codes = new Set<number>();
    for (const c of [0, 1] as const)
      for (let r = 1; r <= MAX_ROLE; r++) {
        const p = makePiece(c, r);
        expect([pieceColor(p), pieceRole(p)]).toEqual([c, r]);
        expect(p === EMPTY || p === OFF).toBe(false);
        codes.add(p);
        const drop = dropMove(r, 200);
        expect([moveKind(drop), moveRole(drop), moveTo(drop)]).toEqual([KIND_DROP, r, 200]);
        const promo = promoteMove(255, 17, r);
        expect([moveKind(promo), moveRole(promo), moveFrom(promo), moveTo(promo)]).toEqual([KIND_PROMOTE, r, 255, 17]);
      }
    expect(codes.size).toBe(2 * MAX_ROLE);
  });

  it('a game with nine kinds of piece reads and writes them, drops its ninth and takes the drop back', () => {
    const fen = '8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNYZkfrrssnnyz] w - - 0 1';
    const read = parseFen(wide, fen);
    if (!read.ok) throw new Error(read.error.message);
    const pos = read.value;
    expect(makeFen(pos)).toBe(fen);
    const key = pos.key();
    const drop = legalUcis(pos).find((u) => u.startsWith('Z@'));
    expect(drop).toBeDefined();
    const m = parseUci(pos, drop!);
    if (!m.ok) throw new Error(m.error.message);
    pos.make(m.value);
    expect(pos.board[moveTo(m.value)]).toBe(makePiece(0, 9));
    expect(makeFen(pos)).toContain('[KFRRSSNNYkfrrssnnyz]');
    expect(pos.key()).not.toBe(key);
    pos.unmake();
    expect(pos.key()).toBe(key);
    expect(makeFen(pos)).toBe(fen);
  });

  it('a game with more kinds of piece than a piece code holds is refused, with a message that says why', () => {
    expect(() => checkRoles(wide)).not.toThrow();
    const roles = [undefined, ...Array.from({ length: MAX_ROLE + 1 }, (_, i) => extra(String.fromCharCode(97 + i)))];
    expect(() => checkRoles({ ...wide, key: 'toowide', roles })).toThrow(
      `toowide: role ids go up to ${MAX_ROLE + 1}, but a piece code holds role ids 1..${MAX_ROLE}`,
    );
  });
});
