/** The social setup (testing/social.ts) with its rooms kept in memory or in Redis, for the rooms' tests to run on both. */
import type { Identity } from '@youzai/protocol';
import { onTestFinished } from 'vitest';
import { RedisRoomsState } from '../cluster/rooms-state.ts';
import { MemoryRoomsState, type RoomsState } from '../rooms/state.ts';
import { testRedis } from './redis.ts';
import { socialSetup, type SocialOptions } from './social.ts';

export const ROOMS_STATES = ['memory', 'redis'] as const;
export type RoomsStateKind = (typeof ROOMS_STATES)[number];

/** The setup and the rooms' state (for a second node over it); in Redis, under a key prefix of the test's own, deleted when the test ends. */
export async function roomsSetup(kind: RoomsStateKind, users: readonly Identity[], opts: SocialOptions = {}) {
  const link = kind === 'redis' ? await testRedis() : null;
  if (link) onTestFinished(() => link.dispose());
  let state: RoomsState | null = null;
  const s = await socialSetup(users, { ...opts, roomsState: (time) => (state = link ? new RedisRoomsState(link, time) : new MemoryRoomsState()) });
  onTestFinished(() => s.rooms.close());
  return { ...s, roomsState: state! as RoomsState };
}
