// Starts floor-store.ts through tsx's loader (a worker thread does not inherit the main thread's loader hooks on Node 20).
import { register } from 'tsx/esm/api';

register();
await import('./floor-store.ts');
