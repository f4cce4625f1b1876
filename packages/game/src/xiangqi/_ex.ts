import { startReferee } from '/work/main/packages/game/src/referees.ts';
const [fen, moves] = process.argv.slice(2);
const r = startReferee('xiangqi', fen);
if (!r.ok) throw new Error(JSON.stringify(r.error));
const ref = r.value;
let i = 0;
for (const m of (moves ?? '').split(/\s+/).filter(Boolean)) {
  i++;
  const res = ref.play(m);
  const s = ref.state();
  const rv = (x: any) => x ? `${x.kind}${x.length}/${x.limit} p${x.pieces}${x.target ? ' @' + x.target.square + x.target.role : ''}` : '-';
  const c = s.counters!;
  console.log(`${i} ${m} ${res.ok ? '' : 'ILLEGAL'} R[${rv(s.runs![0])}] B[${rv(s.runs![1])}] nat${c.natural.plies} prog${c.progress.plies} claim${c.claim.plies} ${ref.verdict ? ref.verdict.reason + ' ' + ref.verdict.result + ' ' + ref.verdict.explanation.en : ''}`);
  if (!res.ok) break;
}
