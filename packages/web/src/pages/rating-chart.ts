/**
 * A rating history as a chart with axes: ratings on the left (lowest,
 * middle, highest), dates below (first, middle, last), a line through the
 * games in order. SVG by DOM calls; the geometry (`chartGeometry`) is pure.
 */
export interface ChartPoint {
  readonly rating: number;
  readonly at: number;
}

export interface ChartGeometry {
  readonly points: string;
  /** Y axis ticks: value and y. */
  readonly yTicks: readonly { readonly value: number; readonly y: number }[];
  /** X axis ticks: time and x. */
  readonly xTicks: readonly { readonly at: number; readonly x: number }[];
  readonly box: { readonly left: number; readonly top: number; readonly right: number; readonly bottom: number };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

/** Points placed by time (x) and rating (y) in a width×height box, leaving room for the axes' labels. */
export function chartGeometry(points: readonly ChartPoint[], width: number, height: number): ChartGeometry {
  const box = { left: 50, top: 10, right: width - 10, bottom: height - 26 };
  if (points.length === 0) return { points: '', yTicks: [], xTicks: [], box };
  const ratings = points.map((p) => p.rating);
  let lo = Math.floor(Math.min(...ratings) / 10) * 10;
  let hi = Math.ceil(Math.max(...ratings) / 10) * 10;
  if (hi - lo < 20) {
    lo -= 10;
    hi += 10;
  }
  const t0 = points[0]!.at;
  const t1 = points[points.length - 1]!.at;
  const span = t1 - t0;
  const x = (at: number, i: number) =>
    box.left +
    (span > 0
      ? ((at - t0) / span) * (box.right - box.left)
      : points.length === 1
        ? (box.right - box.left) / 2
        : (i / (points.length - 1)) * (box.right - box.left));
  const y = (v: number) => box.bottom - ((v - lo) / (hi - lo)) * (box.bottom - box.top);
  const mid = Math.round((lo + hi) / 2);
  return {
    points: points.map((p, i) => `${r1(x(p.at, i))},${r1(y(p.rating))}`).join(' '),
    yTicks: [lo, mid, hi].map((value) => ({ value, y: r1(y(value)) })),
    xTicks: (span > 0 ? [t0, t0 + span / 2, t1] : [t0]).map((at) => ({ at, x: r1(x(at, 0)) })),
    box,
  };
}

const NS = 'http://www.w3.org/2000/svg';

function el(tag: string, attrs: Record<string, string | number>, text?: string): SVGElement {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/** The chart; `date` formats a tick's time in the reader's language; `label` is read by screen readers. */
export function ratingChart(points: readonly ChartPoint[], label: string, date: (ms: number) => string, width = 320, height = 170): SVGSVGElement {
  const g = chartGeometry(points, width, height);
  const svg = el('svg', { viewBox: `0 0 ${width} ${height}`, class: 'rating-chart', role: 'img', 'aria-label': label }) as SVGSVGElement;
  const { left, top, right, bottom } = g.box;
  svg.append(
    el('line', { x1: left, y1: top, x2: left, y2: bottom, class: 'axis' }),
    el('line', { x1: left, y1: bottom, x2: right, y2: bottom, class: 'axis' }),
  );
  for (const t of g.yTicks) {
    svg.append(el('line', { x1: left, y1: t.y, x2: right, y2: t.y, class: 'grid' }));
    svg.append(el('text', { x: left - 5, y: t.y + 5, 'text-anchor': 'end', class: 'tick' }, String(t.value)));
  }
  // Games of one day: its date once, in the middle, rather than three times the same.
  const labels = g.xTicks.map((t) => date(t.at));
  const oneDay = labels.every((l) => l === labels[0]);
  g.xTicks.forEach((t, i) => {
    // The first and last dates (the middle one would crowd them at a readable size).
    if ((oneDay && i > 0) || (i > 0 && i < g.xTicks.length - 1)) return;
    const single = oneDay || g.xTicks.length === 1;
    const anchor = single ? 'middle' : i === 0 ? 'start' : i === g.xTicks.length - 1 ? 'end' : 'middle';
    svg.append(el('text', { x: single ? (left + right) / 2 : t.x, y: bottom + 20, 'text-anchor': anchor, class: 'tick' }, labels[i]!));
  });
  svg.append(el('polyline', { points: g.points, class: 'line', fill: 'none' }));
  const last = g.points.split(' ').pop();
  if (last) {
    const [cx, cy] = last.split(',');
    svg.append(el('circle', { cx: cx!, cy: cy!, r: 3, class: 'dot' }));
  }
  return svg;
}
