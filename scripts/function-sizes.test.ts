/**
 * The ceiling on a function's length in product code (issue 30, item 6):
 * none over 150 lines, so that each reads as one step; a page or service
 * that grows past it is split into its model, its parts or its steps.
 */
import { describe, expect, it } from 'vitest';
import { productFunctionSizes, sizesIn } from './function-sizes.ts';

const CEILING = 150;

describe('function sizes', () => {
  it(`no function of the product code is over ${CEILING} lines`, () => {
    const over = productFunctionSizes().filter((f) => f.lines > CEILING);
    expect(over.map((f) => `${f.name} (${f.at}): ${f.lines} lines`)).toEqual([]);
  });

  it('counts each function from its first line to its last, nested ones too, named by their variable or property', () => {
    const text = ['function outer() {', '  const inner = () =>', '    1;', '  return inner;', '}', 'const o = { m() {', '  return 2;', '} };', ''].join('\n');
    expect(sizesIn('x.ts', text)).toEqual([
      { name: 'outer', at: 'x.ts:1', lines: 5 },
      { name: 'inner', at: 'x.ts:2', lines: 2 },
      { name: 'm', at: 'x.ts:6', lines: 3 },
    ]);
  });
});
