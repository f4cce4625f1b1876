/** The Store conformance suite (conformance/store.ts) on the memory store: a fresh one per test. */
import { describeStore } from '../conformance/store.ts';
import { memoryStore } from './store.ts';

describeStore('memory', async () => ({ store: memoryStore(), dispose: async () => {} }), { durable: false });
