/**
 * A visitor's display settings (board colours, piece set per game,
 * coordinates, sound, notation per game): kept in the browser and, for an
 * account, on the server (GET and PUT /api/settings), so a second browser
 * finds them at login. Decoded here for both: the server keeps only what
 * this schema accepts, the browser reads its own copy through it too.
 * Values are names, not checked against today's lists: a set or notation
 * that a later version drops falls back to the game's default where it is
 * read (the board and the move list), so an old copy never breaks a page.
 */
// zod/mini, not zod: the same decoding (messages included: the core is shared), but a browser that reads its settings on every page carries only what this schema uses.
import * as z from 'zod/mini';
import { VARIANT_KEYS } from '@youzai/rules';

const Name = z.string().check(z.regex(/^[a-z][a-z0-9-]{0,31}$/, 'A setting is a lower-case name of at most 32 characters'));
/** One name per game; games not listed keep their default. */
const PerGame = z.partialRecord(z.enum(VARIANT_KEYS), Name);

export const Settings = z.strictObject({
  /** The board's colours (a theme every game draws). */
  board: Name,
  /** The piece set chosen for each game (the game's `board.pieceSets`). */
  pieces: PerGame,
  /** Coordinates along the board's edges. */
  coords: z.boolean(),
  /** Move and capture sounds. */
  sound: z.boolean(),
  /** The move list's notation for each game (the game's `notations` ids). */
  notation: PerGame,
});
export type Settings = z.infer<typeof Settings>;

/** GET /api/settings: the account's settings, or null when it has saved none (a guest's are never kept). */
export interface SettingsResponse {
  readonly settings: Settings | null;
}
