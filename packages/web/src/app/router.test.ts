import { describe, expect, it } from 'vitest';
import { match } from './router.ts';

describe('router', () => {
  it('matches the pages with their parameters', () => {
    expect(match('/')).toEqual({ name: 'home', params: {} });
    expect(match('/game/Ab3dE9xZ')).toEqual({ name: 'game', params: { id: 'Ab3dE9xZ' } });
    expect(match('/invite/Ab3dE9xZ/tok3n12345')).toEqual({ name: 'invite', params: { id: 'Ab3dE9xZ', token: 'tok3n12345' } });
    expect(match('/@/lan_1')).toEqual({ name: 'profile', params: { name: 'lan_1' } });
    expect(match('/leaderboard/janggi').params).toEqual({ variant: 'janggi' });
    expect(match('/leaderboard').params).toEqual({});
    expect(match('/rules/sittuyin')).toEqual({ name: 'rules', params: { variant: 'sittuyin' } });
    expect(match('/rooms/Ab3dE9xZ').name).toBe('room');
    expect(match('/learn')).toEqual({ name: 'learn', params: {} });
    expect(match('/learn/janggi')).toEqual({ name: 'learn', params: { variant: 'janggi' } });
    expect(match('/learn/janggi/pass')).toEqual({ name: 'learn', params: { variant: 'janggi', lesson: 'pass' } });
    expect(match('/admin/moderation')).toEqual({ name: 'moderation', params: {} });
    expect(match('/editor/sittuyin')).toEqual({ name: 'editor', params: { variant: 'sittuyin' } });
    expect(match('/editor')).toEqual({ name: 'editor', params: {} });
    expect(match('/i/AbCd1234')).toEqual({ name: 'imported', params: { id: 'AbCd1234' } });
  });

  it('sends everything else to the not-found page', () => {
    expect(match('/game/bad').name).toBe('not-found');
    expect(match('/rules/chess').name).toBe('not-found');
    expect(match('/api/games').name).toBe('not-found');
    expect(match('/learn/chess/pass').name).toBe('not-found');
    expect(match('/learn/janggi/Pass!').name).toBe('not-found');
    expect(match('/editor/chess').name).toBe('not-found');
    expect(match('/i/short').name).toBe('not-found');
  });
});
