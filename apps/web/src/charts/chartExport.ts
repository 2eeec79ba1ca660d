/**
 * Charts as files. Each live chart registers how to paint its data on a 2D context; for
 * SVG that context is a recorder that turns the same calls (moveTo, lineTo, arc, stroke,
 * fill) into <path> elements, so the file is vector, drawn by the code that draws the
 * screen (same decimation, same markers). The axes are the chart's own SVG, its CSS
 * styles written onto the elements. PNG is that SVG rasterised at twice the size.
 *
 * Above the charts goes a caption (exportCaption.ts): the scenario's name and its key
 * parameters, wrapped to the figure's width. Each chart's keys flow in rows as wide as
 * the chart, by their measured widths, and the figure is as wide as its widest part, so
 * no key is ever cut at the edge (the RTT chart's "newreno RTT samples" was).
 */
import { download } from '../files/download';
import { wrapParts } from './exportCaption';

export interface ChartExporter {
  /** Orders the charts as on screen. */
  figure: HTMLElement;
  title: string;
  /** Keys for the curves shown: label and colour. */
  keys(): Array<{ label: string; color: string; dash?: readonly number[] }>;
  /** Size of the plotting area and its offset inside the axes SVG, px. */
  plot(): { left: number; top: number; width: number; height: number };
  /** Paints the data (no clearing, no transform) as the screen shows it now. */
  paint(ctx: CanvasRenderingContext2D): void;
}

const exporters = new Set<ChartExporter>();

export function registerChart(exporter: ChartExporter): () => void {
  exporters.add(exporter);
  return () => exporters.delete(exporter);
}

export function chartsAvailable(): boolean {
  return exporters.size > 0;
}

interface Style {
  strokeStyle: string;
  fillStyle: string;
  globalAlpha: number;
  lineWidth: number;
  lineJoin: string;
  lineCap: string;
  dash: number[];
}

const f = (x: number) => String(Math.round(x * 100) / 100);
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The subset of CanvasRenderingContext2D the charts use, writing SVG. */
export class SvgRecorder {
  readonly out: string[] = [];
  private d = '';
  private style: Style = {
    strokeStyle: '#000',
    fillStyle: '#000',
    globalAlpha: 1,
    lineWidth: 1,
    lineJoin: 'miter',
    lineCap: 'butt',
    dash: [],
  };
  private stack: Style[] = [];

  get strokeStyle() {
    return this.style.strokeStyle;
  }
  set strokeStyle(v: string) {
    this.style.strokeStyle = v;
  }
  get fillStyle() {
    return this.style.fillStyle;
  }
  set fillStyle(v: string) {
    this.style.fillStyle = v;
  }
  get globalAlpha() {
    return this.style.globalAlpha;
  }
  set globalAlpha(v: number) {
    this.style.globalAlpha = v;
  }
  get lineWidth() {
    return this.style.lineWidth;
  }
  set lineWidth(v: number) {
    this.style.lineWidth = v;
  }
  get lineJoin() {
    return this.style.lineJoin;
  }
  set lineJoin(v: string) {
    this.style.lineJoin = v;
  }
  get lineCap() {
    return this.style.lineCap;
  }
  set lineCap(v: string) {
    this.style.lineCap = v;
  }

  save(): void {
    this.stack.push({ ...this.style, dash: [...this.style.dash] });
  }
  restore(): void {
    this.style = this.stack.pop() ?? this.style;
  }
  setLineDash(dash: readonly number[]): void {
    this.style.dash = [...dash];
  }
  setTransform(): void {}
  clearRect(): void {}
  beginPath(): void {
    this.d = '';
  }
  moveTo(x: number, y: number): void {
    this.d += `M${f(x)} ${f(y)}`;
  }
  lineTo(x: number, y: number): void {
    this.d += `L${f(x)} ${f(y)}`;
  }
  closePath(): void {
    this.d += 'Z';
  }
  rect(x: number, y: number, w: number, h: number): void {
    this.d += `M${f(x)} ${f(y)}h${f(w)}v${f(h)}h${f(-w)}Z`;
  }
  /** Whole circles only (the charts draw dots): two half arcs. */
  arc(x: number, y: number, r: number): void {
    this.d += `M${f(x + r)} ${f(y)}A${f(r)} ${f(r)} 0 1 0 ${f(x - r)} ${f(y)}A${f(r)} ${f(r)} 0 1 0 ${f(x + r)} ${f(y)}Z`;
  }
  stroke(): void {
    if (!this.d) return;
    const s = this.style;
    const dash = s.dash.length ? ` stroke-dasharray="${s.dash.map(f).join(' ')}"` : '';
    this.out.push(
      `<path d="${this.d}" fill="none" stroke="${esc(s.strokeStyle)}" stroke-width="${f(s.lineWidth)}" stroke-linejoin="${s.lineJoin}" stroke-linecap="${s.lineCap}"${s.globalAlpha < 1 ? ` stroke-opacity="${s.globalAlpha}"` : ''}${dash}/>`,
    );
  }
  fill(): void {
    if (!this.d) return;
    const s = this.style;
    this.out.push(`<path d="${this.d}" fill="${esc(s.fillStyle)}"${s.globalAlpha < 1 ? ` fill-opacity="${s.globalAlpha}"` : ''}/>`);
  }
}

/** The axes SVG of a chart with its computed styles written onto each element. */
function axesMarkup(figure: HTMLElement): { markup: string; width: number; height: number } {
  const svg = figure.querySelector('svg.chart-axes') as SVGSVGElement | null;
  if (!svg) return { markup: '', width: 0, height: 0 };
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const originals = svg.querySelectorAll('*');
  copy.querySelectorAll('*').forEach((el, i) => {
    const cs = getComputedStyle(originals[i]);
    if (el.tagName === 'line' || el.tagName === 'path') {
      el.setAttribute('stroke', cs.stroke);
      el.setAttribute('stroke-width', cs.strokeWidth);
      if (cs.strokeDasharray && cs.strokeDasharray !== 'none') el.setAttribute('stroke-dasharray', cs.strokeDasharray);
    }
    if (el.tagName === 'text') {
      el.setAttribute('fill', cs.fill);
      el.setAttribute('font-size', cs.fontSize);
      el.setAttribute('font-family', cs.fontFamily);
      if (cs.fontWeight !== '400') el.setAttribute('font-weight', cs.fontWeight);
    }
  });
  return { markup: copy.innerHTML, width: Number(svg.getAttribute('width')), height: Number(svg.getAttribute('height')) };
}

const TITLE_H = 30;
const KEY_H = 18;
/** A key's line sample and the gap before its text, and the gap after it, px. */
const KEY_SWATCH = 27;
const KEY_GAP = 18;
const GAP = 12;
/** White border round the figure. */
const MARGIN_PX = 10;
const CAPTION_TITLE_H = 22;
const CAPTION_LINE_H = 18;
/** Captions wrap at least this wide, even over narrow charts. */
const CAPTION_MIN_WIDTH = 480;

const FONT = 'sans-serif';
/** Width of export text, px: measured where there is a canvas, else estimated (generously). */
export type TextWidth = (text: string, px: number, bold?: boolean) => number;

let measureCtx: CanvasRenderingContext2D | null | undefined;
export const exportTextWidth: TextWidth = (text, px, bold = false) => {
  if (measureCtx === undefined) measureCtx = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!measureCtx) return [...text].length * px * (bold ? 0.66 : 0.6);
  measureCtx.font = `${bold ? '700 ' : ''}${px}px ${FONT}`;
  return Math.ceil(measureCtx.measureText(text).width);
};

export interface ExportCaption {
  title: string;
  parts: string[];
}

export interface PlacedKey {
  x: number;
  /** Baseline of the key's text, from the top of the key block. */
  y: number;
}

/**
 * Keys in rows no wider than `maxWidth` (a key wider than that alone on its row): their
 * positions and the block's width and height.
 */
export function layoutKeys(
  labels: readonly string[],
  maxWidth: number,
  width: (text: string) => number,
): { keys: PlacedKey[]; width: number; height: number } {
  const keys: PlacedKey[] = [];
  let x = 0;
  let row = 0;
  let widest = 0;
  for (const label of labels) {
    const w = KEY_SWATCH + width(label);
    if (x > 0 && x + w > maxWidth) {
      row++;
      x = 0;
    }
    keys.push({ x, y: row * KEY_H + 12 });
    widest = Math.max(widest, x + w);
    x += w + KEY_GAP;
  }
  return { keys, width: widest, height: labels.length ? (row + 1) * KEY_H : 0 };
}

/**
 * All registered charts in one SVG, laid out as on screen (side by side, or one under the
 * other), each with its title and the keys of its curves above its axes, under the caption.
 */
export function chartsSvg(caption?: ExportCaption, textWidth: TextWidth = exportTextWidth): { svg: string; width: number; height: number } {
  const charts = [...exporters];
  if (charts.length === 0) return { svg: '', width: 0, height: 0 };
  const placed = charts
    .map((chart) => ({ chart, box: chart.figure.getBoundingClientRect() }))
    .sort((a, b) => a.box.top - b.box.top || a.box.left - b.box.left);
  const left = Math.min(...placed.map((p) => p.box.left)) - MARGIN_PX;
  const parts: string[] = [];
  const done: Array<{ x0: number; x1: number; bottom: number }> = [];
  let width = 0;
  let height = 0;
  placed.forEach(({ chart, box }, i) => {
    const keys = chart.keys();
    const axes = axesMarkup(chart.figure);
    const keyBlock = layoutKeys(
      keys.map((k) => k.label),
      Math.max(axes.width, 1),
      (t) => textWidth(t, 12),
    );
    const head = TITLE_H + keyBlock.height;
    const ox = box.left - left;
    // Under the charts above it in its column (their headers make them taller than on screen).
    const above = done.filter((d) => d.x0 < ox + axes.width && ox < d.x1);
    const oy = above.length ? Math.max(...above.map((d) => d.bottom)) + GAP : MARGIN_PX;
    const recorder = new SvgRecorder();
    chart.paint(recorder as unknown as CanvasRenderingContext2D);
    const p = chart.plot();
    const keyMarkup = keys
      .map((k, j) => {
        const { x: kx, y } = keyBlock.keys[j];
        const ky = TITLE_H - 12 + y;
        const dash = k.dash?.length ? ` stroke-dasharray="${k.dash.join(' ')}"` : '';
        return `<line x1="${kx}" y1="${ky - 4}" x2="${kx + 22}" y2="${ky - 4}" stroke="${esc(k.color)}" stroke-width="2.5"${dash}/><text x="${kx + KEY_SWATCH}" y="${ky}" font-size="12" font-family="${FONT}">${esc(k.label)}</text>`;
      })
      .join('');
    parts.push(
      `<g transform="translate(${f(ox)},${f(oy)})">` +
        `<text x="0" y="16" font-size="15" font-weight="700" font-family="${FONT}">${esc(chart.title)}</text>${keyMarkup}` +
        `<g transform="translate(0,${head})">${axes.markup}` +
        `<clipPath id="plot${i}"><rect x="${p.left}" y="${p.top}" width="${p.width}" height="${p.height}"/></clipPath>` +
        `<g clip-path="url(#plot${i})"><g transform="translate(${p.left},${p.top})">${recorder.out.join('')}</g></g></g></g>`,
    );
    const bottom = oy + head + axes.height;
    const right = ox + Math.max(axes.width, keyBlock.width, textWidth(chart.title, 15, true));
    done.push({ x0: ox, x1: right, bottom });
    width = Math.max(width, right);
    height = Math.max(height, bottom);
  });

  // The caption over the charts, wrapped to their width (or a readable minimum).
  let captionMarkup = '';
  let captionH = 0;
  if (caption) {
    const wrapAt = Math.max(width - MARGIN_PX, CAPTION_MIN_WIDTH);
    const lines = wrapParts(caption.parts, wrapAt, (t) => textWidth(t, 13));
    captionH = CAPTION_TITLE_H + lines.length * CAPTION_LINE_H + GAP;
    captionMarkup =
      `<g transform="translate(${MARGIN_PX},${MARGIN_PX})">` +
      `<text x="0" y="16" font-size="16" font-weight="700" font-family="${FONT}">${esc(caption.title)}</text>` +
      lines
        .map(
          (line, j) =>
            `<text x="0" y="${CAPTION_TITLE_H + 14 + j * CAPTION_LINE_H}" font-size="13" font-family="${FONT}" fill="#333">${esc(line)}</text>`,
        )
        .join('') +
      '</g>';
    const captionW = MARGIN_PX + Math.max(textWidth(caption.title, 16, true), ...lines.map((l) => textWidth(l, 13)));
    width = Math.max(width, captionW);
  }
  const w = Math.ceil(width + MARGIN_PX);
  const h = Math.ceil(height + captionH + MARGIN_PX);
  const chartGroups = captionH > 0 ? `<g transform="translate(0,${captionH})">${parts.join('')}</g>` : parts.join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="100%" height="100%" fill="#fff"/>${captionMarkup}${chartGroups}</svg>`;
  return { svg, width: w, height: h };
}

export async function exportCharts(format: 'svg' | 'png', stem: string, caption?: ExportCaption): Promise<void> {
  const { svg, width, height } = chartsSvg(caption);
  if (!svg) return;
  if (format === 'svg') {
    download(`${stem}-charts.svg`, svg, 'image/svg+xml');
    return;
  }
  download(`${stem}-charts.png`, await rasterise(svg, width, height, 2));
}

async function rasterise(svg: string, width: number, height: number, scale: number): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = width * scale;
    canvas.height = height * scale;
    const ctx = canvas.getContext('2d')!;
    ctx.scale(scale, scale);
    ctx.drawImage(img, 0, 0);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
