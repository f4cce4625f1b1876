/**
 * A list read over HTTP while the same list is updated live over the socket
 * (the bell: its notifications and unread count). A read that was on its way
 * when a live update came may predate that update: applied, it would undo it
 * (the count back to 0 just after a notification rang). Such a read is
 * dropped and made again; the next one starts after the update was stored.
 */
export class LiveReads {
  private updates = 0;

  /** A live update was applied. */
  updated(): void {
    this.updates++;
  }

  /** A read starts: what `fresh` is asked with when it answers. */
  begin(): number {
    return this.updates;
  }

  /** Whether the read begun at `token` may be applied: no live update came since it started. */
  fresh(token: number): boolean {
    return token === this.updates;
  }
}
