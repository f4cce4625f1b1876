import { describe, expect, it } from 'vitest';
import { wrapTab } from './focus-trap.ts';

describe('the focus trap', () => {
  it('Tab on the last control goes to the first; Shift+Tab on the first to the last', () => {
    expect(wrapTab(2, 3, false)).toBe(0);
    expect(wrapTab(0, 3, true)).toBe(2);
  });
  it('between controls the browser moves the focus (it stays inside)', () => {
    expect(wrapTab(0, 3, false)).toBeNull();
    expect(wrapTab(1, 3, true)).toBeNull();
    expect(wrapTab(1, 3, false)).toBeNull();
  });
  it('focus outside the controls (the dialog itself, or escaped) comes back to the first, or the last going back', () => {
    expect(wrapTab(-1, 3, false)).toBe(0);
    expect(wrapTab(-1, 3, true)).toBe(2);
  });
  it('one control: Tab stays on it; none: nothing to do', () => {
    expect(wrapTab(0, 1, false)).toBe(0);
    expect(wrapTab(0, 1, true)).toBe(0);
    expect(wrapTab(-1, 0, false)).toBeNull();
  });
});
