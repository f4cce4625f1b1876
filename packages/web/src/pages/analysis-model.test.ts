import { describe, expect, it } from 'vitest';
import { MAX_TREE_NODES, type ImportedWire } from '@youzai/game/analysis';
import { makeFen, parseUci, VARIANTS } from '@youzai/rules';
import {
  analysisPgn,
  commentOf,
  deleteCurrent,
  editorPathOf,
  goTo,
  KEY_STEPS,
  loadImported,
  moveText,
  openAnalysis,
  playMove,
  positionOf,
  promoteCurrent,
  sharePath,
  stepFrom,
  typedInvalid,
  type AnalysisState,
} from './analysis-model.ts';

const START = VARIANTS.xiangqi.startFen;
/** A shipped Xiangqi mate in 2 (packages/puzzles/data/xiangqi.json), Black to move. */
const MATE_IN_2 = '2bak1c2/4a4/4bc3/4P4/8P/2B6/9/1r1AB4/3n4N/4KA3 b - - 3 45';
const ucis = (s: AnalysisState): string[] => s.tree.path(s.current.id).map((n) => n.uci);
const played = (...moves: string[]): AnalysisState => moves.reduce(playMove, openAnalysis('xiangqi', {}, null));

const wire = (moves: string, comments: Record<string, string> = {}): ImportedWire => ({
  variant: 'xiangqi',
  fen: START,
  tags: [['Event', 'Club final']],
  moves,
  comments,
  nags: {},
  result: '1-0',
  notation: 'uci',
});

describe('the analysis board model', () => {
  it('opens on the start without a link, on the link’s tree at its move shown with one', () => {
    const bare = openAnalysis('xiangqi', {}, null);
    expect(bare).toMatchObject({ startFen: START, problem: null, imported: null });
    expect(bare.current).toBe(bare.tree.root);
    const linked = openAnalysis('xiangqi', { moves: 'h3e3 h8e8 (h10g8) h1g3', at: ['h3e3', 'h10g8'], game: 'abc123' }, null);
    expect(ucis(linked)).toEqual(['h3e3', 'h10g8']);
    expect(linked.tree.size).toBe(4);
    expect(linked.game).toBe('abc123');
    // The walk stops at the first move the tree does not have.
    expect(ucis(openAnalysis('xiangqi', { moves: 'h3e3 h8e8', at: ['h3e3', 'a1a2', 'h8e8'] }, null))).toEqual(['h3e3']);
  });

  it('a link the rules refuse opens on the start and says why', () => {
    const s = openAnalysis('xiangqi', { moves: 'h3e3 a1a9' }, null);
    expect(s.problem).toMatchObject({ kind: 'bad-link', code: 'tree.illegal-move' });
    expect(s.tree.size).toBe(0);
    expect(s.startFen).toBe(START);
  });

  it('a game handed over is the tree, its comments kept; the link’s move shown is not followed', () => {
    const s = openAnalysis('xiangqi', { at: ['h3e3'] }, wire('h3e3 h8e8', { '1': 'the usual' }));
    expect(s.current).toBe(s.tree.root);
    expect(s.imported?.tags).toContainEqual(['Event', 'Club final']);
    expect(commentOf(s)).toBeUndefined();
    expect(commentOf(goTo(s, s.tree.get(1)!))).toBe('the usual');
  });

  it('a move grows the tree and is shown; one the position refuses changes nothing; the same move follows its branch', () => {
    const s = played('h3e3', 'h8e8');
    expect(ucis(s)).toEqual(['h3e3', 'h8e8']);
    expect(positionOf(s).turn).toBe(0);
    expect(playMove(s, 'a1a9')).toBe(s);
    const back = goTo(s, s.tree.root);
    const again = playMove(back, 'h3e3');
    expect(again.current).toBe(s.tree.get(1));
    expect(again.tree.size).toBe(2);
  });

  it('a full tree takes no more and says so', () => {
    const s = openAnalysis('xiangqi', {}, null);
    for (let i = 0; s.tree.size < MAX_TREE_NODES; i++) s.tree.add(0, `z${i}`);
    const next = playMove(s, 'h3e3');
    expect(next.problem).toEqual({ kind: 'too-large' });
    expect(next.current).toBe(s.current);
  });

  it('a typed move’s problem goes with the next move shown', () => {
    const s = typedInvalid(played('h3e3'), 'zz: not a move');
    expect(s.typedProblem).toBe('zz: not a move');
    expect(goTo(s, s.tree.root).typedProblem).toBe('');
    expect(playMove(s, 'h8e8').typedProblem).toBe('');
    expect(playMove(s, 'a1a9').typedProblem).toBe('zz: not a move');
  });

  it('promotes the line shown to the main line, deletes the move shown back to its parent', () => {
    let s = played('h3e3', 'h8e8');
    s = playMove(goTo(s, s.tree.get(1)!), 'h10g8');
    expect(s.tree.onMainline(s.current.id)).toBe(false);
    s = promoteCurrent(s);
    expect(s.tree.mainline().map((n) => n.uci)).toEqual(['h3e3', 'h10g8']);
    s = deleteCurrent(s);
    expect(ucis(s)).toEqual(['h3e3']);
    expect(s.tree.mainline().map((n) => n.uci)).toEqual(['h3e3', 'h8e8']);
    const root = goTo(s, s.tree.root);
    expect(deleteCurrent(root)).toBe(root);
  });

  it('steps through the tree: first, previous, next, last, and up and down the variations', () => {
    let s = openAnalysis('xiangqi', { moves: 'h3e3 h8e8 (h10g8) (b8e8) h1g3', at: ['h3e3', 'h10g8'] }, null);
    const uci = (step: Parameters<typeof stepFrom>[1]) => stepFrom(s, step)?.uci;
    expect(uci('up')).toBe('h8e8');
    expect(uci('down')).toBe('b8e8');
    expect(uci('prev')).toBe('h3e3');
    expect(uci('next')).toBeUndefined();
    expect(stepFrom(s, 'first')).toBe(s.tree.root);
    s = goTo(s, s.tree.root);
    expect(uci('prev')).toBeUndefined();
    expect(uci('next')).toBe('h3e3');
    expect(uci('last')).toBe('h1g3');
    expect(KEY_STEPS).toMatchObject({ ArrowLeft: 'prev', ArrowRight: 'next', ArrowUp: 'up', ArrowDown: 'down', Home: 'first', End: 'last' });
  });

  it('writes a move in the notation given', () => {
    const s = played('h3e3');
    const notation = VARIANTS.xiangqi.notations.at(-1)!;
    const before = positionOf(s, s.tree.root);
    const m = parseUci(before, 'h3e3');
    expect(m.ok).toBe(true);
    const text = moveText(s, s.current, notation);
    expect(text).toBe(m.ok ? notation.make(before, m.value) : '');
    expect(text).not.toBe('h3e3');
  });

  it('the share link holds the tree and the move shown; the start only when it is not the usual one', () => {
    const s = playMove(goTo(played('h3e3', 'h8e8'), played('h3e3').current), 'h10g8');
    const usual = s.tree.get(1)!;
    const path = sharePath(goTo(s, usual));
    expect(path).toBe(`/analysis/xiangqi?${new URLSearchParams({ moves: 'h3e3 h8e8 (h10g8)', at: 'h3e3' }).toString()}`);
    const set = openAnalysis('xiangqi', { fen: MATE_IN_2, moves: 'd2f3', at: ['d2f3'] }, null);
    expect(new URLSearchParams(sharePath(set).split('?')[1]).get('fen')).toBe(MATE_IN_2);
    expect(editorPathOf(set)).toBe(`/editor/xiangqi?${new URLSearchParams({ fen: makeFen(positionOf(set)) }).toString()}`);
  });

  it('the PGN names the board’s game or its link as the site, and a set start', () => {
    const origin = 'https://club.example';
    const own = analysisPgn(played('h3e3'), origin);
    expect(own).toContain(`[Site "${origin}/analysis/xiangqi?moves=h3e3&at=h3e3"]`);
    expect(own).not.toContain('[FEN');
    const fromGame = openAnalysis('xiangqi', { fen: MATE_IN_2, moves: 'd2f3', game: 'abc123' }, null);
    const pgn = analysisPgn(fromGame, origin);
    expect(pgn).toContain(`[Site "${origin}/game/abc123"]`);
    expect(pgn).toContain(`[FEN "${MATE_IN_2}"]`);
    expect(pgn).toContain('[SetUp "1"]');
  });

  it('an imported game keeps its tags in the export; another game read in replaces the tree', () => {
    const s = openAnalysis('xiangqi', {}, wire('h3e3 h8e8'));
    expect(analysisPgn(s, 'https://club.example')).toContain('[Event "Club final"]');
    const next = loadImported(played('h1g3'), wire('h3e3', { '1': 'centre' }));
    expect(next?.tree.mainline().map((n) => n.uci)).toEqual(['h3e3']);
    expect(next?.current).toBe(next?.tree.root);
    expect(next && commentOf(goTo(next, next.tree.get(1)!))).toBe('centre');
    expect(loadImported(s, wire('h3e3 a1a9'))).toBeNull();
  });
});
