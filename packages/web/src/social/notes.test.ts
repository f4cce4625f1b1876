import type { NotificationView } from '@youzai/protocol';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadLang, setLang } from '../i18n/index.ts';
import { clockText, noteLink, noteText } from './notes.ts';

const note = (over: Partial<NotificationView>): NotificationView => ({ id: 'x', kind: 'challenge', data: {}, createdAt: 0, readAt: null, ...over });

// English is fetched when chosen (i18n loadLang): loaded once before these tests switch to it.
beforeAll(() => loadLang('en'));
afterEach(() => setLang('vi'));

describe('notification sentences', () => {
  it('a challenge names the challenger and the terms, in the reader’s language', () => {
    const n = note({ data: { game: 'abcdef12', from: { id: 'u1', name: 'lan' }, variant: 'janggi', clock: '3d', rated: true, state: 'open' } });
    expect(noteText(n)).toMatch(/^lan thách đấu bạn: .+ · 3 ngày mỗi nước · Tính điểm$/);
    setLang('en');
    expect(noteText(n)).toMatch(/^lan challenges you: .+ · 3 days per move · Rated$/);
    expect(noteText({ ...n, data: { ...n.data, state: 'withdrawn' } })).toBe('lan withdrew the challenge');
    expect(noteLink(n)).toBe('/game/abcdef12');
  });

  it('answers, turns, and words given by the sender', () => {
    setLang('en');
    expect(noteText(note({ kind: 'challenge-answer', data: { from: { id: 'u2', name: 'minh' }, state: 'declined', reason: 'later' } }))).toBe(
      'minh declined your challenge',
    );
    expect(noteText(note({ kind: 'your-turn', data: { from: { id: 'u2', name: 'minh' }, game: 'g1234567' } }))).toBe('Your move in your game with minh');
    const mod = note({ kind: 'moderation', data: { text: { vi: 'Nhắc nhở', en: 'A warning' }, url: '/rules' } });
    expect(noteText(mod)).toBe('A warning');
    expect(noteLink(mod)).toBe('/rules');
    expect(noteLink(note({ data: { url: 'https://elsewhere.example/' } }))).toBeNull();
    expect(clockText('5+3')).toBe('5+3');
  });
});
