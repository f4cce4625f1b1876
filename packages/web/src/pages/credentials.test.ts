import { describe, expect, it } from 'vitest';
import { credentialsError } from './credentials.ts';

describe('account rules before sending', () => {
  it('accepts what the server accepts', () => {
    expect(credentialsError('lan_99', 'longenough')).toBeNull();
    expect(credentialsError('a-b', '12345678')).toBeNull();
  });

  it('names the field and the rule otherwise', () => {
    expect(credentialsError('ab', '12345678')).toEqual({ field: 'username', key: 'auth.usernameRule' });
    expect(credentialsError('x'.repeat(21), '12345678')?.field).toBe('username');
    expect(credentialsError('Lâm', '12345678')?.field).toBe('username');
    expect(credentialsError('has space', '12345678')?.field).toBe('username');
    expect(credentialsError('lan', 'short')).toEqual({ field: 'password', key: 'auth.passwordRule' });
  });
});
