/**
 * Where a move's CPU goes on this node: wall time summed per stage of the
 * move path (each stage is synchronous work on the main thread, so its wall
 * time is CPU time), next to the process's CPU (user + system, every thread)
 * and the main thread's own. Always on: a stage costs two performance.now()
 * calls (about 0.1 µs), well under a thousandth of a move.
 * bench:server prints it (issue 19): total CPU per accepted move and its split.
 */
import { readFileSync } from 'node:fs';
import { performance, type EventLoopUtilization } from 'node:perf_hooks';

export const MOVE_STAGES = ['decode', 'rules', 'store', 'fanout'] as const;
export type MoveStage = (typeof MOVE_STAGES)[number];

/** CPU of one thread so far in nanoseconds, exact on Linux (/proc/…/schedstat: time on the CPU); null elsewhere. */
export function threadCpuNs(path = '/proc/thread-self/schedstat'): number | null {
  try {
    const ns = Number(readFileSync(path, 'latin1').split(' ')[0]);
    return Number.isFinite(ns) ? ns : null;
  } catch {
    return null;
  }
}

/** The main thread's CPU (its task id is the process id). */
export const mainThreadCpuNs = (): number | null => threadCpuNs(`/proc/self/task/${process.pid}/schedstat`);

export interface MoveCostFigures {
  /** Accepted moves since the last reset. */
  readonly moves: number;
  /** The process's CPU since the last reset, in µs (process.cpuUsage: all threads). */
  readonly userUs: number;
  readonly systemUs: number;
  /** The main thread's CPU, in µs (null off Linux). */
  readonly mainThreadUs: number | null;
  /** The store's own thread (the threaded SQLite store), in µs; null without one. */
  readonly storeThreadUs: number | null;
  /**
   * The main thread's busy wall time (event-loop utilisation: not waiting for I/O), in µs. On a loaded
   * machine the thread is preempted while busy: stage times are wall times, so mainThreadUs / mainBusyUs
   * is the share of them that was its own CPU.
   */
  readonly mainBusyUs: number;
  /** Summed wall time per stage on the main thread, in µs (see mainBusyUs). */
  readonly stagesUs: Readonly<Record<MoveStage, number>>;
}

export class MoveCost {
  private readonly sums: Record<MoveStage, number> = { decode: 0, rules: 0, store: 0, fanout: 0 };
  private moves = 0;
  private cpu = process.cpuUsage();
  private main = mainThreadCpuNs();
  private store: number | null = null;
  private elu: EventLoopUtilization = performance.eventLoopUtilization();

  /** Marks the start of a stage: pass the result to `end`. */
  start(): number {
    return performance.now();
  }

  /** Adds the time since `started` (from `start`) to `stage`. */
  end(stage: MoveStage, started: number): void {
    this.sums[stage] += performance.now() - started;
  }

  /** One more accepted move. */
  accepted(): void {
    this.moves++;
  }

  /** `storeNs`: the store thread's CPU now (storeThreadCpuNs), when it has one. */
  figures(storeNs: number | null = null): MoveCostFigures {
    const cpu = process.cpuUsage(this.cpu);
    const main = mainThreadCpuNs();
    const stagesUs = { decode: 0, rules: 0, store: 0, fanout: 0 };
    for (const s of MOVE_STAGES) stagesUs[s] = Math.round(this.sums[s] * 1000);
    return {
      moves: this.moves,
      userUs: cpu.user,
      systemUs: cpu.system,
      mainBusyUs: Math.round(performance.eventLoopUtilization(this.elu).active * 1000),
      mainThreadUs: main !== null && this.main !== null ? Math.round((main - this.main) / 1000) : null,
      storeThreadUs: storeNs !== null && this.store !== null ? Math.round((storeNs - this.store) / 1000) : null,
      stagesUs,
    };
  }

  reset(storeNs: number | null = null): void {
    this.store = storeNs;
    for (const s of MOVE_STAGES) this.sums[s] = 0;
    this.moves = 0;
    this.cpu = process.cpuUsage();
    this.main = mainThreadCpuNs();
    this.elu = performance.eventLoopUtilization();
  }
}
