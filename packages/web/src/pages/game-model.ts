/**
 * The game page's own state and its pure updates, beside the game itself
 * (live-game.ts): what the status line says, the move held while offline,
 * the resync asked for, the watchers, the rating change; and the page's
 * decisions as data: the controls a player has, and what a frame's events
 * call for (sound, notices, the premove), what the board shows. The page
 * renders them and talks to the socket (how its frames change this state:
 * game-socket-model.ts).
 */
import type { ChatLine, GameEvent, GameView, ServerMessage } from '@youzai/protocol';
import { SIDES, VARIANTS, type Position, type Side } from '@youzai/rules';
import { analysisPath } from '../game/analysis-link.ts';
import type { ApplyResult } from '../game/live-game.ts';
import { positionWith, settleHeld, type HeldMove } from '../game/held-move.ts';
import type { MoveHistory } from '../game/move-history.ts';
import type { Outgoing } from '../net/socket.ts';

/** What the status line says instead of whose turn it is; the view words it. */
export type Notice =
  | { readonly kind: 'none' | 'not-your-turn' | 'held' | 'stale' | 'pending' }
  | { readonly kind: 'error'; readonly code: string; readonly message: string }
  | { readonly kind: 'typed-invalid'; readonly text: string; readonly code: string; readonly message: string };

export type RatingsFrame = Extract<ServerMessage, { t: 'ratings' }>;

export interface GamePageState {
  readonly notice: Notice;
  /** A move made while the socket was down, sent once the game's state is back (held-move.ts). */
  readonly held: HeldMove | null;
  /** A full state has been asked for: more gaps until it comes need no second request. */
  readonly resyncing: boolean;
  /** How many watch, once known; `pushed`: from the server's frames, newer than the game's read. */
  readonly watchers: { readonly n: number; readonly pushed: boolean } | null;
  readonly ratings: RatingsFrame | null;
  /** The chat's lines as last sent in full: the chat drawn once the game is here starts with them. */
  readonly chatLog: readonly ChatLine[] | null;
}

const NONE: Notice = { kind: 'none' };

export function initialGamePageState(): GamePageState {
  return { notice: NONE, held: null, resyncing: false, watchers: null, ratings: null, chatLog: null };
}

export function noticed(s: GamePageState, notice: Notice): GamePageState {
  return { ...s, notice };
}

/** Offline: the move waits, shown on the board, and the page says so. */
export function hold(s: GamePageState, uci: string, ply: number): GamePageState {
  return { ...s, held: { uci, ply }, notice: { kind: 'held' } };
}

/** An answer to an action (the socket's reply): nothing to say when it was taken, its error when refused. */
export function answered(s: GamePageState, r: { readonly ok: boolean; readonly code?: string; readonly message?: string }): GamePageState {
  if (r.ok) return { ...s, notice: NONE };
  const code = String(r.code);
  return { ...s, notice: { kind: 'error', code, message: r.message ?? code } };
}

/** A full frame: the resync is over; a refused action is answered with its error, then this frame: the error stays in view. */
export function fullFrame(s: GamePageState): GamePageState {
  return { ...s, resyncing: false, notice: s.notice.kind === 'pending' ? NONE : s.notice };
}

/** The game's answer to a frame of events: `resync` says whether to ask for the full state (once per gap). */
export function eventsApplied(s: GamePageState, r: ApplyResult, ended: boolean): { readonly state: GamePageState; readonly resync: boolean } {
  if (r === 'resync') return { state: s.resyncing ? s : { ...s, resyncing: true }, resync: !s.resyncing };
  if (r === 'ignored') return { state: s, resync: false };
  // A finished game counts no watchers (as the server's read says).
  const watchers = ended && s.watchers ? { ...s.watchers, n: 0 } : s.watchers;
  return { state: { ...s, notice: NONE, watchers }, resync: false };
}

/**
 * Once the state is back after a reconnect (`online`): the held move is sent
 * (`send`), known to be in, or dropped with a word. Nothing changes offline or with none held.
 */
export function settle(
  s: GamePageState,
  view: Pick<GameView, 'moves' | 'ply' | 'turn' | 'status'>,
  you: Side | null,
  online: boolean,
): { readonly state: GamePageState; readonly send: HeldMove | null } {
  if (!s.held || !online) return { state: s, send: null };
  const what = settleHeld(s.held, view, you);
  if (what === 'send') return { state: { ...s, held: null }, send: s.held };
  return { state: { ...s, held: null, notice: what === 'stale' ? { kind: 'stale' } : NONE }, send: null };
}

/** The server pushed the number of watchers. */
export function watchersPushed(s: GamePageState, n: number): GamePageState {
  return { ...s, watchers: { n, pushed: true } };
}

/** The number read with the game: a count pushed meanwhile is the newer one. */
export function watchersRead(s: GamePageState, n: number): GamePageState {
  return s.watchers?.pushed ? s : { ...s, watchers: { n, pushed: false } };
}

export function ratingsArrived(s: GamePageState, frame: RatingsFrame): GamePageState {
  return { ...s, ratings: frame };
}

export function chatLogged(s: GamePageState, lines: readonly ChatLine[]): GamePageState {
  return { ...s, chatLog: lines };
}

/** The rating change's lines after the players' (a reason no rating moved, or one held). */
export function ratingsNote(r: RatingsFrame): 'newcomers' | 'pair-limit' | 'held' | null {
  if (r.uncounted === 'newcomers') return 'newcomers';
  if (r.uncounted) return 'pair-limit';
  return r.held?.length ? 'held' : null;
}

export type Sound = 'end' | 'capture' | 'check' | 'move';
export type Toast = { readonly kind: 'your-turn' } | { readonly kind: 'berserk' | 'draw-declined' | 'takeback-declined' | 'takeback'; readonly side: Side };
export interface EventCues {
  readonly sound: Sound | null;
  readonly toasts: readonly Toast[];
  readonly ended: boolean;
  readonly toLive: boolean;
  readonly premove: boolean;
}

/** What a frame's events (applied) call for: sound, notices, going back to the live ply, the premove. */
export function eventCues(events: readonly GameEvent[], you: Side | null, myTurn: boolean): EventCues {
  const move = events.find((e) => e.type === 'move');
  const ended = events.some((e) => e.type === 'end');
  // The server names what a move took: no comparing of positions here.
  const sound: Sound | null = ended ? 'end' : move ? (move.capture !== null ? 'capture' : move.check ? 'check' : 'move') : null;
  const toasts: Toast[] = [];
  let toLive = false;
  for (const e of events) {
    if (e.type === 'started' && myTurn) toasts.push({ kind: 'your-turn' });
    if (e.type === 'berserk') toasts.push({ kind: 'berserk', side: e.by });
    if ((e.type === 'draw-declined' || e.type === 'takeback-declined') && you !== null && e.by !== you) toasts.push({ kind: e.type, side: e.by });
    if (e.type === 'takeback') {
      // Back to the live position: a ply looked at may be gone.
      toLive = true;
      toasts.push({ kind: 'takeback', side: e.by });
    }
  }
  return { sound, toasts, ended, toLive, premove: move !== undefined && !ended && myTurn };
}

type Each<K> = K extends string ? { readonly kind: K } : never;
/** A button that sends its message at once (a draw claim also names its plies). */
export type ActionControl =
  | Each<'abort' | 'berserk' | 'draw-accept' | 'draw-decline' | 'draw-offer' | 'claim-victory'>
  | { readonly kind: 'draw-claim'; readonly plies: number };
/** A player's controls: `resign` asks first, `takeback` stands for the takeback controls (their own module), the others are words. */
export type Control = ActionControl | Each<'resign' | 'takeback' | 'they-offer' | 'offered'>;

/**
 * The controls of the player `me` in a game still on (none for a watcher or a game over):
 * `claimPlies` is a draw claimable by a counter, `canClaimVictory` an absent opponent's.
 */
export function controlsFor(
  v: Pick<GameView, 'status' | 'ply' | 'turn' | 'berserkable' | 'berserk' | 'drawOffer'>,
  me: 0 | 1 | null,
  claimPlies: number | null,
  canClaimVictory: boolean,
): Control[] {
  if (me === null || v.status !== 'active') return [];
  const out: Control[] = [];
  if (v.ply < 2) out.push({ kind: 'abort' });
  // Berserk (an arena tournament's game): before my first move, once.
  const moved = v.ply >= 2 || (v.ply === 1 && v.turn !== SIDES[me]);
  out.push({ kind: v.berserkable && !v.berserk[me] && !moved ? 'berserk' : 'resign' });
  if (v.drawOffer === SIDES[1 - me]) out.push({ kind: 'they-offer' }, { kind: 'draw-accept' }, { kind: 'draw-decline' });
  else if (v.drawOffer === SIDES[me]) out.push({ kind: 'offered' });
  else if (v.ply >= 2) out.push({ kind: 'draw-offer' });
  if (claimPlies !== null) out.push({ kind: 'draw-claim', plies: claimPlies });
  out.push({ kind: 'takeback' });
  if (canClaimVictory) out.push({ kind: 'claim-victory' });
  return out;
}

/** The message a control's button sends about game `game`. */
export function controlMessage(c: ActionControl, game: string): Outgoing {
  switch (c.kind) {
    case 'abort':
    case 'berserk':
    case 'claim-victory':
      return { t: c.kind, game };
    case 'draw-accept':
      return { t: 'draw', game, op: 'accept' };
    case 'draw-decline':
      return { t: 'draw', game, op: 'decline' };
    case 'draw-offer':
      return { t: 'draw', game, op: 'offer' };
    case 'draw-claim':
      return { t: 'draw', game, op: 'claim' };
  }
}

/** What the board shows: a position, its last move, and which side (an index) may move or premove there. */
export interface BoardSetting {
  readonly pos: Position;
  readonly lastUci: string | undefined;
  readonly movable: 0 | 1 | null;
  readonly premove: 0 | 1 | null;
}

/**
 * The board at the ply shown (`live`: the game's current one), for the player `mine` (null: a watcher).
 * A move held offline is drawn as played on the live ply, and nothing moves until it is settled;
 * a player premoves in a game still on (or waiting), while it is the other's turn.
 */
export function boardSetting(
  game: { readonly history: MoveHistory; readonly status: GameView['status']; readonly myTurn: boolean },
  shown: { readonly ply: number; readonly live: boolean },
  held: HeldMove | null,
  mine: 0 | 1 | null,
): BoardSetting {
  const waiting = held && shown.live ? held : null;
  const at = game.history.positionAt(shown.ply);
  const playing = game.status === 'active' || game.status === 'waiting';
  return {
    pos: waiting ? positionWith(at, waiting.uci) : at,
    lastUci: waiting ? waiting.uci : game.history.lastUci(shown.ply),
    movable: shown.live && game.myTurn && !waiting ? mine : null,
    premove: shown.live && playing && mine !== null && !game.myTurn ? mine : null,
  };
}

/** The analysis board's address for game `id` at `ply`: the game's moves, and its start when it is not the usual one. */
export function analysisLinkAt(v: Pick<GameView, 'variant' | 'initialFen'>, moves: readonly string[], ply: number, id: string): string {
  return analysisPath({
    variant: v.variant,
    fen: v.initialFen !== VARIANTS[v.variant].startFen ? v.initialFen : undefined,
    moves: moves.join(' '),
    at: moves.slice(0, ply),
    game: id,
  });
}
