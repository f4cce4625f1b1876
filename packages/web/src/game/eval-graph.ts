/**
 * The evaluation graph under the board: the first side's winning chances
 * (lichess's model, @youzai/game/analysis) per ply as a filled SVG line,
 * judged moves as dots, the shown ply as a bar; a click picks the nearest
 * ply. Plain SVG: no chart library.
 */
import { winningChances } from '@youzai/game/analysis';
import type { AnalysedPly } from '@youzai/protocol';

export const GRAPH_W = 600;
export const GRAPH_H = 120;
const SVG = 'http://www.w3.org/2000/svg';

/** x of a ply on a graph of `count` positions. */
export const xOf = (ply: number, count: number): number => (count <= 1 ? GRAPH_W / 2 : (ply / (count - 1)) * GRAPH_W);

/** The graph's points: x by ply, y from the first side's winning chances (its advantage up). `turnAt(ply)`: side to move there. */
export function graphPoints(plies: readonly AnalysedPly[], turnAt: (ply: number) => 0 | 1): { readonly x: number; readonly y: number }[] {
  return plies.map((p) => ({ x: xOf(p.ply, plies.length), y: (GRAPH_H / 2) * (1 - winningChances(p.eval, turnAt(p.ply))) }));
}

/** The ply nearest a click at `fraction` (0..1) of the graph's width. */
export const plyAt = (fraction: number, count: number): number => Math.max(0, Math.min(count - 1, Math.round(fraction * (count - 1))));

function el<K extends keyof SVGElementTagNameMap>(name: K, attrs: Record<string, string | number>): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

export function evalGraph(
  plies: readonly AnalysedPly[],
  turnAt: (ply: number) => 0 | 1,
  opts: {
    readonly current: number;
    readonly label: string;
    readonly markTitle: (p: AnalysedPly) => string;
    readonly onPick: (ply: number) => void;
  },
): SVGSVGElement {
  const svg = el('svg', {
    viewBox: `0 0 ${GRAPH_W} ${GRAPH_H}`,
    preserveAspectRatio: 'none',
    class: 'eval-graph',
    role: 'img',
    'aria-label': opts.label,
    'data-testid': 'eval-graph',
  });
  const pts = graphPoints(plies, turnAt);
  const line = pts.map((p, i) => `${i ? 'L' : 'M'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  svg.append(el('rect', { x: 0, y: 0, width: GRAPH_W, height: GRAPH_H, class: 'eval-bg' }));
  if (pts.length > 0) {
    svg.append(el('path', { d: `${line} L${pts.at(-1)!.x.toFixed(1)},${GRAPH_H} L${pts[0]!.x.toFixed(1)},${GRAPH_H} Z`, class: 'eval-area' }));
    svg.append(el('path', { d: line, class: 'eval-line', fill: 'none' }));
  }
  svg.append(el('line', { x1: 0, y1: GRAPH_H / 2, x2: GRAPH_W, y2: GRAPH_H / 2, class: 'eval-mid' }));
  for (const [i, p] of plies.entries()) {
    if (!p.judgement) continue;
    const dot = el('circle', { cx: pts[i]!.x, cy: pts[i]!.y, r: 4, class: `eval-mark ${p.judgement}`, 'data-ply': p.ply });
    const title = el('title', {});
    title.textContent = opts.markTitle(p);
    dot.append(title);
    svg.append(dot);
  }
  const x = xOf(Math.min(opts.current, Math.max(0, plies.length - 1)), plies.length);
  svg.append(el('line', { x1: x, y1: 0, x2: x, y2: GRAPH_H, class: 'eval-cursor', 'data-testid': 'eval-cursor' }));
  svg.addEventListener('click', (e) => {
    const box = svg.getBoundingClientRect();
    if (box.width > 0) opts.onPick(plyAt((e.clientX - box.left) / box.width, plies.length));
  });
  return svg;
}
