import { Fairy } from './fairy.ts';
const f = await Fairy.create();
const A = '3a1k3/9/3P5/9/9/9/9/9/4K4/9 w - - 0 1';
console.log('house', (await f.legalMoves('janggi', A)).join(' '));
console.log('fs   ', (await f.legalMoves('janggicasual', A)).join(' '));
await f.quit();
