/**
 * What one more game holds on the server's heap: two heap snapshots taken at
 * two game counts (`BENCH_HEAP_SNAPSHOTS=<dir> npm run bench:server`), their
 * objects counted by kind and constructor, the difference divided by the
 * number of games between them. Self sizes only (no retained sizes): each
 * byte is counted once, under the object that holds it.
 *
 *   node --max-old-space-size=8000 --import tsx packages/server/scripts/heap-diff.ts <low> <high> <games between> [rows]
 */
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

/** Count and self bytes by "kind name" (strings, code and arrays by kind alone). */
function tally(file: string): Map<string, { count: number; bytes: number }> {
  const s = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  const fields = s.snapshot.meta.node_fields;
  const types = s.snapshot.meta.node_types[0];
  const width = fields.length;
  const [TYPE, NAME, SIZE] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f)) as [number, number, number];
  const by = new Map<string, { count: number; bytes: number }>();
  for (let i = 0; i < s.nodes.length; i += width) {
    const type = types[s.nodes[i + TYPE]!]!;
    const named = type === 'object' || type === 'closure' || type === 'native' || type === 'hidden' || type === 'array';
    let name = named ? s.strings[s.nodes[i + NAME]!]! : '';
    if (name.length > 60) name = `${name.slice(0, 57)}...`;
    const key = `${type} ${name}`.trim();
    const t = by.get(key) ?? { count: 0, bytes: 0 };
    t.count++;
    t.bytes += s.nodes[i + SIZE]!;
    by.set(key, t);
  }
  return by;
}

const [low, high, between, rows] = process.argv.slice(2);
if (!low || !high || !between) {
  console.error('usage: heap-diff.ts <low.heapsnapshot> <high.heapsnapshot> <games between> [rows]');
  process.exit(2);
}
const n = Number(between);
const a = tally(low);
const b = tally(high);
const diff = [...new Set([...a.keys(), ...b.keys()])].map((k) => {
  const x = a.get(k) ?? { count: 0, bytes: 0 };
  const y = b.get(k) ?? { count: 0, bytes: 0 };
  return { k, count: (y.count - x.count) / n, bytes: (y.bytes - x.bytes) / n };
});
diff.sort((p, q) => q.bytes - p.bytes);
const total = diff.reduce((s, d) => s + d.bytes, 0);
console.log(`heap per game: ${(total / 1024).toFixed(1)} KiB (self sizes, ${n} games between the snapshots)`);
console.log('bytes/game  objects/game  kind and constructor');
for (const d of diff.slice(0, Number(rows ?? 50))) console.log(`${d.bytes.toFixed(0).padStart(10)}  ${d.count.toFixed(2).padStart(12)}  ${d.k}`);
