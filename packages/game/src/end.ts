/** Game ends that are not decided by the position: conduct and time. */
import type { Reason } from '@youzai/rules';

export const CONDUCT_REASONS = ['resignation', 'timeout', 'agreement', 'claim', 'abandonment', 'aborted', 'no-first-move', 'too-short'] as const;
export type ConductReason = (typeof CONDUCT_REASONS)[number];

/** Every reason a game can end for. */
export type EndReason = Reason | ConductReason;

/**
 * A rated game decided before each side has made this many plies (two moves
 * each) proves nothing about either player: it is recorded as aborted, too
 * short, and never rated (two accounts trading one-move resignations farmed
 * 300 points this way).
 */
export const RATED_MIN_PLIES = 4;
