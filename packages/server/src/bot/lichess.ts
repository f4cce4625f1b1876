/**
 * The club's games in the shapes of lichess's Bot API (NDJSON events and
 * game states), so that a program written for lichess reads them unchanged
 * (docs/API.md, "Bot API"). The side that moves first (Red in Xiangqi and
 * Sittuyin, Cho in Janggi) is lichess's `white`; the other is `black`.
 * Pure: everything it needs is given.
 */
import { speedOf } from '@youzai/game';
import type { ClockConfig, GameView, Seat } from '@youzai/protocol';
import { VARIANTS, type Side, type VariantKey } from '@youzai/rules';
import type { StoredExtras } from '../service/actor.ts';

export type LichessColor = 'white' | 'black';
export const colorOf = (s: Side): LichessColor => (s === 'first' ? 'white' : 'black');
export const sideOfColor = (c: LichessColor): Side => (c === 'white' ? 'first' : 'second');

/** A player as lichess names one in a game or a challenge. */
export interface LichessPlayer {
  readonly id: string;
  readonly name: string;
  readonly title: 'BOT' | null;
  readonly rating: number;
  readonly provisional: boolean;
}

/** What the shapes need to know of a seat's player, looked up by the caller. */
export type PlayerOf = (seat: Seat | null) => LichessPlayer | { readonly aiLevel: number } | null;

/** lichess's `variant` object: our key, and the game's English name (its descriptor's) as its name and short name. */
const variantNames = (v: VariantKey) => ({ name: VARIANTS[v].name.en, short: VARIANTS[v].name.en });

export const variantJson = (v: VariantKey) => ({ key: v, ...variantNames(v) });

/** lichess's speed of a clock; a correspondence clock is `correspondence`. */
export const speedJson = (c: ClockConfig): string => (c.kind === 'correspondence' ? 'correspondence' : speedOf(c));

/** gameFull's `clock` (ms): lichess's initial and increment; byo-yomi adds its period and count; correspondence: null (see daysPerTurn). */
export function clockJson(c: ClockConfig) {
  if (c.kind === 'correspondence') return null;
  if (c.kind === 'fischer') return { initial: c.baseMs, increment: c.incrementMs };
  return { initial: c.baseMs, increment: 0, byoyomi: c.periodMs, periods: c.periods };
}

/** A challenge's `timeControl`, in seconds as lichess sends it. */
export function timeControlJson(c: ClockConfig) {
  if (c.kind === 'correspondence') return { type: 'correspondence', daysPerTurn: Math.round(c.baseMs / 86_400_000) };
  const limit = Math.round(c.baseMs / 1000);
  if (c.kind === 'fischer') {
    const increment = Math.round(c.incrementMs / 1000);
    return { type: 'clock', limit, increment, show: `${limit / 60}+${increment}` };
  }
  const byoyomi = Math.round(c.periodMs / 1000);
  return { type: 'clock', limit, increment: 0, byoyomi, periods: c.periods, show: `${limit / 60}+${c.periods}×${byoyomi}s` };
}

/**
 * lichess's status of a game: created, started, aborted, noStart, mate,
 * resign, stalemate, outoftime, timeout (the other side left and the game
 * was claimed), draw, variantEnd (a house rule decided it: perpetual check
 * or chase, counting rules...). The club's own reason travels beside it.
 */
export function statusOf(view: Pick<GameView, 'status' | 'verdict'>): string {
  if (view.status === 'waiting') return 'created';
  if (view.status === 'active') return 'started';
  const reason = view.verdict?.reason ?? '';
  if (view.status === 'aborted') return reason === 'no-first-move' ? 'noStart' : 'aborted';
  switch (reason) {
    case 'checkmate':
      return 'mate';
    case 'stalemate':
      return 'stalemate';
    case 'resignation':
      return 'resign';
    case 'timeout':
      return 'outoftime';
    case 'claim':
    case 'abandonment':
      return 'timeout';
    case 'agreement':
      return 'draw';
    default:
      return view.verdict?.winner ? 'variantEnd' : 'draw';
  }
}

/** Time left of each side now (the running side's clock counted down to `now`). */
function timesAt(view: GameView, now: number): [number, number] {
  const c = view.clock;
  const left = (i: 0 | 1): number => {
    const side: Side = i === 0 ? 'first' : 'second';
    const r = c.remainingMs[i];
    return Math.max(0, Math.round(c.running === side && view.status === 'active' ? r - (now - c.at) : r));
  };
  return [left(0), left(1)];
}

/** The `gameState` of a game now. */
export function gameState(view: GameView, now: number) {
  const [wtime, btime] = timesAt(view, now);
  const cfg = view.clockConfig;
  const inc = cfg.kind === 'fischer' ? cfg.incrementMs : 0;
  const ended = view.status === 'finished' || view.status === 'aborted';
  return {
    type: 'gameState',
    moves: view.moves.join(' '),
    wtime,
    btime,
    winc: inc,
    binc: inc,
    ...(cfg.kind === 'byoyomi' ? { byoyomi: cfg.periodMs, wperiods: view.clock.periodsLeft[0], bperiods: view.clock.periodsLeft[1] } : {}),
    wdraw: view.drawOffer === 'first',
    bdraw: view.drawOffer === 'second',
    wtakeback: view.takebackOffer === 'first',
    btakeback: view.takebackOffer === 'second',
    status: statusOf(view),
    ...(ended && view.verdict?.winner ? { winner: colorOf(view.verdict.winner) } : {}),
    ...(ended && view.verdict ? { reason: view.verdict.reason } : {}),
  };
}

/** The `gameFull` that opens a game stream. */
export function gameFull(view: GameView, now: number, playerOf: PlayerOf) {
  const cfg = view.clockConfig;
  const start = VARIANTS[view.variant].startFen;
  return {
    type: 'gameFull',
    id: view.id,
    variant: variantJson(view.variant),
    speed: speedJson(cfg),
    perf: { name: VARIANTS[view.variant].name.en },
    rated: view.rated,
    createdAt: view.createdAt,
    white: playerOf(view.seats[0]),
    black: playerOf(view.seats[1]),
    initialFen: view.initialFen === start ? 'startpos' : view.initialFen,
    clock: clockJson(cfg),
    ...(cfg.kind === 'correspondence' ? { daysPerTurn: Math.round(cfg.baseMs / 86_400_000) } : {}),
    state: gameState(view, now),
  };
}

/** What gameStart and gameFinish carry: one game as its player `userId` sees it. */
export function eventGame(view: GameView, userId: string, playerOf: PlayerOf) {
  const mine: 0 | 1 = view.seats[0]?.userId === userId ? 0 : 1;
  const opp = view.seats[mine === 0 ? 1 : 0] ?? null;
  const ply = view.moves.length;
  const o = playerOf(opp);
  const ended = view.status === 'finished' || view.status === 'aborted';
  const cfg = view.clockConfig;
  const left = timesAt(view, view.clock.at)[mine];
  return {
    gameId: view.id,
    fullId: view.id,
    id: view.id,
    color: mine === 0 ? 'white' : 'black',
    fen: view.fen,
    hasMoved: ply > mine,
    isMyTurn: !ended && ply % 2 === mine,
    lastMove: view.moves[ply - 1] ?? '',
    opponent:
      o && 'id' in o ? { id: o.id, username: o.name, rating: o.rating } : { id: null, username: opp?.name ?? '?', ai: o && 'aiLevel' in o ? o.aiLevel : null },
    perf: speedJson(cfg),
    rated: view.rated,
    secondsLeft: Math.floor(left / 1000),
    speed: speedJson(cfg),
    source: 'friend',
    status: { name: statusOf(view) },
    variant: variantJson(view.variant),
    compat: { bot: true, board: true },
    ...(ended && view.verdict?.winner ? { winner: colorOf(view.verdict.winner) } : {}),
  };
}

export type ChallengeState = 'created' | 'accepted' | 'declined' | 'canceled';

/** The terms of a challenge, from a stored game or a view. */
export interface ChallengeSource {
  readonly id: string;
  readonly seats: readonly [Seat | null, Seat | null];
  readonly variant: VariantKey;
  readonly rated: boolean;
  readonly clock: ClockConfig;
  /** null: the game's start position. */
  readonly fen: string | null;
}

/** A challenge as lichess shows one (ChallengeJson). */
export function challengeJson(
  src: ChallengeSource,
  ch: NonNullable<StoredExtras['challenge']>,
  state: ChallengeState,
  publicUrl: string,
  playerOf: (userId: string, name: string) => LichessPlayer,
) {
  const creatorSide: 0 | 1 = src.seats[0] ? 0 : 1;
  const creator = src.seats[creatorSide];
  const color = creatorSide === 0 ? 'white' : 'black';
  return {
    id: src.id,
    url: `${publicUrl}/game/${src.id}`,
    status: state,
    challenger: creator ? { ...playerOf(creator.userId, creator.name), online: true } : null,
    destUser: playerOf(ch.userId, ch.name),
    variant: variantJson(src.variant),
    rated: src.rated,
    speed: speedJson(src.clock),
    timeControl: timeControlJson(src.clock),
    color,
    finalColor: color,
    perf: { name: VARIANTS[src.variant].name.en },
    ...(src.fen ? { initialFen: src.fen } : {}),
    ...(state === 'declined' ? { declineReason: ch.reason ?? 'generic', declineReasonKey: ch.reason ?? 'generic' } : {}),
  };
}
