import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { legalUcis, parseFen, VARIANTS } from '@youzai/rules';
import { setupFen } from '../learn/lessons.ts';
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

describe('the beginner set shows the moves the rules allow', () => {
  /** Directions (file, rank) of the pure diagonal moves a piece's beginner picture marks, read from its SVG: dots and arrows. */
  function diagonalMarks(svg: string): number {
    let n = 0;
    for (const m of svg.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)"/g)) {
      const dx = Math.abs(Number(m[1]) - 50);
      const dy = Math.abs(Number(m[2]) - 50);
      if (dx > 0 && Math.abs(dx - dy) < 0.01) n++;
    }
    for (const m of svg.matchAll(/<path d="M([\d.]+) ([\d.]+)L([\d.]+) ([\d.]+)"/g)) {
      const dx = Math.abs(Number(m[3]) - Number(m[1]));
      const dy = Math.abs(Number(m[4]) - Number(m[2]));
      if (dx > 0 && Math.abs(dx - dy) < 0.01) n++;
    }
    return n;
  }
  const art = (game: string, file: string) => readFileSync(new URL(`../assets/pieces/${game}/beginner/${file}.svg`, import.meta.url), 'utf8');

  it('Janggi: every piece with a diagonal move from a palace centre (general, guard, chariot, cannon) shows diagonals, the others (the soldier by the site rule) none', () => {
    const janggi = VARIANTS.janggi;
    const diagonal: string[] = [];
    for (const role of janggi.roles) {
      if (!role) continue;
      const l = role.letter;
      // From a palace centre: the general, the guards, the chariot and the cannon (a slide when it takes nothing) their own
      // (e2); the soldier the other's (e9), where the site rule gives it no diagonal (the enemy general behind it); the
      // horse and elephant from e9.
      const [at, pieces] =
        l === 'k'
          ? ['e2', 'Ke2 kd10']
          : l === 'a'
            ? ['e2', 'Ke1 Ae2 kd10']
            : l === 'r' || l === 'c'
              ? ['e2', `Kf1 ${l.toUpperCase()}e2 kd10`]
              : l === 'p'
                ? ['e9', 'Kf1 Pe9 kd8']
                : ['e9', `Kf1 ${l.toUpperCase()}e9 kd10`];
      const pos = parseFen(janggi, setupFen('janggi', pieces));
      if (!pos.ok) throw new Error(pos.error.message);
      const moves = legalUcis(pos.value).filter((u) => u.startsWith(at));
      expect(moves.length, `${l} moves from ${at}`).toBeGreaterThan(0);
      const has = moves.some((u) => {
        const to = u.slice(2);
        const df = Math.abs(to.charCodeAt(0) - at.charCodeAt(0));
        const dr = Math.abs(Number(to.slice(1)) - Number(at.slice(1)));
        return df > 0 && df === dr;
      });
      if (has) diagonal.push(l);
      for (const file of [`white-${l}`, `black-${l}`]) {
        if (has) expect(diagonalMarks(art('janggi', file)), `${file} shows its palace diagonals`).toBeGreaterThan(0);
        else expect(diagonalMarks(art('janggi', file)), `${file} shows no diagonal`).toBe(0);
      }
    }
    expect(diagonal.sort()).toEqual(['a', 'c', 'k', 'r']);
  });

  it('Xiangqi: the chariot and cannon show no diagonals (the marks read as the rules)', () => {
    for (const l of ['r', 'c', 'k', 'p']) expect(diagonalMarks(art('xiangqi', `white-${l}`))).toBe(0);
    expect(diagonalMarks(art('xiangqi', 'white-a'))).toBe(4);
  });
});
