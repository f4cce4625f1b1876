/** Importing records: the club's PGN, xqbase's WXF and ICCS, Kakao .gib in Hangul and Hanja; what is kept, and where a record goes wrong. */
import { describe, expect, it } from 'vitest';
import { VARIANTS } from '@youzai/rules';
import { importedFromWire, importedToWire, makeImportedPgn } from './imported-record.ts';
import { importRecord } from './record-import.ts';
import { makeTreeText } from './variation-tree.ts';

const mainline = (text: string, hint?: Parameters<typeof importRecord>[1]) => {
  const r = importRecord(text, hint);
  return { ...r, ucis: r.game.tree.mainline().map((n) => n.uci) };
};

const LINE = ['h3e3', 'h10g8', 'h1g3', 'i10h10', 'i1h1', 'b10c8', 'b3b7', 'h8h4', 'b1c3', 'c7c6'];

// As xqbase.com publishes games: Game first, Format naming the movetext, Red and Black.
const XQBASE_HEAD = `[Game "Chinese Chess"]
[Event "Quan quoc Xiangqi"]
[Round "3"]
[Date "1985.10.03"]
[Site "Nanjing"]
[RedTeam "Shanghai"]
[Red "Hu Ronghua"]
[BlackTeam "Guangdong"]
[Black "Lu Qin"]
[Result "1-0"]
[ECCO "B32"]
[Opening "中炮对左三步虎"]`;

describe('Xiangqi from xqbase', () => {
  it('WXF movetext ("." for a sideways move), tags kept', () => {
    const r = mainline(`${XQBASE_HEAD}
[Format "WXF"]

  1. C2.5 H8+7
  2. H2+3 R9.8
  3. R1.2 H2+3
  4. C8+4 C8+4
  5. H8+7 P3+1
1-0
`);
    expect(r.error).toBeNull();
    expect(r.game.variant).toBe('xiangqi');
    expect(r.ucis).toEqual(LINE);
    expect(r.game.result).toBe('1-0');
    expect(r.game.tags).toContainEqual(['Red', 'Hu Ronghua']);
    expect(r.game.tags).toContainEqual(['Opening', '中炮对左三步虎']);
    expect(r.game.notation).toBe('xiangqi-wxf');
  });

  it('ICCS movetext, ranks 0-9 from Red, either case', () => {
    const r = mainline(`${XQBASE_HEAD}
[Format "ICCS"]

  1. H2-E2 H9-G7
  2. H0-G2 I9-H9
  3. i0-h0 b9-c7
  4. B2-B6 H7-H3
  5. B0-C2 C6-C5
1-0
`);
    expect(r.error).toBeNull();
    expect(r.ucis).toEqual(LINE);
    expect(r.game.notation).toBe('xiangqi-iccs');
  });

  it('Chinese movetext, Red in numerals and Black in digits', () => {
    const r = mainline(`${XQBASE_HEAD}
[Format "Chinese"]

  1. 炮二平五 马８进７
  2. 马二进三 车９平８
  3. 车一平二 马２进３
  4. 炮八进四 炮８进４
  5. 马八进七 卒３进１
1-0
`);
    expect(r.error).toBeNull();
    expect(r.ucis).toEqual(LINE);
    expect(r.game.notation).toBe('xiangqi-chinese');
  });

  it('ICCS without dashes is read as ICCS under its Format tag, not as coordinates', () => {
    const r = mainline('[Game "Chinese Chess"]\n[Format "ICCS"]\n\n1. h2e2 h9g7 *');
    expect(r.ucis).toEqual(['h3e3', 'h10g8']);
  });

  it('an illegal move: its line and text, and the moves before it kept', () => {
    const r = mainline(`${XQBASE_HEAD}
[Format "WXF"]

  1. C2.5 H8+7
  2. H2+3 R9.8
  3. R1+9 H2+3
1-0
`);
    expect(r.error).toMatchObject({ code: 'import.illegal', line: 17, move: 'R1+9' });
    expect(r.ucis).toEqual(LINE.slice(0, 4));
  });

  it('an unreadable move and a broken comment are named by line too', () => {
    const bad = mainline('[Variant "xiangqi"]\n\n1. h3e3 h10g8\n2. zz9 *');
    expect(bad.error).toMatchObject({ code: 'import.unreadable', line: 4, move: 'zz9' });
    expect(bad.ucis).toEqual(['h3e3', 'h10g8']);
    const open = mainline('[Variant "xiangqi"]\n\n1. h3e3 {a comment\nthat never ends');
    expect(open.error).toMatchObject({ code: 'import.syntax', line: 3 });
  });
});

describe('Janggi from Kakao .gib files', () => {
  // Cho set up 상마상마 and Han 마상상마, both read along the board from Cho's left.
  const TAGS = `[대회명 "카카오 장기 친선전"]
[회전 ""]
[대국일자 "2024. 5. 1"]
[대국장소 "카카오장기"]
[초대국자 "김초"]
[한대국자 "이한"]
[제한시간 "10분"]
[대국결과 "초 완승"]
[총수 "8"]
[초차림 "상마상마"]
[한차림 "마상상마"]
[기보작성자 ""]
`;
  const FEN = 'rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RBNA1ABNR w - - 0 1';

  it('Hangul names: setup, players and result from the Korean tags', () => {
    const r = mainline(`${TAGS}
1. 79졸78 2. 12마33 3. 08마87 4. 한수쉼
5. 02상74 6. 18마37 7. 77졸76 {중포} 8. 45병44
`);
    expect(r.error).toBeNull();
    expect(r.game.variant).toBe('janggi');
    expect(r.game.fen).toBe(FEN);
    expect(r.ucis).toHaveLength(8);
    expect(r.ucis.slice(0, 3)).toEqual(['i4h4', 'b10c8', 'h1g3']);
    expect(r.game.result).toBe('1-0');
    expect(r.game.tags).toContainEqual(['White', '김초']);
    expect(r.game.tags).toContainEqual(['대국장소', '카카오장기']);
    const node7 = r.game.tree.mainline()[6]!;
    expect(r.game.comments.get(node7.id)).toBe('중포');
  });

  it('Hanja names, with the side mark before the name', () => {
    const r = mainline(`${TAGS}
1. 79楚卒78 2. 12漢馬33 3. 08楚馬87 4. 한수쉼
5. 02楚象74 6. 18漢馬37 7. 77楚卒76 8. 45漢兵44
`);
    expect(r.error).toBeNull();
    const hangul = mainline(`${TAGS}\n1. 79졸78 2. 12마33 3. 08마87 4. 한수쉼 5. 02상74 6. 18마37 7. 77졸76 8. 45병44\n`);
    expect(r.ucis).toEqual(hangul.ucis);
  });

  it('setups read along the board from Cho’s left, as association records write them; a taken piece named after the move', () => {
    // The opening of a published KJA-style record: Han's 18마37 is the horse on h10 under 한차림 상마상마.
    const r = mainline(`[대회명 "친선대국"]
[초차림 "상마상마"]
[한차림 "상마상마"]
[대국결과 "초 완승"]

1. 71졸72 2. 49병48 3. 08마87 4. 18마37 5. 88포85 6. 38포35
`);
    expect(r.game.fen.split(' ')[0]!.split('/')[0]).toBe('rbna1abnr');
    expect(r.ucis).toEqual(['a4b4', 'i7h7', 'h1g3', 'h10g8']);
    // Its fifth move jumps the cannon over a screen without taking: the traditional rules allow it, the club's do not.
    expect(r.error).toMatchObject({ code: 'import.illegal', line: 6, move: '88포85' });
  });

  it('a move the club’s rules refuse: the line and the move, the legal part kept', () => {
    // A cannon jumping a screen without capturing (the traditional rules allow it; the club's sliding cannons do not).
    const r = mainline(`${TAGS}
1. 79졸78 2. 12마33 3. 08마87
4. 32포35 5. 88포85
`);
    expect(r.error).toMatchObject({ code: 'import.illegal', line: 15, move: '32포35' });
    expect(r.ucis).toHaveLength(3);
  });
});

describe('PGN features', () => {
  it('comments, NAGs and variations are kept, and the club’s PGN of them reads back the same', () => {
    const text = `[Event "Study"]
[Variant "xiangqi"]

{Before the first move} 1. h3e3 $1 {The central cannon} h10g8
(1... h8e8 {Same cannon} 2. h1g3 (2. b1c3) h10g8)
2. h1g3 i10h10 !? 3. i1h1 *`;
    const r = importRecord(text);
    expect(r.error).toBeNull();
    const g = r.game;
    expect(g.tree.mainline().map((n) => n.uci)).toEqual(['h3e3', 'h10g8', 'h1g3', 'i10h10', 'i1h1']);
    expect(makeTreeText(g.tree)).toBe('h3e3 h10g8 (h8e8 h1g3 (b1c3) h10g8) h1g3 i10h10 i1h1');
    expect(g.comments.get(0)).toBe('Before the first move');
    const first = g.tree.mainline()[0]!;
    expect(g.comments.get(first.id)).toBe('The central cannon');
    expect(g.nags.get(first.id)).toEqual([1]);
    expect(g.nags.get(g.tree.mainline()[3]!.id)).toEqual([5]);
    const again = importRecord(makeImportedPgn(g));
    expect(again.error).toBeNull();
    expect(makeTreeText(again.game.tree)).toBe(makeTreeText(g.tree));
    expect([...again.game.comments]).toEqual([...g.comments]);
    expect([...again.game.nags]).toEqual([...g.nags]);
    expect(again.game.tags).toContainEqual(['Event', 'Study']);
  });

  it('the wire form gives back the same game, comments on the same nodes', () => {
    const r = importRecord('[Variant "janggi"]\n\n1. a4b4 {cho} a7b7 (i7h7 {han}) 2. pass *');
    expect(r.error).toBeNull();
    const back = importedFromWire(JSON.parse(JSON.stringify(importedToWire(r.game))));
    expect(back && makeTreeText(back.tree)).toBe('a4b4 a7b7 (i7h7) e2e2');
    expect(back && [...back.comments]).toEqual([...r.game.comments]);
  });

  it('a game from a set position (FEN tag), black to move, move numbers with dots', () => {
    const fen = '4k4/9/9/9/9/9/9/9/4A4/3K5 b - - 0 1';
    const r = mainline(`[Variant "xiangqi"]\n[SetUp "1"]\n[FEN "${fen}"]\n\n1... e10e9 2. e2f3 *`);
    expect(r.error).toBeNull();
    expect(r.game.fen).toBe(fen);
    expect(r.ucis).toEqual(['e10e9', 'e2f3']);
  });

  it('refuses an unknown game, a bad FEN, and an unbalanced variation by line', () => {
    expect(importRecord('[Variant "chess"]\n1. e4 *').error).toMatchObject({ code: 'import.variant', line: 1 });
    expect(importRecord('[Variant "xiangqi"]\n[FEN "zzz"]\n1. h3e3').error).toMatchObject({ code: 'import.fen', line: 2 });
    expect(importRecord('[Variant "xiangqi"]\n\n1. h3e3 h10g8 )').error).toMatchObject({ code: 'import.syntax', line: 3, move: ')' });
    expect(importRecord('').error).toMatchObject({ code: 'import.empty' });
  });

  it('without tags, the moves say which game; Sittuyin in the club’s coordinates', () => {
    expect(importRecord('1. C2.5 H8+7 *', 'janggi').game.variant).toBe('xiangqi');
    expect(importRecord('1. 79졸78 12마33', 'xiangqi').game.variant).toBe('janggi');
    const start = VARIANTS.sittuyin.startFen;
    expect(start).toBeTruthy();
  });
});
