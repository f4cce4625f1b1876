/**
 * The view of a tournament (standings with tie-breaks, games) shared by its
 * readers on this node. Every watcher of a big arena reads the view when it
 * hears of a change, and they hear of it at about the same moment (once a
 * second): one read of the sheet and one build of the standings serve all
 * who read before the next change; only the reader's own part (`me`, the
 * page of standings read and their neighbourhood) is cut per request. Any change, made on this node or announced on the bus
 * by another, drops the view (its next reader gets a fresh one); half a
 * second bounds a view's life besides.
 */
import type { Bus } from '../bus/bus.ts';
import { tournamentTopic } from '../bus/topics.ts';
import type { TournamentRow, TournamentSheetRows } from '../store/tournaments.ts';
import type { ArenaMemo } from '@youzai/game/tournament';
import type { TournamentView } from '@youzai/protocol';
import { SheetMirror, type MirrorStore } from './sheet-mirror.ts';
import { boardOf, readerView, type Board } from './view.ts';

/** A running arena's mirror unread this long is let go (nobody watches it here any more). */
const MIRROR_IDLE_MS = 600_000;

/** How long a built view serves readers on this node. */
export const VIEW_MAX_AGE_MS = 500;
/**
 * A finished (or cancelled) tournament's view: nothing moves it any more,
 * and a long arena's whole sheet is half a second of reading, so it serves
 * its readers this long (a change announced still drops it at once).
 */
export const ENDED_VIEW_MAX_AGE_MS = 60_000;

interface Built {
  readonly at: number;
  /** How long it serves. */
  readonly maxAge: number;
  /** Ends the bus subscription that drops this view on a change announced by any node. */
  readonly off: () => void;
  readonly view: Promise<{ readonly board: Board; readonly sheet: TournamentSheetRows }>;
}

export class TournamentViews {
  private readonly built = new Map<string, Built>();
  /** Running arenas' sheets kept between views: a refresh reads what changed, not every finished game again. */
  private readonly mirrors = new Map<string, { mirror: SheetMirror; usedAt: number; memo: ArenaMemo }>();

  constructor(
    private readonly deps: {
      readonly store: MirrorStore;
      readonly now: () => number;
      /** The club's announcements: another node's change drops the view here too. */
      readonly bus?: Pick<Bus, 'subscribe'>;
      readonly maxAgeMs?: number;
    },
  ) {}

  /** The view of `row` for `userId` (null: a visitor without a session), with standings page `page`. */
  async view(row: TournamentRow, userId: string | null, page = 1): Promise<TournamentView> {
    const now = this.deps.now();
    let b = this.built.get(row.id);
    if (!b || now - b.at >= b.maxAge) {
      const ended = row.status === 'finished' || row.status === 'cancelled';
      const maxAge = ended ? Math.max(ENDED_VIEW_MAX_AGE_MS, this.deps.maxAgeMs ?? VIEW_MAX_AGE_MS) : (this.deps.maxAgeMs ?? VIEW_MAX_AGE_MS);
      const view = (async () => {
        const sheet = await this.sheet(row, now);
        // A running arena's players whose games did not change since its last view are not scored again.
        return { board: boardOf(row, sheet, now, this.mirrors.get(row.id)?.memo), sheet };
      })();
      this.invalidate(row.id);
      const fresh: Built = { at: now, maxAge, view, off: this.deps.bus?.subscribe(tournamentTopic(row.id), () => this.drop(row.id, fresh)) ?? (() => {}) };
      this.built.set(row.id, fresh);
      b = fresh;
      // A failed read is not kept.
      view.catch(() => this.drop(row.id, fresh));
      this.sweep(now);
    }
    const { board, sheet } = await b.view;
    const entry = userId === null ? undefined : sheet.entries.find((e) => e.userId === userId);
    return readerView(board, entry, userId, page, this.deps.now(), sheet.byes);
  }

  /** The sheet of `row`: a running arena's from its mirror, any other's read whole (a round's tournament is small, and read once a change). */
  private sheet(row: TournamentRow, now: number): Promise<TournamentSheetRows> {
    if (row.status !== 'running' || row.terms.kind !== 'arena') {
      this.mirrors.delete(row.id);
      return this.deps.store.tournamentSheet(row.id);
    }
    let m = this.mirrors.get(row.id);
    if (!m) {
      m = { mirror: new SheetMirror(this.deps.store, row.id), usedAt: now, memo: new Map() };
      this.mirrors.set(row.id, m);
    }
    m.usedAt = now;
    const read = m.mirror.read(now);
    // A failed read starts the mirror again from a whole read.
    const held = m;
    read.catch(() => {
      if (this.mirrors.get(row.id) === held) this.mirrors.delete(row.id);
    });
    return read;
  }

  /** A tournament changed on this node: its next reader gets a fresh view. */
  invalidate(tournamentId: string): void {
    const b = this.built.get(tournamentId);
    if (b) this.drop(tournamentId, b);
  }

  /** Views held now (for tests). */
  get size(): number {
    return this.built.size;
  }

  private drop(id: string, b: Built): void {
    if (this.built.get(id) !== b) return;
    this.built.delete(id);
    b.off();
  }

  /** Views too old to serve are let go (tournaments nobody reads any more). */
  private sweep(now: number): void {
    for (const [id, b] of this.built) if (now - b.at >= b.maxAge) this.drop(id, b);
    for (const [id, m] of this.mirrors) if (now - m.usedAt >= MIRROR_IDLE_MS) this.mirrors.delete(id);
  }
}
