/** Games and moves in memory. */
import { checkGame, checkSave } from '../checks.ts';
import type { GameFilter, GameOutcome, GameRow, GameStore, MoveRow, ResultCounts } from '../games.ts';
import { UniqueViolation, VersionConflict } from '../types.ts';
import { cmp, loadGame, storeGame, type MemoryTables } from './tables.ts';

export function memoryGames(tables: MemoryTables): GameStore {
  const game = async (id: string): Promise<GameRow | null> => {
    const g = tables.open().games.get(id);
    return g ? loadGame(g) : null;
  };
  return {
    async createGame(g: GameRow): Promise<void> {
      const t = tables.open();
      checkGame(g);
      if (t.games.has(g.id)) throw new UniqueViolation('game');
      if (g.inviteToken !== null && t.invites.has(g.inviteToken)) throw new UniqueViolation('inviteToken');
      t.games.set(g.id, storeGame(g));
      if (g.inviteToken !== null) t.invites.set(g.inviteToken, g.id);
      t.moves.set(g.id, []);
    },

    async saveGame(g: GameRow, expectedVersion: number, moves: readonly MoveRow[] = [], dropAfter?: number): Promise<void> {
      const t = tables.open();
      checkSave(g, moves, dropAfter);
      const old = t.games.get(g.id);
      if (!old || old.version !== expectedVersion) throw new VersionConflict(g.id, expectedVersion);
      // Check everything before changing anything: a failed save writes nothing.
      const invite = g.inviteToken === null ? undefined : t.invites.get(g.inviteToken);
      if (invite !== undefined && invite !== g.id) throw new UniqueViolation('inviteToken');
      const list = (t.moves.get(g.id) ?? []).filter((m) => dropAfter === undefined || m.ply <= dropAfter);
      const taken = new Set(list.map((m) => m.ply));
      if (moves.some((m) => taken.has(m.ply))) throw new UniqueViolation('move');
      if (old.inviteToken !== null) t.invites.delete(old.inviteToken);
      if (g.inviteToken !== null) t.invites.set(g.inviteToken, g.id);
      t.games.set(g.id, storeGame(g, old));
      list.push(...moves.map((m) => ({ ...m })));
      list.sort((a, b) => a.ply - b.ply);
      t.moves.set(g.id, list);
    },

    game,

    async gameByInvite(token: string): Promise<GameRow | null> {
      const id = tables.open().invites.get(token);
      return id === undefined ? null : game(id);
    },

    async moves(gameId: string): Promise<MoveRow[]> {
      return (tables.open().moves.get(gameId) ?? []).map((m) => ({ ...m }));
    },

    async games(f: GameFilter): Promise<GameRow[]> {
      const rows = [...tables.open().games.values()].filter(
        (g) =>
          (f.status === undefined || f.status.includes(g.status)) &&
          (f.userId === undefined || g.whiteId === f.userId || g.blackId === f.userId) &&
          (f.before === undefined || g.summaryAt < f.before) &&
          (f.variant === undefined || g.variant === f.variant) &&
          (f.outcome === undefined || outcomeOf(g, f.userId) === f.outcome),
      );
      // Newest first by the last change of the summary (updated_at there); ties by id descending, as the SQL stores order them.
      rows.sort((a, b) => b.summaryAt - a.summaryAt || cmp(b.id, a.id));
      return rows.slice(0, Math.max(0, Math.floor(f.limit))).map(loadGame);
    },

    async results(userId: string): Promise<ResultCounts[]> {
      const by = new Map<string, { wins: number; draws: number; losses: number }>();
      for (const g of tables.open().games.values()) {
        if (g.status !== 'finished') continue;
        const side = g.whiteId === userId ? 0 : g.blackId === userId ? 1 : null;
        if (side === null) continue;
        let c = by.get(g.variant);
        if (!c) {
          c = { wins: 0, draws: 0, losses: 0 };
          by.set(g.variant, c);
        }
        if (g.result === '1/2-1/2') c.draws++;
        else if (g.result === (side === 0 ? '1-0' : '0-1')) c.wins++;
        else if (g.result === (side === 0 ? '0-1' : '1-0')) c.losses++;
      }
      return [...by].map(([variant, c]) => ({ variant, ...c })).sort((a, b) => cmp(a.variant, b.variant));
    },
  };
}

/** What a finished game was for `userId`: null when unfinished, or not theirs. */
function outcomeOf(g: { status: string; whiteId: string | null; blackId: string | null; result: string | null }, userId?: string): GameOutcome | null {
  if (g.status !== 'finished' || userId === undefined) return null;
  const side = g.whiteId === userId ? 0 : g.blackId === userId ? 1 : null;
  if (side === null) return null;
  if (g.result === '1/2-1/2') return 'draw';
  if (g.result === '1-0') return side === 0 ? 'win' : 'loss';
  if (g.result === '0-1') return side === 1 ? 'win' : 'loss';
  return null;
}
