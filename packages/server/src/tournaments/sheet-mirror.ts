/**
 * A running arena's sheet kept on a node between reads of its view: its
 * finished games never change again (a result is recorded once), so after a
 * first whole read each refresh reads only the live part (the entries and the
 * games being played) and what changed since (games paired lately, and those
 * that were being played last time, now finished). Two hours of 1,000
 * players is 60,000 pairings: about half a second a whole read on SQLite's
 * thread, a few milliseconds this way (npm run bench:tournament-sheet).
 *
 * The two reads are not one transaction: the live part is read first, so a
 * game that ends between them is found finished by the second (by its id),
 * never lost; one paired between them is found by its time. The entries are
 * the first read's (who is playing may be a moment behind the pairings); the
 * change that made them differ is announced, and the next read has it.
 */
import type { Pairing } from '@youzai/game/tournament';
import type { TournamentSheetRows, TournamentStore } from '../store/tournaments.ts';

/**
 * Games paired this long before the newest one seen are read again: a
 * director on another node (a new leader) may stamp its pairings by a clock a
 * little behind.
 */
export const PAIRED_MARGIN_MS = 60_000;
/** A whole read this often besides, whatever happened (a safety net: the mirror starts again from the store's sheet). */
export const WHOLE_EVERY_MS = 300_000;

export type MirrorStore = Pick<TournamentStore, 'tournamentSheet' | 'tournamentLive' | 'pairingsChanged'>;

const bySheetOrder = (a: Pairing, b: Pairing): number => a.pairedAt - b.pairedAt || (a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : 0);

/** Two lists in the sheet's order, merged into one (O(n): a long arena's tens of thousands of games are not sorted again each read). */
function merged(a: readonly Pairing[], b: readonly Pairing[]): Pairing[] {
  if (b.length === 0) return [...a];
  const out = new Array<Pairing>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = bySheetOrder(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}

export class SheetMirror {
  /** The finished games' ids, and the games themselves in the sheet's order. */
  private readonly finished = new Set<string>();
  private ordered: Pairing[] = [];
  /** Games being played at the last read: read again by id, since they may have ended since. */
  private playing: string[] = [];
  private newest = Number.NEGATIVE_INFINITY;
  private wholeAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly store: MirrorStore,
    readonly tournamentId: string,
  ) {}

  /** Reads one at a time: each starts from where the last one left the mirror. */
  private last: Promise<unknown> = Promise.resolve();

  /** The sheet as the store holds it now (entries, every pairing in the sheet's order; an arena has no byes). */
  read(now: number): Promise<TournamentSheetRows> {
    const next = this.last.then(
      () => this.refresh(now),
      () => this.refresh(now),
    );
    this.last = next;
    return next;
  }

  private async refresh(now: number): Promise<TournamentSheetRows> {
    if (now - this.wholeAt >= WHOLE_EVERY_MS) return this.whole(now);
    const live = await this.store.tournamentLive(this.tournamentId);
    const changed = await this.store.pairingsChanged(this.tournamentId, this.newest - PAIRED_MARGIN_MS, this.playing);
    const open = new Map<string, Pairing>();
    for (const p of live.pairings) open.set(p.gameId, p);
    const added: Pairing[] = [];
    for (const p of changed) {
      if (p.result === null) open.set(p.gameId, p);
      else if (!this.finished.has(p.gameId)) {
        this.finished.add(p.gameId);
        added.push(p);
      }
    }
    if (added.length > 0) this.ordered = merged(this.ordered, added.sort(bySheetOrder));
    // Read as live first, then found finished by the second read: the finished one holds.
    for (const id of [...open.keys()]) if (this.finished.has(id)) open.delete(id);
    return this.keep(live.entries, [...open.values()]);
  }

  private async whole(now: number): Promise<TournamentSheetRows> {
    const sheet = await this.store.tournamentSheet(this.tournamentId);
    this.finished.clear();
    this.newest = Number.NEGATIVE_INFINITY;
    this.wholeAt = now;
    const open: Pairing[] = [];
    this.ordered = [];
    for (const p of sheet.pairings) {
      if (p.result !== null) {
        this.finished.add(p.gameId);
        this.ordered.push(p);
      } else open.push(p);
    }
    const kept = this.keep(sheet.entries, open);
    return { ...kept, byes: sheet.byes };
  }

  private keep(entries: TournamentSheetRows['entries'], open: readonly Pairing[]): TournamentSheetRows {
    this.playing = open.map((p) => p.gameId);
    const last = this.ordered.at(-1);
    if (last && last.pairedAt > this.newest) this.newest = last.pairedAt;
    for (const p of open) if (p.pairedAt > this.newest) this.newest = p.pairedAt;
    return { entries, pairings: merged(this.ordered, [...open].sort(bySheetOrder)), byes: [] };
  }
}
