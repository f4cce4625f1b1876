/** Whether the boards show coordinates: one choice per visitor, kept in localStorage, followed by every board of the page. */
import { localStore } from '../app/storage.ts';

const KEY = 'yz-coords';
const listeners = new Set<(on: boolean) => void>();

/** Whether coordinates are shown: on unless this visitor turned them off (kept in localStorage). */
export function coordsShown(): boolean {
  return localStore()?.getItem(KEY) !== 'off';
}

/** Turns coordinates on or off on every board of the page, and remembers it. */
export function showCoords(on: boolean): void {
  try {
    localStore()?.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // A full or refused storage: the choice lasts this page only.
  }
  for (const l of listeners) l(on);
}

/** Calls `l` whenever coordinates are turned on or off; returns the unsubscribe. */
export function onCoordsShown(l: (on: boolean) => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
