/**
 * The tokens of a PGN-like game record, each with the line it starts on:
 * tag pairs, move texts (their numbers taken off), comments `{…}` and `;…`,
 * variations `(` `)`, NAGs `$n` (and the `!?` suffixes as their NAGs), and
 * the result. Lenient where records from other programs are (.gib files:
 * control bytes, `<0>` marks, Korean tag names); the first game only: a tag
 * after movetext starts the next game, and reading stops there. Pure.
 */
import { ok, type Result } from '@youzai/rules';

export type PgnToken =
  | { readonly t: 'tag'; readonly line: number; readonly name: string; readonly value: string }
  | { readonly t: 'move'; readonly line: number; readonly text: string }
  | { readonly t: 'comment'; readonly line: number; readonly text: string }
  | { readonly t: 'open'; readonly line: number }
  | { readonly t: 'close'; readonly line: number }
  | { readonly t: 'nag'; readonly line: number; readonly nag: number }
  | { readonly t: 'result'; readonly line: number; readonly text: string };

export interface PgnSyntaxError {
  readonly code: 'import.syntax';
  readonly line: number;
  /** The text where reading failed. */
  readonly move: string;
  readonly message: string;
}

const RESULTS = new Set(['1-0', '0-1', '1/2-1/2', '*']);
/** Move-suffix annotations and their NAGs (PGN standard, 10.1). */
const SUFFIX_NAGS: Readonly<Record<string, number>> = { '!': 1, '?': 2, '!!': 3, '??': 4, '!?': 5, '?!': 6 };
const DELIMITERS = new Set([' ', '\t', '\n', '\r', '{', '}', '(', ')', '[', ']', ';', '$']);

export function tokenizePgn(input: string): Result<PgnToken[], PgnSyntaxError> {
  // Control bytes some .gib writers leave (0x1a, 0xff read as text), the BOM, and non-breaking spaces.
  const text = [...input.replace(/\uFEFF/g, '')].map((ch) => (isStray(ch) ? ' ' : ch)).join('');
  const out: PgnToken[] = [];
  let line = 1;
  let i = 0;
  let movetext = false;
  const fail = (at: number, what: string, message: string): { readonly ok: false; readonly error: PgnSyntaxError } => ({
    ok: false,
    error: { code: 'import.syntax', line: at, move: what.slice(0, 40), message },
  });
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\n') {
      line++;
      i++;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    // An escape line: '%' in the first column.
    if (c === '%' && (i === 0 || text[i - 1] === '\n')) {
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    if (c === '[') {
      if (movetext) break; // the next game
      const end = tagEnd(text, i);
      const raw = end < 0 ? text.slice(i).split('\n')[0]! : text.slice(i, end + 1);
      const m = /^\[\s*([^\s"\]]+)\s*"((?:[^"\\]|\\.)*)"\s*\]$/s.exec(raw);
      if (end < 0 || !m) return fail(line, raw, `A tag is written [Name "value"]: ${raw.slice(0, 40)}`);
      out.push({ t: 'tag', line, name: m[1]!, value: m[2]!.replace(/\\(.)/g, '$1') });
      line += countLines(raw);
      i = end + 1;
      continue;
    }
    if (c === '{') {
      const end = text.indexOf('}', i);
      if (end < 0) return fail(line, text.slice(i, i + 20), 'A comment opened with { is not closed with }');
      const body = text.slice(i + 1, end);
      out.push({ t: 'comment', line, text: body.trim().replace(/\s+/g, ' ') });
      line += countLines(body);
      i = end + 1;
      continue;
    }
    if (c === ';') {
      let end = text.indexOf('\n', i);
      if (end < 0) end = text.length;
      out.push({ t: 'comment', line, text: text.slice(i + 1, end).trim() });
      i = end;
      continue;
    }
    if (c === '(' || c === ')') {
      movetext = true;
      out.push(c === '(' ? { t: 'open', line } : { t: 'close', line });
      i++;
      continue;
    }
    if (c === '}' || c === ']') return fail(line, c, `An unexpected ${c}`);
    let j = i + 1;
    while (j < text.length && !DELIMITERS.has(text[j]!)) j++;
    const word = text.slice(i, j);
    i = j;
    if (c === '$') {
      const n = /^\$(\d{1,3})$/.exec(word);
      if (!n) return fail(line, word, `A NAG is $ and a number: ${word}`);
      out.push({ t: 'nag', line, nag: Number(n[1]) });
      continue;
    }
    movetext = true;
    const result = word === '½-½' ? '1/2-1/2' : word;
    if (RESULTS.has(result)) {
      out.push({ t: 'result', line, text: result });
      continue;
    }
    // An annotation written apart from its move.
    if (SUFFIX_NAGS[word] !== undefined) {
      out.push({ t: 'nag', line, nag: SUFFIX_NAGS[word]! });
      continue;
    }
    // `<0>` and the like: marks some .gib writers put between moves.
    if (/^<\d*>$/.test(word)) continue;
    // A move number, alone ("12." "12...") or glued to its move ("1.C2.5"); digits then dots then a digit are a move ("33.5").
    const rest = word.replace(/^\d+\.+(?=\D|$)/, '');
    if (rest === '') continue;
    const suffix = /(!!|\?\?|!\?|\?!|!|\?)$/.exec(rest);
    const move = suffix ? rest.slice(0, -suffix[1]!.length) : rest;
    if (move === '') return fail(line, word, `Not a move: ${word}`);
    out.push({ t: 'move', line, text: move });
    if (suffix) out.push({ t: 'nag', line, nag: SUFFIX_NAGS[suffix[1]!]! });
  }
  return ok(out);
}

/** Control bytes (tab and line ends aside), DEL, the non-breaking space and ÿ (0xff read as Latin-1). */
const isStray = (ch: string): boolean => {
  const c = ch.charCodeAt(0);
  return (c < 32 && ch !== '\t' && ch !== '\n' && ch !== '\r') || c === 0x7f || c === 0xa0 || c === 0xff;
};

const countLines = (s: string): number => {
  let n = 0;
  for (const ch of s) if (ch === '\n') n++;
  return n;
};

/** The index of the `]` closing the tag opened at `i` (quotes and escapes respected), or -1. */
function tagEnd(text: string, i: number): number {
  let quoted = false;
  for (let j = i + 1; j < text.length; j++) {
    const ch = text[j]!;
    if (quoted && ch === '\\') j++;
    else if (ch === '"') quoted = !quoted;
    else if (ch === ']' && !quoted) return j;
    else if (ch === '\n' && !quoted) return -1;
  }
  return -1;
}
