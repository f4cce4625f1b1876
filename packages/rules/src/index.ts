/**
 * @youzai/rules: the one source of game rules for the server and the browser.
 * Pure TypeScript, no runtime dependency, no Node or DOM API.
 */
export * from './types.ts';
export * from './result.ts';
export * from './board.ts';
export * from './move.ts';
export type { RecordConventions, RecordTagFacts } from './variant.ts';
export type { VariantModule, RoleInfo, EndRules, OfferedClock, EngineSection } from './variant.ts';
export { Position } from './position.ts';
export { parseFen, parseSetup, makeFen, makeBoardFen, type FenErrorCode, type SetupErrorCode } from './fen.ts';
export { POSITION_ERROR_CODES, validatePosition, type PositionError, type PositionErrorCode } from './setup.ts';
export { makeUci, parseUci, legalUcis, type MoveErrorCode } from './uci.ts';
export { perft, divide } from './perft.ts';
export { GameRecord, hasMatingMaterial, isDeadMaterial, type PlyFacts } from './record.ts';
export { REASONS, resultText, type Outcome, type Reason, type ResultText } from './outcome.ts';
export { VARIANTS, variantOf } from './variants/registry.ts';
export { GAMES, DEFAULT_VARIANT, pocketRoles, poolId, startHandCount } from './descriptor.ts';
export { XIANGQI_HOUSE_RULES, type XiangqiRules } from './variants/xiangqi/index.ts';
export { JANGGI_HOUSE_RULES, JANGGI_TRADITIONAL_RULES, makeJanggi, type JanggiRules } from './variants/janggi/index.ts';
export { SITTUYIN_HOUSE_RULES, type SittuyinRules } from './variants/sittuyin/index.ts';
export * as xiangqiRules from './variants/xiangqi/index.ts';
export {
  algebraicNotation,
  makeLine,
  parseLine,
  type CoordinateStyle,
  type Notation,
  type NotationError,
  type NotationErrorCode,
  type LineError,
} from './notation.ts';
export { xiangqiWxf, xiangqiVietnamese } from './variants/xiangqi/notation.ts';
export { xiangqiIccs } from './variants/xiangqi/iccs.ts';
export { janggiAlgebraic } from './variants/janggi/notation.ts';
export { janggiKorean } from './variants/janggi/korean.ts';
export { sittuyinAlgebraic } from './variants/sittuyin/notation.ts';
export { prng, randomWalk, walkPositions } from './testing/random-play.ts';
