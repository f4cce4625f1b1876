/**
 * The game reducer: `apply(game, action, now)` returns the next game and the
 * events that lead there, or an error; it never changes the game it is
 * given (scalachess's Game.apply is the model). Every check runs before
 * anything is built, so a refused action costs nothing and changes nothing.
 */
import { VARIANTS, err, hasMatingMaterial, makeFen, ok, type Color, type Result, COLOR_SHIFT, MAX_ROLE } from '@youzai/rules';
import { flagAt, goBerserk, halt, isBerserk, isCorrespondence, punch, startTurn, stop } from './clock.ts';
import { RATED_MIN_PLIES } from './end.ts';
import { begin, firstMoveMs, type Game } from './game.ts';
import { acceptTakeback, askTakeback, declineTakeback, keepTurnStart } from './takeback.ts';
import type { GameAction, GameData, GameError, GameEvent, MoveEntry } from './state.ts';
import { verdict, type Verdict } from './verdict.ts';

/** What an accepted action leads to. */
export interface Applied {
  readonly game: Game;
  /** What changed, in order: all of them make one version of the game. Empty when nothing did (a tick before any deadline). */
  readonly events: readonly GameEvent[];
}

type Step = Result<Applied, GameError>;

/** Plies between two draw offers of one player (3 moves of each side). */
export const DRAW_OFFER_GAP_PLIES = 6;

const changed = (game: Game, data: GameData, events: readonly GameEvent[]): Step => ok({ game: game.next(data), events });

export function apply(game: Game, action: GameAction, now: number): Step {
  const d = game.data;
  if (action.type === 'connection') {
    // Correspondence players come and go over days: no one is ever "away" there.
    if (isCorrespondence(d.setup.clock)) return ok({ game, events: [] });
    const next = { ...d, disconnectedSince: setAt(d.disconnectedSince, action.color, action.connected ? null : now) };
    return changed(
      game,
      next,
      d.status === 'active' || d.status === 'waiting' ? [{ type: 'connection', color: action.color, connected: action.connected }] : [],
    );
  }
  if (action.type === 'join') {
    if (d.status !== 'waiting') return err('game.over', 'The game has already started');
    if (d.seats[action.color]) return err('game.seat-taken', 'That seat is taken');
    const seated = { ...d, seats: setAt(d.seats, action.color, action.seat) };
    if (!(seated.seats[0] && seated.seats[1])) return changed(game, seated, []);
    const started = begin(seated, now, game.conduct);
    return changed(game, started, [{ type: 'started', seats: started.seats, firstMoveDeadline: started.firstMoveDeadline }]);
  }
  if (action.type === 'cancel') {
    if (d.status !== 'waiting') return err('game.over', 'Only a game that has not started can be cancelled');
    return end(game, d, now, 'aborted', verdict(null, 'aborted', action.why));
  }
  if (d.status === 'finished' || d.status === 'aborted') return err('game.over', 'The game is over');
  if (d.status !== 'active') return err('game.not-started', 'The game has not started yet');
  // Time first: an action that arrives after a flag finds the game ended.
  const timeout = checkTime(game, now);
  if (timeout) return action.type === 'tick' ? timeout : err('game.over', 'The game is over: time ran out');
  switch (action.type) {
    case 'tick':
      return ok({ game, events: [] });
    case 'berserk':
      return berserk(game, action.by, now);
    case 'move':
      if (action.position !== undefined && action.position !== makeFen(game.referee.pos)) {
        return err('game.stale', 'The move was chosen in another position (a takeback came first)');
      }
      return move(game, action.by, action.uci, action.ply, action.lagMs ?? 0, now, action.heldMs ?? 0);
    case 'takeback-offer':
      return askTakeback(game, action.by, now);
    case 'takeback-accept':
      return acceptTakeback(game, action.by, now);
    case 'takeback-decline':
      return declineTakeback(game, action.by);
    case 'resign':
      return end(game, d, now, 'finished', verdict(other(action.by), 'resignation', 'resignation', { side: action.by }));
    case 'draw-offer': {
      if (d.drawOffer === action.by) return err('draw.already-offered', 'Your draw offer already stands');
      if (d.drawOffer !== null) return apply(game, { type: 'draw-accept', by: action.by }, now);
      // One offer per player per few moves: a declined offer is not repeated at once, over and over.
      const ply = game.ply;
      const last = d.drawOfferedAt?.[action.by] ?? null;
      if (last !== null && ply - last < DRAW_OFFER_GAP_PLIES) {
        const wait = Math.ceil((DRAW_OFFER_GAP_PLIES - (ply - last)) / 2);
        return err('draw.too-soon', `One draw offer every ${DRAW_OFFER_GAP_PLIES / 2} moves: offer again in ${wait} move${wait === 1 ? '' : 's'}`);
      }
      const drawOfferedAt = setAt(d.drawOfferedAt ?? [null, null], action.by, ply);
      return changed(game, { ...d, drawOffer: action.by, drawOfferedAt }, [{ type: 'draw-offer', by: action.by }]);
    }
    case 'draw-accept':
      if (d.drawOffer === null || d.drawOffer === action.by) return err('draw.no-offer', 'There is no draw offer to accept');
      return end(game, d, now, 'finished', verdict(null, 'agreement', 'agreement'));
    case 'draw-decline':
      if (d.drawOffer === null || d.drawOffer === action.by) return err('draw.no-offer', 'There is no draw offer to decline');
      return changed(game, { ...d, drawOffer: null }, [{ type: 'draw-declined', by: action.by }]);
    case 'draw-claim': {
      const claim = game.referee.claimableDraw();
      if (!claim) return err('draw.not-claimable', 'No draw can be claimed in this position');
      return end(game, d, now, 'finished', { ...claim, reason: 'claim' });
    }
    case 'abort':
      if (game.ply >= 2) return err('abort.too-late', 'A game can be aborted only before both sides have moved');
      return end(game, d, now, 'aborted', verdict(null, 'aborted', 'aborted'));
    case 'claim-victory': {
      if (isCorrespondence(d.setup.clock)) return err('claim.not-available', 'Correspondence games have no disconnection claim: the clock decides');
      const away = d.disconnectedSince[other(action.by)];
      if (away === null || now - away < game.conduct.disconnectGraceMs) {
        return err('claim.not-available', `The opponent has not been away for ${game.conduct.disconnectGraceMs / 1000} s`);
      }
      const facts = { side: other(action.by), other: action.by };
      return end(
        game,
        d,
        now,
        'finished',
        canMate(game, action.by) ? verdict(action.by, 'abandonment', 'abandonment', facts) : verdict(null, 'abandonment', 'abandonment-draw', facts),
      );
    }
  }
}

function move(game: Game, by: Color, uci: string, ply: number, lagMs: number, now: number, heldMs = 0): Step {
  const d = game.data;
  if (ply !== game.ply) return err('game.stale', `The move answers ply ${ply} but the game is at ply ${game.ply}`);
  if (game.turn !== by) return err('game.not-your-turn', 'It is not your turn');
  // Clock: the first move of each side is untimed (the first-move deadline applies instead).
  const timed = d.clock.running === by;
  const clock = timed ? punch(d.clock, by, now, lagMs, heldMs) : d.clock;
  if (clock === null) return err('game.over', 'Time ran out before the move arrived');
  const plies = game.ply + 1;
  const opponent = other(by);
  const firstMoveDeadline = plies === 1 ? now + firstMoveMs(d.setup.clock, game.conduct) : null;
  const nextClock = plies === 1 ? clock : startTurn(stop(clock), opponent, now);
  const moves: readonly MoveEntry[] = [...game.moves, { uci, at: now, clockMs: nextClock.mainMs[by] }];
  // The opponent's pieces before the move, to name a capture (the referee is played on in place).
  const had = opponentCounts(game.referee.pos.count, opponent);
  // The last check: a refused move leaves the referee where it was.
  const played = game.play(uci, moves);
  if (!played.ok) return err(played.error.code === 'move.syntax' ? 'move.syntax' : 'move.illegal', played.error.message);
  // A move answers any takeback request: the position it asked about is gone.
  const data: GameData = {
    ...d,
    clock: nextClock,
    firstMoveDeadline,
    drawOffer: d.drawOffer === opponent ? null : d.drawOffer,
    ...(d.takebackOffer != null ? { takebackOffer: null } : {}),
    ...(d.setup.rated ? {} : { turnStarts: keepTurnStart(game, by, now) }),
  };
  const next = game.next(data, moves);
  const ref = next.referee;
  const capture = capturedRole(had, ref.pos.count, opponent);
  const events: GameEvent[] = [
    {
      type: 'move',
      ply: plies,
      uci,
      fen: makeFen(ref.pos),
      check: ref.pos.inCheck(),
      clock: next.clockView(now),
      capture: capture === null ? null : (VARIANTS[d.setup.variant].roles[capture]?.letter ?? null),
      firstMoveDeadline,
    },
  ];
  if (!ref.verdict) return ok({ game: next, events });
  const ended = end(next, data, now, 'finished', ref.verdict);
  return ended.ok ? ok({ game: ended.value.game, events: [...events, ...ended.value.events] }) : ended;
}

/** An arena tournament player halves their clock: allowed where the game offers it, before the player's first move, once. */
function berserk(game: Game, by: Color, now: number): Step {
  const d = game.data;
  if (d.setup.berserkable !== true || isCorrespondence(d.setup.clock)) return err('berserk.not-offered', 'Berserk is offered only in arena tournament games');
  if (isBerserk(d.clock, by)) return err('berserk.already', 'You have gone berserk already');
  // The first mover has moved from ply 1 on; the other side from ply 2 (at ply 1 the side to move is the one yet to move).
  const moved = game.ply >= 2 || (game.ply === 1 && game.turn !== by);
  if (moved) return err('berserk.too-late', 'Berserk is possible only before your first move');
  const next = game.next({ ...d, clock: goBerserk(d.clock, by) });
  return ok({ game: next, events: [{ type: 'berserk', by, clock: next.clockView(now) }] });
}

/** The game ended on a flag or a missed first move; null when time is fine. */
function checkTime(game: Game, now: number): Step | null {
  const d = game.data;
  if (d.firstMoveDeadline !== null && now >= d.firstMoveDeadline) {
    return end(game, d, now, 'aborted', verdict(null, 'no-first-move', 'no-first-move', { side: game.turn }));
  }
  const flag = flagAt(d.clock);
  if (flag === null || now < flag) return null;
  const loser = d.clock.running!;
  const winner = other(loser);
  const facts = { side: loser, other: winner };
  return end(game, d, now, 'finished', canMate(game, winner) ? verdict(winner, 'timeout', 'timeout', facts) : verdict(null, 'timeout', 'timeout-draw', facts));
}

function canMate(game: Game, c: Color): boolean {
  return hasMatingMaterial(game.referee.pos, c, VARIANTS[game.data.setup.variant].end.insufficient);
}

function end(game: Game, d: GameData, now: number, decided: 'finished' | 'aborted', decision: Verdict): Step {
  const [status, v] = decided === 'finished' && d.setup.rated && game.ply < RATED_MIN_PLIES ? (['aborted', tooShort(decision)] as const) : [decided, decision];
  const data: GameData = {
    ...d,
    status,
    verdict: v,
    endedAt: now,
    clock: halt(d.clock, now),
    firstMoveDeadline: null,
    drawOffer: null,
    ...(d.takebackOffer != null ? { takebackOffer: null } : {}),
  };
  return changed(game, data, [{ type: 'end', status, verdict: v }]);
}

/** What a rated game ended too early records: what happened, and that it is not rated. */
function tooShort(v: Verdict): Verdict {
  // The sentence of what happened comes first: `was` names its code, with its facts.
  return verdict(null, 'too-short', 'too-short', { ...v.params, was: v.code }, v.runs);
}

const other = (c: Color): Color => (c ^ 1) as Color;

/** A side's piece counts by role (pieces are colour << COLOR_SHIFT | role). */
const opponentCounts = (count: Uint8Array, c: Color): Uint8Array => count.slice(c << COLOR_SHIFT, (c + 1) << COLOR_SHIFT);

/** The role of `c` whose count fell by the move, or null. */
function capturedRole(before: Uint8Array, after: Uint8Array, c: Color): number | null {
  for (let role = 1; role <= MAX_ROLE; role++) if (after[(c << COLOR_SHIFT) + role]! < before[role]!) return role;
  return null;
}

function setAt<T>(pair: readonly [T, T], i: Color, value: T): readonly [T, T] {
  return i === 0 ? [value, pair[1]] : [pair[0], value];
}
