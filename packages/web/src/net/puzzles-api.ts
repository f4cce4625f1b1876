/** The puzzle trainer's calls (docs/API.md, "Puzzles"), in one place. */
import type { Puzzle } from '@youzai/puzzles';
import type { VariantKey } from '@youzai/rules';
import { api, type ApiResult } from './api.ts';

/** A solver's puzzle rating in one game (kept apart from game ratings). */
export interface PuzzlePlayer {
  readonly rating: number;
  readonly deviation: number;
  readonly provisional: boolean;
  readonly attempts: number;
  readonly wins: number;
  readonly streak: number;
  readonly bestStreak: number;
}

/** A puzzle as the API sends it: the whole line, with its live rating. */
export type PuzzleView = Puzzle & { readonly plays: number };

export function nextPuzzle(variant: VariantKey, theme: string | null): Promise<ApiResult<{ puzzle: PuzzleView; player: PuzzlePlayer }>> {
  const q = new URLSearchParams({ variant, ...(theme ? { theme } : {}) });
  return api('GET', `/api/puzzles/next?${q}`);
}

export function dailyPuzzle(variant: VariantKey): Promise<ApiResult<{ date: string; puzzle: PuzzleView }>> {
  return api('GET', `/api/puzzles/daily?variant=${variant}`);
}

export function puzzleById(id: string): Promise<ApiResult<{ puzzle: PuzzleView }>> {
  return api('GET', `/api/puzzles/${encodeURIComponent(id)}`);
}

export function puzzleThemes(variant: VariantKey): Promise<ApiResult<{ themes: readonly { theme: string; count: number }[] }>> {
  return api('GET', `/api/puzzles/themes?variant=${variant}`);
}

export function sendResult(id: string, win: boolean): Promise<ApiResult<{ rated: boolean; rating: number; diff: number; player: PuzzlePlayer }>> {
  return api('POST', `/api/puzzles/${encodeURIComponent(id)}/result`, { win });
}

export function myPuzzleRatings(): Promise<ApiResult<{ ratings: Record<VariantKey, PuzzlePlayer> }>> {
  return api('GET', '/api/me/puzzles');
}
