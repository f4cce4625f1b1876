/**
 * The computer player: when a computer seat is to move, it asks the engine
 * (injected: the worker pool in production, a stand-in in tests) and plays
 * the answer through the game service like any player. It never gives up: an
 * engine failure falls back to a legal move, so no game is lost for want of
 * an engine.
 */
import type { GameView, Seat } from '@youzai/game';
import { VARIANTS, legalUcis, parseFen, type VariantKey } from '@youzai/rules';
import { ENGINE_ID, type GameService } from './game-service.ts';
import { systemClock, systemTimers, type Clock, type Timers } from './time.ts';

/** A turn the computer could not play (the store or the club did not answer) is tried again this much later… */
export const COMPUTER_RETRY_MS = 1000;
/** …this many times, while the game still waits on that move. */
const COMPUTER_RETRIES = 30;

export interface EngineRequest {
  readonly gameId: string;
  readonly variant: VariantKey;
  readonly fen: string;
  readonly level: number;
  readonly clock: { readonly remainingMs: number; readonly incrementMs: number };
  /** Legal moves to play only if nothing else is left (they lose by a rule the engine cannot see). */
  readonly avoid: readonly string[];
}

/** Answers a legal move in Fairy-Stockfish notation. */
export type ChooseMove = (req: EngineRequest) => Promise<string>;

export class ComputerPlayer {
  private games: GameService | null = null;
  /** game id → the turn being thought about (ply and position: a takeback can bring a ply back with another position), so one turn gets one answer. */
  private readonly thinking = new Map<string, string>();

  constructor(
    private readonly choose: ChooseMove,
    private readonly time: { readonly clock: Clock; readonly timers: Timers } = { clock: systemClock, timers: systemTimers },
  ) {}

  attach(games: GameService): void {
    this.games = games;
  }

  readonly onEngineTurn = (gameId: string, view: GameView, seat: Seat): void => this.turn(gameId, view, seat, 0);

  private turn(gameId: string, view: GameView, seat: Seat, attempt: number): void {
    const turn = `${view.ply} ${view.fen}`;
    if (this.thinking.get(gameId) === turn) return;
    this.thinking.set(gameId, turn);
    void this.play(gameId, view, seat)
      .then(
        (played) => played,
        () => false,
      )
      .then((played) => {
        if (this.thinking.get(gameId) === turn) this.thinking.delete(gameId);
        if (!played) this.later(gameId, view, seat, attempt);
      });
  }

  /**
   * The move was not played (the store or the club did not answer in time, under load or a fault): a second later,
   * if the game still waits on this very move, it is tried again; the game never waits on a computer that gave up.
   */
  private later(gameId: string, view: GameView, seat: Seat, attempt: number): void {
    if (attempt >= COMPUTER_RETRIES) return;
    this.time.timers.at(this.time.clock.now() + COMPUTER_RETRY_MS, () => {
      void this.games
        ?.view(gameId)
        .then((now) => {
          if (now && now.view.status === 'active' && now.view.moves.length === view.ply && now.view.fen === view.fen)
            this.turn(gameId, view, seat, attempt + 1);
        })
        .catch(() => this.later(gameId, view, seat, attempt + 1));
    });
  }

  /** Whether the move was played (false: not, and the game may still wait on it). */
  private async play(gameId: string, view: GameView, seat: Seat): Promise<boolean> {
    const cfg = view.clockConfig;
    const req: EngineRequest = {
      gameId,
      variant: view.variant,
      fen: view.fen,
      level: seat.level ?? 3,
      clock: {
        remainingMs: view.clock.remainingMs[view.turn],
        incrementMs: cfg.kind === 'fischer' ? cfg.incrementMs : cfg.kind === 'byoyomi' ? cfg.periodMs : 0,
      },
      avoid: this.games ? await this.games.movesToAvoid(gameId) : [],
    };
    let uci: string | null = null;
    try {
      uci = await this.choose(req);
    } catch {
      uci = null;
    }
    const legal = legalMovesOf(view);
    if (uci === null || !legal.includes(uci)) uci = legal[0] ?? null;
    if (uci === null || !this.games) return true;
    // The position too: after a takeback the same ply may hold another position, where this answer is stale.
    return (await this.games.act(gameId, ENGINE_ID, { type: 'move', uci, ply: view.ply, position: view.fen })).ok;
  }
}

function legalMovesOf(view: GameView): string[] {
  const pos = parseFen(VARIANTS[view.variant], view.fen);
  return pos.ok ? legalUcis(pos.value) : [];
}
