/**
 * The visitor's display settings, one object (protocol `Settings`): kept in
 * localStorage for every visitor and, for an account, on the server too
 * (PUT /api/settings after each change, GET at login, so a second browser
 * finds them). Every part of the page that shows one reads it here and
 * listens for changes: the boards (theme, piece set, coordinates), the
 * sounds, the move lists (notation).
 */
import { Settings } from '@youzai/protocol';
import { localStore } from './storage.ts';

const KEY = 'yz-settings';

export const DEFAULT_SETTINGS: Settings = { board: 'wood', pieces: {}, coords: true, sound: true, notation: {} };

/**
 * Reads a stored copy through the protocol's decoder; a missing or broken
 * copy gives the defaults, with what the older one-key-per-setting storage
 * held (yz-board-theme, yz-coords, yz-muted, yz-notation-<game>) carried over.
 */
export function readSettings(storage: Pick<Storage, 'getItem'> | null): Settings {
  const raw = storage?.getItem(KEY);
  if (raw) {
    try {
      const r = Settings.safeParse(JSON.parse(raw));
      if (r.success) return r.data;
    } catch {
      // Not JSON: start again from the defaults.
    }
  }
  const notation: Record<string, string> = {};
  for (const game of ['xiangqi', 'janggi', 'sittuyin']) {
    const n = storage?.getItem(`yz-notation-${game}`);
    if (n) notation[game] = n;
  }
  const carried = {
    ...DEFAULT_SETTINGS,
    board: storage?.getItem('yz-board-theme') ?? DEFAULT_SETTINGS.board,
    coords: storage?.getItem('yz-coords') !== 'off',
    sound: storage?.getItem('yz-muted') !== '1',
    notation,
  };
  const r = Settings.safeParse(carried);
  return r.success ? r.data : DEFAULT_SETTINGS;
}

let current: Settings = readSettings(localStore());
const listeners = new Set<(s: Settings) => void>();
/** Sends the settings to the account's store; null while the visitor has no account. */
let upload: ((s: Settings) => void) | null = null;

export const settings = (): Settings => current;

/** Calls `l` after every change; returns the unsubscribe. */
export function onSettings(l: (s: Settings) => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

function keep(next: Settings): void {
  current = next;
  try {
    localStore()?.setItem(KEY, JSON.stringify(next));
  } catch {
    // A full or refused storage: the choice lasts this page (and the account's copy).
  }
  for (const l of [...listeners]) l(next);
}

/** Changes some settings: kept here, shown at once, and sent to the account's store. */
export function changeSettings(patch: Partial<Settings>): void {
  keep({ ...current, ...patch });
  upload?.(current);
}

/**
 * Signs the settings into an account (`load` reads the stored copy,
 * `save` writes one) or out of it (null). An account's stored settings
 * replace this browser's; an account with none takes this browser's.
 */
export async function syncSettings(account: { load: () => Promise<Settings | null | undefined>; save: (s: Settings) => void } | null): Promise<void> {
  upload = account?.save ?? null;
  if (!account) return;
  const stored = await account.load();
  if (stored === undefined) return; // not answered: keep this browser's, send nothing
  if (stored) keep(stored);
  else account.save(current);
}

/**
 * Sends saves one at a time, in order: while one is in flight only the
 * latest change waits, and goes after it, so an older copy never reaches
 * the server after a newer one. A failed save does not stop the next.
 */
export function inOrder<T>(send: (value: T) => Promise<unknown>): (value: T) => void {
  let busy = false;
  let pending: { value: T } | null = null;
  const next = (): void => {
    if (busy || !pending) return;
    const { value } = pending;
    pending = null;
    busy = true;
    void send(value)
      .catch(() => undefined)
      .finally(() => {
        busy = false;
        next();
      });
  };
  return (value) => {
    pending = { value };
    next();
  };
}

/** A per-game setting (piece set, notation) of a game, if the visitor chose one. */
export const forGame = (m: Settings['pieces'], game: string): string | undefined => (m as Readonly<Record<string, string | undefined>>)[game];
