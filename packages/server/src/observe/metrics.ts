/**
 * The node's metrics in the Prometheus text format (prom-client). Every
 * series carries the node's id as the label `node`, so one Prometheus sees a
 * club of several nodes apart. Events are counted where they happen
 * (instrument.ts, the edges); states (live games, sockets, the lobby, the
 * engine queue, leases) are read from their owners when scraped, so nothing
 * here can drift from them. docs/operations.md lists every series.
 */
import type { GameSummary } from '@youzai/protocol';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { RecentErrors } from './recent-errors.ts';

type Maybe<T> = T | Promise<T>;

/** Where the figures read at scrape time come from; each part is optional (tests give what they have). */
export interface MetricSources {
  /** Live games decided by this node. */
  readonly liveGames?: () => readonly GameSummary[];
  /** Games held in memory by this node (live and waiting). */
  readonly loadedGames?: () => number;
  readonly sockets?: () => number;
  /** Seeks and pools (with several nodes, the club's: every node reports the same). */
  readonly lobby?: () => Maybe<{ readonly seeks: readonly unknown[]; readonly pools: readonly { readonly id: string; readonly waiting: number }[] }>;
  readonly engine?: () => { readonly workers: number; readonly busy: number; readonly queued: number; readonly restarts: number; readonly timeouts: number };
  /** Group commit: transactions (or statements) and the writes they carried, since start. */
  readonly commits?: () => Maybe<{ readonly batches: number; readonly writes: number; readonly largest?: number } | null>;
  /** Several nodes: this node's leases and takeovers, and what it sees of the club. */
  readonly cluster?: () => Maybe<ClusterFigures>;
}

export interface ClusterFigures {
  /** Games whose lease this node holds. */
  readonly leases: number;
  /** Games this node took over from a dead or stopping node, since start. */
  readonly adopted: number;
  /** Writes refused because another node had fenced the game, since start. */
  readonly staleWrites: number;
  readonly redisUp: boolean;
  readonly leader: boolean;
  readonly nodesAlive: number;
}

const SECONDS_FAST = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const SECONDS_ENGINE = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30];

export interface MetricsOptions {
  /** This node's id: the `node` label of every series. */
  readonly node: string;
  /** Node's own figures (event-loop delay, GC pauses, memory, CPU, file descriptors); off in tests that build many apps. */
  readonly process?: boolean;
}

export class Metrics {
  readonly registry = new Registry();
  readonly moveSeconds: Histogram<'via'>;
  readonly requests: Counter<'method' | 'status'>;
  readonly requestSeconds: Histogram<'method'>;
  readonly errors: Counter<'code' | 'via'>;
  readonly rateLimited: Counter<'via'>;
  readonly storeWriteSeconds: Histogram<'op'>;
  readonly engineSeconds: Histogram<'kind'>;
  readonly socketActions: Counter<'type'>;
  private given: MetricSources = {};
  /** The last errors logged on this node (the operator's page); the logger fills it. */
  readonly recent = new RecentErrors();

  constructor(readonly options: MetricsOptions) {
    const registers = [this.registry];
    this.registry.setDefaultLabels({ node: options.node });
    if (options.process) collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 10 });
    this.moveSeconds = new Histogram({
      name: 'youzai_move_service_seconds',
      help: 'Time from a move received to its answer (queueing, rules, the durable write, the broadcast; forwarding with several nodes)',
      labelNames: ['via'],
      buckets: SECONDS_FAST,
      registers,
    });
    this.requests = new Counter({
      name: 'youzai_http_requests_total',
      help: 'HTTP requests answered, by method and status',
      labelNames: ['method', 'status'],
      registers,
    });
    this.requestSeconds = new Histogram({
      name: 'youzai_http_request_seconds',
      help: 'Time to answer an HTTP request (static assets excluded)',
      labelNames: ['method'],
      buckets: SECONDS_FAST,
      registers,
    });
    this.errors = new Counter({
      name: 'youzai_errors_total',
      help: 'Errors answered to clients, by stable code and channel (http, ws)',
      labelNames: ['code', 'via'],
      registers,
    });
    this.rateLimited = new Counter({
      name: 'youzai_rate_limited_total',
      help: 'Requests and socket messages refused by a rate limit',
      labelNames: ['via'],
      registers,
    });
    this.storeWriteSeconds = new Histogram({
      name: 'youzai_store_write_seconds',
      help: 'Time for a store write to be acknowledged (committed), by operation',
      labelNames: ['op'],
      buckets: SECONDS_FAST,
      registers,
    });
    this.engineSeconds = new Histogram({
      name: 'youzai_engine_search_seconds',
      help: 'Time for an engine answer, queueing included, by kind (move, analysis)',
      labelNames: ['kind'],
      buckets: SECONDS_ENGINE,
      registers,
    });
    this.socketActions = new Counter({ name: 'youzai_ws_messages_total', help: 'Socket messages handled, by type', labelNames: ['type'], registers });
    this.stateGauges(registers);
  }

  /** Says where the scrape-time figures come from (once the app is built). */
  watch(sources: MetricSources): void {
    this.given = { ...this.given, ...sources };
  }

  get sources(): MetricSources {
    return this.given;
  }

  /** The text Prometheus scrapes. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** Counts an error answered to a client; rate-limit refusals are also counted on their own. */
  error(code: string, via: 'http' | 'ws'): void {
    this.errors.inc({ code, via });
    if (code === 'rate-limited' || code.startsWith('limit.')) this.rateLimited.inc({ via });
  }

  private stateGauges(registers: Registry[]): void {
    const src = () => this.sources;
    new Gauge({
      name: 'youzai_live_games',
      help: 'Live games decided by this node, by game and kind (human, computer)',
      labelNames: ['variant', 'kind'],
      registers,
      collect() {
        this.reset();
        for (const g of src().liveGames?.() ?? []) {
          const kind = g.seats.some((s) => s?.kind === 'engine') ? 'computer' : 'human';
          this.inc({ variant: g.variant, kind });
        }
      },
    });
    new Gauge({
      name: 'youzai_loaded_games',
      help: 'Games held in memory by this node (live and waiting)',
      registers,
      collect() {
        this.set(src().loadedGames?.() ?? 0);
      },
    });
    new Gauge({
      name: 'youzai_sockets',
      help: 'WebSocket connections open on this node',
      registers,
      collect() {
        this.set(src().sockets?.() ?? 0);
      },
    });
    new Gauge({
      name: 'youzai_lobby_seeks',
      help: 'Seeks waiting in the lobby',
      registers,
      async collect() {
        const l = await src().lobby?.();
        this.set(l?.seeks.length ?? 0);
      },
    });
    new Gauge({
      name: 'youzai_pool_waiting',
      help: 'Players waiting in each quick-pairing pool',
      labelNames: ['pool'],
      registers,
      async collect() {
        const l = await src().lobby?.();
        this.reset();
        for (const p of l?.pools ?? []) this.set({ pool: p.id }, p.waiting);
      },
    });
    const engine = (field: 'workers' | 'busy' | 'queued', name: string, help: string) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(src().engine?.()[field] ?? 0);
        },
      });
    engine('workers', 'youzai_engine_workers', 'Engine worker threads started');
    engine('busy', 'youzai_engine_busy', 'Engine workers searching now');
    engine('queued', 'youzai_engine_queue', 'Engine requests waiting for a worker');
    mirror(registers, 'youzai_engine_restarts_total', 'Engine workers replaced after a crash, an error or a hang', () => src().engine?.().restarts);
    mirror(registers, 'youzai_engine_timeouts_total', 'Engine searches that ran past their deadline', () => src().engine?.().timeouts);

    // Group commit: the mean batch is rate(youzai_store_committed_writes_total) / rate(youzai_store_commits_total).
    const commits = async () => (await src().commits?.()) ?? null;
    mirror(
      registers,
      'youzai_store_commits_total',
      'Group commits (SQLite transactions, PostgreSQL batched statements)',
      async () => (await commits())?.batches,
    );
    mirror(registers, 'youzai_store_committed_writes_total', 'Writes carried by the group commits', async () => (await commits())?.writes);
    new Gauge({
      name: 'youzai_store_commit_largest_batch',
      help: 'Largest group commit so far (writes in one transaction)',
      registers,
      async collect() {
        this.set((await commits())?.largest ?? 0);
      },
    });

    // Several nodes.
    const cluster = async () => (await src().cluster?.()) ?? null;
    mirror(registers, 'youzai_cluster_adopted_total', 'Games taken over from a dead or stopping node (failovers)', async () => (await cluster())?.adopted);
    mirror(
      registers,
      'youzai_cluster_stale_writes_total',
      "Writes refused because another node had fenced the game (this node's lease was lost)",
      async () => (await cluster())?.staleWrites,
    );
    const clusterGauge = (name: string, help: string, read: (c: ClusterFigures) => number) =>
      new Gauge({
        name,
        help,
        registers,
        async collect() {
          const c = await cluster();
          if (c) this.set(read(c));
        },
      });
    clusterGauge('youzai_cluster_leases', 'Games whose lease this node holds', (c) => c.leases);
    clusterGauge('youzai_cluster_redis_up', 'Whether this node reaches Redis (1) or not (0)', (c) => (c.redisUp ? 1 : 0));
    clusterGauge('youzai_cluster_leader', 'Whether this node is the leader (runs the club-wide chores)', (c) => (c.leader ? 1 : 0));
    clusterGauge('youzai_cluster_nodes_alive', 'Nodes alive in the club, as this node sees it', (c) => c.nodesAlive);
  }
}

/** A counter that follows a total kept elsewhere (it only ever grows). */
function mirror(registers: Registry[], name: string, help: string, read: () => Maybe<number | undefined>): void {
  let last = 0;
  new Counter({
    name,
    help,
    registers,
    async collect() {
      const v = await read();
      if (v === undefined) return;
      if (v > last) this.inc(v - last);
      last = v;
    },
  });
}
