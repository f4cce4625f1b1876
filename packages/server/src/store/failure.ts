/**
 * Storage failures told honestly. A database out of reach, a disk full, a
 * read-only folder: each is recognised from the driver's error and answered
 * 503 with its own code (never a bare 500), while whatever needs no write
 * goes on being served; /health reports the storage degraded meanwhile.
 */

export type StorageFailureCode =
  | 'server.storage-unavailable'
  | 'server.storage-timeout'
  | 'server.storage-full'
  | 'server.storage-read-only'
  | 'server.storage-busy';

export interface StorageFailure {
  readonly code: StorageFailureCode;
  readonly message: string;
}

const TEXT: Record<StorageFailureCode, string> = {
  'server.storage-unavailable': 'The database cannot be reached just now: try again in a moment',
  'server.storage-timeout': 'The database did not answer in time: try again in a moment',
  'server.storage-full': 'The server’s storage is full: nothing can be saved just now',
  'server.storage-read-only': 'The server’s storage is read-only: nothing can be saved just now',
  'server.storage-busy': 'The database is too busy just now: try again in a moment',
};

const NET = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EPIPE', 'EAI_AGAIN']);

function codeOf(e: unknown): StorageFailureCode | null {
  if (!(e instanceof Error)) return null;
  const code = String((e as { code?: unknown }).code ?? '');
  // Our own bound on a store call (StoreTimeout): the database frozen, its link silent, a statement too long.
  if (code === 'STORE_TIMEOUT') return 'server.storage-timeout';
  // SQLite (better-sqlite3, also across the worker thread).
  if (code === 'SQLITE_FULL') return 'server.storage-full';
  if (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_CANTOPEN')) return 'server.storage-read-only';
  if (code.startsWith('SQLITE_IOERR')) return 'server.storage-unavailable';
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'server.storage-busy';
  // PostgreSQL SQLSTATEs: disk full, read-only, shutting down, connection exceptions, too many connections.
  if (code === '53100') return 'server.storage-full';
  if (code === '25006') return 'server.storage-read-only';
  if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03') return 'server.storage-unavailable';
  if (code === '53300') return 'server.storage-busy';
  // The file system and the network.
  if (code === 'ENOSPC') return 'server.storage-full';
  if (code === 'EROFS' || code === 'EACCES') return 'server.storage-read-only';
  if (NET.has(code)) return 'server.storage-unavailable';
  // pg's own words for a lost or refused connection, and our worker's for a dead thread.
  if (/Connection terminated|connection error|timeout exceeded when trying to connect|Client was closed|the SQLite worker exited/i.test(e.message)) {
    return 'server.storage-unavailable';
  }
  return null;
}

/** The failure `e` stands for, or null when it is not the storage's (a bug, a conflict, bad input). */
export function storageFailure(e: unknown): StorageFailure | null {
  const code = codeOf(e);
  return code ? { code, message: TEXT[code] } : null;
}

export type StorageState =
  | { readonly degraded: false }
  | { readonly degraded: true; readonly code: StorageFailureCode; readonly detail: string; readonly at: number };

/**
 * Watches every call a store answers: a storage failure within the last
 * `windowMs` marks the storage degraded (a disk full still answers reads, so
 * a read alone cannot tell).
 */
export class StorageWatch {
  private last: { code: StorageFailureCode; detail: string; at: number } | null = null;

  constructor(
    private readonly now: () => number,
    private readonly windowMs = 30_000,
  ) {}

  note(e: unknown): void {
    const code = codeOf(e);
    if (code) this.last = { code, detail: e instanceof Error ? e.message : String(e), at: this.now() };
  }

  state(): StorageState {
    const l = this.last;
    if (!l || this.now() - l.at > this.windowMs) return { degraded: false };
    return { degraded: true, ...l };
  }

  /** The same store, every method's failure noted on its way to the caller. */
  wrap<S extends object>(store: S): S {
    const wrapped = new Map<PropertyKey, unknown>();
    const watch = this;
    return new Proxy(store, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (typeof value !== 'function') return value;
        let w = wrapped.get(prop);
        if (!w) {
          const fn = value as (...a: unknown[]) => unknown;
          w = function (this: unknown, ...args: unknown[]) {
            try {
              const r = fn.apply(target, args);
              if (r instanceof Promise) {
                return r.catch((e: unknown) => {
                  watch.note(e);
                  throw e;
                });
              }
              return r;
            } catch (e) {
              watch.note(e);
              throw e;
            }
          };
          wrapped.set(prop, w);
        }
        return w;
      },
    });
  }
}
