/** @youzai/game: the pure game layer. No I/O, no clock reads: time is passed in. */
export * from './verdict.ts';
export * from './referee.ts';
export { REFEREES, startReferee } from './referees.ts';
export { XiangqiReferee } from './xiangqi/referee.ts';
export { BasicReferee } from './basic-referee.ts';
export * from './clock.ts';
export * from './speed.ts';
export * from './game.ts';
export * from './end.ts';
export * from './rating/glicko2.ts';
export * from './apply.ts';
export * from './takeback.ts';
