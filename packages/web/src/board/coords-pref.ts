/** Whether the boards show coordinates: one of the visitor's settings (app/settings.ts), followed by every board of the page. */
import { changeSettings, onSettings, settings } from '../app/settings.ts';

/** Whether coordinates are shown: on unless this visitor turned them off. */
export const coordsShown = (): boolean => settings().coords;

/** Turns coordinates on or off on every board of the page, and remembers it. */
export function showCoords(on: boolean): void {
  changeSettings({ coords: on });
}

/** Calls `l` whenever coordinates are turned on or off; returns the unsubscribe. */
export function onCoordsShown(l: (on: boolean) => void): () => void {
  let was = coordsShown();
  return onSettings((s) => {
    if (s.coords === was) return;
    was = s.coords;
    l(was);
  });
}
