/**
 * What the Bot API's routes (bot/routes.ts) need beyond the club's: a field
 * of http/routes.ts's Deps, kept here so that the route table need not
 * import the routes that import it.
 */
import type { ApiTokens } from '../auth/tokens.ts';
import type { Bus } from '../bus/bus.ts';
import type { Chat } from '../chat/chat.ts';
import type { Timers } from '../service/time.ts';
import type { NdjsonStream } from './ndjson.ts';

export interface BotDeps {
  readonly tokens: ApiTokens;
  readonly chat: Chat;
  readonly bus: Bus;
  readonly timers: Timers;
  /** Every stream open on this node (ended when it stops). */
  readonly streams: Set<NdjsonStream>;
}
