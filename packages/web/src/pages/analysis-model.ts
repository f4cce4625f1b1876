/**
 * The analysis board's state and its updates (the page only renders it and
 * forwards events): the variations tree with the position after each node,
 * the node shown, the imported game whose tags and comments the tree
 * carries, and what the status line says instead of whose turn it is. The
 * share link and the PGN export are read from it; the engine panel's state
 * is analysis-engine-model.ts.
 *
 * The tree and its positions are one document grown in place (a node added,
 * promoted or deleted; a new tree only when a game is loaded): a copy per
 * move would be up to 2,000 nodes. Each update still returns a new state
 * record, so the node shown and the notices are values.
 */
import {
  importedFromWire,
  makeImportedPgn,
  makeTreeText,
  makeVariationPgn,
  treeFromText,
  VariationTree,
  type ImportedGame,
  type ImportedWire,
  type TreeNode,
} from '@youzai/game/analysis';
import { makeFen, parseFen, parseUci, VARIANTS, type Notation, type Position, type VariantKey } from '@youzai/rules';
import { analysisPath, type AnalysisLink } from '../game/analysis-link.ts';

/** Why the board says something else than whose turn it is; the view words it. */
export type Problem = { readonly kind: 'bad-link'; readonly code: string; readonly message: string } | { readonly kind: 'too-large' };

export interface AnalysisState {
  readonly variant: VariantKey;
  readonly startFen: string;
  readonly tree: VariationTree;
  /** The position after each node, by node id. */
  readonly positions: Map<number, Position>;
  readonly current: TreeNode;
  /** The imported game whose tags and comments the tree carries (null: none). */
  readonly imported: ImportedGame | null;
  /** The finished game the board came from (the PGN's Site and a way back). */
  readonly game: string | undefined;
  readonly problem: Problem | null;
  /** A typed move that could not be read, worded by the typed-move form; it goes with the next move shown. */
  readonly typedProblem: string;
}

/**
 * The board a page opens on: a game handed over or imported (`incoming`), else
 * the link's position, tree and move shown, else the game's start. A link the
 * rules refuse opens on the start, and says why.
 */
export function openAnalysis(variant: VariantKey, link: Omit<AnalysisLink, 'variant'>, incoming: ImportedWire | null): AnalysisState {
  const v = VARIANTS[variant];
  const base = { variant, startFen: v.startFen, imported: null, game: link.game, problem: null, typedProblem: '' };
  const fen = incoming ? incoming.fen : (link.fen ?? v.startFen);
  const loaded = incoming ? treeFromText(variant, incoming.fen, incoming.moves) : link.fen || link.moves ? treeFromText(variant, fen, link.moves ?? '') : null;
  if (!loaded?.ok) {
    const start = parseFen(v, v.startFen);
    if (!start.ok) throw new Error(`start position of ${variant} refused: ${start.error.message}`); // a bug, not input
    const tree = new VariationTree();
    const problem: Problem | null = loaded ? { kind: 'bad-link', code: loaded.error.code, message: loaded.error.message } : null;
    return { ...base, tree, positions: new Map([[0, start.value]]), current: tree.root, problem };
  }
  const { tree, positions } = loaded.value;
  if (incoming) return { ...base, startFen: fen, tree, positions, current: tree.root, imported: importedFromWire(incoming) };
  let current = tree.root;
  for (const uci of link.at ?? []) {
    const next = current.children.find((c) => c.uci === uci);
    if (!next) break;
    current = next;
  }
  return { ...base, startFen: fen, tree, positions, current };
}

/** A game read by the import panel, of this board's game: its tree replaces this one (null: its moves do not read). */
export function loadImported(s: AnalysisState, w: ImportedWire): AnalysisState | null {
  const r = treeFromText(s.variant, w.fen, w.moves);
  if (!r.ok) return null;
  const { tree, positions } = r.value;
  return { ...s, startFen: w.fen, tree, positions, current: tree.root, imported: importedFromWire(w), problem: null, typedProblem: '' };
}

export const positionOf = (s: AnalysisState, node: TreeNode = s.current): Position => s.positions.get(node.id)!;

/** The imported game's comment on the move shown (undefined: none). */
export const commentOf = (s: AnalysisState): string | undefined => s.imported?.comments.get(s.current.id);

/** A node's move in `notation` (its UCI when the position before does not take it). */
export function moveText(s: AnalysisState, node: TreeNode, notation: Notation): string {
  const before = node.parent ? positionOf(s, node.parent) : null;
  const m = before ? parseUci(before, node.uci) : null;
  return before && m?.ok ? notation.make(before, m.value) : node.uci;
}

/** A typed move that could not be read, as the typed-move form words it. */
export const typedInvalid = (s: AnalysisState, text: string): AnalysisState => ({ ...s, typedProblem: text });

/** The move shown is another one: a typed move's problem goes. */
export const goTo = (s: AnalysisState, node: TreeNode): AnalysisState => ({ ...s, current: node, typedProblem: '' });

/**
 * A move played on the position shown, into the tree (an existing branch is
 * followed, not doubled), and shown. One the position does not take changes
 * nothing; one the full tree has no room for is said.
 */
export function playMove(s: AnalysisState, uci: string): AnalysisState {
  const pos = positionOf(s);
  const m = parseUci(pos, uci);
  if (!m.ok) return s;
  const node = s.tree.add(s.current.id, uci);
  if (!node) return { ...s, problem: { kind: 'too-large' } };
  if (!s.positions.has(node.id)) {
    const next = pos.clone();
    next.play(m.value);
    s.positions.set(node.id, next);
  }
  return goTo(s, node);
}

/** The move shown's line becomes the main line at its branch (the move shown stays). */
export function promoteCurrent(s: AnalysisState): AnalysisState {
  s.tree.promote(s.current.id);
  return { ...s };
}

/** The move shown and what follows it go; its parent is shown. The root stays. */
export function deleteCurrent(s: AnalysisState): AnalysisState {
  const parent = s.tree.delete(s.current.id);
  return parent ? goTo(s, parent) : s;
}

/** The ways through the tree: the navigation buttons' and the arrow keys'. */
export type Step = 'first' | 'prev' | 'next' | 'last' | 'up' | 'down';

/** The keys that walk the tree (Up and Down: to the sibling variations). */
export const KEY_STEPS: Readonly<Record<string, Step>> = {
  ArrowLeft: 'prev',
  ArrowRight: 'next',
  ArrowUp: 'up',
  ArrowDown: 'down',
  Home: 'first',
  End: 'last',
};

/** The node a step leads to from the move shown; undefined where there is none (the root has no previous). */
export function stepFrom(s: AnalysisState, step: Step): TreeNode | undefined {
  const { current, tree } = s;
  const siblings = current.parent?.children ?? [current];
  const i = siblings.indexOf(current);
  switch (step) {
    case 'first':
      return tree.root;
    case 'prev':
      return current.parent ?? undefined;
    case 'next':
      return current.children[0];
    case 'last':
      return tree.mainline(current).at(-1);
    case 'up':
      return siblings[i - 1];
    case 'down':
      return siblings[i + 1];
  }
}

/** The board's link: the start position when it is not the game's usual one, the tree, the moves to the one shown. */
export function sharePath(s: AnalysisState): string {
  const at = s.tree.path(s.current.id).map((n) => n.uci);
  const fen = s.startFen !== VARIANTS[s.variant].startFen ? s.startFen : undefined;
  return analysisPath({ variant: s.variant, fen, moves: makeTreeText(s.tree), at, game: s.game });
}

/** The board editor on the position shown. */
export const editorPathOf = (s: AnalysisState): string => `/editor/${s.variant}?${new URLSearchParams({ fen: makeFen(positionOf(s)) }).toString()}`;

/**
 * The PGN export with variations and evaluations: an imported game's tags and
 * comments kept, else the board's own tags (Site: the game it came from, or
 * the share link). `origin` is the site's (`location.origin`).
 */
export function analysisPgn(s: AnalysisState, origin: string): string {
  if (s.imported) return makeImportedPgn({ ...s.imported, tree: s.tree, fen: s.startFen });
  const v = VARIANTS[s.variant];
  const root = positionOf(s, s.tree.root);
  const tags: [string, string][] = [
    ['Event', `Youzai analysis · ${v.name.en}`],
    ['Site', s.game ? `${origin}/game/${s.game}` : `${origin}${sharePath(s)}`],
    ['Variant', v.key],
    ['Result', '*'],
  ];
  if (s.startFen !== v.startFen) tags.push(['SetUp', '1'], ['FEN', s.startFen]);
  return makeVariationPgn({ tags, tree: s.tree, turn: root.turn as 0 | 1, fullmove: root.fullmove, moveText: (n) => n.uci });
}
