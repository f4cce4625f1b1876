/**
 * The keys that move a game's viewer (the game and solo pages): arrows,
 * Home and End over the move list, not while typing in a field. Kept apart
 * from the pages' widgets so that the game page loads nothing more for it.
 */
import type { Cursor } from './move-history.ts';

/** Moves the viewer on an arrow key, Home or End (not while typing in a field); whether it did. */
export function cursorKey(e: KeyboardEvent, cursor: Cursor): boolean {
  if ((e.target as HTMLElement).closest('input,textarea,select')) return false;
  const go: Record<string, () => void> = {
    ArrowLeft: () => cursor.prev(),
    ArrowRight: () => cursor.next(),
    Home: () => cursor.first(),
    End: () => cursor.last(),
  };
  const f = go[e.key];
  if (!f) return false;
  e.preventDefault();
  f();
  return true;
}
