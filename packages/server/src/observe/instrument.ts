/**
 * Timing at the edges without touching what is timed: the store and the
 * games are wrapped (a Proxy passes every other member through unchanged),
 * so a method added to either is served as before and simply not timed.
 */
import type { GamesPort } from '../service/games-port.ts';
import type { CommitWindow } from '../store/sqlite/group-commit.ts';
import type { Store } from '../store/types.ts';
import type { Metrics } from './metrics.ts';

/** Store methods that write (the rest read). */
const WRITE = /^(create|save|register|delete|set|apply|put|mark|trim)/;

/** Group-commit counters of the store behind `store`, whichever it is (null: none kept). */
export async function commitStats(store: Store): Promise<{ batches: number; writes: number; largest?: number } | null> {
  const s = store as Partial<{
    commitStats: () => Promise<{ batches: number; writes: number; largest: number }>;
    stats: { batches?: number; writes?: number; largest?: number; statements?: number; saves?: number };
  }>;
  if (typeof s.commitStats === 'function') return s.commitStats();
  const st = s.stats;
  if (st?.batches !== undefined && st.writes !== undefined)
    return { batches: st.batches, writes: st.writes, ...(st.largest !== undefined ? { largest: st.largest } : {}) };
  if (st?.statements !== undefined && st.saves !== undefined) return { batches: st.statements, writes: st.saves };
  return null;
}

/** The group commit's batch sizes and times since the last reset (SQLite, threaded or not); null for other stores. */
export async function commitWindow(store: Store, reset: boolean): Promise<CommitWindow | null> {
  const s = store as Partial<{ commitWindow: (reset: boolean) => CommitWindow | Promise<CommitWindow> }>;
  return typeof s.commitWindow === 'function' ? s.commitWindow(reset) : null;
}

/** The CPU of the store's own thread so far, in ns (the threaded SQLite store); null for a store without one. */
export async function storeThreadCpuNs(store: Store): Promise<number | null> {
  const s = store as Partial<{ threadCpuNs: () => Promise<number | null> }>;
  return typeof s.threadCpuNs === 'function' ? s.threadCpuNs() : null;
}

/** The store, with the time each write takes to be acknowledged recorded by operation. */
export function timedStore<S extends Store>(store: S, metrics: Metrics): S {
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(store, {
    get(target, key, receiver) {
      // A write's wrapper, once made, is served at once (each move asks for saveGame: no regex each time).
      let w = wrapped.get(key);
      if (w) return w;
      const value = Reflect.get(target, key, receiver);
      if (typeof key !== 'string' || typeof value !== 'function' || !WRITE.test(key)) return value;
      const hist = metrics.storeWriteSeconds.labels({ op: key });
      w = (...args: unknown[]) => {
        const end = hist.startTimer();
        const p = (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        // Failed writes are timed too: a slow failure is what an operator looks for.
        return p.finally(() => end());
      };
      wrapped.set(key, w);
      return w;
    },
  });
}

/** The games, with the service time of every accepted move recorded (and socket/HTTP moves told apart by `via`). */
export function timedGames<G extends Pick<GamesPort, 'act'>>(games: G, metrics: Metrics, via: string): G {
  const hist = metrics.moveSeconds.labels({ via });
  const act: G['act'] = async (id, userId, action) => {
    if (action.type !== 'move') return games.act(id, userId, action);
    const end = hist.startTimer();
    const r = await games.act(id, userId, action);
    if (r.ok) end();
    return r;
  };
  return new Proxy(games, {
    get(target, key, receiver) {
      if (key === 'act') return act;
      const value = Reflect.get(target, key, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
