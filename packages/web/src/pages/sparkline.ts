/**
 * A rating history as a small inline SVG line: no chart library. The
 * geometry is pure (`sparkPoints`); `sparkline` draws it with DOM calls only.
 */
export interface SparkGeometry {
  /** The polyline's points, "x,y x,y …", in the viewBox. */
  readonly points: string;
  readonly min: number;
  readonly max: number;
  /** The last point, for a dot. */
  readonly last: { readonly x: number; readonly y: number } | null;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Maps values to a width×height box with `pad` inside each edge; higher values are higher up. */
export function sparkPoints(values: readonly number[], width: number, height: number, pad = 2): SparkGeometry {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return { points: '', min: 0, max: 0, last: null };
  const min = Math.min(...finite);
  const max = Math.max(...finite);
  const span = max - min;
  const w = width - 2 * pad;
  const h = height - 2 * pad;
  const pts = finite.map((v, i) => {
    const x = pad + (finite.length === 1 ? w : (i / (finite.length - 1)) * w);
    // A flat history sits in the middle rather than on an edge.
    const y = pad + (span === 0 ? h / 2 : ((max - v) / span) * h);
    return { x: round(x), y: round(y) };
  });
  // One game: a short flat segment to the single point, so something shows.
  if (pts.length === 1) pts.unshift({ x: pad, y: pts[0]!.y });
  return { points: pts.map((p) => `${p.x},${p.y}`).join(' '), min, max, last: pts[pts.length - 1] ?? null };
}

const SVG = 'http://www.w3.org/2000/svg';

function svgEl(tag: string, attrs: Record<string, string | number>): SVGElement {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

/** An SVG sparkline; `label` is its accessible name (the svg has role img). */
export function sparkline(values: readonly number[], label: string, width = 160, height = 36): SVGSVGElement {
  const g = sparkPoints(values, width, height);
  const svg = svgEl('svg', { viewBox: `0 0 ${width} ${height}`, width, height, role: 'img', 'aria-label': label, class: 'sparkline' }) as SVGSVGElement;
  const title = svgEl('title', {});
  title.textContent = label;
  svg.append(title);
  if (g.points)
    svg.append(
      svgEl('polyline', { points: g.points, fill: 'none', stroke: 'currentColor', 'stroke-width': 1.5, 'stroke-linejoin': 'round', 'stroke-linecap': 'round' }),
    );
  if (g.last) svg.append(svgEl('circle', { cx: g.last.x, cy: g.last.y, r: 2.5, fill: 'currentColor' }));
  return svg;
}
