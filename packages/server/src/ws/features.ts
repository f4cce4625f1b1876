/**
 * The club's socket features, each registering the message types it answers
 * (connection.ts) and each given only the services it uses: the connection
 * (socket.ts) is handed this list and knows none of them.
 */
import { tournamentFeature, type TournamentFeatureDeps } from '../tournaments/socket.ts';
import { boardFeature, type BoardFeatureDeps } from './board.ts';
import type { SocketFeature } from './connection.ts';
import { gamesFeature, type GamesFeatureDeps } from './games.ts';
import { socialFeature, type SocialFeatureDeps } from './social.ts';

/** Every service some feature of the socket uses. */
export type ClubFeatureDeps = GamesFeatureDeps & BoardFeatureDeps & SocialFeatureDeps & TournamentFeatureDeps;

export const clubSocketFeatures = (d: ClubFeatureDeps): readonly SocketFeature[] => [gamesFeature(d), boardFeature(d), socialFeature(d), tournamentFeature(d)];
