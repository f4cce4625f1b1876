/**
 * Command line for people, tests and scripts. Forms (the last line is the answer):
 *   perft <variant> <depth> [--fen "<FEN>"] [--divide]
 *   moves <variant> [--fen "<FEN>"] [--moves "m1 m2 ..."]
 *   play  <variant> [--fen "<FEN>"] --moves "m1 m2 ..."
 *   info
 */
import { divide, isVariantKey, legalUcis, makeFen, parseFen, perft, VARIANT_KEYS, VARIANTS, type VariantKey } from '@youzai/rules';
import type { Referee } from './referee.ts';
import { startReferee } from './referees.ts';

function fail(message: string, code = 1): never {
  process.stderr.write(`error: ${message}\n`);
  process.exit(code);
}

function options(args: string[]): { positional: string[]; flags: Map<string, string | true> } {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.startsWith('--')) {
      const name = a.slice(2);
      const next = args[i + 1];
      if (name === 'divide') flags.set(name, true);
      else if (next === undefined) fail(`--${name} needs a value`);
      else {
        flags.set(name, next);
        i++;
      }
    } else positional.push(a);
  }
  return { positional, flags };
}

function variantArg(name: string | undefined): VariantKey {
  if (!name || !isVariantKey(name)) fail(`the variant must be one of ${VARIANT_KEYS.join(', ')}`);
  return name;
}

/** Builds the referee from --fen and plays --moves; `strict` stops with status 2 on an early end. */
function replay(key: VariantKey, flags: Map<string, string | true>, strict: boolean): Referee {
  const fen = flags.get('fen');
  const started = startReferee(key, typeof fen === 'string' ? fen : undefined);
  if (!started.ok) fail(`${started.error.code}: ${started.error.message}`, 2);
  const record = started.value;
  const movesArg = flags.get('moves');
  const moves = typeof movesArg === 'string' ? movesArg.trim().split(/\s+/).filter(Boolean) : [];
  moves.forEach((m, i) => {
    if (record.verdict && strict) {
      fail(`move ${i + 1} (${m}): the game ended before it (${record.verdict.reason}: ${record.verdict.code} ${JSON.stringify(record.verdict.params)})`, 2);
    }
    const r = record.play(m);
    if (!r.ok) fail(`move ${i + 1} (${m}): ${r.error.code}: ${r.error.message}`, 2);
  });
  return record;
}

function main(argv: string[]): void {
  const [command, ...rest] = argv;
  const { positional, flags } = options(rest);
  switch (command) {
    case 'perft': {
      const v = variantArg(positional[0]);
      const depth = Number(positional[1]);
      if (!Number.isInteger(depth) || depth < 0 || depth > 12) fail('depth must be an integer from 0 to 12');
      const record = replay(v, flags, false);
      if (flags.get('divide')) for (const d of divide(record.pos, depth)) console.log(`${d.move}: ${d.nodes}`);
      console.log(String(perft(record.pos, depth)));
      return;
    }
    case 'moves': {
      const v = variantArg(positional[0]);
      const record = replay(v, flags, false);
      console.log(legalUcis(record.pos).join(' '));
      return;
    }
    case 'play': {
      const v = variantArg(positional[0]);
      const record = replay(v, flags, true);
      const o = record.verdict;
      if (o) console.log(`${o.code} ${JSON.stringify(o.params)}${o.runs ? ` ${JSON.stringify(o.runs)}` : ''}`);
      console.log(JSON.stringify({ fen: makeFen(record.pos), ply: record.ply, result: o?.result ?? null, reason: o?.reason ?? null }));
      return;
    }
    case 'info': {
      for (const v of Object.values(VARIANTS)) {
        const pos = parseFen(v, v.startFen);
        const n = pos.ok ? legalUcis(pos.value).length : 0;
        console.log(`${v.key.padEnd(9)} ${v.name.vi} / ${v.name.en}: ${n} legal first moves from ${v.startFen}`);
      }
      console.log('Try: npm run -s cli -- moves xiangqi --moves "h3e3"');
      return;
    }
    default:
      fail('usage: cli (perft|moves|play|info) <variant> ...');
  }
}

main(process.argv.slice(2));
