import { describe, expect, it } from 'vitest';
import { VARIANTS } from '@youzai/rules';
import { artCss, artFiles, pieceSetOf } from './art.ts';

const url = (file: string) => `/assets/${file}`;

describe('piece sets from the descriptor', () => {
  it('lists every role of every set, by folder', () => {
    const v = VARIANTS.sittuyin;
    const { pieces } = artFiles(v);
    expect(pieces.length).toBe(v.board.pieceSets.length * 2 * 6);
    expect(pieces).toContainEqual({ set: 'burmese', color: 'white', letter: 'f', file: 'pieces/sittuyin/burmese/white-f.svg' });
  });

  it('shows the chosen set, and the game\u2019s first for a set it does not offer', () => {
    const v = VARIANTS.xiangqi;
    expect(pieceSetOf(v, 'beginner')).toBe('beginner');
    expect(pieceSetOf(v, 'burmese')).toBe('traditional');
    expect(pieceSetOf(v, undefined)).toBe('traditional');
    const css = artCss(v, 'beginner', url);
    expect(css).toContain('.yz-xiangqi piece.r-piece.white { background-image: url("/assets/pieces/xiangqi/beginner/white-r.svg"); }');
    expect(css).not.toContain('/traditional/');
    expect(artCss(v, 'nonsense', url)).toContain('/assets/pieces/xiangqi/traditional/black-k.svg');
  });

  it('uses a turned picture on a flipped board where the set has one', () => {
    const v = VARIANTS.xiangqi;
    const has = (file: string) => (file.endsWith('-turned.svg') && !file.includes('white-p') ? undefined : url(file));
    const css = artCss(v, 'beginner', has);
    expect(css).toContain(
      '.yz-board.yz-xiangqi.orientation-black piece.p-piece.white { background-image: url("/assets/pieces/xiangqi/beginner/white-p-turned.svg"); }',
    );
    expect(css.match(/orientation-black/g)?.length).toBe(1);
  });

  it('throws on a missing picture, naming it', () => {
    expect(() => artCss(VARIANTS.janggi, 'contrast', (f) => (f.endsWith('black-c.svg') ? undefined : url(f)))).toThrow(
      'src/assets/pieces/janggi/contrast/black-c.svg',
    );
  });
});
