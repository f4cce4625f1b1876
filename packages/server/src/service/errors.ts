/** The refusals of the game service (besides the game's own rule codes). */
import type { RuleError } from '@youzai/rules';

export type ServiceErrorCode =
  | 'game.not-found'
  | 'game.forbidden'
  | 'game.conflict'
  | 'server.storage'
  | 'user.not-found'
  | 'invite.expired'
  | 'invite.invalid'
  | 'challenge.self';
export type ServiceError = RuleError<ServiceErrorCode | string>;
