import type { MovableTime } from '../http/test-clock-routes.ts';
import type { ConductRules } from '@youzai/game';
import type { AnalysesOptions, EvaluatePosition } from '../analysis/analyses.ts';
import type { BoardSearch, BoardStep } from '../analysis/board.ts';
import type { Bus } from '../bus/bus.ts';
import type { ChatRules } from '../chat/chat.ts';
import type { Club } from '../cluster/club.ts';
import type { Analyse } from '../http/deps.ts';
import type { LimitOverrides, OpenKind, OpenRule } from '../limits/rules.ts';
import type { LobbyRules } from '../lobby/lobby.ts';
import type { Logger } from '../observe/log.ts';
import type { Metrics } from '../observe/metrics.ts';
import type { PuzzleBank } from '../puzzles/bank.ts';
import type { RoomRules } from '../rooms/rooms.ts';
import type { ChooseMove } from '../service/computer.ts';
import type { Clock, Timers } from '../service/time.ts';
import type { Store } from '../store/types.ts';
import type { ScheduledTournament } from '../tournaments/schedule.ts';

export interface AppOptions {
  readonly store: Store;
  readonly bus: Bus;
  readonly clock: Clock;
  readonly timers: Timers;
  readonly conduct?: ConductRules;
  /** Base URL printed in links (invitations, PGN Site tag). */
  readonly publicUrl: string;
  /** Other public origins of the club (ORIGINS), beside PUBLIC_URL's: state-changing requests and sockets from elsewhere get 403. */
  readonly origins?: readonly string[];
  /** Requests per second per address before 429 (burst is twice this); counted by each node. */
  readonly httpRate?: number;
  /** SOCKET_PROCESSES: processes that hold the WebSockets for this node (ws/tier/); 0 or absent: the node holds them itself. */
  readonly socketProcesses?: number;
  /** Socket frames per second and burst (default 20 and 40), refused frames before a close (30); the fuzzer raises them to reach the decoders. */
  readonly socketRate?: { readonly perSecond: number; readonly burst: number; readonly strikes?: number };
  /** The quotas (limits/rules.ts): rules replaced kind by kind (tests), or 'off' (LIMITS=off: benchmarks). */
  readonly limits?: LimitOverrides | 'off';
  /** STATS_CONTROL=1 (benchmarks): /api/stats honours ?reset and ?gc. */
  readonly statsControl?: boolean;
  /** TEST_CLOCK=1 (tests only): `clock` and `timers` are this time, which POST /api/test/clock moves forward; absent, that route does not exist. */
  readonly testClock?: MovableTime;
  /** Open-at-once caps per address (limits/rules.ts OPEN_RULES) replaced kind by kind (tests). */
  readonly openLimits?: { readonly [K in OpenKind]?: OpenRule };
  /** Behind a proxy (TRUST_PROXY): the client's address is the last one in X-Forwarded-For, when the peer is a trusted proxy. */
  readonly trustProxy?: boolean;
  /** TOURNAMENT_MIN_RATED_GAMES: counted rated games an account needs to create a listed tournament (default 5; 0: none). */
  readonly tournamentMinRatedGames?: number;
  /** The proxies whose X-Forwarded-For is believed (TRUSTED_PROXIES); with trustProxy alone, loopback only. */
  readonly trustedProxies?: readonly string[];
  readonly secureCookies?: boolean;
  /** The computer opponent's move choice (the engine pool); without it a simple stand-in plays. */
  readonly engine?: ChooseMove;
  /** Hint and evaluation for the solo board. */
  readonly analyse?: Analyse;
  /** The engine for finished games' analyses (background priority); without it they are refused. */
  readonly evaluate?: EvaluatePosition;
  /** The analysis board's engine (the pool's background queue, cancellable); without it board-start is refused. */
  readonly boardSearch?: BoardSearch;
  /** The analysis board: sessions this node runs at once (default 8; main.ts: 8 per engine worker) and the deepening steps (tests shorten them). */
  readonly boards?: { readonly maxSessions?: number; readonly steps?: readonly BoardStep[] };
  /** Finished games' analyses: limits and timings (tests shorten them). */
  readonly analyses?: Partial<Pick<AnalysesOptions, 'perUser' | 'concurrent' | 'staleMs' | 'sweepMs'>>;
  /** Lobby, room and chat parameters (tests shorten them). */
  readonly lobby?: Partial<LobbyRules>;
  readonly rooms?: Partial<RoomRules>;
  readonly chat?: Partial<ChatRules>;
  /** The puzzles offered; the shipped data files (packages/puzzles/data) when absent. */
  readonly puzzles?: PuzzleBank;
  /** Picks among the puzzles nearest a solver's rating (tests fix it). */
  readonly random?: () => number;
  /** The built web client (packages/web/dist); pages say how to build it when absent. */
  readonly webDir?: string;
  /** This node's id, as /health and game owners name it (default "local"). */
  readonly node?: string;
  /** One node of several (REDIS_URL): the lobby, rooms, presence and chat history are the club's, in Redis. */
  readonly club?: Club;
  /** The club's scheduled tournaments (TOURNAMENTS_FILE), created ahead by the director. */
  readonly tournamentSchedule?: readonly ScheduledTournament[];
  /** false: no tournament director runs here (tests that drive it by hand). */
  readonly directTournaments?: boolean;
  /** The node's metrics (main.ts: with the process's own); a private registry when absent. */
  readonly metrics?: Metrics;
  /** METRICS_TOKEN: /metrics on this port answers only this bearer token, and is not found without one. */
  readonly metricsToken?: string;
  /** Structured logs (main.ts: JSON lines on stdout); nothing is logged when absent. */
  readonly log?: Logger;
}
