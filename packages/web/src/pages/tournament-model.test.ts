import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '@youzai/protocol';
import {
  clockLine,
  countdown,
  initialTournamentState,
  inviteOf,
  pageTurned,
  READ_GAP,
  readDelay,
  readStarted,
  tournamentFrame,
  viewPath,
  viewRead,
} from './tournament-model.ts';
import type { TournamentView } from './tournament-tables.ts';

const view = (over: object) =>
  ({ tournament: { id: 't1', kind: 'arena', status: 'upcoming', startsAt: 100_000, endsAt: null, round: 0, rounds: 0, ...over } }) as unknown as TournamentView;
const msg = (m: object) => m as ServerMessage;

describe('the tournament page model', () => {
  it('takes a link token of letters and digits only', () => {
    expect(inviteOf('?invite=Ab12')).toBe('Ab12');
    expect(inviteOf('?invite=a-b')).toBeNull();
    expect(inviteOf(`?invite=${'a'.repeat(65)}`)).toBeNull();
    expect(inviteOf('')).toBeNull();
  });

  it('reads the view with the token and the standings page when they are needed', () => {
    const s = initialTournamentState('t1', '');
    expect(viewPath(s)).toBe('/api/tournaments/t1');
    expect(viewPath(pageTurned(s, 2))).toBe('/api/tournaments/t1?page=2');
    const priv = pageTurned(initialTournamentState('t1', '?invite=tok9'), 3);
    expect(viewPath(priv)).toBe('/api/tournaments/t1?invite=tok9&page=3');
    expect(viewPath(pageTurned(priv, 1))).toBe('/api/tournaments/t1?invite=tok9');
  });

  it('reads an announced change at once, or a second after the last read', () => {
    const s = readStarted(initialTournamentState('t1', ''), 10_000);
    expect(readDelay(s, 10_000)).toBe(READ_GAP);
    expect(readDelay(s, 10_400)).toBe(READ_GAP - 400);
    expect(readDelay(s, 10_000 + READ_GAP + 5)).toBe(0);
    const v = view({});
    expect(viewRead(s, v)).toMatchObject({ view: v, lastRead: 10_000 });
  });

  it('counts down to the start, or an arena to its end; otherwise says the round or the status', () => {
    expect(countdown(65_000)).toBe('1:05');
    expect(countdown(3_723_000)).toBe('1:02:03');
    expect(countdown(1_001)).toBe('0:02');
    expect(countdown(-5)).toBe('0:00');
    expect(clockLine(view({}), 40_000)).toEqual({ kind: 'starts-in', time: '1:00' });
    expect(clockLine(view({ status: 'running', endsAt: 70_000 }), 40_000)).toEqual({ kind: 'ends-in', time: '0:30' });
    expect(clockLine(view({ status: 'running', kind: 'swiss', round: 2, rounds: 5 }), 0)).toEqual({ kind: 'round', n: 2, of: 5 });
    expect(clockLine(view({ status: 'finished' }), 0)).toEqual({ kind: 'status', status: 'finished' });
  });

  it("takes its own tournament's announcements and chat, and a tournament's pairing", () => {
    const line = { t: 'chat', room: 'tour-t1', user: 'u', text: 'hi', at: 1 };
    expect(tournamentFrame(msg({ t: 'tournament', tournament: 't1' }), 't1')).toEqual({ kind: 'changed' });
    expect(tournamentFrame(msg({ t: 'tournament', tournament: 't2' }), 't1')).toBeNull();
    expect(tournamentFrame(msg(line), 't1')).toEqual({ kind: 'chat', line });
    expect(tournamentFrame(msg({ ...line, room: 'tour-t2' }), 't1')).toBeNull();
    expect(tournamentFrame(msg({ t: 'chat', game: 'g1', channel: 'all', text: 'x' }), 't1')).toBeNull();
    expect(tournamentFrame(msg({ t: 'chat-log', room: 'tour-t1', lines: [] }), 't1')).toEqual({ kind: 'chat-log', lines: [] });
    expect(tournamentFrame(msg({ t: 'paired', game: 'g9', via: 'tournament' }), 't1')).toEqual({ kind: 'paired', game: 'g9' });
    expect(tournamentFrame(msg({ t: 'paired', game: 'g9', via: 'pool' }), 't1')).toBeNull();
    expect(tournamentFrame(msg({ t: 'welcome' }), 't1')).toBeNull();
  });
});
