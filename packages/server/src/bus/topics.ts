/** Bus topic names, in one place. A game's own topic is topicOf() in the game service. */
import type { ChatChannel } from '@youzai/protocol';

export const LOBBY_TOPIC = 'lobby';
/** Messages for one user, on every socket they have open. */
export const userTopic = (userId: string): string => `user:${userId}`;
/** What a player does that their followers hear: online or not, games started and ended (social/activity.ts). */
export const playerTopic = (userId: string): string => `player:${userId}`;
export const roomTopic = (roomId: string): string => `room:${roomId}`;
export const gameChatTopic = (gameId: string, channel: ChatChannel): string => `chat:${gameId}:${channel}`;
/** A tournament changed (progress, pairings, results, entries): each node refreshes its watchers. */
export const tournamentTopic = (tournamentId: string): string => `tournament:${tournamentId}`;
