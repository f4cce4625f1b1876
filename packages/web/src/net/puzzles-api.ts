/** The puzzle trainer's calls (docs/API.md, "Puzzles"), in one place; the shapes are the protocol's wire types. */
import type { PuzzlePlayerView as PuzzlePlayer, PuzzleResultView, PuzzleThemeCount, PuzzleView } from '@youzai/protocol';
import type { VariantKey } from '@youzai/rules';
import { api, type ApiResult } from './api.ts';

export type { PuzzlePlayer, PuzzleView };

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

export function puzzleThemes(variant: VariantKey): Promise<ApiResult<{ themes: readonly PuzzleThemeCount[] }>> {
  return api('GET', `/api/puzzles/themes?variant=${variant}`);
}

/** `hint`: solved after a hint (rated as a draw); a shown solution is a loss. */
export function sendResult(id: string, win: boolean, hint = false): Promise<ApiResult<PuzzleResultView>> {
  return api('POST', `/api/puzzles/${encodeURIComponent(id)}/result`, hint ? { win, hint } : { win });
}

export function myPuzzleRatings(): Promise<ApiResult<{ ratings: Record<VariantKey, PuzzlePlayer> }>> {
  return api('GET', '/api/me/puzzles');
}
