/**
 * Who is connected to each live game held here, per node that holds the
 * sockets: seats track connection for the grace rule (a change passes
 * through the pipeline unstored), watchers are counted for the TV.
 */
import type { GameActor } from './actor.ts';
import type { GamePipeline } from './game-pipeline.ts';
import type { LiveGames } from './live-games.ts';
import type { Clock } from './time.ts';

export class Presence {
  constructor(
    private readonly live: Pick<LiveGames, 'get' | 'peek' | 'all'>,
    private readonly pipeline: Pick<GamePipeline, 'passing'>,
    private readonly clock: Clock,
  ) {}

  /** A socket of `userId` started (or stopped) watching. `from`: the node holding the socket ('' here, or one node alone). */
  async presence(id: string, userId: string, delta: 1 | -1, from = ''): Promise<void> {
    const actor = await this.live.get(id);
    if (!actor) return;
    await actor.run(async () => {
      const seat = actor.game.seatOf(userId);
      if (seat === null) {
        actor.spectators = Math.max(0, actor.spectators + delta);
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
      this.setConnected(actor, from, (c) => {
        c[0] = 0;
        c[1] = 0;
        for (const [userId, n] of Object.entries(users)) {
          const seat = actor.game.seatOf(userId);
          if (seat !== null) c[seat] += Math.max(0, n);
        }
      });
    });
  }

  /** A node died: its sockets are gone (the players they served count as disconnected until they come back). */
  async nodeGone(from: string): Promise<void> {
    for (const actor of [...this.live.all()]) {
      if (!actor.connectedBy.has(from)) continue;
      await actor.run(async () =>
        this.setConnected(actor, from, (c) => {
          c[0] = 0;
          c[1] = 0;
        }),
      );
    }
  }

  /** The nodes whose sockets are counted in some live game here. */
  sources(): Set<string> {
    const out = new Set<string>();
    for (const actor of this.live.all()) for (const from of actor.connectedBy.keys()) out.add(from);
    return out;
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
    }
  }
}
