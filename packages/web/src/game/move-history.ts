/**
 * A game's moves as the client shows them: positions after each ply for
 * navigation, and the moves printed in a chosen notation. Pure (rules library only).
 */
import { KIND_PASS, moveKind, parseFen, parseUci, VARIANTS, type Notation, type Position, type VariantKey } from '@youzai/rules';

export class MoveHistory {
  /** positions[i] = the position after i plies. */
  private readonly positions: Position[];
  private readonly ucis: string[] = [];
  private readonly texts = new Map<string, string[]>();
  /** Moves taken back so far: a move list drawn before a change of this count may show moves no longer here. */
  private undone = 0;

  private constructor(
    readonly variant: VariantKey,
    start: Position,
  ) {
    this.positions = [start];
  }

  /** Null when the FEN is not valid for the variant. */
  static from(variant: VariantKey, initialFen: string, moves: readonly string[] = []): MoveHistory | null {
    const start = parseFen(VARIANTS[variant], initialFen);
    if (!start.ok) return null;
    const h = new MoveHistory(variant, start.value);
    for (const m of moves) if (!h.push(m)) return null;
    return h;
  }

  /** How many moves were ever taken back (pop): moves shown are still the history's while it has not changed. */
  get takebacks(): number {
    return this.undone;
  }

  get length(): number {
    return this.ucis.length;
  }

  get moves(): readonly string[] {
    return this.ucis;
  }

  /** Appends a legal move; false (and nothing changes) when it is not legal. */
  push(uci: string): boolean {
    const last = this.positions[this.positions.length - 1]!;
    const m = parseUci(last, uci);
    if (!m.ok) return false;
    const next = last.clone();
    next.play(m.value);
    for (const [id, list] of this.texts) list.push(this.notation(id).make(last, m.value));
    this.positions.push(next);
    this.ucis.push(uci);
    return true;
  }

  /** Removes the last move (solo board undo); false when there is none. */
  pop(): boolean {
    if (this.ucis.length === 0) return false;
    this.ucis.pop();
    this.positions.pop();
    this.undone++;
    for (const list of this.texts.values()) list.pop();
    return true;
  }

  /** The position after `ply` plies (clamped to what exists). */
  positionAt(ply: number): Position {
    return this.positions[Math.max(0, Math.min(ply, this.positions.length - 1))]!;
  }

  get current(): Position {
    return this.positions[this.positions.length - 1]!;
  }

  lastUci(ply = this.ucis.length): string | undefined {
    return ply > 0 ? this.ucis[ply - 1] : undefined;
  }

  notations(): readonly Notation[] {
    return VARIANTS[this.variant].notations;
  }

  private notation(id: string): Notation {
    return this.notations().find((n) => n.id === id) ?? this.notations()[0]!;
  }

  /** Whether ply `ply` (1-based) was a pass (Janggi): the page writes it in the reader's language. */
  isPass(ply: number): boolean {
    const before = this.positions[ply - 1];
    const uci = this.ucis[ply - 1];
    if (!before || uci === undefined) return false;
    const m = parseUci(before, uci);
    return m.ok && moveKind(m.value) === KIND_PASS;
  }

  /** A move from the current position printed in notation `id` (a move not legal here: as given). */
  printNext(uci: string, id: string): string {
    const last = this.current;
    const m = parseUci(last, uci);
    return m.ok ? this.notation(id).make(last, m.value) : uci;
  }

  /** Every move printed in notation `id` (cached per notation). */
  printed(id: string): readonly string[] {
    let list = this.texts.get(id);
    if (!list) {
      const n = this.notation(id);
      list = this.ucis.map((u, i) => {
        const before = this.positions[i]!;
        const m = parseUci(before, u);
        return m.ok ? n.make(before, m.value) : u;
      });
      this.texts.set(id, list);
    }
    return list;
  }
}

/** What a move list shows: the history object, its notation, and how far it has gone. */
export interface ListShown {
  readonly history: MoveHistory;
  readonly notation: string;
  readonly takebacks: number;
  readonly plies: number;
}

/**
 * The rows to draw again to go from `before` to `now` (two plies a row):
 * from the row of the first ply not shown yet when the history only grew,
 * every row when it changed otherwise (another history or notation, a move
 * taken back). A move costs the page one or two rows, however long the game.
 */
export function rowsToDraw(before: ListShown | null, now: ListShown): { readonly from: number; readonly to: number } {
  const rows = Math.ceil(now.plies / 2);
  const same = before && before.history === now.history && before.notation === now.notation && before.takebacks === now.takebacks && before.plies <= now.plies;
  return { from: same ? Math.floor(before.plies / 2) : 0, to: rows };
}

/** Where the viewer is: following the live game (null) or looking at a past ply. */
export class Cursor {
  private viewing: number | null = null;

  constructor(private readonly length: () => number) {}

  /** The ply shown. */
  get ply(): number {
    return this.viewing ?? this.length();
  }

  get live(): boolean {
    return this.viewing === null;
  }

  go(ply: number): void {
    const n = this.length();
    const p = Math.max(0, Math.min(ply, n));
    this.viewing = p >= n ? null : p;
  }

  first(): void {
    this.go(0);
  }
  prev(): void {
    this.go(this.ply - 1);
  }
  next(): void {
    this.go(this.ply + 1);
  }
  last(): void {
    this.viewing = null;
  }
}
