/** Imported game records saved under a short link (issue 28): the club's own PGN of what was imported. */

export interface ImportRow {
  /** The short link's id. */
  readonly id: string;
  readonly variant: string;
  /** The club's PGN of the imported game (coordinates, tags, comments, variations): it reads back to the same game. */
  readonly pgn: string;
  /** Who saved it; null once that account is gone. */
  readonly userId: string | null;
  readonly createdAt: number;
}

export interface ImportStore {
  /** Stores a saved import; a taken id is refused (UniqueViolation). */
  saveImport(row: ImportRow): Promise<void>;
  importById(id: string): Promise<ImportRow | null>;
}
