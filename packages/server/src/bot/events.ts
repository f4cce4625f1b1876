/**
 * The events a player's event stream (GET /api/stream/event) hears, in
 * lichess's shapes: challenges to and from them, and their games starting
 * and finishing. Worked out on the node that decides the game, from each
 * stored change, and published on the player's own events topic, so that a
 * stream on any node hears them (Redis with several nodes). Moves tell no
 * one here: they travel on the game's topic.
 */
import type { GameData } from '@youzai/game';
import type { GameView, Seat } from '@youzai/protocol';
import type { Bus } from '../bus/bus.ts';
import { ratingTag } from '../players/ratings.ts';
import type { StoredExtras } from '../service/actor.ts';
import type { GameChange } from '../service/game-service.ts';
import type { RatingStore, TokenStore } from '../store/types.ts';
import { type ChallengeSource, type LichessPlayer, type PlayerOf, challengeJson, eventGame } from './lichess.ts';

/** A player's Bot API events. */
export const eventsTopic = (userId: string): string => `events:${userId}`;

export interface PlayerLookup {
  readonly store: Pick<RatingStore, 'ratings'> & Pick<TokenStore, 'isBot'>;
}

/** A player as lichess names one: rating in the game, provisional, BOT title. */
export async function lichessPlayer({ store }: PlayerLookup, userId: string, name: string, variant: string): Promise<LichessPlayer> {
  const [ratings, bot] = await Promise.all([store.ratings(userId), store.isBot(userId)]);
  const tag = ratingTag(ratings.find((r) => r.variant === variant) ?? null);
  return { id: userId, name, title: bot ? 'BOT' : null, rating: tag.rating, provisional: tag.provisional };
}

/** The players of both seats, looked up once, for the shapes' synchronous PlayerOf. */
export async function playersOf(deps: PlayerLookup, seats: readonly (Seat | null)[], variant: string): Promise<PlayerOf> {
  const found = new Map<string, LichessPlayer>();
  for (const s of seats) if (s?.kind === 'human') found.set(s.userId, await lichessPlayer(deps, s.userId, s.name, variant));
  return (seat) => (seat === null ? null : seat.kind === 'engine' ? { aiLevel: seat.level ?? 1 } : (found.get(seat.userId) ?? null));
}

/** A stored game's challenge terms. */
export const challengeSourceOf = (id: string, g: GameData): ChallengeSource => ({
  id,
  seats: g.seats,
  variant: g.setup.variant,
  rated: g.setup.rated,
  clock: g.setup.clock,
  fen: g.setup.fen,
});

export interface BotEventsDeps extends PlayerLookup {
  readonly bus: Bus;
  /** The game's view on the node that decides it. */
  readonly view: (id: string) => Promise<GameView | null>;
  readonly publicUrl: string;
}

export class BotEvents {
  constructor(private readonly deps: BotEventsDeps) {}

  /** Hears one stored change; never throws. */
  readonly onChange = (c: GameChange): void => void this.handle(c).catch(() => undefined);

  private publish(userIds: readonly string[], event: unknown): void {
    const text = JSON.stringify(event);
    for (const id of new Set(userIds)) this.deps.bus.publish(eventsTopic(id), text);
  }

  private async handle({ row, events, before }: GameChange): Promise<void> {
    const started = events.some((e) => e.type === 'started');
    const ended = events.some((e) => e.type === 'end');
    if (!started && !ended && before !== null) return;
    const d = row.data as { game?: GameData; extras?: StoredExtras } | null;
    const g = d?.game;
    if (!g || !d.extras) return;
    const creator = g.seats[0] ?? g.seats[1];
    const src = challengeSourceOf(row.id, g);
    const player = async (userId: string, name: string) => lichessPlayer(this.deps, userId, name, g.setup.variant);
    const challengeOf = async (ch: NonNullable<StoredExtras['challenge']>, state: 'created' | 'declined' | 'canceled') => {
      const players = new Map<string, LichessPlayer>();
      if (creator) players.set(creator.userId, await player(creator.userId, creator.name));
      players.set(ch.userId, await player(ch.userId, ch.name));
      return challengeJson(src, ch, state, this.deps.publicUrl, (id, name) => players.get(id) ?? { id, name, title: null, rating: 1500, provisional: true });
    };
    // A new challenge: both sides hear it (a program ignores its own, as lichess's do).
    if (before === null && d.extras.challenge && row.status === 'waiting' && creator) {
      const challenge = await challengeOf(d.extras.challenge, 'created');
      this.publish([creator.userId, d.extras.challenge.userId], { type: 'challenge', challenge, compat: { bot: true, board: true } });
      return;
    }
    // A challenge that ends unplayed: declined, withdrawn or expired.
    const ch = before?.challenge ?? null;
    if (ch && ended && g.startedAt === null && creator) {
      const closed = d.extras.challenge ?? ch;
      const declined = closed.closed === 'declined';
      const challenge = await challengeOf(closed, declined ? 'declined' : 'canceled');
      this.publish([creator.userId, ch.userId], { type: declined ? 'challengeDeclined' : 'challengeCanceled', challenge });
      return;
    }
    if (!started && !(ended && g.startedAt !== null)) return;
    const view = await this.deps.view(row.id);
    if (!view) return;
    const playerOf = await playersOf(this.deps, view.seats, view.variant);
    for (const seat of view.seats) {
      if (seat?.kind !== 'human') continue;
      this.publish([seat.userId], { type: started && !ended ? 'gameStart' : 'gameFinish', game: eventGame(view, seat.userId, playerOf) });
    }
  }
}
