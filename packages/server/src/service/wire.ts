/**
 * The edge between the game domain (@youzai/game) and the wire
 * (@youzai/protocol): every view and event a client reads passes through the
 * protocol's own mapping (from-game.ts), which the browser shares for its
 * local referee; sides leave as names.
 */
export { wireEvent, wireSeat, wireSide, wireVerdict, wireView } from '@youzai/protocol';
