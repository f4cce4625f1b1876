/**
 * Assembles the people's side of the club: presence (club-wide with several
 * nodes), chat, notifications, moderation, the lobby and the rooms, and the
 * listeners that tell players about the games of those they follow.
 */
import type { AppOptions } from './options.ts';
import { Chat } from '../chat/chat.ts';
import { RedisPace } from '../chat/pace.ts';
import { RedisChatHistory } from '../cluster/chat-history.ts';
import type { Club } from '../cluster/club.ts';
import { RedisLobbyState } from '../cluster/lobby-state.ts';
import { ClubPresence } from '../cluster/presence.ts';
import { RedisRoomsState } from '../cluster/rooms-state.ts';
import { Lobby, type LobbyPort } from '../lobby/lobby.ts';
import { Presence } from '../lobby/presence.ts';
import { Moderation } from '../moderation/moderation.ts';
import { Rooms } from '../rooms/rooms.ts';
import type { GameService } from '../service/game-service.ts';
import { every } from '../service/time.ts';
import { PlayerActivity } from '../social/activity.ts';
import { GameNotices } from '../social/game-notices.ts';
import { Notifier } from '../social/notifier.ts';
import { RoomChallengeNotices } from '../social/room-notices.ts';
import type { Base } from './edges.ts';
import type { GamesPart } from './games.ts';

/** Who is online (club-wide with several nodes), the chat, notifications and moderation. */
export function startPeople({ opts, store, log, club }: Base) {
  const presence = new Presence();
  const clubPresence = club ? new ClubPresence(club.link, club.nodes, presence) : null;
  const chat = new Chat({
    store: store,
    bus: opts.bus,
    clock: opts.clock,
    ...(opts.chat ? { rules: opts.chat } : {}),
    ...(club ? { history: new RedisChatHistory(club.link), pace: new RedisPace(club.link.client, club.link.prefix) } : {}),
  });
  const notifier = new Notifier({ store: store, bus: opts.bus, clock: opts.clock });
  const moderation = new Moderation({
    store,
    bus: opts.bus,
    clock: opts.clock,
    silence: (id, until) => chat.silence(id, until),
    tell: (id, text) => void notifier.send(id, { kind: 'moderation', data: { text } }),
  });
  presence.listen({
    arrived: (id) => void chat.arrived(id).catch((e: unknown) => log.error({ err: e, user: id }, 'mutes not loaded')),
    left: (id) => chat.left(id),
  });
  const onlineAnywhere = clubPresence ? (id: string) => clubPresence.isOnline(id) : (id: string) => Promise.resolve(presence.isOnline(id));
  return { presence, clubPresence, onlineAnywhere, chat, notifier, moderation };
}
export type People = ReturnType<typeof startPeople>;

/** The lobby and the rooms (their state in Redis with several nodes); stopPresence ends the club presence's refresh. */
export async function openLobbyAndRooms({ opts, club }: Base, { games, ratings }: GamesPart, { presence, clubPresence, chat, notifier }: People) {
  const time = { clock: opts.clock, timers: opts.timers };
  const ratingOf = (u: string, v: string) => ratings.ratingOf(u, v);
  const lobbyRules = opts.lobby ? { rules: opts.lobby } : {};
  const roomNotices = new RoomChallengeNotices(notifier);
  const roomRules = { ...(opts.rooms ? { rules: opts.rooms } : {}), challengeEnded: roomNotices.ended };
  const lobby: LobbyPort = new Lobby({
    bus: opts.bus,
    ...time,
    games,
    presence,
    ratingOf,
    ...lobbyRules,
    ...(club && clubPresence ? { state: new RedisLobbyState(club.link), online: clubPresence, leader: club.leader } : {}),
  });
  const rooms = new Rooms({
    bus: opts.bus,
    ...time,
    games,
    chat,
    lobby,
    ...roomRules,
    ...(club ? { state: new RedisRoomsState(club.link, opts.clock), member: () => club.nodes.member } : {}),
  });
  const stopPresence = club && clubPresence ? await keepClubPresence(opts, club, clubPresence, rooms) : null;
  return { lobby, rooms, stopPresence };
}

/** The leader purges what a dead node held; each node re-reads who is alive every second (the returned stop ends that). */
async function keepClubPresence({ clock, timers }: AppOptions, club: Club, clubPresence: ClubPresence, rooms: Rooms): Promise<() => void> {
  club.chores.push(async (dead) => {
    await clubPresence.forget(dead);
    await rooms.purge(dead);
  });
  club.nodes.onExpired(() => void clubPresence.refresh(true).catch(() => undefined));
  await clubPresence.refresh(true);
  return every(clock, timers, 1000, () => void clubPresence.refresh().catch(() => undefined));
}

/** Game notifications, and the live "my games" and following lists: game changes and presence, told on the bus (social/activity.ts). */
export function followPlayers({ opts }: Base, games: GameService, { presence, notifier, onlineAnywhere }: People): void {
  games.onChange(new GameNotices(notifier).onChange);
  const activity = new PlayerActivity({ bus: opts.bus, online: onlineAnywhere });
  games.onChange(activity.onChange);
  presence.listen({ arrived: (id) => void activity.presence(id, true), left: (id) => void activity.presence(id, false) });
}
