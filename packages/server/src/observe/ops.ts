/**
 * The operator's view (GET /api/admin/ops, the /admin/ops page): each
 * node's figures and its recent errors. With several nodes each node writes
 * its own figures to Redis every 2 s (kept 10 s), so any node answers for
 * the whole club and a node that died drops out by itself; one node answers
 * from memory.
 */
import type { NodeFigures, RecentError } from '@youzai/protocol';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { RedisLink } from '../cluster/redis.ts';
import { every, type Clock, type Timers } from '../service/time.ts';
import type { Metrics } from './metrics.ts';
import type { RecentErrors } from './recent-errors.ts';

const PUBLISH_MS = 2000;
const KEEP_MS = 10_000;

export class OpsBoard {
  private readonly startedAt: number;
  private readonly loop = monitorEventLoopDelay({ resolution: 10 });
  private timer: (() => void) | null = null;

  constructor(
    private readonly deps: {
      readonly node: string;
      readonly metrics: Metrics;
      readonly recent: RecentErrors;
      readonly link?: RedisLink | null;
      /** The server's time: the figures' times and the publishing timer. */
      readonly clock: Clock;
      readonly timers: Timers;
    },
  ) {
    this.startedAt = deps.clock.now();
    this.loop.enable();
  }

  /** Several nodes: this node's figures go to Redis every 2 s. */
  start(): void {
    const link = this.deps.link;
    if (!link || this.timer) return;
    const publish = async () => {
      if (!link.up()) return;
      await link.client.set(link.key(`ops:${this.deps.node}`), JSON.stringify(await this.figures()), 'PX', KEEP_MS);
      await link.client.sadd(link.key('ops:nodes'), this.deps.node);
    };
    this.timer = every(this.deps.clock, this.deps.timers, PUBLISH_MS, () => void publish().catch(() => undefined));
    void publish().catch(() => undefined);
  }

  close(): void {
    this.timer?.();
    this.timer = null;
    this.loop.disable();
  }

  /** This node, now. */
  async figures(): Promise<NodeFigures> {
    const m = this.deps.metrics;
    const src = m.sources;
    const lobby = await src.lobby?.();
    const cluster = await src.cluster?.();
    const engine = src.engine?.();
    const count = async (
      metric: { get(): Promise<{ values: { value: number; metricName?: string; labels: Record<string, unknown> }[] }> },
      keep: (v: { metricName?: string; labels: Record<string, unknown> }) => boolean,
    ) => (await metric.get()).values.filter(keep).reduce((sum, v) => sum + v.value, 0);
    const mem = process.memoryUsage();
    return {
      node: this.deps.node,
      at: this.deps.clock.now(),
      startedAt: this.startedAt,
      liveGames: src.liveGames?.().length ?? 0,
      loadedGames: src.loadedGames?.() ?? 0,
      sockets: src.sockets?.() ?? 0,
      seeks: lobby?.seeks.length ?? 0,
      engine: engine ? { workers: engine.workers, busy: engine.busy, queued: engine.queued } : null,
      moves: await count(m.moveSeconds, (v) => v.metricName?.endsWith('_count') ?? false),
      errors: await count(m.errors, () => true),
      serverErrors: await count(m.requests, (v) => String(v.labels.status ?? '').startsWith('5')),
      eventLoopP99Ms: Math.round(this.loop.percentile(99) / 1e4) / 100,
      rssBytes: mem.rss,
      heapBytes: mem.heapUsed,
      cluster: cluster ? { leases: cluster.leases, adopted: cluster.adopted, leader: cluster.leader, redisUp: cluster.redisUp } : null,
      recentErrors: this.deps.recent.list().slice(0, 20),
    };
  }

  /** Every node of the club that published lately (this one always, first). */
  async club(): Promise<NodeFigures[]> {
    const mine = await this.figures();
    const link = this.deps.link;
    if (!link?.up()) return [mine];
    const names = (await link.client.smembers(link.key('ops:nodes'))).filter((n) => n !== this.deps.node).sort();
    if (!names.length) return [mine];
    const raw = await link.client.mget(...names.map((n) => link.key(`ops:${n}`)));
    const others: NodeFigures[] = [];
    for (const [i, r] of raw.entries()) {
      if (r) others.push(JSON.parse(r) as NodeFigures);
      // Gone for 10 s: no longer listed.
      else await link.client.srem(link.key('ops:nodes'), names[i]!);
    }
    return [mine, ...others];
  }
}

export type { NodeFigures, RecentError };
