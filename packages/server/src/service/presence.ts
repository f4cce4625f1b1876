/**
 * Who is connected to each live game held here, per node that holds the
 * sockets: seats track connection for the grace rule (a change passes
 * through the pipeline unstored), watchers are counted for the TV and
 * announced on the game's topic (`spectators`), so every page showing the
 * game follows the count whichever node serves it: with several nodes every
 * socket's presence is forwarded to the owner, whose count is the club's.
 */
import type { ServerMessage } from '@youzai/protocol';
import { isCorrespondence } from '@youzai/game';
import type { Bus } from '../bus/bus.ts';
import type { GameActor } from './actor.ts';
import { awaitReturn } from './await-return.ts';
import { topicOf, type GamePipeline } from './game-pipeline.ts';
import type { LiveGames } from './live-games.ts';
import type { Clock, Timers } from './time.ts';

/**
 * At most one spectator count per game per this many ms: the first change
 * goes at once, the changes within the next second in one message at its
 * end (a crowd arriving at a TV game is not a message per watcher to each).
 */
export const SPECTATORS_EVERY_MS = 1000;

export class Presence {
  constructor(
    private readonly live: Pick<LiveGames, 'get' | 'peek' | 'all'>,
    private readonly pipeline: Pick<GamePipeline, 'passing' | 'restartTurn'>,
    private readonly clock: Clock,
    private readonly announce: { readonly bus: Bus; readonly timers: Timers } | null = null,
  ) {}

  /** A socket of `userId` started (or stopped) watching. `from`: the node holding the socket ('' here, or one node alone). */
  async presence(id: string, userId: string, delta: 1 | -1, from = ''): Promise<void> {
    const actor = await this.live.get(id);
    if (!actor) return;
    await actor.run(async () => {
      const seat = actor.game.seatOf(userId);
      if (seat === null) {
        this.setSpectators(actor, from, Math.max(0, (actor.spectatorsBy.get(from) ?? 0) + delta));
        return;
      }
      this.setConnected(actor, from, (c) => {
        c[seat] = Math.max(0, c[seat] + delta);
      });
    });
  }

  /**
   * What node `from` holds of this game now (after a failover the new owner knows nothing of the
   * sockets held elsewhere): its count per user replaces what was counted for it.
   */
  async presenceOf(id: string, from: string, users: Readonly<Record<string, number>>): Promise<void> {
    const actor = this.live.peek(id);
    if (!actor) return;
    await actor.run(async () => {
      let watching = 0;
      this.setConnected(actor, from, (c) => {
        c[0] = 0;
        c[1] = 0;
        for (const [userId, n] of Object.entries(users)) {
          const seat = actor.game.seatOf(userId);
          if (seat !== null) c[seat] += Math.max(0, n);
          else watching += Math.max(0, n);
        }
      });
      // Its watchers too: a new owner (after a failover) counts the club's spectators again, node by node.
      this.setSpectators(actor, from, watching);
    });
  }

  /**
   * A node died: its sockets are gone (the players they served count as disconnected until they come back).
   * A side to move left with no socket gets its turn back when it comes back (within RETURN_GRACE_MS).
   */
  async nodeGone(from: string): Promise<void> {
    for (const actor of [...this.live.all()]) {
      if (!actor.connectedBy.has(from) && !actor.spectatorsBy.has(from)) continue;
      await actor.run(async () => {
        const running = actor.game.snapshot.clock.running;
        const there = running !== null && (actor.connectedBy.get(from)?.[running] ?? 0) > 0;
        this.setConnected(actor, from, (c) => {
          c[0] = 0;
          c[1] = 0;
        });
        if (there && running !== null) {
          // Back already through another node before the death was seen (HAProxy closed the socket first): its turn starts now.
          if (actor.connected(running) > 0 && !isCorrespondence(actor.game.snapshot.setup.clock) && actor.game.status === 'active')
            this.pipeline.restartTurn(actor, this.clock.now());
          else awaitReturn(actor, this.clock.now());
        }
        // Its watchers went with it.
        this.setSpectators(actor, from, 0);
      });
    }
  }

  /**
   * A move of the side to move while a node holding a socket of it has gone quiet (frozen: HAProxy
   * closed that socket and the player came back through another node, which counts one too) and
   * before that node is seen dead: its turn starts now, as it would when the death is seen. Only
   * the mover's turn, and only once (the move ends it). The node the move came through (`via`, ''
   * for this one) shows the player back as well as a socket counted there: a client back through
   * another node sends its held move at once, and the count of its new socket comes after its
   * subscription's first read (chaos seed 11: charged 3.2 s for 0.8 s of thought).
   */
  resumeIfStranded(actor: GameActor, by: 0 | 1, quiet: (from: string) => boolean, now: number, via?: string): void {
    const d = actor.game.snapshot;
    if (d.clock.running !== by || actor.game.status !== 'active' || isCorrespondence(d.setup.clock)) return;
    let stranded = false;
    let elsewhere = false;
    for (const [from, c] of actor.connectedBy) {
      if (c[by] <= 0) continue;
      if (from !== '' && quiet(from)) stranded = true;
      else elsewhere = true;
    }
    if (via !== undefined && (via === '' || !quiet(via))) elsewhere = true;
    if (stranded && elsewhere) this.pipeline.restartTurn(actor, now);
  }

  /** The nodes whose sockets are counted in some live game here. */
  sources(): Set<string> {
    const out = new Set<string>();
    for (const actor of this.live.all()) {
      for (const from of actor.connectedBy.keys()) out.add(from);
      for (const from of actor.spectatorsBy.keys()) out.add(from);
    }
    return out;
  }

  /** Node `from`'s count of watchers; announced when the club's count changes. */
  private setSpectators(actor: GameActor, from: string, n: number): void {
    const before = actor.spectators;
    if (n > 0) actor.spectatorsBy.set(from, n);
    else actor.spectatorsBy.delete(from);
    if (actor.spectators !== before) this.spectatorsChanged(actor);
  }

  /** Announces the count now, or at the end of the second since the last announcement. */
  private spectatorsChanged(actor: GameActor): void {
    if (!this.announce || actor.spectatorsPending) return;
    const due = actor.spectatorsSentAt + SPECTATORS_EVERY_MS;
    if (this.clock.now() >= due) {
      this.sendSpectators(actor);
      return;
    }
    actor.spectatorsPending = this.announce.timers.at(due, () => {
      actor.spectatorsPending = null;
      // A game unloaded meanwhile (finished, or taken by another node) says nothing more from here.
      if (this.live.peek(actor.game.id) === actor) this.sendSpectators(actor);
    });
  }

  private sendSpectators(actor: GameActor): void {
    actor.spectatorsSentAt = this.clock.now();
    const status = actor.game.status;
    // As GET /api/games/{id} counts: a finished game's watchers are not counted.
    const n = status === 'active' || status === 'waiting' ? actor.spectators : 0;
    const msg: ServerMessage = { t: 'spectators', game: actor.game.id, n };
    this.announce?.bus.publish(topicOf(actor.game.id), JSON.stringify(msg));
  }

  private setConnected(actor: GameActor, from: string, change: (c: [number, number]) => void): void {
    const before = [actor.connected(0) > 0, actor.connected(1) > 0];
    const c = actor.connectedBy.get(from) ?? [0, 0];
    change(c);
    if (c[0] === 0 && c[1] === 0) actor.connectedBy.delete(from);
    else actor.connectedBy.set(from, c);
    for (const seat of [0, 1] as const) {
      const now = actor.connected(seat) > 0;
      if (now === before[seat]) continue;
      this.pipeline.passing(actor, { type: 'connection', color: seat, connected: now }, this.clock.now());
      if (now) this.returned(actor, seat);
    }
  }

  /** A seat is counted again: if it is the side to move back from an outage in time, its turn starts now. */
  private returned(actor: GameActor, seat: 0 | 1): void {
    const back = actor.turnBack;
    if (!back || back.seat !== seat) return;
    actor.turnBack = null;
    const now = this.clock.now();
    const d = actor.game.snapshot;
    if (now > back.until || actor.game.moves.length !== back.ply || actor.game.status !== 'active' || d.clock.running !== seat) return;
    this.pipeline.restartTurn(actor, now);
  }
}
