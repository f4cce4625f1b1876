import { beforeAll, describe, expect, it } from 'vitest';
import { VARIANTS } from '@youzai/rules';
import { loadLang, setLang } from '../i18n/index.ts';
import {
  addToHand,
  canAnalyse,
  canPlay,
  clear,
  clickSquare,
  editorPath,
  flip,
  fromFen,
  fromUrl,
  handPiecesOf,
  movePiece,
  piecesOf,
  place,
  readColor,
  remove,
  sameTool,
  setBoard,
  setTool,
  setTurn,
  sideOf,
  startBody,
  startState,
  takeFromHand,
  toFen,
  toStart,
  typedEdit,
  verdictOf,
  type EditorState,
} from './model.ts';
import { problemText } from './problem-text.ts';

const xq = (fen: string): EditorState => {
  const r = fromFen('xiangqi', fen);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('editor model', () => {
  it('starts on the game start, and writes it back as the same FEN', () => {
    for (const key of ['xiangqi', 'janggi', 'sittuyin'] as const) expect(toFen(startState(key))).toBe(VARIANTS[key].startFen);
  });

  it('places, removes and moves pieces; a move onto a piece takes it off', () => {
    let s = clear(startState('xiangqi'));
    expect(toFen(s)).toBe('9/9/9/9/9/9/9/9/9/9 w - - 0 1');
    s = place(s, 'e1', 'K');
    s = place(s, 'd10', 'k');
    s = place(s, 'a5', 'r');
    expect(toFen(s)).toBe('3k5/9/9/9/9/r8/9/9/9/4K4 w - - 0 1');
    s = movePiece(s, 'a5', 'a1');
    expect(s.board).toEqual({ e1: 'K', d10: 'k', a1: 'r' });
    s = movePiece(s, 'a1', 'e1');
    expect(s.board).toEqual({ e1: 'r', d10: 'k' });
    s = remove(s, 'e1');
    expect(s.board).toEqual({ d10: 'k' });
  });

  it('ignores squares off the board and pieces the game does not have', () => {
    const s = clear(startState('sittuyin'));
    expect(place(s, 'i1', 'K')).toBe(s);
    expect(place(s, 'a1', 'C')).toBe(s);
    expect(setTool(s, { kind: 'piece', piece: 'a' })).toBe(s);
    expect(setBoard(s, { a1: 'K', z9: 'k', a0: 'k' }).board).toEqual({ a1: 'K' });
  });

  it('places by click with a piece in hand, takes it off with a second click, and removes with the remove tool', () => {
    let s = setTool(clear(startState('janggi')), { kind: 'piece', piece: 'C' });
    s = clickSquare(s, 'b3');
    expect(s.board).toEqual({ b3: 'C' });
    s = clickSquare(s, 'b3');
    expect(s.board).toEqual({});
    s = clickSquare(clickSquare(s, 'b3'), 'h3');
    s = clickSquare(setTool(s, { kind: 'delete' }), 'h3');
    expect(s.board).toEqual({ b3: 'C' });
    expect(clickSquare(setTool(s, { kind: 'move' }), 'b3')).toEqual(setTool(s, { kind: 'move' }));
  });

  it('takes a typed placement: a piece and a point, a point for the piece in hand, or a removal', () => {
    let s = clear(startState('xiangqi'));
    s = typedEdit(s, 'Ke1')!;
    s = typedEdit(s, ' k d10 ')!;
    expect(s.board).toEqual({ e1: 'K', d10: 'k' });
    expect(typedEdit(s, 'e5')).toBeNull(); // no piece in hand
    s = typedEdit(setTool(s, { kind: 'piece', piece: 'R' }), 'a10')!;
    expect(s.board.a10).toBe('R');
    s = typedEdit(s, '-a10')!;
    expect(s.board.a10).toBeUndefined();
    for (const bad of ['Xe1', 'Ke11', 'j1', 'K', '', 'Ke1e2']) expect(typedEdit(s, bad), bad).toBeNull();
  });

  it('offers every piece of both sides in the tray, and the pieces in hand for a game with a hand', () => {
    expect(piecesOf('xiangqi', 0)).toEqual(['K', 'A', 'B', 'N', 'R', 'C', 'P']);
    expect(piecesOf('janggi', 1)).toEqual(['k', 'a', 'b', 'n', 'r', 'c', 'p']);
    expect(piecesOf('sittuyin', 0)).toEqual(['K', 'F', 'S', 'N', 'R', 'P']);
    expect(handPiecesOf('sittuyin', 1)).toEqual(['k', 'f', 'r', 's', 'n']);
    expect(handPiecesOf('xiangqi', 0)).toEqual([]);
  });

  it('sets the side to move, flips, clears and goes back to the start', () => {
    let s = setTurn(startState('xiangqi'), 1);
    expect(toFen(s)).toMatch(/ b - - 0 1$/);
    s = flip(s);
    expect(s.bottom).toBe(1);
    s = toStart(clear(s));
    expect(toFen(s)).toBe(VARIANTS.xiangqi.startFen);
    expect(s.bottom).toBe(1);
    expect(flip(flip(s)).bottom).toBe(1);
  });

  it("holds Sittuyin's pieces in hand through the placement", () => {
    let s = startState('sittuyin');
    expect(s.hand).toMatchObject({ K: 1, R: 2, k: 1 });
    s = takeFromHand(s, 'K');
    s = place(s, 'e1', 'K');
    expect(verdictOf(s)).toMatchObject({ kind: 'invalid', problem: { code: 'position.placement-turn' } });
    s = setTurn(s, 1);
    expect(verdictOf(s).kind).toBe('playable');
    expect(toFen(s)).toBe('8/8/4pppp/pppp4/4PPPP/PPPP4/8/4K3[FRRSSNNkfrrssnn] b - - 0 1');
    s = addToHand(takeFromHand(s, 'F'), 'F');
    expect(s.hand.F).toBe(1);
    expect(takeFromHand(clear(s), 'F')).toEqual(clear(s));
    expect(addToHand(s, 'X')).toBe(s);
  });

  it('presses the tray button of the tool in hand only', () => {
    const chariot = { kind: 'piece', piece: 'R' } as const;
    expect(sameTool(chariot, { kind: 'piece', piece: 'R' })).toBe(true);
    expect(sameTool(chariot, { kind: 'piece', piece: 'r' })).toBe(false);
    expect(sameTool(chariot, { kind: 'delete' })).toBe(false);
    expect(sameTool({ kind: 'move' }, { kind: 'move' })).toBe(true);
    expect([sideOf('R'), sideOf('r')]).toEqual([0, 1]);
  });

  it('starts a game only from a playable position, opens the boards on any valid one', () => {
    const verdicts = [startState('xiangqi'), xq('4k4/9/9/9/9/9/9/9/9/3K5 w'), xq('4k4/9/9/9/9/9/9/9/9/4K4 w')].map(verdictOf);
    expect(verdicts.map((v) => v.kind)).toEqual(['playable', 'decided', 'invalid']);
    expect(verdicts.map(canPlay)).toEqual([true, false, false]);
    expect(verdicts.map(canAnalyse)).toEqual([true, true, false]);
  });

  it('says why a position is invalid, and plays only a valid undecided one', () => {
    expect(verdictOf(startState('xiangqi'))).toEqual({ kind: 'playable', fen: VARIANTS.xiangqi.startFen });
    expect(verdictOf(xq('4k4/9/9/9/9/9/9/9/9/4K4 w'))).toMatchObject({ kind: 'invalid', problem: { code: 'position.generals-facing' } });
    expect(verdictOf(xq('4k4/9/9/9/9/9/9/9/9/3K5 w'))).toMatchObject({ kind: 'decided' }); // no attacking piece on either side: a draw
    expect(verdictOf(xq('3k5/9/9/9/9/9/9/9/4R4/4K4 b'))).toMatchObject({ kind: 'playable' });
    expect(verdictOf(xq('9/9/9/9/9/9/9/9/9/4K4'))).toMatchObject({ kind: 'invalid', problem: { code: 'position.no-king', side: 1 } });
  });

  it('writes its address and reads it back, the flipped board included', () => {
    const s = flip(setTurn(place(clear(startState('janggi')), 'e2', 'K'), 1));
    const path = editorPath(s);
    expect(path).toBe(`/editor/janggi?${new URLSearchParams({ fen: '9/9/9/9/9/9/9/9/4K4/9 b - - 0 1', bottom: 'second' }).toString()}`);
    const back = fromUrl('janggi', path.slice(path.indexOf('?')));
    expect(back.error).toBeNull();
    expect(back.state).toEqual(s);
  });

  it('opens on the start, with the reason, when the link holds no readable FEN', () => {
    expect(fromUrl('xiangqi', '').state).toEqual(startState('xiangqi'));
    const bad = fromUrl('xiangqi', '?fen=rnbakabnr%2F9');
    expect(bad.error?.code).toBe('fen.ranks');
    expect(bad.state).toEqual(startState('xiangqi'));
  });
});

describe('a game from the position', () => {
  it('reads the side chosen, random unless first or second', () => {
    expect(['first', 'second', 'random', '', 'red'].map(readColor)).toEqual(['first', 'second', 'random', 'random', 'random']);
  });

  it('is asked for casual, from the FEN, against the computer at a level or by invitation', () => {
    const clock = { kind: 'fischer', minutes: 5, increment: 3 } as const;
    const fen = '3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 0 1';
    expect(startBody('xiangqi', fen, { opponent: 'computer', level: 4, color: 'first', clock })).toEqual({
      variant: 'xiangqi',
      fen,
      color: 'first',
      clock,
      rated: false,
      opponent: { type: 'computer', level: 4 },
    });
    expect(startBody('xiangqi', fen, { opponent: 'friend', level: 4, color: 'random', clock })).toMatchObject({
      rated: false,
      fen,
      opponent: { type: 'invite' },
    });
    expect(startBody('xiangqi', fen, { opponent: 'computer', level: 40, color: 'first', clock }).opponent).toEqual({ type: 'computer', level: 8 });
  });
});

describe('editor problem text', () => {
  // English is fetched when chosen (issue 30, item 7).
  beforeAll(() => loadLang('en'));

  it('names the side, piece and point in Vietnamese and English', () => {
    const s = xq('4k4/9/9/9/9/9/4K4/9/9/9');
    const v = verdictOf(s);
    if (v.kind !== 'invalid') throw new Error('expected invalid');
    setLang('vi');
    expect(problemText('xiangqi', v.problem)).toBe('Tướng Đỏ ở cột 5 hàng 4 đứng ngoài cung.');
    setLang('en');
    expect(problemText('xiangqi', v.problem)).toMatch(/^The Red General on file 5 rank 4 is outside its palace\.$/i);
    setLang('vi');
  });

  it('says facing generals and too many pieces', () => {
    setLang('en');
    const facing = verdictOf(xq('4k4/9/9/9/9/9/9/9/9/4K4'));
    expect(facing.kind === 'invalid' && problemText('xiangqi', facing.problem)).toBe('The two generals face each other on a file with nothing between them.');
    const many = verdictOf(xq('3k5/9/9/9/9/9/9/RRR6/9/4K4'));
    expect(many.kind === 'invalid' && problemText('xiangqi', many.problem)).toMatch(/^Red has 3 × Chariot; at most 2 are allowed\.$/i);
    setLang('vi');
  });
});
