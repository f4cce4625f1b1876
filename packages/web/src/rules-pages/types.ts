/**
 * The rules pages as data: plain strings (no HTML, no markdown), rendered as
 * text. Each game has a Vietnamese and an English document with the same
 * sections in the same order, so the page can switch language in place.
 */
export interface RulesSection {
  /** Stable anchor, the same in every language. */
  readonly id: string;
  readonly heading: string;
  /** Shown before the list. */
  readonly paragraphs: readonly string[];
  readonly list?: readonly string[];
}

export interface RulesDoc {
  readonly title: string;
  readonly intro: string;
  readonly sections: readonly RulesSection[];
}
