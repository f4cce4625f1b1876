import { afterEach, describe, expect, it } from 'vitest';
import { isAdmin, reservedName } from './admins.ts';

describe('admins', () => {
  const saved = process.env.ADMINS;
  afterEach(() => {
    if (saved === undefined) delete process.env.ADMINS;
    else process.env.ADMINS = saved;
  });

  it('are the names listed in ADMINS, whatever their case; guests and unlisted names are not', () => {
    process.env.ADMINS = 'Lan, minh ,,';
    expect(isAdmin('lan')).toBe(true);
    expect(isAdmin('MINH')).toBe(true);
    expect(isAdmin('lanx')).toBe(false);
    expect(isAdmin('')).toBe(false);
    expect(isAdmin(null)).toBe(false);
    expect(isAdmin(undefined)).toBe(false);
    delete process.env.ADMINS;
    expect(isAdmin('lan')).toBe(false);
  });

  it('reserve their names: registration refuses them in any case', () => {
    process.env.ADMINS = 'Lan';
    expect(reservedName('LAN')).toMatchObject({ ok: false, error: { code: 'auth.username-reserved' } });
    expect(reservedName('lanx').ok).toBe(true);
  });
});
