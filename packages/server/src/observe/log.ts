/**
 * Structured logs: one JSON line per event worth keeping (pino), each with
 * the node's id, and the game and user ids where there are some. No secret
 * is ever written: requests are logged by method, path (invitation tokens
 * cut out, query strings dropped), status and code; never headers, cookies
 * or bodies. Field names that could hold a secret are redacted anyway, in
 * case one slips into an error object.
 */
import { pino, type DestinationStream, type Level, type Logger } from 'pino';

import type { RecentErrors } from './recent-errors.ts';

export type { Logger };

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = Level | 'silent';

/** Fields that must never reach a log, wherever they appear (one level deep, and under req/headers). */
const REDACT = [
  'password',
  '*.password',
  'token',
  '*.token',
  'cookie',
  '*.cookie',
  'authorization',
  '*.authorization',
  'headers.cookie',
  'headers.authorization',
  'req.headers.cookie',
  'req.headers.authorization',
  'session',
  '*.session',
];

export interface LoggerOptions {
  readonly node: string;
  /** LOG_LEVEL: info by default; debug adds one line per move. */
  readonly level?: LogLevel;
  /** Where lines go (stdout by default; tests collect them). */
  readonly destination?: DestinationStream;
  /** Keeps each line logged at error level or above (the operator's page). */
  readonly recent?: RecentErrors;
}

export function createLogger(opts: LoggerOptions): Logger {
  return pino(
    {
      level: opts.level ?? 'info',
      base: { node: opts.node },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT, censor: '[redacted]' },
      serializers: { err: pino.stdSerializers.err },
      hooks: {
        logMethod(args, method, level) {
          if (level >= 50) opts.recent?.add(args);
          return method.apply(this, args);
        },
      },
    },
    opts.destination ?? pino.destination({ sync: false }),
  );
}

/** For code built without a logger (most tests): nothing is written. */
export const silentLogger = (): Logger => pino({ level: 'silent' });

const GAME_PATH = /^\/(?:api\/games|game|invite)\/([A-Za-z0-9]{6,16})(?:[/.]|$)/;

/** The path as logged: the query dropped, an invitation's token replaced (it opens a seat). */
export function loggedPath(pathname: string): string {
  return pathname.replace(/^\/invite\/([A-Za-z0-9]{6,16})\/[^/]+/, '/invite/$1/…').slice(0, 200);
}

/** The game a request is about, when its path names one. */
export function gameOfPath(pathname: string): string | undefined {
  return GAME_PATH.exec(pathname)?.[1];
}
