/**
 * Vitest setup file of the integration, cluster and e2e layers: the test
 * worker lowers its own CPU priority (nice 10), and the servers and Chromium
 * it starts inherit it. The chaos run, in the same group at normal priority,
 * so gets the CPU whenever it wants it (its checks are timings: no outage
 * charged, owners found within seconds), while the other layers use what it
 * leaves: on this 2-core machine kind it is idle ~90 % of its 75 s, and
 * running it beside them instead of after them takes that time off the suite
 * (vitest.config.ts). Lowering one's own priority needs no privilege.
 */
import { setPriority } from 'node:os';

const NICE = 10;
try {
  setPriority(NICE);
} catch {
  // A platform without priorities: the layers run as before.
}
