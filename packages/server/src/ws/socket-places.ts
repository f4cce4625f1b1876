/**
 * Open sockets held at once, per address and per account (issue 31, item 6:
 * 1,000 sockets from one address were accepted, and 300 of one account slowed
 * everyone's moves). Each socket takes a place of both kinds before its
 * upgrade (limits/open.ts OPEN_RULES `socket`, `player-socket`: in Redis with
 * several nodes, so the caps hold club-wide), gives them back when it closes,
 * and renews them each heartbeat, so that the places of a node that died
 * lapse after their lease.
 */
import { randomBytes } from 'node:crypto';
import { ok, type Result } from '@youzai/rules';
import type { OpenLimits, OpenRefusal } from '../limits/open.ts';

export interface SocketPlace {
  readonly id: string;
  readonly addr: string;
  readonly user: string | null;
}

export class SocketPlaces {
  /** This node's ids start with it: only those can be checked here; other nodes renew theirs. */
  private readonly prefix = `${randomBytes(6).toString('base64url')}.`;
  private next = 0;
  private readonly held = new Map<string, SocketPlace>();

  constructor(private readonly open: OpenLimits) {}

  private readonly live = (ids: readonly string[]) => ids.map((id) => !id.startsWith(this.prefix) || this.held.has(id));

  /** A place for a new socket from `addr` (and of `user`, when it has one), or the refusal. */
  async take(addr: string, user: string | null): Promise<Result<SocketPlace, OpenRefusal>> {
    const byAddr = await this.open.reserve('socket', addr, this.live);
    if (!byAddr.ok) return byAddr;
    const byUser = user ? await this.open.reserve('player-socket', user, this.live) : null;
    if (byUser && !byUser.ok) {
      await byAddr.value.cancel();
      const cap = this.open.rule('player-socket').addr;
      return { ok: false, error: { code: byUser.error.code, message: `At most ${cap} open connections at once for one account: close a tab first` } };
    }
    const place = { id: `${this.prefix}${++this.next}`, addr, user };
    this.held.set(place.id, place);
    await byAddr.value.commit(place.id);
    await byUser?.value.commit(place.id);
    return ok(place);
  }

  /** Gives a socket's places back (once; later calls do nothing). */
  async release(place: SocketPlace): Promise<void> {
    if (!this.held.delete(place.id)) return;
    await this.open.close('socket', place.addr, place.id);
    if (place.user) await this.open.close('player-socket', place.user, place.id);
  }

  /** Renews the places of one slice of the open sockets (the heartbeat renews every slice in turn). */
  renew(slice: number, slices: number): void {
    let i = 0;
    for (const place of this.held.values()) {
      if (i++ % slices !== slice) continue;
      void this.open.renew('socket', place.addr, place.id).catch(() => undefined);
      if (place.user) void this.open.renew('player-socket', place.user, place.id).catch(() => undefined);
    }
  }
}
