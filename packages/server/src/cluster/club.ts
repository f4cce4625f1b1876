/**
 * What a node needs to be one of several: its Redis link, its place in the
 * registry of nodes, the leader lease for club-wide chores, and the health
 * it reports. createApp() builds the club's lobby, rooms and presence on
 * top of these when they are given (cluster mode), its in-memory ones when
 * not (one node).
 */
import { RedisBus } from '../bus/redis.ts';
import { every, type Clock, type Timers } from '../service/time.ts';
import type { Store } from '../store/types.ts';
import { Leader } from './leader.ts';
import { NodeRegistry, type NodeRegistryOptions } from './nodes.ts';
import { Ownership } from './ownership.ts';
import { connectRedis, type RedisLink } from './redis.ts';

/** A dead member still listing games past this is forgotten anyway: the leader's database sweep finds what it left. */
const FORGET_AFTER_MS = 60_000;

export interface Health {
  readonly ok: boolean;
  /** A code for the reason (default server.unavailable). */
  readonly code?: string;
  /** Why not, when not ok: which service is unreachable. */
  readonly reason?: string;
}

export interface Club {
  readonly node: string;
  readonly link: RedisLink;
  readonly bus: RedisBus;
  readonly nodes: NodeRegistry;
  readonly leader: Leader;
  /** Chores the leader runs every second (purging what dead nodes left); registered by the parts that need them. */
  readonly chores: ((deadMember: string) => Promise<void>)[];
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function openClub(opts: {
  node: string;
  redisUrl: string;
  prefix: string;
  /** The server's time (the beats, the lease's renewals, the sweep): what createApp is given. */
  clock: Clock;
  timers: Timers;
  registry?: Pick<NodeRegistryOptions, 'ttlMs' | 'beatMs'>;
}): Promise<Club> {
  const link = await connectRedis(opts.redisUrl, opts.prefix);
  const bus = new RedisBus(link);
  await bus.connected();
  const time = { clock: opts.clock, timers: opts.timers };
  const nodes = new NodeRegistry(link, opts.node, { ...time, ...opts.registry });
  // The id first, before anything subscribes under it: a second process given a live node's NODE_ID stops here (NodeIdTaken).
  try {
    await nodes.claimId();
  } catch (e) {
    await link.close();
    throw e;
  }
  const leader = new Leader(link, 'club', () => nodes.member, time);
  const chores: ((dead: string) => Promise<void>)[] = [];
  const ownership = new Ownership(link, () => nodes.member);
  /** When the sweep first saw each dead member (a member whose games cannot all be taken is forgotten after FORGET_AFTER_MS all the same). */
  const deadSince = new Map<string, number>();
  let sweep: (() => void) | null = null;
  let sweeping = false;
  return {
    node: opts.node,
    link,
    bus,
    nodes,
    leader,
    chores,
    async start() {
      await nodes.start();
      leader.start();
      sweep = every(opts.clock, opts.timers, 1000, () => {
        if (!leader.isLeader || sweeping) return;
        sweeping = true;
        void (async () => {
          const now = opts.clock.now();
          const dead = await nodes.dead();
          for (const m of deadSince.keys()) if (!dead.includes(m)) deadSince.delete(m);
          for (const m of dead) {
            for (const chore of chores) await chore(m);
            // The reapers find a dead member's games through the registry: it stays there until they took them all (ClubGames.reap).
            const since = deadSince.get(m) ?? now;
            deadSince.set(m, since);
            if ((await ownership.forgetIfEmpty(m)) || now - since >= FORGET_AFTER_MS) {
              await nodes.forget(m);
              deadSince.delete(m);
            }
          }
        })()
          .catch(() => undefined)
          .finally(() => (sweeping = false));
      });
    },
    async close() {
      sweep?.();
      sweep = null;
      await leader.stop();
      await nodes.leave().catch(() => undefined);
      await bus.close();
      await link.close();
    },
  };
}

/** Whether Redis and the database answer now: what /health reports, and what a move needs. */
export async function checkHealth(link: RedisLink | null, store: Store, timeoutMs = 1000): Promise<Health> {
  // On the real clock: a bound on a hung database or Redis, whose calls take real time whatever the server's clock says.
  const within = <T>(p: Promise<T>): Promise<T> =>
    Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timed out')), timeoutMs).unref())]);
  if (link && !link.up()) return { ok: false, reason: 'redis unreachable' };
  try {
    await within(store.getMeta('health'));
  } catch (e) {
    return { ok: false, reason: `database unreachable: ${(e as Error).message}` };
  }
  if (link) {
    try {
      await within(link.client.ping());
    } catch (e) {
      return { ok: false, reason: `redis unreachable: ${(e as Error).message}` };
    }
  }
  return { ok: true };
}
