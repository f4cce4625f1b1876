import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, inOrder, readSettings } from './settings.ts';

const store = (items: Record<string, string>) => ({ getItem: (k: string) => items[k] ?? null });

describe('stored settings', () => {
  it('read the stored object through the protocol decoder', () => {
    const s = { board: 'jade', pieces: { sittuyin: 'western' }, coords: false, sound: false, notation: { xiangqi: 'xiangqi-wxf' } };
    expect(readSettings(store({ 'yz-settings': JSON.stringify(s) }))).toEqual(s);
  });

  it('fall back to the defaults for a missing, broken or foreign copy', () => {
    expect(readSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(readSettings(store({}))).toEqual(DEFAULT_SETTINGS);
    expect(readSettings(store({ 'yz-settings': '{not json' }))).toEqual(DEFAULT_SETTINGS);
    expect(readSettings(store({ 'yz-settings': JSON.stringify({ board: 'jade', extra: 1 }) }))).toEqual(DEFAULT_SETTINGS);
    expect(readSettings(store({ 'yz-settings': JSON.stringify({ ...DEFAULT_SETTINGS, pieces: { chess: 'x' } }) }))).toEqual(DEFAULT_SETTINGS);
  });

  it('carry over what the older one-key storage held', () => {
    const old = store({ 'yz-board-theme': 'slate', 'yz-coords': 'off', 'yz-muted': '1', 'yz-notation-janggi': 'janggi-korean' });
    expect(readSettings(old)).toEqual({ board: 'slate', pieces: {}, coords: false, sound: false, notation: { janggi: 'janggi-korean' } });
    // A value the decoder refuses leaves the defaults.
    expect(readSettings(store({ 'yz-board-theme': 'NOT A NAME' }))).toEqual(DEFAULT_SETTINGS);
  });
});

describe('saves in order', () => {
  it('one save in flight at a time; while it is, only the latest change waits, and goes after it', async () => {
    const calls: { value: number; done: () => void; fail: (e: Error) => void }[] = [];
    const save = inOrder((value: number) => new Promise<void>((done, fail) => calls.push({ value, done, fail })));
    save(1);
    save(2);
    save(3);
    expect(calls.map((c) => c.value)).toEqual([1]);
    calls[0]!.done();
    await new Promise((r) => setTimeout(r, 0));
    expect(calls.map((c) => c.value)).toEqual([1, 3]);
    save(4);
    calls[1]!.fail(new Error('offline'));
    await new Promise((r) => setTimeout(r, 0));
    expect(calls.map((c) => c.value)).toEqual([1, 3, 4]);
    calls[2]!.done();
    await new Promise((r) => setTimeout(r, 0));
    expect(calls.length).toBe(3);
  });
});
