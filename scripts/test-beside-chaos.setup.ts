/** Setup of the layers that run beside the chaos run (vitest.config.ts): lower priority, once per worker. */
import { BESIDE_CHAOS_NICE, lowerPriority } from './test-layers.ts';

lowerPriority(BESIDE_CHAOS_NICE);
