import { CLIENT_TYPES } from '@youzai/protocol';
import { describe, expect, it } from 'vitest';
import { dispatchTable, socketFeature } from './connection.ts';
import { clubSocketFeatures, type ClubFeatureDeps } from './features.ts';

describe('the socket dispatch table', () => {
  it("every client message but ping (the connection's own) is answered by exactly one of the club's features", () => {
    // Making the features uses none of their services (they are used when a message comes).
    const table = dispatchTable(clubSocketFeatures({} as ClubFeatureDeps));
    expect([...table.keys(), 'ping'].sort()).toEqual([...CLIENT_TYPES].sort());
    expect(table.get('move')?.name).toBe('games');
    expect(table.get('tour-chat')?.name).toBe('tournaments');
  });

  it('a type registered by two features is refused, naming both', () => {
    const a = socketFeature('a', ['chat'], async () => undefined);
    const b = socketFeature('b', ['mute', 'chat'], async () => undefined);
    expect(() => dispatchTable([a, b])).toThrow("socket message 'chat' is registered by both a and b");
  });
});
