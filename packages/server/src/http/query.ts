/**
 * Numeric query parameters, checked at the boundary: a whole number in the
 * range the API documents, or a coded 400. Nothing unchecked reaches a store
 * (a `before` of 2^63 once reached PostgreSQL's bigint and came back a 500).
 */
import { HttpError } from './util.ts';

/** `key` as a whole number in [min, max]; undefined when absent. */
export function intQuery(url: URL, key: string, min: number, max: number): number | undefined {
  const raw = url.searchParams.get(key);
  if (raw === null) return undefined;
  const n = /^-?\d{1,16}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) throw new HttpError(400, 'query.invalid', `${key}: a whole number from ${min} to ${max}`);
  return n;
}

/** A page size: a whole number of at least 1 (above `max` it is `max`); `fallback` when absent. */
export function limitQuery(url: URL, fallback: number, max: number): number {
  return Math.min(max, intQuery(url, 'limit', 1, Number.MAX_SAFE_INTEGER) ?? fallback);
}

/** A time cursor (epoch ms); undefined when absent. */
export const beforeQuery = (url: URL): number | undefined => intQuery(url, 'before', 0, Number.MAX_SAFE_INTEGER);
