import { describe, expect, it } from 'vitest';
import type { BoardLine } from '@youzai/protocol';
import { parseFen, parseUci, VARIANTS } from '@youzai/rules';
import {
  arrowsOf,
  askAgain,
  asking,
  engineHead,
  frameHeard,
  IDLE_ENGINE,
  keepsArrows,
  lineMoves,
  positionShown,
  restartable,
  startRefused,
  type BoardFrame,
  type EngineState,
} from './analysis-engine-model.ts';

const A = 'fen-a';
const B = 'fen-b';
const line = (pv: string[], cp = 20): BoardLine => ({ pv, eval: { cp }, depth: 8 });
const frame = (f: Partial<BoardFrame>): BoardFrame => ({ t: 'board', fen: A, state: 'running', depth: 8, lines: [], ...f });
/** Asked on A and its start sent. */
const askedA = (): EngineState => asking(positionShown(IDLE_ENGINE, A, true).engine, A);

describe('the analysis board’s engine panel', () => {
  it('a position with moves is asked for (waiting meanwhile); the same position again asks nothing', () => {
    const r = positionShown(IDLE_ENGINE, A, true);
    expect(r.ask).toBe('start');
    expect(r.engine).toMatchObject({ status: 'waiting', shownFen: A, askedFen: '' });
    expect(engineHead(r.engine)).toEqual({ kind: 'thinking' });
    const again = positionShown(r.engine, A, true);
    expect(again.ask).toBe('nothing');
    expect(again.engine).toBe(r.engine);
  });

  it('a position without a move stops the search and says there is no engine here', () => {
    const heard = frameHeard(askedA(), frame({ lines: [line(['h3e3'])] }));
    const r = positionShown(heard, B, false);
    expect(r.ask).toBe('stop');
    expect(r.engine).toMatchObject({ status: 'idle', shownFen: B, askedFen: B, lines: [], depth: 0, note: null });
    expect(engineHead(r.engine)).toEqual({ kind: 'no-engine' });
  });

  it('takes the frames of the position asked and shown, drops the others', () => {
    const e = askedA();
    const running = frameHeard(e, frame({ depth: 12, lines: [line(['h3e3'])] }));
    expect(running).toMatchObject({ status: 'running', depth: 12 });
    expect(engineHead(running)).toEqual({ kind: 'depth', depth: 12, done: false });
    expect(engineHead(frameHeard(running, frame({ state: 'done', depth: 20 })))).toEqual({ kind: 'depth', depth: 20, done: true });
    expect(frameHeard(e, frame({ fen: B }))).toBe(e);
    // Moved on to B before its start was sent: A's frames are no longer the panel's.
    const movedOn = positionShown(e, B, true).engine;
    expect(frameHeard(movedOn, frame({}))).toBe(movedOn);
  });

  it('a stop without being asked says why and may be restarted; a stop of another position is dropped', () => {
    const e = frameHeard(askedA(), frame({ lines: [line(['h3e3'])] }));
    const replaced = frameHeard(e, frame({ fen: '', state: 'stopped', reason: 'replaced' }));
    expect(replaced).toMatchObject({ status: 'stopped', note: { kind: 'replaced' } });
    expect(replaced.lines).toHaveLength(1);
    expect(restartable(replaced)).toBe(true);
    expect(keepsArrows(replaced)).toBe(false);
    expect(frameHeard(e, frame({ fen: '', state: 'stopped', reason: 'engine' })).note).toEqual({ kind: 'failed' });
    expect(frameHeard(e, frame({ fen: B, state: 'stopped' }))).toBe(e);
    // Asked again: the same position is searched again.
    expect(positionShown(askAgain(replaced), A, true).ask).toBe('start');
  });

  it('a refused start is said only while its position is still asked and shown', () => {
    const e = askedA();
    const refused = startRefused(e, A, 'engine.busy', 'busy');
    expect(refused).toMatchObject({ status: 'stopped', note: { kind: 'refused', code: 'engine.busy', message: 'busy' } });
    expect(restartable(refused)).toBe(true);
    const movedOn = positionShown(e, B, true).engine;
    expect(startRefused(movedOn, A, 'engine.busy', 'busy')).toBe(movedOn);
    expect(restartable(e)).toBe(false);
    expect(keepsArrows(frameHeard(e, frame({})))).toBe(true);
  });

  it('draws each line’s first move as an arrow in the line’s colour, a drop as a circle', () => {
    expect(arrowsOf([line(['h3e3']), line(['b10c8']), line(['P@c4']), line(['??']), line([])])).toEqual([
      { orig: 'h3', dest: 'e3', brush: 'blue' },
      { orig: 'b:', dest: 'c8', brush: 'paleBlue' },
      { orig: 'c4', brush: 'paleGrey' },
    ]);
  });

  it('writes a line’s first 12 moves in the notation given, each with its place in the line', () => {
    const v = VARIANTS.xiangqi;
    const pos = parseFen(v, v.startFen);
    if (!pos.ok) throw new Error('start');
    const notation = v.notations.at(-1)!;
    const pv = ['h3e3', 'h8e8', 'h1g3', 'h10g8', 'g3h1', 'g8h10', 'h1g3', 'h10g8', 'g3h1', 'g8h10', 'h1g3', 'h10g8', 'g3h1'];
    const moves = lineMoves(pos.value, pv, notation);
    expect(moves).toHaveLength(12);
    const first = parseUci(pos.value, 'h3e3');
    expect(moves[0]).toEqual({ text: first.ok ? notation.make(pos.value, first.value) : '', index: 0 });
    // The position given is not played on.
    expect(pos.value.turn).toBe(0);
    // A move the position does not take is left out; the moves after keep their places.
    expect(lineMoves(pos.value, ['a1a9', 'h3e3'], notation).map((m) => m.index)).toEqual([1]);
  });
});
