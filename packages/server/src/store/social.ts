/** What players set about each other: chat mutes. */

export interface SocialStore {
  /** `userId` mutes (or unmutes) `mutedId` in every chat. Both users must exist. */
  setMute(userId: string, mutedId: string, muted: boolean, at: number): Promise<void>;
  /** Whom `userId` has muted. */
  mutes(userId: string): Promise<string[]>;
}
