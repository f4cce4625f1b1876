/**
 * An imported game as the club writes it back: PGN in Fairy-Stockfish
 * coordinates with the record's tags, comments, NAGs and variations (what
 * the short link stores, and what its export gives), and as JSON for the
 * wire (the tree as tree text: node ids are the order of its moves, so
 * comments keep their nodes). Both read back to the same game. Pure.
 */
import { isVariantKey, parseFen, VARIANTS, type VariantKey } from '@youzai/rules';
import type { ImportedGame } from './record-import.ts';
import { makeVariationPgn } from './variation-pgn.ts';
import { makeTreeText, treeFromText, type TreeNode } from './variation-tree.ts';

export interface ImportedWire {
  readonly variant: VariantKey;
  readonly fen: string;
  readonly tags: readonly (readonly [string, string])[];
  /** makeTreeText's form. */
  readonly moves: string;
  /** By node id (as text). */
  readonly comments: Readonly<Record<string, string>>;
  readonly nags: Readonly<Record<string, readonly number[]>>;
  readonly result: string;
  readonly notation: string;
}

export function importedToWire(g: ImportedGame): ImportedWire {
  return {
    variant: g.variant,
    fen: g.fen,
    tags: g.tags,
    moves: makeTreeText(g.tree),
    comments: Object.fromEntries(g.comments),
    nags: Object.fromEntries(g.nags),
    result: g.result,
    notation: g.notation,
  };
}

/** The game of a wire form, its moves checked again; null when they are not a game (a forged or stale form). */
export function importedFromWire(w: ImportedWire): ImportedGame | null {
  if (!isVariantKey(w.variant)) return null;
  const t = treeFromText(w.variant, w.fen, w.moves);
  if (!t.ok) return null;
  const ids = (o: Readonly<Record<string, unknown>>) => Object.keys(o).filter((k) => /^\d+$/.test(k) && (k === '0' || t.value.tree.get(Number(k))));
  return {
    variant: w.variant,
    fen: w.fen,
    tags: w.tags,
    tree: t.value.tree,
    comments: new Map(ids(w.comments).map((k) => [Number(k), String(w.comments[k])])),
    nags: new Map(ids(w.nags).map((k) => [Number(k), [...w.nags[k]!]])),
    result: w.result,
    notation: w.notation,
  };
}

/** Tags that described the movetext as it was read, not as the club writes it (coordinates). */
const MOVETEXT_TAGS = new Set(['Format', 'Coordinates']);

/** The club's PGN of an imported game: its tags (Result and Variant as read), then the moves in coordinates with everything kept. */
export function makeImportedPgn(g: ImportedGame): string {
  const start = parseFen(VARIANTS[g.variant], g.fen);
  const turn = start.ok ? (start.value.turn as 0 | 1) : 0;
  const fullmove = start.ok ? start.value.fullmove : 1;
  const tags: [string, string][] = [];
  for (const [k, v] of g.tags) if (!MOVETEXT_TAGS.has(k) && k !== 'Result' && k !== 'Variant') tags.push([k, v]);
  tags.push(['Result', g.result], ['Variant', g.variant]);
  const annotate = (n: TreeNode): string[] => {
    const out = (g.nags.get(n.id) ?? []).map((x) => `$${x}`);
    const c = g.comments.get(n.id);
    if (c) out.push(`{${c.replace(/[{}]/g, '')}}`);
    return out;
  };
  return makeVariationPgn({ tags, tree: g.tree, turn, fullmove, moveText: (n) => n.uci, result: g.result, annotate });
}
