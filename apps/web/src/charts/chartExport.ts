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
import { exportTextWidth, type TextWidth } from './exportText';
import { escapeXml as esc, SvgRecorder, type ChartContext } from './svgRecorder';

export { exportTextWidth, type TextWidth };

/** The figures a results view offers as files, by the name the export buttons give them. */
export const FIGURE_NAMES = { charts: 'Charts', sweep: 'Sweep chart', compare: 'Comparison', channels: 'Channel view' } as const;
export type FigureKind = keyof typeof FIGURE_NAMES;

export interface ChartExporter {
  /** Which view's figure it belongs to (default: the Charts tab's). */
  kind?: FigureKind;
  /** Orders the charts as on screen. */
  figure: HTMLElement;
  title: string;
  /** Keys for the curves shown: label and colour. */
  keys(): Array<{ label: string; color: string; dash?: readonly number[] }>;
  /** The chart's SVG (its axes; for a static chart its data too). Default: `svg.chart-axes` in the figure. */
  svg?(): SVGSVGElement | null;
  /** A chart drawn on a canvas with nothing to replay: the canvas, embedded as an image at its on-screen size. */
  image?(): HTMLCanvasElement | null;
  /** Size of the plotting area and its offset inside the axes SVG, px (for `paint`). */
  plot?(): { left: number; top: number; width: number; height: number };
  /** Paints the data (no clearing, no transform) as the screen shows it now. */
  paint?(ctx: ChartContext): void;
}

const exporters = new Set<ChartExporter>();
const kindOf = (e: ChartExporter): FigureKind => e.kind ?? 'charts';

export function registerChart(exporter: ChartExporter): () => void {
  exporters.add(exporter);
  return () => exporters.delete(exporter);
}

/** The figures on screen that can be exported, in FIGURE_NAMES order. */
export function figuresAvailable(): FigureKind[] {
  const present = new Set([...exporters].map(kindOf));
  return (Object.keys(FIGURE_NAMES) as FigureKind[]).filter((k) => present.has(k));
}

/** Presentation properties read from the computed style (CSS classes included) onto the copy. */
const SHAPE_STYLE = ['fill', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-dasharray', 'stroke-opacity', 'opacity'] as const;
const TEXT_STYLE = ['fill', 'font-size', 'font-family', 'font-weight', 'text-anchor', 'dominant-baseline'] as const;
const SHAPES = new Set(['line', 'path', 'rect', 'circle', 'ellipse', 'polyline', 'polygon']);

/** A chart's SVG with its computed styles written onto each element, so the file looks as the screen does. */
function styledMarkup(svg: SVGSVGElement | null): { markup: string; width: number; height: number } {
  if (!svg) return { markup: '', width: 0, height: 0 };
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const originals = svg.querySelectorAll('*');
  copy.querySelectorAll('*').forEach((el, i) => {
    const tag = el.tagName.toLowerCase();
    const props = SHAPES.has(tag) ? SHAPE_STYLE : tag === 'text' ? TEXT_STYLE : null;
    if (!props) return;
    const cs = getComputedStyle(originals[i]);
    for (const prop of props) {
      const value = cs.getPropertyValue(prop);
      if (value && value !== 'none' && value !== 'normal' && value !== 'auto') el.setAttribute(prop, value);
      else if (prop === 'fill' && value === 'none') el.setAttribute('fill', 'none');
    }
  });
  return { markup: copy.innerHTML, width: Number(svg.getAttribute('width')), height: Number(svg.getAttribute('height')) };
}

/** A canvas-drawn chart as an SVG <image> of its pixels, at its on-screen size. */
function imageMarkup(canvas: HTMLCanvasElement | null): { markup: string; width: number; height: number } {
  if (!canvas) return { markup: '', width: 0, height: 0 };
  const width = canvas.clientWidth || canvas.width;
  const height = canvas.clientHeight || canvas.height;
  return { markup: `<image href="${canvas.toDataURL('image/png')}" width="${width}" height="${height}"/>`, width, height };
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
const f = (x: number) => String(Math.round(x * 100) / 100);

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
export function chartsSvg(
  caption?: ExportCaption,
  textWidth: TextWidth = exportTextWidth,
  kind: FigureKind = 'charts',
): { svg: string; width: number; height: number } {
  const charts = [...exporters].filter((e) => kindOf(e) === kind);
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
    const axes = chart.image
      ? imageMarkup(chart.image())
      : styledMarkup(chart.svg ? chart.svg() : chart.figure.querySelector<SVGSVGElement>('svg.chart-axes'));
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
    const data = paintedData(chart, i);
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
        `${data}</g></g>`,
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

/** A live chart's data, painted on a recorder and clipped to its plot; '' for a chart whose SVG holds its data. */
function paintedData(chart: ChartExporter, i: number): string {
  if (!chart.paint || !chart.plot) return '';
  const recorder = new SvgRecorder();
  chart.paint(recorder);
  const p = chart.plot();
  return (
    `<clipPath id="plot${i}"><rect x="${p.left}" y="${p.top}" width="${p.width}" height="${p.height}"/></clipPath>` +
    `<g clip-path="url(#plot${i})"><g transform="translate(${p.left},${p.top})">${recorder.out.join('')}</g></g>`
  );
}

/**
 * Downloads the figure of one view as SVG or PNG and returns the file's name. It throws an
 * Error whose message says why when it cannot (the caller shows it: no export fails unseen).
 */
export async function exportCharts(
  format: 'svg' | 'png',
  stem: string,
  caption?: ExportCaption,
  kind: FigureKind = 'charts',
): Promise<string> {
  const { svg, width, height } = chartsSvg(caption, exportTextWidth, kind);
  if (!svg) throw new Error(`the ${FIGURE_NAMES[kind].toLowerCase()} is not on screen: open its tab first`);
  const name = `${stem}-${kind}.${format}`;
  if (format === 'svg') download(name, svg, 'image/svg+xml');
  else download(name, await rasterise(svg, width, height, 2));
  return name;
}

async function rasterise(svg: string, width: number, height: number, scale: number): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.src = url;
    try {
      await img.decode();
    } catch {
      throw new Error('the browser could not draw the figure as an image (try SVG)');
    }
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
