/**
 * The TRF-16 export of a known Swiss, character for character: five
 * players, three rounds planned, round 1 and 2 played (a win, a draw, a
 * forfeit, the pairing-allocated bye), round 3 being played with one
 * half-point bye asked for it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseTrf, replayRound, trfUser, type Bye, type Pairing, type TrfCell } from '@youzai/game/tournament';
import { describe, expect, it } from 'vitest';
import { tournamentRow } from '../store/fixtures.ts';
import type { EntryRow } from '../store/tournaments.ts';
import { asciiName, trfOf } from './trf-export.ts';

const entry = (userId: string, name: string, rating: number, active = true): EntryRow => ({
  tournamentId: 'sw1',
  userId,
  name,
  rating,
  joinedAt: 0,
  active,
  playing: null,
  awaySince: null,
});
const game = (round: number, white: string, black: string, result: 0 | 0.5 | 1 | null, forfeit = false): Pairing => ({
  round,
  gameId: `g${round}${white}${black}`,
  white,
  black,
  pairedAt: round * 1000,
  result,
  forfeit,
  berserk: [false, false],
  plies: forfeit ? 0 : 40,
  endedAt: result === null ? null : round * 1000 + 500,
});

describe('TRF-16 export', () => {
  it('writes a known Swiss as the format lays it out', () => {
    const t = tournamentRow(
      'sw1',
      { status: 'running', round: 3, rounds: 3, startedAt: Date.UTC(2026, 11, 6, 14, 0) },
      { kind: 'swiss', rounds: 3, clock: { kind: 'fischer', baseMs: 300_000, incrementMs: 3_000 }, startsAt: Date.UTC(2026, 11, 6, 14, 0) },
    );
    const entries = [
      entry('a', 'Nguyễn Văn An', 1800),
      entry('b', 'Đỗ Bình', 1700),
      entry('c', 'Chi', 1600),
      entry('d', 'Dung', 1500),
      entry('e', 'Em', 1400, false),
    ];
    const pairings = [game(1, 'a', 'd', 1), game(1, 'e', 'b', 0, true), game(2, 'c', 'a', 0.5), game(2, 'b', 'd', 0.5, true), game(3, 'a', 'b', null)];
    const byes: Bye[] = [
      { round: 1, userId: 'c', kind: 'pab', points: 1 },
      { round: 2, userId: 'e', kind: 'absent', points: 0 },
      { round: 3, userId: 'c', kind: 'half', points: 0.5 },
      { round: 3, userId: 'e', kind: 'absent', points: 0 },
    ];
    const text = trfOf(t, { entries, pairings, byes });
    // Ranks after round 2, by hand: 1.5 each for An, Bình and Chi; Buchholz An 2 (Dung ½ + Chi 1½), Bình 3 (two rounds
    // without a game count as 1½ each), Chi 3 (An 1½ + the bye round 1½); Sonneborn–Berger Chi ¾, Bình 0: Chi, Bình, An.
    expect(text).toBe(
      [
        '012 Giai sw1 ? Xiangqi',
        '022 Youzai (online)',
        '042 2026/12/06',
        '062 5',
        '092 Individual: Swiss-System (FIDE Dutch)',
        '122 300+3',
        'XXR 3',
        'XXC white1',
        '001    1      Nguyen Van An                     1800                             1.5    3     4 w 1     3 b =',
        '001    2      Do Binh                           1700                             1.5    2     5 b +  0000 - H',
        '001    3      Chi                               1600                             1.5    1  0000 - U     1 w =  0000 - H',
        '001    4      Dung                              1500                             0.5    4     1 b 0  0000 - H',
        '001    5      Em                                1400                             0.0    5     2 w -  0000 - Z',
        '',
      ].join('\n'),
    );
    // Every player line keeps the format's columns: the rank at 5-8, the points at 81-84, round 1 from 92.
    for (const line of text.split('\n').filter((l) => l.startsWith('001'))) {
      expect(line.slice(80, 84)).toMatch(/^ *\d\.\d$/);
      expect(line.slice(91, 95)).toMatch(/^ *\d+$/);
    }
  });

  it('folds names to ASCII: the format counts columns', () => {
    expect(asciiName('Trần Thị Đào')).toBe('Tran Thi Dao');
    expect(asciiName('김민수')).toBe('???');
  });

  it('writes back every round of the bbpPairings-generated tournaments (fixtures/dutch) as the file has it', () => {
    const dir = fileURLToPath(new URL('../../../game/fixtures/dutch/', import.meta.url));
    const files = readdirSync(dir).filter((f) => f.endsWith('.trf'));
    expect(files.length).toBeGreaterThan(100);
    // Not paired and not scored, however the file says it: a blank, a zero-point bye, a double forfeit.
    const norm = (c: TrfCell | undefined, t: { players: readonly { id: number; rounds: readonly TrfCell[] }[] }, r: number): string => {
      if (!c) return 'Z';
      const double = c.opponent !== null && c.result === '-' && t.players.find((q) => q.id === c.opponent)?.rounds[r]?.result === '-';
      if (c.opponent === null || double) return c.result === 'U' || c.result === 'F' || c.result === 'H' ? `bye ${c.result}` : 'Z';
      const result = ({ W: '1', D: '=', L: '0' } as Record<string, string>)[c.result] ?? c.result;
      return `${c.opponent} ${c.colour} ${result}`;
    };
    let cells = 0;
    for (const f of files) {
      const read = parseTrf(readFileSync(dir + f, 'utf8'));
      if (!read.ok) throw new Error(`${f}: ${read.error.message}`);
      const t = read.value;
      const played = Math.max(...t.players.map((p) => p.rounds.length));
      const { sheet } = replayRound(t, played + 1);
      const row = tournamentRow('fx', { status: 'running', round: played, rounds: t.rounds ?? played }, { kind: 'swiss', rounds: t.rounds ?? played });
      const entries = sheet.entrants.map((e) => ({ ...e, tournamentId: 'fx', playing: null, awaySince: null }));
      const mine = parseTrf(trfOf(row, { entries, pairings: sheet.pairings, byes: sheet.byes }));
      if (!mine.ok) throw new Error(`${f}: ours unreadable: ${mine.error.message}`);
      for (const p of t.players) {
        const ours = mine.value.players.find((q) => q.id === p.id);
        expect(ours?.name, f).toBe(`Player ${String(p.id).padStart(4, '0')}`);
        expect(ours?.points, `${f} ${trfUser(p.id)} points`).toBe(p.points);
        for (let r = 0; r < played; r++) {
          expect(norm(ours?.rounds[r], mine.value, r), `${f} ${trfUser(p.id)} round ${r + 1}`).toBe(norm(p.rounds[r], t, r));
          cells++;
        }
      }
    }
    expect(cells).toBeGreaterThan(10_000);
  });
});
