/**
 * Our coordinates (`a1`..`i10`, UCI as Fairy-Stockfish writes it) to
 * chessgroundx keys (ranks 1..9 then ':' for 10) and back. Pure.
 */
export type CgKey = string;

const CG_RANKS = '123456789:;<=>?@';

export function toKey(square: string): CgKey {
  const file = square[0] ?? 'a';
  const rank = Number(square.slice(1));
  return file + (CG_RANKS[rank - 1] ?? '?');
}

export function fromKey(key: CgKey): string {
  return (key[0] ?? 'a') + String(CG_RANKS.indexOf(key[1] ?? '') + 1);
}

export type ParsedUci =
  | { readonly kind: 'move'; readonly from: string; readonly to: string; readonly promotion: string | null }
  | { readonly kind: 'drop'; readonly role: string; readonly to: string };

/** Reads a UCI move's squares; null when it is not shaped like one. */
export function readUci(uci: string): ParsedUci | null {
  const drop = /^([A-Za-z])@([a-p])(\d{1,2})$/.exec(uci);
  if (drop) return { kind: 'drop', role: drop[1]!.toLowerCase(), to: `${drop[2]}${drop[3]}` };
  const m = /^([a-p])(\d{1,2})([a-p])(\d{1,2})([a-z+]?)$/.exec(uci);
  if (!m) return null;
  return { kind: 'move', from: `${m[1]}${m[2]}`, to: `${m[3]}${m[4]}`, promotion: m[5] || null };
}

/** The two squares to highlight as the last move (a drop highlights its square). */
export function lastMoveKeys(uci: string | undefined): CgKey[] | undefined {
  if (!uci) return undefined;
  const p = readUci(uci);
  if (!p) return undefined;
  return p.kind === 'drop' ? [toKey(p.to)] : p.from === p.to ? [toKey(p.from)] : [toKey(p.from), toKey(p.to)];
}

export interface MoveChoices {
  /** Board moves and drops, keyed by origin ('e2', or 'K@' for a piece in hand). */
  readonly dests: Map<string, CgKey[]>;
  /** UCIs reachable by dragging `orig` to `dest`; several when a promotion is optional. */
  readonly byPair: Map<string, string[]>;
  /** Moves that stay on one square: a Janggi pass, a Sittuyin promotion in place. */
  readonly inPlace: string[];
}

/** Groups legal UCIs for the board. */
export function moveChoices(ucis: readonly string[]): MoveChoices {
  const dests = new Map<string, CgKey[]>();
  const byPair = new Map<string, string[]>();
  const inPlace: string[] = [];
  for (const uci of ucis) {
    const p = readUci(uci);
    if (!p) continue;
    if (p.kind === 'move' && p.from === p.to) {
      inPlace.push(uci);
      continue;
    }
    const orig = p.kind === 'drop' ? `${p.role.toUpperCase()}@` : toKey(p.from);
    const dest = toKey(p.to);
    const list = dests.get(orig) ?? [];
    if (!list.includes(dest)) list.push(dest);
    dests.set(orig, list);
    const pair = `${orig}${dest}`;
    byPair.set(pair, [...(byPair.get(pair) ?? []), uci]);
  }
  return { dests, byPair, inPlace };
}
