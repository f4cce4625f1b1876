/** A move typed by a keyboard or screen-reader user: UCI coordinates or any notation of the variant. Pure. */
import { legalUcis, makeUci, parseUci, type Notation, type Position } from '@youzai/rules';

/** A refusal carries a stable code (`move.illegal`, `notation.ambiguous`, `typed.empty`…) for the translation layer, and the library's English message as a fallback. */
export type Typed = { ok: true; uci: string } | { ok: false; code: string; message: string };

export function readTypedMove(pos: Position, text: string): Typed {
  const s = text.trim();
  if (!s) return { ok: false, code: 'typed.empty', message: 'empty' };
  const u = parseUci(pos, s);
  if (u.ok) return { ok: true, uci: makeUci(pos, u.value) };
  let code: string = u.error.code;
  let message = u.error.message;
  for (const n of pos.variant.notations) {
    const r = n.parse(pos, s);
    if (r.ok) return { ok: true, uci: makeUci(pos, r.value) };
    if (r.error.code !== 'notation.syntax') {
      code = r.error.code;
      message = r.error.message;
    }
  }
  return { ok: false, code, message };
}

/**
 * A move of `pos` written in coordinates and in `notation`, for the typed
 * box's hint: the first of the notation's examples that is legal here, else
 * the first legal move; null when there is none.
 */
export function typedExample(pos: Position, notation: Notation): { uci: string; text: string } | null {
  for (const ex of (notation.example ?? '').split(',')) {
    const r = notation.parse(pos, ex.trim());
    if (r.ok) return { uci: makeUci(pos, r.value), text: notation.make(pos, r.value) };
  }
  const first = legalUcis(pos)[0];
  const m = first === undefined ? null : parseUci(pos, first);
  return m?.ok ? { uci: first!, text: notation.make(pos, m.value) } : null;
}
