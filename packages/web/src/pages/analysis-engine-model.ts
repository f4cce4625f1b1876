/**
 * The analysis board's engine panel as state with pure updates: the
 * server's running evaluation of the position shown (up to 3 lines,
 * deepening), whose updates say what to ask of the server. A frame or an
 * answer for a position no longer shown is dropped. The page asks (a
 * position once it has been shown a moment), words the panel and draws the
 * arrows.
 */
import type { BoardLine, ServerMessage } from '@youzai/protocol';
import { parseUci, type Notation, type Position } from '@youzai/rules';
import { readUci, toKey } from '../board/keys.ts';

export type BoardFrame = Extract<ServerMessage, { t: 'board' }>;

export type EngineStatus = 'idle' | 'waiting' | 'running' | 'done' | 'stopped';

/** Why the search stopped; the view words it. */
export type EngineNote =
  | { readonly kind: 'replaced' | 'failed' }
  /** The server refused to start it. */
  | { readonly kind: 'refused'; readonly code: string; readonly message: string };

export interface EngineState {
  readonly lines: readonly BoardLine[];
  readonly depth: number;
  readonly status: EngineStatus;
  readonly note: EngineNote | null;
  /** The position whose lines the panel is for (asked or about to be). */
  readonly shownFen: string;
  /** The position last asked of the server. */
  readonly askedFen: string;
}

export const IDLE_ENGINE: EngineState = { lines: [], depth: 0, status: 'idle', note: null, shownFen: '', askedFen: '' };

/** What to ask of the server: nothing, to stop (a position without a move to search), or to start on the position shown. */
export type EngineAsk = 'nothing' | 'stop' | 'start';

/**
 * A position is shown (`playable`: its side to move has a move). Still the
 * position of the lines shown (a redraw, a move that went nowhere): nothing
 * to ask.
 */
export function positionShown(e: EngineState, fen: string, playable: boolean): { engine: EngineState; ask: EngineAsk } {
  if (fen === e.shownFen) return { engine: e, ask: 'nothing' };
  const cleared = { ...e, shownFen: fen, lines: [], depth: 0, note: null };
  if (!playable) return { engine: { ...cleared, askedFen: fen, status: 'idle' }, ask: 'stop' };
  return { engine: { ...cleared, status: 'waiting' }, ask: 'start' };
}

/** The start is sent for `fen`: the frames for it are this panel's. */
export const asking = (e: EngineState, fen: string): EngineState => ({ ...e, askedFen: fen });

/** The server refused the start for `fen`; said only while it is still the position asked and shown. */
export function startRefused(e: EngineState, fen: string, code: string, message: string): EngineState {
  if (e.askedFen !== fen || e.shownFen !== fen) return e;
  return { ...e, status: 'stopped', note: { kind: 'refused', code, message } };
}

/** A frame of the running evaluation; one for another position is dropped (the same state comes back). */
export function frameHeard(e: EngineState, m: BoardFrame): EngineState {
  if (m.state === 'stopped') {
    // A stop without being asked comes with fen '': another tab took the engine over, or the engine failed.
    if (m.fen && m.fen !== e.askedFen) return e;
    return { ...e, status: 'stopped', note: { kind: m.reason === 'replaced' ? 'replaced' : 'failed' } };
  }
  if (m.fen !== e.askedFen || m.fen !== e.shownFen) return e;
  return { ...e, lines: m.lines, depth: m.depth, status: m.state };
}

/** The search is to be asked again on the position shown (a restart, or a new socket whose session has none). */
export const askAgain = (e: EngineState): EngineState => ({ ...e, shownFen: '' });

/** The lines' arrows stay on the board only while the search runs or is done. */
export const keepsArrows = (e: EngineState): boolean => e.status === 'running' || e.status === 'done';

/** A search stopped with a reason may be started again. */
export const restartable = (e: EngineState): boolean => e.note !== null && e.status === 'stopped';

/** What the panel's head says; the view words it. */
export type EngineHead = { readonly kind: 'thinking' | 'no-engine' } | { readonly kind: 'depth'; readonly depth: number; readonly done: boolean };

export function engineHead(e: EngineState): EngineHead {
  if (e.status === 'waiting') return { kind: 'thinking' };
  if (e.status === 'idle') return { kind: 'no-engine' };
  return { kind: 'depth', depth: e.depth, done: e.status === 'done' };
}

/** Arrows for lines 1, 2 and 3. */
const BRUSHES = ['blue', 'paleBlue', 'paleGrey'] as const;

export interface Arrow {
  readonly orig: string;
  readonly dest?: string;
  readonly brush: string;
}

/** Each line's first move as an arrow (board keys); a drop (Sittuyin's placement) a circle on its square. */
export function arrowsOf(lines: readonly BoardLine[]): Arrow[] {
  return lines.flatMap((l, i): Arrow[] => {
    const p = l.pv[0] ? readUci(l.pv[0]) : null;
    const brush = BRUSHES[i] ?? 'paleGrey';
    if (p?.kind === 'move') return [{ orig: toKey(p.from), dest: toKey(p.to), brush }];
    if (p?.kind === 'drop') return [{ orig: toKey(p.to), brush }];
    return [];
  });
}

/** A line's first 12 moves from `pos` in `notation`, each with its index in the line (a move the position does not take is left out). */
export function lineMoves(pos: Position, pv: readonly string[], notation: Notation): { readonly text: string; readonly index: number }[] {
  const after = pos.clone();
  const out: { text: string; index: number }[] = [];
  pv.slice(0, 12).forEach((uci, index) => {
    const m = parseUci(after, uci);
    if (!m.ok) return;
    out.push({ text: notation.make(after, m.value), index });
    after.play(m.value);
  });
  return out;
}
