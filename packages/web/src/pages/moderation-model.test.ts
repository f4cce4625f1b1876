import { describe, expect, it } from 'vitest';
import type { FairPlayReportWire } from './fair-play-view.ts';
import {
  acted,
  fairPlayAsked,
  fairPlayRequest,
  INITIAL_MODERATION,
  loaded,
  logLine,
  resolveRequest,
  USER_ACTIONS,
  userRequest,
  voidRequest,
  type LogEntry,
  type Report,
} from './moderation-model.ts';

const report: Report = { id: 'r1', reporter: 'an', reported: 'binh', gameId: 'g1', reason: 'cheat', text: 'too good', createdAt: 0 };
const entry = (e: Partial<LogEntry>): LogEntry => ({ id: 'l1', at: 0, admin: 'root', action: 'mute', target: 'binh', gameId: null, detail: '60 min', ...e });
const fp = { id: 'f1', user: 'binh', games: ['g1', 'g2'], state: 'pending' } as unknown as FairPlayReportWire;
const refused = { ok: false as const, code: 'admin.required', message: 'admins only' };

describe('the moderation page model', () => {
  it('shows the reports, fair-play reports and log read; a failed read of the last two keeps what was shown', () => {
    const s = loaded(INITIAL_MODERATION, { ok: true, reports: [report] }, { ok: true, log: [entry({})] }, { ok: true, reports: [fp] });
    expect(s).toMatchObject({ reports: { kind: 'shown', list: [report] }, log: [entry({})], fairPlay: [fp] });
    const again = loaded(s, { ok: true, reports: [] }, { ok: false, code: 'net.offline', message: 'x' }, { ok: false, code: 'net.offline', message: 'x' });
    expect(again).toMatchObject({ reports: { kind: 'shown', list: [] }, log: [entry({})], fairPlay: [fp] });
  });

  it('says when the reports are refused, admins only or another error, and changes nothing else', () => {
    expect(INITIAL_MODERATION.reports).toEqual({ kind: 'loading' });
    const s = loaded(INITIAL_MODERATION, refused, { ok: true, log: [entry({})] }, { ok: true, reports: [fp] });
    expect(s).toEqual({ ...INITIAL_MODERATION, reports: { kind: 'refused', adminsOnly: true, code: 'admin.required', message: 'admins only' } });
    const other = loaded(INITIAL_MODERATION, { ok: false, code: 'net.offline', message: 'down' }, refused, refused);
    expect(other.reports).toMatchObject({ kind: 'refused', adminsOnly: false, code: 'net.offline' });
  });

  it('keeps the last action’s answer', () => {
    expect(acted(INITIAL_MODERATION, { ok: true, detail: 'muted 60 min' }).result).toEqual({ kind: 'done', detail: 'muted 60 min' });
    expect(acted(INITIAL_MODERATION, refused).result).toEqual({ kind: 'error', code: 'admin.required', message: 'admins only' });
    expect(fairPlayAsked(INITIAL_MODERATION, { ok: true, report: fp }).result).toEqual({ kind: 'fair-play-asked', games: 2 });
    expect(fairPlayAsked(INITIAL_MODERATION, refused).result).toMatchObject({ kind: 'error' });
  });

  it('builds each action on a player, with the note; none without a name', () => {
    const bodies = USER_ACTIONS.map((a) => userRequest(a, ' binh ', '90.7', ' spam '));
    expect(bodies).toEqual([
      { path: '/api/admin/users/binh/mute', body: { minutes: 90, note: 'spam' } },
      { path: '/api/admin/users/binh/mute', body: { minutes: 0, note: 'spam' } },
      { path: '/api/admin/users/binh/ban', body: { on: true, note: 'spam' } },
      { path: '/api/admin/users/binh/ban', body: { on: false, note: 'spam' } },
      { path: '/api/admin/users/binh/close', body: { note: 'spam' } },
      { path: '/api/admin/users/binh/cheater', body: { on: true, note: 'spam' } },
    ]);
    expect(userRequest('mute', 'binh', '-5', '')?.body).toEqual({ minutes: 0, note: '' });
    expect(userRequest('mute', 'binh', 'soon', '')?.body).toEqual({ minutes: 0, note: '' });
    expect(userRequest('ban', '  ', '60', '')).toBeNull();
    expect(userRequest('close', 'a/b', '60', '')?.path).toBe('/api/admin/users/a%2Fb/close');
  });

  it('builds a game voided, a report resolved and a fair-play report asked for', () => {
    expect(voidRequest(' g1 ', 'x')).toEqual({ path: '/api/admin/games/g1/void', body: { note: 'x' } });
    expect(voidRequest('', 'x')).toBeNull();
    expect(resolveRequest('r1', ' done ')).toEqual({ path: '/api/admin/reports/r1/resolve', body: { note: 'done' } });
    expect(fairPlayRequest('binh', null)).toEqual({ path: '/api/admin/fair-play', body: { user: 'binh' } });
    expect(fairPlayRequest('binh', 'r1')?.body).toEqual({ user: 'binh', report: 'r1' });
    expect(fairPlayRequest(' ', 'r1')).toBeNull();
  });

  it('writes a log entry as one line; a fair-play entry without its data', () => {
    expect(logLine(entry({}), 'today', 'muted')).toBe('today · root · muted · binh · 60 min');
    expect(logLine(entry({ target: null, gameId: 'g1', action: 'void', detail: '' }), 'today', 'voided')).toBe('today · root · voided · g1 · ');
    expect(logLine(entry({ action: 'fair-play-asked', detail: '{"games":20}' }), 'today', 'asked')).toBe('today · root · asked · binh');
  });
});
