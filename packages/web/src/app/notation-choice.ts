/**
 * Which notation a game's move lists and boards show: the visitor's choice
 * (one of the settings, per game, app/settings.ts), else the club's default,
 * Vietnamese where a game has it, else the game's own default (its first:
 * Janggi's Korean notation). The board's edge labels follow the same choice.
 */
import type { Notation, VariantModule } from '@youzai/rules';
import { forGame, settings } from './settings.ts';

/** The notation shown for `v` when the visitor's choice is `id` (unknown or none: the default). */
export function notationOf(v: VariantModule, id: string | undefined): Notation {
  return v.notations.find((n) => n.id === id) ?? v.notations.find((n) => n.id.endsWith('vietnamese')) ?? v.notations[0]!;
}

/** The notation this visitor sees for `v` now. */
export const chosenNotation = (v: VariantModule): Notation => notationOf(v, forGame(settings().notation, v.key));
