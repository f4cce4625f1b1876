/**
 * Game records from elsewhere into an analysis tree: the club's own PGN
 * export (coordinates, or WXF for Xiangqi), xqbase's Xiangqi PGN (WXF,
 * ICCS or Chinese under its `Format` tag), Korean .gib files for Janggi (Hangul or Hanja
 * piece names), and any game in Fairy-Stockfish coordinates. Tags, comments,
 * NAGs and variations are kept. Each move is found among the legal moves of
 * the rules library, in the notations the game's descriptor lists (its
 * `notations` and `records.notations`); the first move that cannot be read
 * or is not legal ends the import with an error naming its line and text,
 * and the moves before it are kept. Pure; never throws.
 */
import {
  makeFen,
  makeUci,
  parseFen,
  parseUci,
  VARIANT_KEYS,
  VARIANTS,
  type Move,
  type Notation,
  type Position,
  type VariantKey,
  type VariantModule,
} from '@youzai/rules';
import { tokenizePgn, type PgnToken } from './pgn-tokens.ts';
import { MAX_TREE_DEPTH, MAX_TREE_NODES, VariationTree, type TreeNode } from './variation-tree.ts';

export type ImportErrorCode =
  | 'import.syntax'
  | 'import.too-large'
  | 'import.empty'
  | 'import.variant'
  | 'import.fen'
  | 'import.unreadable'
  | 'import.illegal'
  | 'import.ambiguous';

/** Where a record went wrong: its line (1-based), the text there, a stable code and a message. */
export interface ImportError {
  readonly code: ImportErrorCode;
  readonly line: number;
  readonly move: string;
  readonly message: string;
}

export interface ImportedGame {
  readonly variant: VariantKey;
  /** The start position. */
  readonly fen: string;
  /** The record's tags in their order, as written (the Korean ones too). */
  readonly tags: readonly (readonly [string, string])[];
  /** Moves in coordinates; node ids are in the order the record writes moves. */
  readonly tree: VariationTree;
  /** Comments after a node's move (the root's: before the first move), by node id. */
  readonly comments: ReadonlyMap<number, string>;
  readonly nags: ReadonlyMap<number, readonly number[]>;
  /** The result: the movetext's, else the tags'; '*' when unknown. */
  readonly result: string;
  /** The notation the moves were read in ('coordinates' or a notation id), from the first move. */
  readonly notation: string;
}

export interface ImportOutcome {
  /** What could be read: everything before the error. */
  readonly game: ImportedGame;
  readonly error: ImportError | null;
}

/** Longer records are refused unread (a long Janggi game with comments is some 20 kB). */
export const MAX_RECORD_CHARS = 200_000;

const STANDARD_RESULTS = new Set(['1-0', '0-1', '1/2-1/2']);

export function importRecord(text: string, hint: VariantKey = 'xiangqi'): ImportOutcome {
  if (typeof text !== 'string' || text.length > MAX_RECORD_CHARS) {
    return emptyOutcome(hint, {
      code: 'import.too-large',
      line: 1,
      move: '',
      message: `A record has at most ${MAX_RECORD_CHARS.toLocaleString('en')} characters`,
    });
  }
  const tokens = tokenizePgn(text);
  if (!tokens.ok) return emptyOutcome(hint, tokens.error);
  const all = tokens.value;
  const tagTokens = all.filter((t): t is TagToken => t.t === 'tag');
  const tags = new Map(tagTokens.map((t) => [t.name, t.value]));
  const variant = whichGame(tags, tagTokens, all, hint);
  if (!variant.ok) return emptyOutcome(hint, variant.error);
  const v: VariantModule = VARIANTS[variant.value];
  const begin = startOf(v, tags, tagTokens);
  if (!begin.ok) return emptyOutcome(variant.value, begin.error);
  const { fen, fenTag, start, known } = begin.value;

  const moves = readMoves(all, start, readersFor(v, tags.get('Format')));
  let error = moves.error;
  if (!error && moves.tree.size === 0 && tagTokens.length === 0) {
    error = { code: 'import.empty', line: 1, move: '', message: 'No tags and no moves: this is not a game record' };
  }
  const tagResult = tags.get('Result') ?? known.result;
  const result = moves.result ?? (tagResult && (STANDARD_RESULTS.has(tagResult) || tagResult === '*') ? tagResult : (known.result ?? '*'));
  const outTags: [string, string][] = tagTokens.map((t) => [t.name, t.value]);
  if (known.first && !tags.has('White')) outTags.push(['White', known.first]);
  if (known.second && !tags.has('Black')) outTags.push(['Black', known.second]);
  if (!tags.has('Variant')) outTags.push(['Variant', variant.value]);
  if (fen !== v.startFen && fenTag === undefined) outTags.push(['SetUp', '1'], ['FEN', fen]);
  const { tree, comments, nags, notation } = moves;
  return { game: { variant: variant.value, fen: makeFen(start), tags: outTags, tree, comments, nags, result, notation }, error };
}

type TagToken = Extract<PgnToken, { t: 'tag' }>;
type Found<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ImportError };

/** An import that read nothing: the game's start, and why. */
function emptyOutcome(variant: VariantKey, error: ImportError): ImportOutcome {
  return {
    game: {
      variant,
      fen: VARIANTS[variant].startFen,
      tags: [],
      tree: new VariationTree(),
      comments: new Map(),
      nags: new Map(),
      result: '*',
      notation: 'coordinates',
    },
    error,
  };
}

const tagLine = (tagTokens: readonly TagToken[], name: string): number => tagTokens.find((t) => t.name === name)?.line ?? 1;

/** Which game: the Variant tag, else a game whose records recognise the tags, else the first move's. */
function whichGame(tags: ReadonlyMap<string, string>, tagTokens: readonly TagToken[], all: readonly PgnToken[], hint: VariantKey): Found<VariantKey> {
  const named = tags.get('Variant');
  if (named === undefined) {
    return { ok: true, value: VARIANT_KEYS.find((k) => VARIANTS[k].records?.recognise(tags)) ?? guessFromFirstMove(all, hint) };
  }
  const key = VARIANT_KEYS.find((k) => k === named.trim().toLowerCase());
  if (key) return { ok: true, value: key };
  return {
    ok: false,
    error: {
      code: 'import.variant',
      line: tagLine(tagTokens, 'Variant'),
      move: named,
      message: `Not a game of this club: ${named.slice(0, 30)} (xiangqi, janggi, sittuyin)`,
    },
  };
}

interface Start {
  readonly fen: string;
  readonly fenTag: string | undefined;
  readonly start: Position;
  /** What the game's own tags say (a .gib file's players, result, set-up). */
  readonly known: { readonly result?: string; readonly first?: string; readonly second?: string };
}

/** Where the game starts (the FEN tag, else what the game's own tags set up, else its start), and what its tags say. */
function startOf(v: VariantModule, tags: ReadonlyMap<string, string>, tagTokens: readonly TagToken[]): Found<Start> {
  const facts = v.records?.readTags?.(tags);
  if (facts && !facts.ok) {
    const line = Math.min(...tagTokens.filter((t) => /[\uac00-\ud7a3]/.test(t.name)).map((t) => t.line), tagTokens[0]?.line ?? 1);
    return { ok: false, error: { code: 'import.fen', line, move: '', message: facts.error.message } };
  }
  const fenTag = tags.get('FEN');
  const fen = fenTag ?? (facts?.ok ? facts.value.fen : undefined) ?? v.startFen;
  const start = parseFen(v, fen);
  if (!start.ok) return { ok: false, error: { code: 'import.fen', line: tagLine(tagTokens, 'FEN'), move: fen.slice(0, 60), message: start.error.message } };
  return { ok: true, value: { fen, fenTag, start: start.value, known: facts?.ok ? facts.value : {} } };
}

interface ReadMoves {
  readonly tree: VariationTree;
  readonly comments: Map<number, string>;
  readonly nags: Map<number, number[]>;
  readonly notation: string;
  /** The movetext's result (null: none written). */
  readonly result: string | null;
  readonly error: ImportError | null;
}

/** The movetext into a tree: moves and variations, comments and NAGs, up to the result or the first error. */
function readMoves(all: readonly PgnToken[], start: Position, readers: readonly Reader[]): ReadMoves {
  const tree = new VariationTree();
  const positions = new Map<number, Position>([[0, start]]);
  const comments = new Map<number, string>();
  const nags = new Map<number, number[]>();
  let notation = 'coordinates';
  let result: string | null = null;
  const stack: { at: TreeNode; last: TreeNode | null }[] = [];
  let at: TreeNode = tree.root;
  let last: TreeNode | null = null;
  /** A comment at the start of a variation waits for its first move. */
  let pending: string | null = null;
  let error: ImportError | null = null;
  const addComment = (id: number, c: string): void => {
    if (c === '') return;
    const there = comments.get(id);
    comments.set(id, there ? `${there} ${c}` : c);
  };

  for (const tok of all) {
    if (tok.t === 'tag') continue;
    if (tok.t === 'result') {
      if (stack.length === 0) {
        result = tok.text;
        break;
      }
      continue; // a result inside a variation says how that line would end
    }
    if (tok.t === 'comment') {
      if (last) addComment(last.id, tok.text);
      else if (stack.length === 0) addComment(0, tok.text);
      else pending = pending ? `${pending} ${tok.text}` : tok.text;
      continue;
    }
    if (tok.t === 'nag') {
      if (last) nags.set(last.id, [...(nags.get(last.id) ?? []), tok.nag]);
      continue;
    }
    if (tok.t === 'open') {
      if (!last) {
        error = { code: 'import.syntax', line: tok.line, move: '(', message: 'A variation must follow a move' };
        break;
      }
      if (stack.length >= MAX_TREE_DEPTH) {
        error = { code: 'import.too-large', line: tok.line, move: '(', message: `Variations nest at most ${MAX_TREE_DEPTH} deep` };
        break;
      }
      stack.push({ at, last });
      at = last.parent!;
      last = null;
      continue;
    }
    if (tok.t === 'close') {
      const top = stack.pop();
      if (!top) {
        error = { code: 'import.syntax', line: tok.line, move: ')', message: 'A variation is closed that was not opened' };
        break;
      }
      ({ at, last } = top);
      pending = null;
      continue;
    }
    // A move.
    const pos = positions.get(at.id)!;
    const read = readMove(pos, tok.text, readers);
    if (!read.ok) {
      error = { ...read.error, line: tok.line, move: tok.text.slice(0, 40) };
      break;
    }
    if (tree.size === 0) notation = read.notation;
    const uci = makeUci(pos, read.move);
    const node = tree.add(at.id, uci);
    if (!node) {
      error = { code: 'import.too-large', line: tok.line, move: tok.text.slice(0, 40), message: `At most ${MAX_TREE_NODES} moves and variations` };
      break;
    }
    if (!positions.has(node.id)) {
      const next = pos.clone();
      next.play(read.move);
      positions.set(node.id, next);
    }
    if (pending) {
      addComment(node.id, pending);
      pending = null;
    }
    at = node;
    last = node;
  }
  if (!error && stack.length > 0) {
    const lastLine = [...all].reverse().find((t) => t.t !== 'tag')?.line ?? 1;
    error = { code: 'import.syntax', line: lastLine, move: '', message: 'A variation is not closed' };
  }
  return { tree, comments, nags, notation, result, error };
}

interface Reader {
  readonly id: string;
  parse(pos: Position, text: string): ReturnType<Notation['parse']>;
}

const COORDINATES: Reader = {
  id: 'coordinates',
  parse: (pos, text) => {
    const r = parseUci(pos, text);
    return r.ok ? r : { ok: false, error: { code: r.error.code === 'move.illegal' ? 'notation.illegal' : 'notation.syntax', message: r.error.message } };
  },
};

/** The notations tried in turn: the one the `Format` tag names first, then coordinates, the game's notations and its record notations. */
function readersFor(v: VariantModule, format: string | undefined): Reader[] {
  const records = v.records?.notations ?? [];
  const named = format ? records.find((r) => r.format === format.trim().toUpperCase())?.notation : undefined;
  const out: Reader[] = named ? [named, COORDINATES] : [COORDINATES];
  for (const n of [...v.notations, ...records.map((r) => r.notation)]) if (!out.includes(n)) out.push(n);
  return out;
}

type ReadMove = { ok: true; move: Move; notation: string } | { ok: false; error: { code: ImportErrorCode; message: string } };

/** The first reader that finds the move; else the most telling refusal (a move understood but not legal beats one not understood). */
function readMove(pos: Position, text: string, readers: readonly Reader[]): ReadMove {
  let best: { code: ImportErrorCode; message: string } | null = null;
  for (const r of readers) {
    const m = r.parse(pos, text);
    if (m.ok) return { ok: true, move: m.value, notation: r.id };
    if (m.error.code === 'notation.ambiguous' && best?.code !== 'import.ambiguous') best = { code: 'import.ambiguous', message: m.error.message };
    else if (m.error.code === 'notation.illegal' && !best) best = { code: 'import.illegal', message: m.error.message };
  }
  return {
    ok: false,
    error: best ?? {
      code: 'import.unreadable',
      message: `'${text.slice(0, 20)}' is not a move in any notation of this game (e.g. ${readers.map((r) => ('example' in r ? r.example : undefined)).find(Boolean) ?? 'h3e3'})`,
    },
  };
}

/** No tag says which game: the first game whose notations read the first move from its start, else the hint. */
function guessFromFirstMove(tokens: readonly PgnToken[], hint: VariantKey): VariantKey {
  const first = tokens.find((t): t is Extract<PgnToken, { t: 'move' }> => t.t === 'move');
  if (!first) return hint;
  const order = [hint, ...VARIANT_KEYS.filter((k) => k !== hint)];
  for (const k of order) {
    const v = VARIANTS[k];
    const start = parseFen(v, v.startFen);
    if (start.ok && readMove(start.value, first.text, readersFor(v, undefined)).ok) return k;
  }
  return hint;
}
