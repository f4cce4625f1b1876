/**
 * The last errors of this node, for the operator's view (ops.ts): anything
 * logged at error level (5xx answers, failed actions, lost writes).
 */
import type { RecentError } from '@youzai/protocol';

/** The last errors of this node, newest first. */
export class RecentErrors {
  private readonly items: RecentError[] = [];
  constructor(private readonly size = 50) {}

  /** From a pino log call's arguments (an object and a message, or a message). */
  add(args: readonly unknown[]): void {
    const [first, second] = args;
    const obj = typeof first === 'object' && first !== null ? (first as Record<string, unknown>) : {};
    const msg = typeof first === 'string' ? first : typeof second === 'string' ? second : 'error';
    const err = obj.err instanceof Error ? obj.err.message : undefined;
    const pick = (k: string) => (typeof obj[k] === 'string' ? { [k]: (obj[k] as string).slice(0, 100) } : {});
    this.items.unshift({
      at: new Date().toISOString(),
      msg: msg.slice(0, 200),
      ...(err ? { error: err.slice(0, 300) } : {}),
      ...pick('code'),
      ...pick('game'),
      ...pick('user'),
    });
    if (this.items.length > this.size) this.items.length = this.size;
  }

  list(): readonly RecentError[] {
    return this.items;
  }
}
