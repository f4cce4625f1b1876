/**
 * The store for scenario tests: plain maps, same semantics as the SQL stores
 * (the conformance suites hold all of them to it). One file per concern,
 * over the shared tables.
 */
import type { Store } from '../types.ts';
import { memoryAnalyses } from './analyses.ts';
import { memoryGames } from './games.ts';
import { memoryModeration } from './moderation.ts';
import { memoryNotifications } from './notifications.ts';
import { memoryImports } from './imports.ts';
import { memoryPuzzles } from './puzzles.ts';
import { memoryRatings } from './ratings.ts';
import { memorySocial } from './social.ts';
import { MemoryTables } from './tables.ts';
import { memoryTokens } from './tokens.ts';
import { memoryTournaments } from './tournaments.ts';
import { memoryUsers } from './users.ts';

export function memoryStore(): Store {
  const tables = new MemoryTables();
  return {
    backend: 'memory',
    async migrate() {
      tables.open();
    },
    async close() {
      tables.close();
    },
    async getMeta(key) {
      return tables.open().meta.get(key) ?? null;
    },
    async setMeta(key, value) {
      tables.open().meta.set(key, value);
    },
    async setMetaIfAbsent(key, value) {
      const meta = tables.open().meta;
      if (!meta.has(key)) meta.set(key, value);
      return meta.get(key)!;
    },
    ...memoryUsers(tables),
    ...memoryGames(tables),
    ...memoryRatings(tables),
    ...memoryPuzzles(tables),
    ...memorySocial(tables),
    ...memoryNotifications(tables),
    ...memoryTournaments(tables),
    ...memoryAnalyses(tables),
    ...memoryImports(tables),
    ...memoryModeration(tables),
    ...memoryTokens(tables),
  };
}
