/**
 * @youzai/engine: the computer opponent. The only code that touches the
 * Fairy-Stockfish WASM; Node only (worker threads).
 */
export { LEVELS, MIN_LEVEL, MAX_LEVEL, isLevel, levelOf, type Level } from './levels.ts';
export { HOUSE_INI, houseIni } from './house-ini.ts';
export {
  EnginePool,
  EngineError,
  defaultPoolSize,
  type Analysis,
  type AnalysisRequest,
  type BestMove,
  type BestMoveRequest,
  type EngineErrorCode,
  type EnginePoolOptions,
  type PoolStats,
} from './pool.ts';
export { chooseMove, movesToAvoid, thinkTimeMs, deadlineMs, type ChooseMoveRequest, type ChosenMove, type ClockView } from './opponent.ts';
export { fallbackMove } from './fallback.ts';
export { playSelfGame, type SelfPlayOptions, type SelfPlayResult, type SelfPlayMove } from './self-play.ts';
export type { AnalysisLine, Score } from './protocol.ts';
