/** GET /api/admin/ops: each node's figures for the operator's page (admins only). */

/** One error a node answered or logged lately. */
export interface RecentError {
  readonly at: string;
  readonly msg: string;
  readonly error?: string;
  readonly code?: string;
  readonly game?: string;
  readonly user?: string;
}

export interface NodeFigures {
  readonly node: string;
  readonly at: number;
  readonly startedAt: number;
  readonly liveGames: number;
  readonly loadedGames: number;
  readonly sockets: number;
  readonly seeks: number;
  readonly engine: { readonly workers: number; readonly busy: number; readonly queued: number } | null;
  /** Accepted moves and errors answered, since start. */
  readonly moves: number;
  readonly errors: number;
  readonly serverErrors: number;
  readonly eventLoopP99Ms: number;
  readonly rssBytes: number;
  readonly heapBytes: number;
  readonly cluster: { readonly leases: number; readonly adopted: number; readonly leader: boolean; readonly redisUp: boolean } | null;
  readonly recentErrors: readonly RecentError[];
}
