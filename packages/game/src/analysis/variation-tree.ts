/**
 * The analysis board's variations: a tree of moves from one position. A
 * node's first child continues its line; the others are variations that
 * branch there. Moves are tokens (our FS coordinates); legality is the
 * caller's business (treeFromText checks it with the rules). Pure.
 */
import { err, ok, parseFen, parseUci, VARIANTS, type Position, type Result, type VariantKey } from '@youzai/rules';

/** An evaluation kept on a node: from the first side's view (as docs/analysis.md), with the depth it came from. */
export type NodeEval = ({ readonly cp: number } | { readonly mate: number }) & { readonly depth: number };

export interface TreeNode {
  /** Unique in its tree; the root is 0. */
  readonly id: number;
  /** The move that led here ('' at the root). */
  readonly uci: string;
  /** Plies from the root position. */
  readonly ply: number;
  parent: TreeNode | null;
  /** children[0] is the main continuation. */
  readonly children: TreeNode[];
  eval?: NodeEval;
}

/** Moves and variations at most: a share link or a pasted text cannot make the page build more. */
export const MAX_TREE_NODES = 2000;
/** Variations nested deeper than this are refused by the parser (each level is a recursion of the writer). */
export const MAX_TREE_DEPTH = 64;

export class VariationTree {
  readonly root: TreeNode = { id: 0, uci: '', ply: 0, parent: null, children: [] };
  private readonly byId = new Map<number, TreeNode>([[0, this.root]]);
  private nextId = 1;

  get size(): number {
    return this.byId.size - 1;
  }

  get(id: number): TreeNode | undefined {
    return this.byId.get(id);
  }

  /** The child of `parentId` playing `uci`: the one there already, or a new one (a new variation when the node had a continuation). Null when the parent is unknown or the tree is full. */
  add(parentId: number, uci: string): TreeNode | null {
    const parent = this.byId.get(parentId);
    if (!parent) return null;
    const there = parent.children.find((c) => c.uci === uci);
    if (there) return there;
    if (this.size >= MAX_TREE_NODES) return null;
    const node: TreeNode = { id: this.nextId++, uci, ply: parent.ply + 1, parent, children: [] };
    parent.children.push(node);
    this.byId.set(node.id, node);
    return node;
  }

  /** Adds a line of moves from `parentId`, each after the previous; the last node (or null if one could not be added). */
  addLine(parentId: number, ucis: readonly string[]): TreeNode | null {
    let at: TreeNode | null = this.byId.get(parentId) ?? null;
    for (const u of ucis) {
      if (!at) return null;
      at = this.add(at.id, u);
    }
    return at;
  }

  /**
   * Raises the variation holding `id` one level: the nearest node on its path
   * (itself or an ancestor) that is not its parent's first child becomes the
   * first. Repeated, the line becomes the main line. False when it already is.
   */
  promote(id: number): boolean {
    for (let n = this.byId.get(id); n?.parent; n = n.parent) {
      const siblings = n.parent.children;
      const i = siblings.indexOf(n);
      if (i > 0) {
        siblings.splice(i, 1);
        siblings.unshift(n);
        return true;
      }
    }
    return false;
  }

  /** Removes a node and everything after it; the root stays. Returns its parent (where the board goes), or null. */
  delete(id: number): TreeNode | null {
    const n = this.byId.get(id);
    if (!n?.parent) return null;
    const siblings = n.parent.children;
    siblings.splice(siblings.indexOf(n), 1);
    const drop = [n];
    while (drop.length) {
      const d = drop.pop()!;
      this.byId.delete(d.id);
      drop.push(...d.children);
    }
    const parent = n.parent;
    n.parent = null;
    return parent;
  }

  /** The nodes from the root's first move to `id` (empty for the root). */
  path(id: number): TreeNode[] {
    const out: TreeNode[] = [];
    for (let n = this.byId.get(id); n?.parent; n = n.parent) out.push(n);
    return out.reverse();
  }

  /** The main line: first children from the root on. */
  mainline(from: TreeNode = this.root): TreeNode[] {
    const out: TreeNode[] = [];
    for (let n = from.children[0]; n; n = n.children[0]) out.push(n);
    return out;
  }

  /** Whether `id` lies on the main line (the root does). */
  onMainline(id: number): boolean {
    return this.path(id).every((n) => n.parent!.children[0] === n);
  }
}

// ---- a compact text of the tree (share links) ---------------------------

/**
 * The tree as text: moves separated by spaces, a variation in parentheses
 * right after the move it replaces, as PGN nests them:
 * `h2e2 h9g7 (b10c8 h3e3) c3c4`. The pair of makeTreeText/parseTreeText round-trips.
 */
export function makeTreeText(tree: VariationTree): string {
  const out: string[] = [];
  const line = (from: TreeNode): void => {
    for (let n = from; n.children.length > 0; ) {
      const [main, ...alts] = n.children as [TreeNode, ...TreeNode[]];
      out.push(main.uci);
      for (const alt of alts) {
        out.push('(');
        out.push(alt.uci);
        line(alt);
        out.push(')');
      }
      n = main;
    }
  };
  line(tree.root);
  return out.join(' ').replace(/\( /g, '(').replace(/ \)/g, ')');
}

export type TreeTextErrorCode = 'tree.syntax' | 'tree.too-large' | 'tree.illegal-move' | 'tree.fen';

const TOKEN = /^[A-Za-z0-9@+]{2,12}$/;

/**
 * Reads makeTreeText's format; `accept(parent, uci)` says whether a move
 * may follow a node (legality). Never throws.
 */
export function parseTreeText(
  text: string,
  accept: (parent: TreeNode, uci: string) => boolean = () => true,
): Result<VariationTree, { code: TreeTextErrorCode; message: string }> {
  const tree = new VariationTree();
  const tokens = text
    .replace(/[()]/g, (p) => ` ${p} `)
    .split(/\s+/)
    .filter((s) => s.length > 0);
  if (tokens.length > MAX_TREE_NODES * 3) return err('tree.too-large', `At most ${MAX_TREE_NODES} moves`);
  // Each open parenthesis remembers the node its line continues from; `last` is the latest move's node.
  const stack: { at: TreeNode; last: TreeNode | null }[] = [];
  let at: TreeNode = tree.root;
  let last: TreeNode | null = null;
  for (const tok of tokens) {
    if (tok === '(') {
      if (!last) return err('tree.syntax', 'A variation must follow a move');
      if (stack.length >= MAX_TREE_DEPTH) return err('tree.too-large', `Variations nest at most ${MAX_TREE_DEPTH} deep`);
      stack.push({ at, last });
      // The variation replaces the last move: it starts from that move's parent.
      at = last.parent!;
      last = null;
      continue;
    }
    if (tok === ')') {
      const top = stack.pop();
      if (!top || !last) return err('tree.syntax', 'An empty or unopened variation');
      ({ at, last } = top);
      continue;
    }
    if (!TOKEN.test(tok)) return err('tree.syntax', `Not a move: ${tok.slice(0, 16)}`);
    if (!accept(at, tok)) return err('tree.illegal-move', `Move ${tok} is not legal here`);
    const node = tree.add(at.id, tok);
    if (!node) return err('tree.too-large', `At most ${MAX_TREE_NODES} moves`);
    at = node;
    last = node;
  }
  if (stack.length > 0) return err('tree.syntax', 'A variation is not closed');
  return ok(tree);
}

/** parseTreeText with every move checked by the rules from `fen`; the positions come with it, by node id. */
export function treeFromText(
  variant: VariantKey,
  fen: string,
  text: string,
): Result<{ tree: VariationTree; positions: Map<number, Position> }, { code: TreeTextErrorCode; message: string }> {
  const start = parseFen(VARIANTS[variant], fen);
  if (!start.ok) return err('tree.fen', start.error.message);
  const positions = new Map<number, Position>([[0, start.value]]);
  // Nodes are numbered in the order they are added, so the next one's id is the count so far.
  let nextId = 1;
  const r = parseTreeText(text, (parent, uci) => {
    const pos = positions.get(parent.id);
    const m = pos ? parseUci(pos, uci) : null;
    if (!pos || !m?.ok) return false;
    if (parent.children.some((c) => c.uci === uci)) return true;
    const next = pos.clone();
    next.play(m.value);
    positions.set(nextId++, next);
    return true;
  });
  return r.ok ? ok({ tree: r.value, positions }) : r;
}
