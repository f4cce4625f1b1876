/**
 * The club's socket features, each registering the message types it answers
 * (connection.ts): the connection (socket.ts) is handed this list and knows
 * none of them.
 */
import { TOURNAMENT_FEATURE } from '../tournaments/socket.ts';
import { BOARD_FEATURE } from './board.ts';
import type { SocketFeature } from './connection.ts';
import { GAMES_FEATURE } from './games.ts';
import { SOCIAL_FEATURE } from './social.ts';

export const CLUB_SOCKET_FEATURES: readonly SocketFeature[] = [GAMES_FEATURE, BOARD_FEATURE, SOCIAL_FEATURE, TOURNAMENT_FEATURE];
