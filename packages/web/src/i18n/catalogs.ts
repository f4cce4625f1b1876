/** Every language's texts at once, for the checks that compare them (tests); the pages get theirs through index.ts, one language at a time. */
import type { Catalog, Lang } from './index.ts';
import { en } from './en.ts';
import { vi } from './vi.ts';

export const CATALOGS: Record<Lang, Catalog> = { vi, en };
