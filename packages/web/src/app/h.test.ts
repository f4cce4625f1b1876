import { afterEach, describe, expect, it } from 'vitest';
import { h } from './h.ts';

/** Just enough of a document for h(): elements that record what is set on them. */
class FakeElement {
  id = '';
  className = '';
  readonly attrs: Record<string, string> = {};
  readonly children: (FakeElement | string)[] = [];
  constructor(readonly tagName: string) {}
  setAttribute(k: string, v: string): void {
    this.attrs[k] = v;
  }
  addEventListener(): void {}
  append(...nodes: (FakeElement | string)[]): void {
    this.children.push(...nodes);
  }
}

const g = globalThis as { document?: unknown };
const saved = g.document;
afterEach(() => {
  g.document = saved;
});

describe('h', () => {
  it('reads a tag, an id and classes from the first argument', () => {
    g.document = { createElement: (name: string) => new FakeElement(name) };
    const el = h('main#main.wide.dark') as unknown as FakeElement;
    expect(el.tagName).toBe('main');
    expect(el.id).toBe('main');
    expect(el.className).toBe('wide dark');
    const plain = h('h2#title') as unknown as FakeElement;
    expect([plain.tagName, plain.id, plain.className]).toEqual(['h2', 'title', '']);
    expect((h('.x') as unknown as FakeElement).tagName).toBe('div');
  });

  it('adds text as text, skips empty children and false attributes', () => {
    g.document = { createElement: (name: string) => new FakeElement(name) };
    const el = h('p', { title: 'a', hidden: false, 'data-n': 3 }, '<b>hi</b>', null, false, 7, ['x']) as unknown as FakeElement;
    expect(el.attrs).toEqual({ title: 'a', 'data-n': '3' });
    expect(el.children).toEqual(['<b>hi</b>', '7', 'x']);
  });
});
