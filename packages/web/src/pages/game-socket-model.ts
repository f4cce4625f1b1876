/**
 * How the server's game frames change the game page, as data: what a full
 * frame does to the game held (keep it, make it, replace it, or draw the page
 * again for a new seat), and what a frame of events does to the page's state
 * (game-model.ts) once the game (live-game.ts) has applied it, and what the
 * game's other frames keep. The page carries these out.
 */
import type { GameEvent, ServerMessage } from '@youzai/protocol';
import type { Side } from '@youzai/rules';
import type { ApplyResult } from '../game/live-game.ts';
import { chatLogged, eventCues, eventsApplied, ratingsArrived, watchersPushed, type EventCues, type GamePageState } from './game-model.ts';

/**
 * A full frame of version `v` for seat `you`, with `game` the game held (null before the first):
 * `stale` (read before events already applied here: an answer to a refused move racing a move), `first`,
 * `same-seat` (the game replaced, the page kept), or `new-seat` (the page is drawn again for the new side).
 */
export type FullFrameStep = 'stale' | 'first' | 'same-seat' | 'new-seat';

export function fullFrameStep(game: { readonly v: number; readonly you: Side | null } | null, v: number, you: Side | null): FullFrameStep {
  if (!game) return 'first';
  if (game.you !== you) return 'new-seat';
  return v < game.v ? 'stale' : 'same-seat';
}

export interface EventsStep {
  readonly state: GamePageState;
  /** Ask the server for the full state (once per gap). */
  readonly resync: boolean;
  /** What the frame calls for once applied; null when it was not (a gap, or a version already here). */
  readonly cues: EventCues | null;
  /** Whether a move held offline may be settled now: not while the full state is awaited. */
  readonly settle: boolean;
}

/** A frame of `events` the game answered with `r`; `you` and `myTurn` as they are after it. */
export function eventsStep(s: GamePageState, r: ApplyResult, events: readonly GameEvent[], you: Side | null, myTurn: boolean): EventsStep {
  const cues = eventCues(events, you, myTurn);
  const next = eventsApplied(s, r, cues.ended);
  return { ...next, cues: r === 'applied' ? cues : null, settle: r !== 'resync' };
}

/** A frame of the game's topic other than the game's own (`game`, `events`): the chat's log, the watchers, the rating change are kept; any other frame only draws. */
export function otherFrame(s: GamePageState, msg: ServerMessage): GamePageState {
  switch (msg.t) {
    case 'chat-log':
      return 'game' in msg ? chatLogged(s, msg.lines) : s;
    case 'spectators':
      return watchersPushed(s, msg.n);
    case 'ratings':
      return ratingsArrived(s, msg);
    default:
      return s;
  }
}
