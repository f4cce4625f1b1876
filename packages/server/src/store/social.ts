/** What players set about each other: chat mutes, follows and blocks. */

/** How two players stand, as `userId` sees `otherId`. */
export interface Relation {
  /** `userId` follows `otherId`. */
  readonly follows: boolean;
  /** `otherId` follows `userId`. */
  readonly followedBy: boolean;
  /** `userId` blocked `otherId`. */
  readonly blocks: boolean;
  /** `otherId` blocked `userId`. */
  readonly blockedBy: boolean;
}

export interface SocialStore {
  /** `userId` mutes (or unmutes) `mutedId` in every chat. Both users must exist. */
  setMute(userId: string, mutedId: string, muted: boolean, at: number): Promise<void>;
  /** Whom `userId` has muted. */
  mutes(userId: string): Promise<string[]>;

  /** `userId` follows (or stops following) `targetId`; no consent needed. Idempotent; both users must exist. */
  setFollow(userId: string, targetId: string, on: boolean, at: number): Promise<void>;
  /** Whom `userId` follows, longest followed first (at most `limit`). */
  following(userId: string, limit: number): Promise<string[]>;
  /** How many follow `userId`. */
  followerCount(userId: string): Promise<number>;
  /**
   * `userId` blocks (or unblocks) `targetId`. Blocking also ends the follows
   * between them, both ways, in the same transaction (unblocking brings
   * neither back). Idempotent; both users must exist.
   */
  setBlock(userId: string, targetId: string, on: boolean, at: number): Promise<void>;
  /** Whom `userId` has blocked. */
  blocks(userId: string): Promise<string[]>;
  relation(userId: string, otherId: string): Promise<Relation>;
}
