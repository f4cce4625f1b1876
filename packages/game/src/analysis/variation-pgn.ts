/**
 * PGN of an analysis board: tags, the main line with every variation in
 * parentheses where it branches, and each evaluated position's score as a
 * `[%eval]` comment (lichess's form: pawns from the first side's view, or
 * `#n`, then the depth). Pure; the move text is the caller's (coordinates,
 * like the game export, or a notation).
 */
import type { NodeEval, TreeNode, VariationTree } from './variation-tree.ts';

export interface VariationPgnInput {
  readonly tags: readonly (readonly [string, string])[];
  readonly tree: VariationTree;
  /** The root position's side to move (0: first side) and move number, from its FEN. */
  readonly turn: 0 | 1;
  readonly fullmove: number;
  /** How a node's move is written (its parent's position is the caller's to know). */
  readonly moveText: (node: TreeNode) => string;
  readonly result?: string;
  /** What follows a node's move besides its evaluation (NAGs `$n`, comments `{…}`); the root's comes before the first move. */
  readonly annotate?: (node: TreeNode) => readonly string[];
}

const tagValue = (s: string): string => s.replace(/[\\"]/g, (c) => `\\${c}`).replace(/[\r\n]/g, ' ');

/** `[%eval 0.35,18]` or `[%eval #-3,22]`: pawns (centipawns / 100) or mate, then the depth. */
export function evalComment(e: NodeEval): string {
  const score = 'mate' in e ? `#${e.mate}` : (e.cp / 100).toFixed(2);
  return `{[%eval ${score},${e.depth}]}`;
}

export function makeVariationPgn(input: VariationPgnInput): string {
  const { tree, moveText } = input;
  const annotate = input.annotate ?? (() => []);
  const result = input.result ?? '*';
  // Absolute ply of the root: even when the first side is to move.
  const base = (input.fullmove - 1) * 2 + input.turn;
  const parts: string[] = [];
  /** Writes `node`'s move with its number where PGN wants one (`force`: after a comment or a variation). */
  const move = (node: TreeNode, force: boolean): void => {
    const abs = base + node.ply - 1;
    if (abs % 2 === 0) parts.push(`${abs / 2 + 1}.`);
    else if (force) parts.push(`${(abs + 1) / 2}...`);
    parts.push(moveText(node));
    if (node.eval) parts.push(evalComment(node.eval));
    parts.push(...annotate(node));
  };
  /** Whether a move number is due again after `node`'s move (an evaluation or a comment came between). */
  const interrupted = (node: TreeNode): boolean => node.eval !== undefined || annotate(node).some((a) => a.startsWith('{'));
  const line = (from: TreeNode, first: boolean): void => {
    let force = first;
    for (let n = from; n.children.length > 0; ) {
      const [main, ...alts] = n.children as [TreeNode, ...TreeNode[]];
      move(main, force);
      force = interrupted(main);
      for (const alt of alts) {
        parts.push('(');
        move(alt, true);
        line(alt, interrupted(alt));
        parts.push(')');
        force = true;
      }
      n = main;
    }
  };
  if (tree.root.eval) parts.push(evalComment(tree.root.eval));
  parts.push(...annotate(tree.root));
  line(tree.root, true);
  parts.push(result);
  const head = input.tags.map(([k, v]) => `[${k} "${tagValue(v)}"]`).join('\n');
  return `${head}\n\n${wrap(parts.join(' ').replace(/\( /g, '(').replace(/ \)/g, ')'))}\n`;
}

/** Movetext wrapped at 80 columns, breaking only at spaces outside comments. */
function wrap(text: string): string {
  const lines: string[] = [];
  let line = '';
  let depth = 0;
  let word = '';
  const flush = (): void => {
    if (!word) return;
    if (line && line.length + 1 + word.length > 80) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
    word = '';
  };
  for (const ch of text) {
    if (ch === '{') depth++;
    if (ch === '}') depth--;
    if (ch === ' ' && depth === 0) flush();
    else word += ch;
  }
  flush();
  if (line) lines.push(line);
  return lines.join('\n');
}
