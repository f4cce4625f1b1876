/**
 * Who plays what, live: a player's "my games" list and the list of players
 * they follow change on their pages as it happens, on any node.
 *
 * Everything travels on the bus, from the node where it happens; no node
 * keeps a list. The node that decides a game tells each of its players
 * (their user topic) when it starts, ends, or, for a correspondence game,
 * changes turn, and tells the players' followers (each player's own topic,
 * `player:<id>`) when it starts or ends. A live game's turns are not told:
 * its players are on its page, where every move arrives anyway. A node
 * whose last socket of a player closes tells that player's followers they
 * left, once no live node holds a socket of theirs; a first socket tells
 * they came. A socket of the follower hears the topics of the players it
 * follows after `following-sub` (ws/social.ts).
 */
import type { FollowedPlayer, OngoingGame, ServerMessage } from '@youzai/protocol';
import { SIDES } from '@youzai/rules';
import { displayName } from '../auth/sessions.ts';
import type { Bus } from '../bus/bus.ts';
import { playerTopic, userTopic } from '../bus/topics.ts';
import { ENGINE_ID, storedSeats, type GameChange } from '../service/game-service.ts';
import type { GameRow, Store, UserRow } from '../store/types.ts';

/** Follows listed (and heard live). */
export const FOLLOW_LIMIT = 200;
/** A followed player's live games shown. */
export const PLAYING_SHOWN = 3;

/** An ongoing game as a player's lists show it: who plays whom, and whose turn it is (for `userId`; null: a spectator). */
export function ongoing(g: GameRow, userId: string | null): OngoingGame {
  const seats = storedSeats(g);
  const data = g.data as { game?: { setup?: { clock?: { kind?: string } } } } | null;
  const clock = data?.game?.setup?.clock ?? null;
  const turn = (g.plies % 2) as 0 | 1;
  const mine = userId === null ? null : g.whiteId === userId ? 0 : g.blackId === userId ? 1 : null;
  return {
    id: g.id,
    variant: g.variant,
    rated: g.rated,
    players: [seats[0]?.name ?? null, seats[1]?.name ?? null],
    ids: [g.whiteId, g.blackId],
    plies: g.plies,
    turn: SIDES[turn],
    yourTurn: mine !== null && mine === turn,
    clock,
    correspondence: clock?.kind === 'correspondence',
    updatedAt: g.updatedAt,
  };
}

export interface FollowingDeps {
  readonly store: Pick<Store, 'following' | 'userById' | 'games'>;
  /** Whether a player has a socket open on any live node. */
  readonly online: (userId: string) => Promise<boolean>;
}

/**
 * The players `userId` follows, online first, then by name. `heard` is given
 * their ids before anything else is read, so that a socket listening to them
 * misses no change that the snapshot does not show.
 */
export async function followingOf(deps: FollowingDeps, userId: string, heard?: (ids: readonly string[]) => void): Promise<FollowedPlayer[]> {
  const ids = await deps.store.following(userId, FOLLOW_LIMIT);
  heard?.(ids);
  const users = (await Promise.all(ids.map((id) => deps.store.userById(id)))).filter((u): u is UserRow => u !== null);
  const out = await Promise.all(
    users.map(async (u) => {
      const on = await deps.online(u.id);
      const live = on ? await deps.store.games({ userId: u.id, status: ['active'], limit: PLAYING_SHOWN }) : [];
      return { id: u.id, name: displayName(u), online: on, playing: live.map((g) => ongoing(g, null)) };
    }),
  );
  out.sort((a, b) => Number(b.online) - Number(a.online) || a.name.localeCompare(b.name));
  return out;
}

export interface ActivityDeps {
  readonly bus: Bus;
  /** Whether a player has a socket open on any live node (after this node's own change is written). */
  readonly online: (userId: string) => Promise<boolean>;
}

export class PlayerActivity {
  constructor(private readonly deps: ActivityDeps) {}

  /** Hears each stored change of a game decided on this node. */
  readonly onChange = ({ row, events }: GameChange): void => {
    const started = events.some((e) => e.type === 'started');
    const ended = events.some((e) => e.type === 'end');
    const moved = events.some((e) => e.type === 'move');
    const game = ongoing(row, null);
    if (!started && !ended && !(moved && game.correspondence)) return;
    for (const id of [row.whiteId, row.blackId]) {
      if (id === null || id === ENGINE_ID) continue;
      this.publish(userTopic(id), { t: 'my-game', game: ongoing(row, id), over: ended });
      if (started || ended) this.publish(playerTopic(id), { t: 'followed', user: id, game, over: ended });
    }
  };

  /** A player's first socket on this node opened (`on`), or their last closed: their followers hear it, if it changes anything club-wide. */
  async presence(userId: string, on: boolean): Promise<void> {
    try {
      if (!on && (await this.deps.online(userId))) return;
      this.publish(playerTopic(userId), { t: 'followed', user: userId, online: on });
    } catch {
      // Presence unknown (Redis away): followers see it at their next snapshot.
    }
  }

  private publish(topic: string, m: ServerMessage): void {
    this.deps.bus.publish(topic, JSON.stringify(m));
  }
}
