/** A stable error: `code` never changes meaning; `message` is for humans. */
export interface RuleError<C extends string = string> {
  readonly code: C;
  readonly message: string;
}

export type Result<T, E = RuleError> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): { readonly ok: true; readonly value: T } => ({ ok: true, value });

export const err = <C extends string>(code: C, message: string): { readonly ok: false; readonly error: RuleError<C> } => ({
  ok: false,
  error: { code, message },
});
