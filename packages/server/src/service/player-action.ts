/**
 * What the socket and the HTTP API share when a player acts: the mapping of
 * a draw or takeback operation onto the game's action, and the answer to a refusal,
 * which carries the game's current state so the client resyncs at once
 * (never silence). Written once, used by both edges.
 */
import type { DrawOp, GameView, TakebackOp } from '@youzai/protocol';
import type { Result, Side } from '@youzai/rules';
import type { PlayerAction, ServiceError } from './game-service.ts';
import type { GamesPort } from './games-port.ts';

export const DRAW_ACTIONS = {
  offer: 'draw-offer',
  accept: 'draw-accept',
  decline: 'draw-decline',
  claim: 'draw-claim',
} as const satisfies Record<DrawOp, PlayerAction['type']>;

export const drawAction = (op: DrawOp): PlayerAction => ({ type: DRAW_ACTIONS[op] });

export const TAKEBACK_ACTIONS = {
  offer: 'takeback-offer',
  accept: 'takeback-accept',
  decline: 'takeback-decline',
} as const satisfies Record<TakebackOp, PlayerAction['type']>;

export const takebackAction = (op: TakebackOp): PlayerAction => ({ type: TAKEBACK_ACTIONS[op] });

/** The game as a refused player should see it now. */
export interface RefusalState {
  readonly v: number;
  readonly view: GameView;
  readonly you: Side | null;
}

export type Acted = { readonly ok: true } | { readonly ok: false; readonly error: ServiceError; readonly state: RefusalState | null };

/** Refusals that leave nothing to show: no such game, or a game the player has no part in. */
const STATELESS: ReadonlySet<string> = new Set(['game.not-found', 'game.forbidden']);

/** Acts for `userId`; a refusal comes with the game's current state (none where there is nothing to show). */
export async function actFor(games: Pick<GamesPort, 'act' | 'view'>, id: string, userId: string, action: PlayerAction): Promise<Acted> {
  const r: Result<true, ServiceError> = await games.act(id, userId, action);
  if (r.ok) return { ok: true };
  if (STATELESS.has(r.error.code)) return { ok: false, error: r.error, state: null };
  const s = await games.view(id, userId);
  return { ok: false, error: r.error, state: s && { v: s.v, view: s.view, you: s.you } };
}
