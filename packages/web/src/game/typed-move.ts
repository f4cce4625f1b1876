/** A move typed by a keyboard or screen-reader user: UCI coordinates or any notation of the variant. Pure. */
import { makeUci, parseUci, type Position } from '@youzai/rules';

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
