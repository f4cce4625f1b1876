/**
 * The socket's messages beyond play: the lobby (seeks, pools), rooms, chat,
 * mutes and the players followed. Each is answered with ack or error, like
 * every request; what they change reaches others through bus topics the
 * socket listens to.
 */
import { SOCIAL_CLIENT_TYPES, type ClientMessage, type ServerMessage } from '@youzai/protocol';
import type { Result, RuleError } from '@youzai/rules';
import { playerTopic, roomTopic } from '../bus/topics.ts';
import type { FollowedPlayer } from '@youzai/protocol';
import type { Bus } from '../bus/bus.ts';
import type { Chat } from '../chat/chat.ts';
import type { Limits } from '../limits/limits.ts';
import type { LobbyPort } from '../lobby/lobby.ts';
import type { OpenSlot } from '../limits/open.ts';
import type { RoomsPort } from '../rooms/rooms.ts';
import type { GamesPort } from '../service/games-port.ts';
import type { Notifier } from '../social/notifier.ts';
import type { LimitKind } from '../limits/rules.ts';
import { RoomChallengeNotices } from '../social/room-notices.ts';
import { socketFeature, type SocketConnection, type SocketFeature, type SocketPart } from './connection.ts';

/** What the social messages need of the club. */
export interface SocialFeatureDeps {
  readonly lobby: LobbyPort;
  readonly rooms: RoomsPort;
  readonly chat: Chat;
  /** A game's seats (who writes in which chat). */
  readonly games: GamesPort;
  /** Quotas (seeks, challenges, chat lines) and open-at-once places. */
  readonly limits: Limits;
  readonly bus: Bus;
  /** Notifications (a room challenge to a named member rings their bell). */
  readonly notifier?: Notifier;
  /** The players `userId` follows (social/activity.ts); `heard` gets their ids before the rest is read. */
  readonly following?: (userId: string, heard: (ids: readonly string[]) => void) => Promise<FollowedPlayer[]>;
  /** Whether `userId` blocked `otherId` (their challenges are refused). */
  readonly blocks?: (userId: string, otherId: string) => Promise<boolean>;
  /** Whether an account is a bot (the Bot API): bots do not use the lobby's seeks and quick pairing. */
  readonly isBot?: (userId: string) => Promise<boolean>;
}

/** The social messages but a tournament's (tournaments/socket.ts has those). */
const SOCIAL = SOCIAL_CLIENT_TYPES.filter((t): t is Exclude<(typeof SOCIAL_CLIENT_TYPES)[number], `tour-${string}`> => !t.startsWith('tour-'));

export type SocialMessage = Extract<ClientMessage, { t: (typeof SOCIAL)[number] }>;

/** A socket's rooms and followed players: what it leaves when it closes. */
class SocialState implements SocketPart {
  /** Rooms this socket is in. */
  readonly rooms = new Set<string>();
  /** The topics of the players this socket follows live (`following-sub`). */
  readonly followed = new Set<string>();

  constructor(
    private readonly c: SocketConnection,
    private readonly d: SocialFeatureDeps,
  ) {}

  close(): void {
    const user = this.c.user;
    if (!user) return;
    for (const r of this.rooms) void Promise.resolve(this.d.rooms.leave(r, user.id)).catch(() => undefined);
    this.rooms.clear();
  }
}

const stateOf = (c: SocketConnection, d: SocialFeatureDeps): SocialState => c.part(SocialState, () => new SocialState(c, d));

type Id = { id?: number };

/** Commits a reserved open-at-once place under what was made (its id by default), or gives it back when nothing was. */
async function settle<T extends { id: string }>(
  slot: OpenSlot,
  making: Promise<Result<T, RuleError>>,
  key: (v: T) => string = (v) => v.id,
): Promise<Result<T, RuleError>> {
  const r = await making.catch(async (e: unknown) => {
    await slot.cancel();
    throw e;
  });
  await (r.ok ? slot.commit(key(r.value)) : slot.cancel());
  return r;
}

/** The quota each kind of message takes. */
const QUOTA: Partial<Record<SocialMessage['t'], LimitKind>> = { 'seek-create': 'seek', 'room-challenge': 'challenge', 'room-chat': 'chat', chat: 'chat' };

async function dispatchSocial(d: SocialFeatureDeps, c: SocketConnection, m: SocialMessage, id: Id): Promise<void> {
  const { lobby, rooms, chat, games } = d;
  const own = stateOf(c, d);
  const answer = (r: Result<unknown, RuleError>, extra: Partial<Extract<ServerMessage, { t: 'ack' }>> = {}) =>
    c.send(r.ok ? { t: 'ack', ...id, ...extra } : { t: 'error', ...id, code: r.error.code, message: r.error.message });

  // Watching the lobby needs no identity; everything else does.
  if (m.t === 'lobby-sub') {
    c.joinLobby();
    c.send(await lobby.snapshot());
    return c.send({ t: 'ack', ...id });
  }
  if (m.t === 'lobby-unsub') {
    c.leaveLobby();
    return c.send({ t: 'ack', ...id });
  }
  const user = c.user;
  // A visitor without a session watches a room (its state, chat and events) without joining it: reading makes no guest.
  if (!user && m.t === 'room-join') {
    const room = await rooms.view(m.room);
    if (!room) return c.send({ t: 'error', ...id, code: 'room.not-found', message: 'No such room' });
    c.listen(roomTopic(m.room));
    c.send({ t: 'room', room });
    const lines = await chat.recent({ room: m.room });
    if (lines.length) c.send({ t: 'chat-log', room: m.room, lines });
    return c.send({ t: 'ack', ...id });
  }
  if (!user && m.t === 'room-leave') {
    c.unlisten(roomTopic(m.room));
    return c.send({ t: 'ack', ...id });
  }
  if (!user) return c.send({ t: 'error', ...id, code: 'auth.required', message: 'Open the site first to get a session' });
  // Quotas per player and per address, club-wide (limits/rules.ts).
  const kind = QUOTA[m.t];
  if (kind) {
    const q = await d.limits.take(kind, { user: user.id, addr: c.addr });
    if (!q.ok) return answer(q);
  }

  // Bots play by challenge only, as on lichess: no seeks, no quick pairing.
  if ((m.t === 'seek-create' || m.t === 'seek-accept' || m.t === 'pool-join') && (await d.isBot?.(user.id))) {
    return c.send({ t: 'error', ...id, code: 'bot.lobby', message: 'Bots play by challenge only: no seeks, no quick pairing' });
  }
  switch (m.t) {
    case 'seek-create': {
      // A few open seeks per address besides the player's own cap; a place counts while its seek is in the lobby.
      const slot = await d.limits.open.reserve('seek', c.addr, async (ids) => {
        const open = new Set((await lobby.snapshot()).seeks.map((s) => s.id));
        return ids.map((i) => open.has(i));
      });
      if (!slot.ok) return answer(slot);
      const r = await settle(slot.value, lobby.createSeek(user, { variant: m.variant, clock: m.clock, rated: m.rated, color: m.color, range: m.range }));
      return answer(r, r.ok ? { seek: r.value.id } : {});
    }
    case 'seek-cancel':
      return answer(await lobby.cancelSeek(user.id, m.seek));
    case 'seek-accept':
      return answer(await lobby.acceptSeek(user, m.seek));
    case 'pool-join':
      return answer(await lobby.joinPool(user, m.pool, m.rated));
    case 'pool-leave':
      return answer(await lobby.leavePool(user.id));
    case 'room-join': {
      // A second join from the same socket only sends the state again.
      const r = own.rooms.has(m.room) ? await rooms.view(m.room) : null;
      const joined = r ? { ok: true as const, value: r } : await rooms.join(m.room, user);
      if (!joined.ok) return answer(joined);
      own.rooms.add(m.room);
      c.listen(roomTopic(m.room));
      c.send({ t: 'room', room: joined.value });
      const lines = await chat.recent({ room: m.room }, user.id);
      if (lines.length) c.send({ t: 'chat-log', room: m.room, lines });
      return c.send({ t: 'ack', ...id });
    }
    case 'room-leave': {
      if (own.rooms.delete(m.room)) {
        c.unlisten(roomTopic(m.room));
        await rooms.leave(m.room, user.id);
      }
      return c.send({ t: 'ack', ...id });
    }
    case 'room-chat':
      return answer(await rooms.say(m.room, user, m.text));
    case 'room-challenge': {
      if (m.to && (await d.blocks?.(m.to, user.id)))
        return c.send({ t: 'error', ...id, code: 'challenge.blocked', message: 'This player does not accept your challenges' });
      // A few open room challenges per address, all rooms together; a place counts while its challenge is open (`room/challenge`).
      const slot = await d.limits.open.reserve('challenge', c.addr, (held) =>
        Promise.all(
          held.map(async (h) => {
            const [room = '', challenge] = h.split('/');
            return !!(await rooms.view(room))?.challenges.some((x) => x.id === challenge);
          }),
        ),
      );
      if (!slot.ok) return answer(slot);
      const r = await settle(
        slot.value,
        Promise.resolve(rooms.challenge(m.room, user, { variant: m.variant, clock: m.clock, rated: m.rated, color: m.color }, m.to)),
        (v) => `${m.room}/${v.id}`,
      );
      // A challenge to a named member rings their bell on any page; it is answered in the room.
      if (r.ok && m.to && d.notifier) void new RoomChallengeNotices(d.notifier).opened(m.room, r.value);
      return answer(r, r.ok ? { challenge: r.value.id } : {});
    }
    case 'following-sub': {
      // Listening first, then the snapshot: no change falls between the two.
      const users = d.following
        ? await d.following(user.id, (ids) => {
            unfollowAll(c, d);
            for (const fid of ids) {
              const topic = playerTopic(fid);
              own.followed.add(topic);
              c.listen(topic);
            }
          })
        : [];
      c.send({ t: 'following', users });
      // The ack promises the changes are heard from now on (with Redis, once subscribed there).
      await Promise.all([...own.followed].map((topic) => d.bus.whenSubscribed?.(topic)));
      return c.send({ t: 'ack', ...id });
    }
    case 'following-unsub':
      unfollowAll(c, d);
      return c.send({ t: 'ack', ...id });
    case 'room-accept':
      return answer(await rooms.accept(m.room, user, m.challenge));
    case 'room-decline':
      return answer(await rooms.decline(m.room, user.id, m.challenge));
    case 'chat': {
      const seat = await games.seat(m.game, user.id);
      if (seat === undefined) return c.send({ t: 'error', ...id, code: 'game.not-found', message: 'No such game' });
      // Players talk among themselves; spectators among themselves, unheard by the players.
      if ((m.channel === 'players') !== (seat !== null)) {
        return c.send({
          t: 'error',
          ...id,
          code: 'chat.forbidden',
          message: m.channel === 'players' ? 'Only the players write here' : 'Players do not write in the spectators\u2019 chat',
        });
      }
      return answer(await chat.post(user, { game: m.game, channel: m.channel }, m.text));
    }
    case 'mute':
      return answer(await chat.mute(user.id, m.user, m.on));
  }
}

/** Bus message on a user's topic: their sockets stop hearing `unfollow`'s topic (a block ended the follow). */
export interface Unfollow {
  readonly unfollow: string;
}
export const isUnfollow = (m: unknown): m is Unfollow => typeof m === 'object' && m !== null && typeof (m as Unfollow).unfollow === 'string';

/** A follow ended elsewhere (a block, on any node): this socket no longer hears that player. */
function unfollowOne(c: SocketConnection, d: SocialFeatureDeps, userId: string): void {
  const topic = playerTopic(userId);
  if (!stateOf(c, d).followed.delete(topic)) return;
  c.unlisten(topic);
}

function unfollowAll(c: SocketConnection, d: SocialFeatureDeps): void {
  const { followed } = stateOf(c, d);
  for (const topic of followed) c.unlisten(topic);
  followed.clear();
}

/** The lobby, rooms, chat, mutes and the players followed; an unfollow heard on the user's topic stops hearing that player. */
export const socialFeature = (d: SocialFeatureDeps): SocketFeature =>
  socketFeature(
    'social',
    SOCIAL,
    (c, m, id) => dispatchSocial(d, c, m, id),
    (c, m) => {
      if (!isUnfollow(m)) return false;
      unfollowOne(c, d, m.unfollow);
      return true;
    },
  );
