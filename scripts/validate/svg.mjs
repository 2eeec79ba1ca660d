// A small SVG line-chart writer for docs/figures: axes with ticks (linear or logarithmic),
// lines with markers, 95 % interval error bars, dashed reference curves and a legend.
// No browser and no dependency; numbers are rounded to 3 decimals so diffs stay readable.

const WIDTH = 640;
const HEIGHT = 400;
const MARGIN = { left: 72, right: 16, top: 34, bottom: 52 };
const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#17becf', '#7f7f7f'];
const MARKERS = ['circle', 'square', 'triangle', 'diamond'];

/** @param {number} v */
const r3 = (v) => String(Math.round(v * 1000) / 1000);

/** @param {string} s */
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Linear ticks at 1, 2 or 5 times a power of ten, about `count` of them. */
export function niceTicks(lo, hi, count = 6) {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  const ticks = [];
  for (let v = Math.ceil(lo / step - 1e-9) * step; v <= hi + step * 1e-9; v += step) ticks.push(Number(v.toPrecision(12)));
  return ticks;
}

/** Decades within [lo, hi] (logarithmic axis). */
function decadeTicks(lo, hi) {
  const ticks = [];
  for (let e = Math.ceil(Math.log10(lo) - 1e-9); e <= Math.floor(Math.log10(hi) + 1e-9); e++) ticks.push(10 ** e);
  return ticks;
}

/** A tick label: plain for ordinary magnitudes, 1e-3 style otherwise. */
export function tickLabel(v, log) {
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (log && (a < 1 || a >= 1e4)) return `1e${Math.round(Math.log10(a))}`;
  if (a >= 1e4 || a < 1e-3) return v.toExponential(0).replace('+', '');
  return String(Number(v.toPrecision(6)));
}

/**
 * @typedef {{ x: number, y: number | null, low?: number | null, high?: number | null }} Point
 * @typedef {{ label: string, points: Point[], color?: string, dash?: boolean, marker?: string | null, width?: number }} Series
 * @typedef {{ title: string, xLabel: string, yLabel: string, xLog?: boolean, yLog?: boolean,
 *   xDomain?: [number, number], yDomain?: [number, number], series: Series[],
 *   hLines?: { y: number, label: string }[], vLines?: { x: number, label: string }[],
 *   legend?: 'top-right' | 'bottom-left' | 'top-left' | 'bottom-right' }} Chart
 */

/** @param {Chart} chart @returns {string} the SVG document */
export function lineChart(chart) {
  const plotW = WIDTH - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const all = chart.series.flatMap((s) => s.points).filter((p) => p.y !== null && Number.isFinite(p.y));
  const xs = all.map((p) => p.x);
  const ys = all.flatMap((p) => [p.y, p.low ?? p.y, p.high ?? p.y]).concat((chart.hLines ?? []).map((h) => h.y));
  const [x0, x1] = chart.xDomain ?? padDomain(Math.min(...xs), Math.max(...xs), chart.xLog, false);
  const [y0, y1] = chart.yDomain ?? padDomain(Math.min(...ys), Math.max(...ys), chart.yLog, true);
  const fx = (v) => MARGIN.left + plotW * (chart.xLog ? Math.log10(v / x0) / Math.log10(x1 / x0) : (v - x0) / (x1 - x0));
  const fy = (v) => MARGIN.top + plotH * (1 - (chart.yLog ? Math.log10(v / y0) / Math.log10(y1 / y0) : (v - y0) / (y1 - y0)));
  const clampY = (v) => Math.min(Math.max(v, MARGIN.top), MARGIN.top + plotH);

  const out = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="Helvetica, Arial, sans-serif" font-size="12">`,
  );
  out.push(`<rect width="${WIDTH}" height="${HEIGHT}" fill="white"/>`);
  out.push(`<text x="${WIDTH / 2}" y="20" text-anchor="middle" font-size="13" font-weight="bold">${esc(chart.title)}</text>`);

  // Grid and ticks.
  const xTicks = chart.xLog ? decadeTicks(x0, x1) : niceTicks(x0, x1, 7);
  const yTicks = chart.yLog ? decadeTicks(y0, y1) : niceTicks(y0, y1, 6);
  for (const t of xTicks) {
    const x = r3(fx(t));
    out.push(`<line x1="${x}" y1="${MARGIN.top}" x2="${x}" y2="${MARGIN.top + plotH}" stroke="#e5e5e5"/>`);
    out.push(`<text x="${x}" y="${MARGIN.top + plotH + 16}" text-anchor="middle">${esc(tickLabel(t, chart.xLog))}</text>`);
  }
  for (const t of yTicks) {
    const y = r3(fy(t));
    out.push(`<line x1="${MARGIN.left}" y1="${y}" x2="${MARGIN.left + plotW}" y2="${y}" stroke="#e5e5e5"/>`);
    out.push(`<text x="${MARGIN.left - 6}" y="${r3(fy(t) + 4)}" text-anchor="end">${esc(tickLabel(t, chart.yLog))}</text>`);
  }
  out.push(`<rect x="${MARGIN.left}" y="${MARGIN.top}" width="${plotW}" height="${plotH}" fill="none" stroke="#333"/>`);
  out.push(`<text x="${MARGIN.left + plotW / 2}" y="${HEIGHT - 12}" text-anchor="middle">${esc(chart.xLabel)}</text>`);
  out.push(`<text transform="translate(16 ${MARGIN.top + plotH / 2}) rotate(-90)" text-anchor="middle">${esc(chart.yLabel)}</text>`);

  for (const h of chart.hLines ?? []) {
    const y = r3(fy(h.y));
    out.push(`<line x1="${MARGIN.left}" y1="${y}" x2="${MARGIN.left + plotW}" y2="${y}" stroke="#999" stroke-dasharray="2 3"/>`);
    out.push(
      `<text x="${MARGIN.left + plotW - 4}" y="${r3(fy(h.y) - 4)}" text-anchor="end" fill="#666" font-size="11">${esc(h.label)}</text>`,
    );
  }

  // Vertical references (a value the paper names on the x axis), labelled at the top.
  for (const v of chart.vLines ?? []) {
    const x = r3(fx(v.x));
    out.push(`<line x1="${x}" y1="${MARGIN.top}" x2="${x}" y2="${MARGIN.top + plotH}" stroke="#999" stroke-dasharray="2 3"/>`);
    out.push(`<text x="${r3(fx(v.x) + 4)}" y="${MARGIN.top + 12}" fill="#666" font-size="11">${esc(v.label)}</text>`);
  }

  chart.series.forEach((s, i) => {
    const color = s.color ?? PALETTE[i % PALETTE.length];
    const pts = s.points.filter((p) => p.y !== null && Number.isFinite(p.y) && (!chart.yLog || p.y > 0));
    if (pts.length > 1 && s.line !== false) {
      const d = pts.map((p, k) => `${k === 0 ? 'M' : 'L'}${r3(fx(p.x))} ${r3(clampY(fy(p.y)))}`).join(' ');
      out.push(`<path d="${d}" fill="none" stroke="${color}" stroke-width="${s.width ?? 1.6}"${s.dash ? ' stroke-dasharray="6 4"' : ''}/>`);
    }
    for (const p of pts) {
      if (p.low == null || p.high == null || p.high === p.low) continue;
      const x = fx(p.x);
      const lo = clampY(fy(chart.yLog ? Math.max(p.low, y0) : p.low));
      const hi = clampY(fy(p.high));
      out.push(
        `<path d="M${r3(x)} ${r3(lo)} L${r3(x)} ${r3(hi)} M${r3(x - 4)} ${r3(lo)} L${r3(x + 4)} ${r3(lo)} M${r3(x - 4)} ${r3(hi)} L${r3(x + 4)} ${r3(hi)}" stroke="${color}" fill="none"/>`,
      );
    }
    const marker = s.marker === undefined ? MARKERS[i % MARKERS.length] : s.marker;
    if (marker) for (const p of pts) out.push(markerSvg(marker, fx(p.x), clampY(fy(p.y)), color));
  });

  out.push(legend(chart));
  out.push('</svg>');
  return out.join('\n') + '\n';
}

function padDomain(lo, hi, log, fromZero) {
  if (log) return [10 ** Math.floor(Math.log10(lo) + 1e-9), 10 ** Math.ceil(Math.log10(hi) - 1e-9)];
  if (fromZero && lo >= 0) lo = 0;
  if (hi === lo) hi = lo + 1;
  const ticks = niceTicks(lo, hi, 6);
  const step = ticks.length > 1 ? ticks[1] - ticks[0] : 1;
  return [Math.min(lo, ticks[0]), Math.max(hi, Math.ceil(hi / step - 1e-9) * step)];
}

function markerSvg(kind, x, y, color) {
  const [cx, cy] = [r3(x), r3(y)];
  if (kind === 'square') return `<rect x="${r3(x - 3.5)}" y="${r3(y - 3.5)}" width="7" height="7" fill="${color}"/>`;
  if (kind === 'triangle')
    return `<path d="M${cx} ${r3(y - 4.5)} L${r3(x + 4.5)} ${r3(y + 3.5)} L${r3(x - 4.5)} ${r3(y + 3.5)} Z" fill="${color}"/>`;
  if (kind === 'diamond')
    return `<path d="M${cx} ${r3(y - 5)} L${r3(x + 5)} ${cy} L${cx} ${r3(y + 5)} L${r3(x - 5)} ${cy} Z" fill="${color}"/>`;
  return `<circle cx="${cx}" cy="${cy}" r="3.5" fill="${color}"/>`;
}

function legend(chart) {
  const rows = chart.series.map((s, i) => ({ s, i }));
  const w = Math.max(...rows.map(({ s }) => s.label.length)) * 6.4 + 44;
  const h = rows.length * 17 + 8;
  const plotW = WIDTH - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const where = chart.legend ?? 'top-right';
  const x = where.endsWith('right') ? MARGIN.left + plotW - w - 8 : MARGIN.left + 8;
  const y = where.startsWith('top') ? MARGIN.top + 8 : MARGIN.top + plotH - h - 8;
  const out = [
    `<g transform="translate(${r3(x)} ${r3(y)})">`,
    `<rect width="${r3(w)}" height="${h}" fill="white" fill-opacity="0.9" stroke="#bbb"/>`,
  ];
  for (const { s, i } of rows) {
    const color = s.color ?? PALETTE[i % PALETTE.length];
    const ly = 14 + i * 17;
    if (s.line !== false)
      out.push(
        `<line x1="8" y1="${ly - 4}" x2="30" y2="${ly - 4}" stroke="${color}" stroke-width="1.6"${s.dash ? ' stroke-dasharray="6 4"' : ''}/>`,
      );
    const marker = s.marker === undefined ? MARKERS[i % MARKERS.length] : s.marker;
    if (marker) out.push(markerSvg(marker, 19, ly - 4, color));
    out.push(`<text x="36" y="${ly}">${esc(s.label)}</text>`);
  }
  out.push('</g>');
  return out.join('\n');
}
