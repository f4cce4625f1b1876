/** The lobby, rooms and chat over the real game service, in-memory storage and fake time, for scenario tests. */
import type { Identity, ServerMessage } from '@youzai/protocol';
import { MemoryBus } from '../bus/bus.ts';
import { Chat, isAuthored, type ChatRules } from '../chat/chat.ts';
import { Lobby, type LobbyRules } from '../lobby/lobby.ts';
import { Presence } from '../lobby/presence.ts';
import type { LobbyState } from '../lobby/state.ts';
import { Ratings } from '../players/ratings.ts';
import { Rooms, type RoomRules } from '../rooms/rooms.ts';
import type { RoomsState } from '../rooms/state.ts';
import { GameService } from '../service/game-service.ts';
import { FakeTime } from '../service/time.ts';
import { memoryStore } from '../store/memory/store.ts';
import type { RatingRow } from '../store/types.ts';

export const player = (id: string, guest = false): Identity => ({ id, name: guest ? `Khách-${id}` : id, guest });

export interface SocialOptions {
  readonly lobby?: Partial<LobbyRules>;
  /** Where the lobby keeps its seeks and pool places (default: memory). */
  readonly lobbyState?: LobbyState;
  readonly rooms?: Partial<RoomRules>;
  /** Where the rooms are kept, on the setup's time (default: memory). */
  readonly roomsState?: (time: FakeTime) => RoomsState;
  readonly chat?: Partial<ChatRules>;
  /** Ratings by user id (xiangqi), instead of the stored ones. */
  readonly ratings?: Record<string, number>;
}

export async function socialSetup(users: readonly Identity[], opts: SocialOptions = {}) {
  const time = new FakeTime();
  const store = memoryStore();
  const bus = new MemoryBus();
  const ratings = new Ratings({ store, bus, clock: time });
  const games = new GameService({ store, bus, clock: time, timers: time, ratings, coin: () => 0 });
  const presence = new Presence();
  const chat = new Chat({ store, bus, clock: time, ...(opts.chat ? { rules: opts.chat } : {}) });
  presence.listen({ arrived: (id) => void chat.arrived(id), left: (id) => chat.left(id) });
  const fixed = opts.ratings;
  const ratingOf = fixed
    ? async (userId: string, variant: string): Promise<RatingRow | null> =>
        fixed[userId] === undefined ? null : { userId, variant, rating: fixed[userId], deviation: 60, volatility: 0.06, games: 20, ratedAt: 0 }
    : (u: string, v: string) => ratings.ratingOf(u, v);
  const lobby = new Lobby({
    bus,
    clock: time,
    timers: time,
    games,
    presence,
    ratingOf,
    ...(opts.lobby ? { rules: opts.lobby } : {}),
    ...(opts.lobbyState ? { state: opts.lobbyState } : {}),
  });
  const rooms = new Rooms({
    bus,
    clock: time,
    timers: time,
    games,
    chat,
    lobby,
    ...(opts.rooms ? { rules: opts.rooms } : {}),
    ...(opts.roomsState ? { state: opts.roomsState(time) } : {}),
  });
  for (const u of users) await store.createUser({ id: u.id, username: u.guest ? null : u.name, passwordHash: null, createdAt: time.now() });
  return { time, store, bus, ratings, games, presence, chat, lobby, rooms };
}

/** Records what a topic carries, decoded (chat lines as their frames). */
export function record(bus: MemoryBus, topic: string): ServerMessage[] {
  const out: ServerMessage[] = [];
  bus.subscribe(topic, (m) => out.push(JSON.parse(typeof m === 'string' ? m : isAuthored(m) ? m.frame : 'null') as ServerMessage));
  return out;
}

/** Lets pending promise chains (store calls, the service's mailboxes) run. */
export const settle = () => new Promise((r) => setTimeout(r, 5));
