/**
 * Takebacks in casual games: a player asks, the opponent accepts or declines
 * (the computer accepts at once), and the game returns to the start of the
 * asker's last turn: the moves after it are dropped, the referee is rebuilt
 * from the moves that remain (so the Xiangqi runs, the chase tracking and the
 * draw counters are exactly what they were, being a function of the moves),
 * and the clock is the one stored as that turn began: each side's remaining
 * time, byo-yomi periods and lag quota as they were, the asker's time running
 * again from the moment of the takeback. Rated games and tournament games
 * (rated or casual: a tournament's standings must not depend on the
 * opponent's goodwill) refuse takebacks.
 */
import { err, makeFen, ok, type Color, type Result } from '@youzai/rules';
import { startTurn } from './clock.ts';
import type { Game } from './game.ts';
import { takebacksAllowed, type GameData, type GameError, type GameEvent, type TurnStart } from './state.ts';

/** Turn starts a casual game keeps: enough to take back the asker's move and the reply to it. */
export const TAKEBACK_KEEP = 2;
/** Plies between two takeback requests of one player (2 moves of each side). */
export const TAKEBACK_GAP_PLIES = 4;

type Step = Result<{ readonly game: Game; readonly events: readonly GameEvent[] }, GameError>;

/** The turn starts kept after `by` moves now (games with takebacks only: the others never take back). */
export function keepTurnStart(game: Game, by: Color, now: number): readonly TurnStart[] | undefined {
  const d = game.data;
  if (!takebacksAllowed(d.setup)) return d.turnStarts;
  const began = game.moves.at(-1)?.at ?? d.startedAt ?? now;
  const point: TurnStart = {
    ply: game.ply,
    turn: by,
    clock: d.clock,
    firstMoveLeftMs: d.firstMoveDeadline === null ? null : Math.max(0, d.firstMoveDeadline - began),
  };
  return [...(d.turnStarts ?? []), point].slice(-TAKEBACK_KEEP);
}

/** The turn a takeback asked by `by` returns to: `by`'s last kept turn start. */
function pointFor(d: GameData, by: Color): TurnStart | null {
  const kept = d.turnStarts ?? [];
  for (let i = kept.length - 1; i >= 0; i--) if (kept[i]!.turn === by) return kept[i]!;
  return null;
}

export function askTakeback(game: Game, by: Color, now: number): Step {
  const d = game.data;
  if (d.setup.tournament === true) return err('takeback.tournament', 'Tournament games have no takebacks');
  if (d.setup.rated) return err('takeback.rated', 'Rated games have no takebacks');
  if (d.takebackOffer === by) return err('takeback.already-asked', 'Your takeback request already stands');
  if (d.takebackOffer != null) return rewind(game, d.takebackOffer, now);
  if (!pointFor(d, by)) return err('takeback.nothing', 'You have no move to take back');
  const last = d.takebackAt?.[by] ?? null;
  if (last !== null && game.ply - last < TAKEBACK_GAP_PLIES) {
    const wait = Math.ceil((TAKEBACK_GAP_PLIES - (game.ply - last)) / 2);
    return err('takeback.too-soon', `One takeback request every ${TAKEBACK_GAP_PLIES / 2} moves: ask again in ${wait} move${wait === 1 ? '' : 's'}`);
  }
  // The computer accepts every takeback of a casual game, at once.
  if (d.seats[other(by)]?.kind === 'engine') return rewind(game, by, now);
  const next = game.next({ ...d, takebackOffer: by, takebackAt: setAt(d.takebackAt ?? [null, null], by, game.ply) });
  return ok({ game: next, events: [{ type: 'takeback-offer', by }] });
}

export function acceptTakeback(game: Game, by: Color, now: number): Step {
  const asker = game.data.takebackOffer;
  if (asker == null || asker === by) return err('takeback.no-request', 'There is no takeback request to accept');
  return rewind(game, asker, now);
}

export function declineTakeback(game: Game, by: Color): Step {
  const d = game.data;
  if (d.takebackOffer == null || d.takebackOffer === by) return err('takeback.no-request', 'There is no takeback request to decline');
  return ok({ game: game.next({ ...d, takebackOffer: null }), events: [{ type: 'takeback-declined', by }] });
}

/** The game back at the start of `asker`'s last turn. */
function rewind(game: Game, asker: Color, now: number): Step {
  const d = game.data;
  const point = pointFor(d, asker);
  if (!point) return err('takeback.nothing', 'There is no move to take back');
  const c = point.clock;
  const data: GameData = {
    ...d,
    clock: c.running !== null ? startTurn(c, c.running, now) : c,
    firstMoveDeadline: point.firstMoveLeftMs === null ? null : now + point.firstMoveLeftMs,
    drawOffer: null,
    takebackOffer: null,
    takebackAt: setAt(d.takebackAt ?? [null, null], asker, point.ply),
    turnStarts: (d.turnStarts ?? []).filter((p) => p.ply < point.ply),
  };
  // A fresh list: the referee is replayed from the setup over the moves that remain.
  const next = game.next(data, game.moves.slice(0, point.ply));
  const pos = next.referee.pos;
  return ok({
    game: next,
    events: [
      {
        type: 'takeback',
        by: asker,
        ply: point.ply,
        fen: makeFen(pos),
        check: pos.inCheck(),
        clock: next.clockView(now),
        firstMoveDeadline: data.firstMoveDeadline,
      },
    ],
  });
}

const other = (c: Color): Color => (c ^ 1) as Color;

function setAt<T>(pair: readonly [T, T], i: Color, value: T): readonly [T, T] {
  return i === 0 ? [value, pair[1]] : [pair[0], value];
}
