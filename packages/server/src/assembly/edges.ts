/**
 * Assembles what every other step stands on: the options with their store
 * watched and timed (Base), and the node's edges towards its visitors: the
 * sessions and their sweep, the quotas, the origin and proxy gates, /health.
 */
import type { AppOptions } from './options.ts';
import { SESSION_SWEEP_MS, Sessions } from '../auth/sessions.ts';
import { checkHealth, type Club, type Health } from '../cluster/club.ts';
import { originPolicy, type OriginPolicy } from '../http/origin.ts';
import { LOOPBACK_PROXIES, parseTrustedProxies, type TrustedProxies } from '../limits/address.ts';
import { Limits } from '../limits/limits.ts';
import { timedStore } from '../observe/instrument.ts';
import { silentLogger, type Logger } from '../observe/log.ts';
import { Metrics } from '../observe/metrics.ts';
import { StorageWatch } from '../store/failure.ts';
import type { Store } from '../store/types.ts';

/** What every assembly step reads: the options (their store watched and timed), the node's name, metrics and log. */
export interface Base {
  readonly opts: AppOptions;
  /** The store as given: its group commits and its thread's CPU are read from it, not from the wrappers. */
  readonly rawStore: Store;
  /** The store every part uses: watched for failures and timed. */
  readonly store: Store;
  readonly storage: StorageWatch;
  readonly node: string;
  readonly metrics: Metrics;
  readonly log: Logger;
  readonly club: Club | null;
}

/** The first step: every store call watched for failures (StorageWatch) and timed; the node's name, metrics and log, defaulted. */
export function watchEdges(given: AppOptions): Base {
  const node = given.node ?? 'local';
  const metrics = given.metrics ?? new Metrics({ node });
  // Every store call is watched: a storage failure is answered 503 with its code and /health reports it.
  const storage = new StorageWatch(() => given.clock.now());
  // Every write is timed too (youzai_store_write_seconds).
  const opts: AppOptions = { ...given, store: timedStore(storage.wrap(given.store), metrics) };
  return { opts, rawStore: given.store, store: opts.store, storage, node, metrics, log: given.log ?? silentLogger(), club: given.club ?? null };
}

/** The sessions, and the hourly deletion of expired ones (by every node: deleting twice is harmless); stopSweep ends it. */
export async function openSessions({ opts, store, log }: Base): Promise<{ sessions: Sessions; stopSweep: () => void }> {
  const sessions = await Sessions.open(store, () => opts.clock.now());
  let sweeping: (() => void) | null = null;
  const armSweep = () => {
    sweeping = opts.timers.at(opts.clock.now() + SESSION_SWEEP_MS, () => {
      void sessions
        .sweep()
        .catch((e: unknown) => log.warn({ err: e }, 'expired sessions not deleted'))
        .finally(() => sweeping && armSweep());
    });
  };
  armSweep();
  const stopSweep = () => {
    sweeping?.();
    sweeping = null;
  };
  return { sessions, stopSweep };
}

/** The quotas: they hold club-wide, in Redis with several nodes. */
export function quotas({ opts, club }: Base): Limits {
  return new Limits({
    redis: club ? { client: club.link.client, prefix: club.link.prefix } : null,
    ...(opts.limits === 'off' ? { off: true } : opts.limits ? { rules: opts.limits } : {}),
    ...(opts.openLimits ? { open: opts.openLimits } : {}),
    now: () => opts.clock.now(),
  });
}

/** Which origins may change things or open sockets, and which proxies' X-Forwarded-For is believed. */
export function gates(opts: AppOptions): { origins: OriginPolicy; proxies: TrustedProxies | null } {
  // Config has checked TRUSTED_PROXIES; a bad list here is a caller's bug.
  const trusted = opts.trustedProxies ? parseTrustedProxies(opts.trustedProxies) : opts.trustProxy ? parseTrustedProxies(LOOPBACK_PROXIES) : null;
  if (trusted && !trusted.ok) throw new Error(trusted.error.message);
  return { origins: originPolicy(opts.publicUrl, opts.origins ?? []), proxies: trusted?.value ?? null };
}

/** /health: the club's link and the database, and storage failures a probe cannot see. */
export function healthOf({ opts, storage, club }: Base): () => Promise<Health> {
  return async () => {
    const h = await checkHealth(club?.link ?? null, opts.store);
    const s = storage.state();
    // A database that was out of reach and answers the probe now is back: only failures a read cannot see (full, read-only, busy) linger.
    const lingers = s.degraded && s.code !== 'server.storage-unavailable' && s.code !== 'server.storage-timeout';
    return h.ok && lingers ? { ok: false, code: 'server.storage-degraded', reason: `storage degraded: ${s.code} (${s.detail})` } : h;
  };
}
