/**
 * A side to move whose sockets an outage took (a takeover, a node's death)
 * is waited for: its return restarts its turn (presence.ts), so the time an
 * outage costs is not charged to it. Used where the outage is seen: the
 * presence of sockets and the live games' takeover (live-games.ts).
 */
import { isCorrespondence } from '@youzai/game';
import type { GameActor } from './actor.ts';

/**
 * How long after an outage took the side to move's sockets (a takeover, a node's death) its return
 * restarts its turn: what a reconnection takes, and all a player can win by staying away on purpose.
 */
export const RETURN_GRACE_MS = 5000;

/**
 * The side to move lost its sockets to an outage, not by its own doing (the node holding them died, or
 * this node took the game over and counts nobody yet): the time until it can play again is not its own.
 */
export function awaitReturn(actor: GameActor, now: number): void {
  const running = actor.game.snapshot.clock.running;
  if (actor.game.status !== 'active' || running === null || isCorrespondence(actor.game.snapshot.setup.clock)) return;
  actor.turnBack = { seat: running, ply: actor.game.moves.length, until: now + RETURN_GRACE_MS };
}
