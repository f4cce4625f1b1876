/**
 * The analysis board's import panel as a pure model (STYLE.md lesson 21):
 * the record pasted or read from a file, what the importer made of it (the
 * legal part, and the error naming a line and a move), the saving under a
 * short link. The view (import-panel.ts) renders it and forwards events.
 */
import { importedToWire, importRecord, type ImportedWire, type ImportError } from '@youzai/game/analysis';
import type { VariantKey } from '@youzai/rules';

export interface ImportState {
  readonly text: string;
  /** The file it was read from, if any. */
  readonly fileName: string | null;
  /** What the last reading gave: the game (legal part) and its error. */
  readonly game: ImportedWire | null;
  readonly error: ImportError | null;
  readonly moves: number;
  readonly saving: boolean;
  readonly savedId: string | null;
  /** Why saving or reading the file failed (already in words). */
  readonly problem: string | null;
}

export const emptyImport = (): ImportState => ({ text: '', fileName: null, game: null, error: null, moves: 0, saving: false, savedId: null, problem: null });

/** Records are UTF-8, or (older .gib files) the Korean EUC-KR / CP949: whichever decodes cleanly. */
export function decodeRecord(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('euc-kr').decode(bytes);
  }
}

/** Reads `text` (the board's game is the guess when nothing in the record says which game it is). */
export function readText(s: ImportState, text: string, hint: VariantKey, fileName: string | null = s.fileName): ImportState {
  if (text.trim() === '') return { ...emptyImport(), text, fileName };
  const r = importRecord(text, hint);
  return { text, fileName, game: importedToWire(r.game), error: r.error, moves: r.game.tree.size, saving: false, savedId: null, problem: null };
}

/** The record's line an error names, trimmed for showing beside it. */
export function lineOf(text: string, line: number): string {
  return (text.split(/\r\n|\r|\n/)[line - 1] ?? '').trim().slice(0, 120);
}

/** Whether there is something to show on the board: a move, or at least a record read without error. */
export const loadable = (s: ImportState): boolean => s.game !== null && (s.moves > 0 || s.error === null);
export const savable = (s: ImportState): boolean => s.game !== null && s.moves > 0 && !s.saving && s.savedId === null;

export const startSaving = (s: ImportState): ImportState => ({ ...s, saving: true, problem: null });
export const saved = (s: ImportState, id: string): ImportState => ({ ...s, saving: false, savedId: id });
export const saveFailed = (s: ImportState, problem: string): ImportState => ({ ...s, saving: false, problem });
export const fileFailed = (s: ImportState, problem: string): ImportState => ({ ...s, problem });

/** The short link's path, which opens the saved game on the analysis board. */
export const importPath = (id: string): string => `/i/${id}`;
/** Where a saved game exports again as PGN. */
export const importPgnPath = (id: string): string => `/api/import/${id}.pgn`;

/** A game read here waits for the analysis board of its own game (another page) to take it. */
let handed: ImportedWire | null = null;
export function handOver(game: ImportedWire): void {
  handed = game;
}
/** The game handed over for `variant`'s board, once. */
export function takeHandedOver(variant: VariantKey): ImportedWire | null {
  const g = handed && handed.variant === variant ? handed : null;
  handed = null;
  return g;
}
