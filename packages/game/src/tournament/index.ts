/** @youzai/game/tournament: arena, Swiss (FIDE Dutch) and round-robin, pure: time is passed in. */
export * from './types.ts';
export * from './terms.ts';
export * from './arena.ts';
export * from './berger.ts';
export * from './standings.ts';
export * from './schedule.ts';
export * from './rounds.ts';
export * from './entry.ts';
export { pairDutch, type DutchOptions, type RoundPairing } from './dutch.ts';
export { swissCards, colourPreference, type SwissCard, type ColourPref } from './swiss-cards.ts';
export { maxMatching, matchingSize } from './matching.ts';
export { parseTrf, type TrfTournament, type TrfCell } from './trf.ts';
export { replayRound, trfUser } from './trf-replay.ts';
