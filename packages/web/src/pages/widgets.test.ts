import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadLang, setLang } from '../i18n/index.ts';
import { readerSide } from './widgets.ts';

// English is fetched when chosen (i18n loadLang): loaded once before these tests switch to it.
beforeAll(() => loadLang('en'));
afterEach(() => setLang('vi'));

describe('the side a seek or challenge offers the reader', () => {
  it("is the other side than the author chose, or the author's own for their own offer", () => {
    setLang('en');
    expect(readerSide({ variant: 'xiangqi', color: 'first' }, false)).toBe('you play Black');
    expect(readerSide({ variant: 'xiangqi', color: 'first' }, true)).toBe('you play Red');
    expect(readerSide({ variant: 'xiangqi', color: 'second' }, false)).toBe('you play Red');
  });

  it("names the variant's sides, and says nothing for a random draw", () => {
    setLang('vi');
    expect(readerSide({ variant: 'janggi', color: 'second' }, false)).toBe('bạn cầm quân Cho');
    expect(readerSide({ variant: 'janggi', color: 'random' }, false)).toBe('');
  });
});
