/**
 * Rematch offers after a finished game. An offer creates the next game at
 * once with the same game, clock and rating terms and the colours swapped:
 * against the computer it starts at once; against a player it waits, as an
 * invitation only this offer knows, for the other player to accept (who
 * then takes its seat) or decline (it is withdrawn). The offer is kept with
 * the club's data (the meta table, so any node answers it) and announced on
 * the finished game's bus topic, so both players' pages, on any node, see it
 * and move on together; the other player's bell rings too.
 */
import type { ClockSpec, CreateGame, GameView, Identity, ServerMessage } from '@youzai/protocol';
import { SIDES, VARIANTS, err, ok, otherSide, sideIndex, type Result, type Side } from '@youzai/rules';
import type { Bus } from '../bus/bus.ts';
import { topicOf } from '../service/game-service.ts';
import type { GamesPort } from '../service/games-port.ts';
import type { Notifier } from '../social/notifier.ts';
import type { MetaStore } from '../store/types.ts';

export type RematchState = 'offered' | 'accepted' | 'declined';

/** The rematch of a finished game, as kept. */
export interface Rematch {
  readonly state: RematchState;
  /** The side (in the finished game) of the player who offered it. */
  readonly by: Side;
  /** The next game. */
  readonly next: string;
}

interface Kept extends Rematch {
  /** The invitation's token: only this module sees it. */
  readonly token: string | null;
}

export interface RematchDeps {
  readonly games: GamesPort;
  readonly meta: MetaStore;
  readonly bus: Bus;
  readonly notifier?: Notifier;
  /**
   * Whether a game was a tournament's: it has no rematch (a new game would be
   * played outside the tournament); its end panel leads back to the tournament.
   */
  readonly isTournamentGame?: (gameId: string) => Promise<boolean>;
}

type Failure = { readonly code: string; readonly message: string };

const key = (gameId: string) => `rematch:${gameId}`;

/** The clock a game was played with, as a new game asks for it. */
export function clockSpecOf(c: GameView['clockConfig']): ClockSpec {
  const minutes = c.baseMs / 60_000;
  if (c.kind === 'fischer') return { kind: 'fischer', minutes, increment: Math.round(c.incrementMs / 1000) };
  if (c.kind === 'byoyomi') return { kind: 'byoyomi', minutes, periods: c.periods, seconds: Math.round(c.periodMs / 1000) };
  return { kind: 'correspondence', days: Math.round(c.baseMs / 86_400_000) as 1 | 2 | 3 | 5 | 7 | 14 };
}

export class Rematches {
  constructor(private readonly deps: RematchDeps) {}

  async get(gameId: string): Promise<Rematch | null> {
    const k = await this.kept(gameId);
    return k ? { state: k.state, by: k.by, next: k.next } : null;
  }

  /** Offers a rematch (or accepts the other player's offer, if there is one). */
  async offer(gameId: string, me: Identity): Promise<Result<Rematch, Failure>> {
    const s = await this.deps.games.view(gameId, me.id);
    if (!s) return err('game.not-found', 'No such game');
    const v = s.view;
    if (v.status !== 'finished') return err('rematch.not-finished', 'A rematch is offered once the game has ended');
    if (s.you === null) return err('game.forbidden', 'Only the players can offer a rematch');
    if (await this.deps.isTournamentGame?.(gameId)) return err('rematch.tournament', 'A tournament game has no rematch: the tournament pairs the next game');
    const there = await this.kept(gameId);
    if (there && there.state !== 'declined') {
      if (there.by !== s.you && there.state === 'offered') return this.answer(gameId, me, true);
      return ok({ state: there.state, by: there.by, next: there.next });
    }
    const opp = v.seats[1 - sideIndex(s.you)];
    if (!opp) return err('game.forbidden', 'This game has no opponent');
    const terms: CreateGame = {
      variant: v.variant,
      ...(v.initialFen !== VARIANTS[v.variant].startFen ? { fen: v.initialFen } : {}),
      color: otherSide(s.you),
      clock: clockSpecOf(v.clockConfig),
      opponent: opp.kind === 'engine' ? { type: 'computer', level: opp.level ?? 1 } : { type: 'invite' },
      rated: opp.kind === 'engine' ? false : v.rated,
    };
    const made = await this.deps.games.create(me, terms);
    if (!made.ok) return err(made.error.code, made.error.message);
    const kept: Kept = { state: opp.kind === 'engine' ? 'accepted' : 'offered', by: s.you, next: made.value.id, token: made.value.inviteToken };
    await this.deps.meta.setMeta(key(gameId), JSON.stringify(kept));
    this.announce(gameId, kept);
    if (kept.state === 'offered')
      void this.deps.notifier?.send(opp.userId, {
        kind: 'rematch',
        id: key(gameId),
        data: { game: gameId, url: `/game/${gameId}`, from: { id: me.id, name: me.name }, variant: v.variant, rated: v.rated },
      });
    return ok({ state: kept.state, by: kept.by, next: kept.next });
  }

  /** The other player accepts (takes the next game's seat) or declines (the next game is withdrawn). */
  async answer(gameId: string, me: Identity, accept: boolean): Promise<Result<Rematch, Failure>> {
    const there = await this.kept(gameId);
    if (there?.state !== 'offered') return err('rematch.none', 'There is no rematch offer to answer');
    const s = await this.deps.games.view(gameId, me.id);
    if (!s || s.you === null || s.you === there.by) return err('game.forbidden', 'Only the other player answers a rematch offer');
    let next: Kept;
    if (accept) {
      const joined = await this.deps.games.join(there.next, me, there.token ?? undefined);
      if (!joined.ok) return err(joined.error.code, joined.error.message);
      next = { ...there, state: 'accepted' };
    } else {
      const offerer = s.view.seats[sideIndex(there.by)];
      if (offerer) await this.deps.games.decline(there.next, { id: offerer.userId, name: offerer.name, guest: false });
      next = { ...there, state: 'declined' };
    }
    await this.deps.meta.setMeta(key(gameId), JSON.stringify(next));
    this.announce(gameId, next);
    return ok({ state: next.state, by: next.by, next: next.next });
  }

  private async kept(gameId: string): Promise<Kept | null> {
    const raw = await this.deps.meta.getMeta(key(gameId));
    if (!raw) return null;
    const k = JSON.parse(raw) as Omit<Kept, 'by'> & { by: Side | 0 | 1 };
    // Kept before sides were named: 0 or 1.
    return { ...k, by: typeof k.by === 'number' ? SIDES[k.by] : k.by };
  }

  private announce(gameId: string, r: Rematch): void {
    const msg: ServerMessage = { t: 'rematch', game: gameId, state: r.state, by: r.by, next: r.next };
    this.deps.bus.publish(topicOf(gameId), JSON.stringify(msg));
  }
}
