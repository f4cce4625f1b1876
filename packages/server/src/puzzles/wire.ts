/**
 * The edge between stored puzzles (@youzai/puzzles) and the wire
 * (@youzai/protocol): every puzzle a client reads passes here, each field
 * copied by name, so a change of the puzzle package that the wire has not
 * taken on fails to compile here.
 */
import type { PuzzlePlayerView, PuzzleView } from '@youzai/protocol';
import type { Puzzle } from '@youzai/puzzles';

export function wirePuzzle(p: Puzzle, rating: number, plays: number): PuzzleView {
  return {
    id: p.id,
    variant: p.variant,
    fen: p.fen,
    turn: p.turn,
    solution: p.solution,
    alternatives: p.alternatives ?? [],
    kind: p.kind,
    mateIn: p.mateIn,
    themes: p.themes,
    rating: Math.round(rating),
    plays,
  };
}

/** A solver's rating as shown: rounded. */
export function wirePlayer(r: {
  rating: number;
  deviation: number;
  provisional: boolean;
  attempts: number;
  wins: number;
  streak: number;
  bestStreak: number;
}): PuzzlePlayerView {
  return {
    rating: Math.round(r.rating),
    deviation: Math.round(r.deviation),
    provisional: r.provisional,
    attempts: r.attempts,
    wins: r.wins,
    streak: r.streak,
    bestStreak: r.bestStreak,
  };
}
