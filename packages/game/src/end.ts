/** Game ends that are not decided by the position: conduct and time. */
import type { Reason } from '@youzai/rules';

export const CONDUCT_REASONS = ['resignation', 'timeout', 'agreement', 'claim', 'abandonment', 'aborted', 'no-first-move'] as const;
export type ConductReason = (typeof CONDUCT_REASONS)[number];

/** Every reason a game can end for. */
export type EndReason = Reason | ConductReason;
