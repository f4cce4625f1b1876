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

  constructor(private readonly choose: ChooseMove) {}

  attach(games: GameService): void {
    this.games = games;
  }

  readonly onEngineTurn = (gameId: string, view: GameView, seat: Seat): void => {
    const turn = `${view.ply} ${view.fen}`;
    if (this.thinking.get(gameId) === turn) return;
    this.thinking.set(gameId, turn);
    void this.play(gameId, view, seat).finally(() => {
      if (this.thinking.get(gameId) === turn) this.thinking.delete(gameId);
    });
  };

  private async play(gameId: string, view: GameView, seat: Seat): Promise<void> {
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
    if (uci === null || !this.games) return;
    // The position too: after a takeback the same ply may hold another position, where this answer is stale.
    await this.games.act(gameId, ENGINE_ID, { type: 'move', uci, ply: view.ply, position: view.fen });
  }
}

function legalMovesOf(view: GameView): string[] {
  const pos = parseFen(VARIANTS[view.variant], view.fen);
  return pos.ok ? legalUcis(pos.value) : [];
}
